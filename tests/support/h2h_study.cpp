// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "h2h_study.h"

#include "store/study.h"

#include <array>
#include <map>

namespace concord::test {

using model::Id;

// The hand count. Human ratings (h1/h2) and their means per document:
//
//         d1      d2         d3      d4      system mean
//   A     5/5 5   5/3 4      3/3 3   2/2 2   3.5
//   B     3/3 3   4/4 4      2/2 2   4/4 4   3.25
//   C     4/4 4   2/2 2      3/3 3   1/1 1   2.5
//
// so the humans prefer A over B (d1, d3 against d4; d2 a tie), A over C (d1, d2, d4; d3 a tie) and
// neither of B and C (d2, d4 against d1, d3). Ordered by mean, the consecutive pairs are C–B and B–A.
//
// The judge, per pair and document, the winner with the pair's first system shown first, then with
// the second shown first (T a tie):
//
//          d1    d2    d3    d4
//   A–B    A A   A T   A B   T B
//   A–C    A A   C T   T C   T T
//   B–C    C B   B B   C C   B T
//
// agree-or-tie (a document goes to a system only when both orders name it):
//   A–B: d1 A, d2–d4 ties: A 1–0, prefers A, agrees;   A–C: d1 A, the rest ties: prefers A, agrees;
//   B–C: d1 tie, d2 B, d3 C, d4 tie: 1–1, neither, agrees (the humans prefer neither).
//   H2H success 3 of 3 pairs, consecutive 2 of 2.
//   Documents won/tied/lost: A 2/6/0, B 1/5/2, C 1/5/2. LLMCompare points (2 a win, 1 a tie):
//   A 10, B 7, C 7; ranks 1, 2, 2.
// points (each order half a document, a win 1 and a tie 0.5 for the pair's first system):
//   A–B: 1 + 0.75 + 0.5 + 0.25 = 2.5 of 4, more than half: A, agrees;
//   A–C: 1 + 0.25 + 0.25 + 0.5 = 2, exactly half: neither, disagrees;
//   B–C: 0.5 + 1 + 0 + 0.75 = 2.25, more than half: B, disagrees.
//   H2H success 1 of 3, consecutive 1 of 2 (B–A).
//   Documents won/tied/lost: A 3/3/2, B 3/1.5/3.5, C 2.5/2.5/3. Points: A 9, B 7.5, C 7.5; ranks 1, 2, 2.
// Either rule: Kendall tau-b of the points (10 > 7 = 7, or 9 > 7.5 = 7.5) with the means
// (3.5 > 3.25 > 2.5): 2 concordant pairs, 1 tied in points, 2 / sqrt(2 * 3) = 0.8164965809277261.
// Position bias (each order on its own): 12 comparisons in both orders; the orders disagree on 7
// (A–B d2 d3 d4, A–C d2 d3, B–C d1 d4); of the 24 verdicts 7 are ties, and the first-shown summary
// won 10 of the 17 others (A–B: d1, d2, d3 twice, d4 second order; A–C: d1, d3; B–C: d2, d3, d4).
// 24 verdicts, 12 comparisons.
std::string H2hStudy::create(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created)
        return created.error().describe();
    store::Study &s = *created.value();
    const Status written = s.write([&] {
        model::Dimension relevance;
        relevance.name = "relevance";
        const Id dim = s.ensureDimension(relevance);
        const Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const Id judge = s.ensureRater({0, "judge", model::RaterKind::Judge, {}, "openai", "m", "h2h", {}});
        const std::array<Id, 3> systems{s.ensureSystem("A"), s.ensureSystem("B"), s.ensureSystem("C")};
        const std::array<const char *, 4> documents{"d1", "d2", "d3", "d4"};
        const std::array<const char *, 3> summaries{"Summary by A.", "Summary by B.", "Summary by C."};
        // Ratings of h1 and h2 per document, systems A, B, C.
        const double ratings[4][3][2]
            = {{{5, 5}, {3, 3}, {4, 4}}, {{5, 3}, {4, 4}, {2, 2}}, {{3, 3}, {2, 2}, {3, 3}}, {{2, 2}, {4, 4}, {1, 1}}};
        // Per pair (first, second system) and document: the winner with first shown first, then with
        // second shown first, as system letters or T.
        const std::map<std::pair<int, int>, std::array<const char *, 4>> judged{
            {{0, 1}, {"AA", "AT", "AB", "TB"}}, {{0, 2}, {"AA", "CT", "TC", "TT"}}, {{1, 2}, {"CB", "BB", "CC", "BT"}}};
        for (int d = 0; d < 4; ++d) {
            model::Document doc;
            doc.externalId = documents[d];
            doc.source = "An article.";
            const Id id = s.addDocument(doc);
            std::array<Id, 3> candidates{};
            for (int k = 0; k < 3; ++k) {
                candidates[k] = s.addCandidate(id, systems[k], summaries[k]);
                s.setRating(h1, candidates[k], dim, ratings[d][k][0]);
                s.setRating(h2, candidates[k], dim, ratings[d][k][1]);
            }
            for (const auto &[pair, verdicts] : judged) {
                const auto [first, second] = pair;
                for (int order = 0; order < 2; ++order) {
                    const int shown = order == 0 ? first : second, other = order == 0 ? second : first;
                    const char winner = verdicts[d][order];
                    const model::PairwiseWinner outcome = winner == 'T'            ? model::PairwiseWinner::Tie
                                                          : winner == "ABC"[shown] ? model::PairwiseWinner::A
                                                                                   : model::PairwiseWinner::B;
                    s.replacePairwiseOutcome(
                        {0, judge, dim, candidates[shown], candidates[other], true, outcome, std::nullopt});
                }
            }
        }
    });
    return written ? std::string() : written.error().describe();
}

} // namespace concord::test
