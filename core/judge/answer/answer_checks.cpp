// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/answer/answer_checks.h"

#include "judge/answer/text_scan.h"

#include <array>
#include <cstdio>
#include <unordered_set>
#include <vector>

namespace concord::judge {

namespace {

// Refusals open the answer; searching only the start keeps "I cannot find any error" deep in an
// explanation from counting, and the phrases are specific enough that "I can't find fault" does not.
constexpr std::size_t kRefusalWindow = 400;

constexpr std::array<std::string_view, 44> kRefusalPhrases = {
    "i can't help with",
    "i cannot help with",
    "i can't assist",
    "i cannot assist",
    "i'm sorry, but i",
    "i am sorry, but i",
    "i apologize, but i",
    "i apologise, but i",
    "sorry, but i can",
    "sorry, i can't",
    "sorry, i cannot",
    "as an ai language model, i cannot",
    "as an ai language model, i can't",
    "as an ai, i cannot",
    "as an ai, i can't",
    "i'm unable to evaluate",
    "i am unable to evaluate",
    "i'm unable to rate",
    "i am unable to rate",
    "i'm unable to assess",
    "i am unable to assess",
    "i'm unable to provide",
    "i am unable to provide",
    "i'm not able to evaluate",
    "i am not able to evaluate",
    "i'm not able to provide",
    "i am not able to provide",
    "i cannot evaluate",
    "i can't evaluate",
    "i cannot provide a",
    "i can't provide a",
    "i cannot rate this",
    "i can't rate this",
    "i cannot score this",
    "i can't score this",
    "i cannot judge",
    "i can't judge",
    "i will not evaluate",
    "i won't evaluate",
    "i must decline",
    "i cannot comply",
    "i can't comply",
    "unable to complete this task",
    "i cannot complete this task",
};

std::vector<std::string> grams(const std::vector<std::string> &words)
{
    std::vector<std::string> out;
    if (words.size() < 5)
        return out;
    out.reserve(words.size() - 4);
    for (std::size_t i = 0; i + 5 <= words.size(); ++i) {
        std::string g = words[i];
        for (std::size_t k = 1; k < 5; ++k)
            g.append(" ").append(words[i + k]);
        out.push_back(std::move(g));
    }
    return out;
}

} // namespace

bool AnswerChecks::isEmpty(std::string_view answer)
{
    return TextScan::trim(TextScan::normalise(answer)).empty();
}

std::optional<std::string> AnswerChecks::refusal(std::string_view answer)
{
    std::string start = TextScan::lower(TextScan::normalise(answer.substr(0, kRefusalWindow)));
    // One space between words, so a line break inside a phrase still matches.
    std::string squeezed;
    for (char c : start) {
        const bool space = c == ' ' || c == '\n' || c == '\t';
        if (space && (squeezed.empty() || squeezed.back() == ' '))
            continue;
        squeezed.push_back(space ? ' ' : c);
    }
    for (std::string_view phrase : kRefusalPhrases)
        if (squeezed.find(phrase) != std::string::npos)
            return std::string(phrase);
    return std::nullopt;
}

double AnswerChecks::summaryShare(std::string_view answer, std::string_view summary)
{
    const auto answerGrams = grams(TextScan::words(TextScan::normalise(answer)));
    const auto summaryGrams = grams(TextScan::words(TextScan::normalise(summary)));
    if (answerGrams.empty() || summaryGrams.empty())
        return 0;
    const std::unordered_set<std::string> known(summaryGrams.begin(), summaryGrams.end());
    std::size_t shared = 0;
    for (const auto &g : answerGrams)
        shared += known.count(g);
    return static_cast<double>(shared) / static_cast<double>(answerGrams.size());
}

bool AnswerChecks::rewritesSummary(std::string_view answer, std::string_view summary)
{
    const auto answerWords = TextScan::words(TextScan::normalise(answer));
    if (answerWords.size() < kMinimumGrams + 4)
        return false;
    return summaryShare(answer, summary) >= kRewriteShare;
}

std::optional<std::string> AnswerChecks::failure(std::string_view answer, std::string_view summary)
{
    if (isEmpty(answer))
        return std::string("empty answer");
    if (const auto phrase = refusal(answer)) {
        std::string reason = "the judge refused (\"";
        reason.append(*phrase).append("...\")");
        return reason;
    }
    if (!summary.empty() && rewritesSummary(answer, summary)) {
        char share[16];
        std::snprintf(share, sizeof share, "%.0f%%", 100 * summaryShare(answer, summary));
        std::string reason = "the answer rewrites the summary instead of judging it (";
        reason.append(share).append(" of its word 5-grams are the summary's)");
        return reason;
    }
    return std::nullopt;
}

} // namespace concord::judge
