// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/review_report.h"

#include "model/dimension.h"
#include "model/rater.h"
#include "store/study.h"

#include <algorithm>
#include <random>
#include <set>

namespace concord::reports {

using model::Id;

namespace {

struct People {
    std::map<Id, model::Rater> byId;
    std::map<std::string, Id> byName;
};

People people(store::Study &study)
{
    People out;
    for (const model::Rater &r : study.raters()) {
        out.byName[r.name] = r.id;
        out.byId[r.id] = r;
    }
    return out;
}

Id person(const People &p, const std::string &name, const std::string &what)
{
    const auto it = p.byName.find(name);
    if (it == p.byName.end())
        fail("the study has no rater named '" + name + "' (" + what + ")");
    if (p.byId.at(it->second).kind != model::RaterKind::Human)
        fail("'" + name + "' is not a person (" + what + ")");
    return it->second;
}

Id documentNamed(store::Study &study, const std::string &externalId)
{
    const auto id = study.documentId(externalId);
    if (!id)
        fail("the study has no document '" + externalId + "'");
    return *id;
}

// Fisher-Yates over mt19937_64's sequence, which the standard fixes: the same order on every platform.
void seededShuffle(std::vector<ReviewQueueItem> &items, std::uint64_t seed)
{
    std::mt19937_64 engine(seed);
    for (std::size_t i = items.size(); i > 1; --i)
        std::swap(items[i - 1], items[static_cast<std::size_t>(engine() % i)]);
}

bool isAdjudicatedRater(const model::Rater &r)
{
    return r.name == kAdjudicated || r.group == kAdjudicated;
}

} // namespace

Result<std::vector<ReviewQueueItem>> reviewQueue(store::Study &study, const ReviewQueueRequest &request)
{
    return capture([&] {
        const People p = people(study);
        std::optional<Id> only;
        if (request.annotator)
            only = person(p, *request.annotator, "whose work is reviewed");
        // Who worked on what: people only, the adjudicated labels not among them.
        std::map<Id, std::set<Id>> workers; // document -> annotators
        for (const auto &[rater, document] : study.documentsWorkedOn()) {
            const model::Rater &r = p.byId.at(rater);
            if (isAdjudicatedRater(r) || (only && rater != *only))
                continue;
            workers[document].insert(rater);
        }
        // Each document's decisions, in the order made: the latest per annotator counts.
        std::map<Id, std::map<Id, std::string>> latest;
        std::set<Id> adjudicated;
        for (const store::ReviewRow &row : study.reviews()) {
            latest[row.document][row.annotator] = row.decision;
            if (row.decision == "adjudicated")
                adjudicated.insert(row.document);
        }
        // Disagreement on the Likert dimensions asked (or the one named).
        std::vector<model::Dimension> dimensions;
        for (const model::Dimension &d : study.dimensions())
            if (d.kind == model::DimensionKind::Likert && (!request.dimension || d.name == *request.dimension))
                dimensions.push_back(d);
        if (request.dimension && dimensions.empty())
            fail("the study has no Likert dimension '" + *request.dimension + "'");
        std::map<Id, std::pair<double, std::size_t>> spread; // document -> (sum of normalised ranges, cells)
        for (const model::Dimension &d : dimensions) {
            const double range = d.scaleMax - d.scaleMin;
            std::map<Id, std::pair<double, double>> extremes; // candidate -> (min, max)
            std::map<Id, std::size_t> count;
            std::map<Id, Id> documentOf;
            for (const store::RatingRow &g : study.ratingsBySummary(d.id)) {
                const auto w = workers.find(g.document);
                if (w == workers.end() || !w->second.contains(g.rater))
                    continue;
                auto [it, fresh] = extremes.try_emplace(g.candidate, g.value, g.value);
                if (!fresh) {
                    it->second.first = std::min(it->second.first, g.value);
                    it->second.second = std::max(it->second.second, g.value);
                }
                ++count[g.candidate];
                documentOf[g.candidate] = g.document;
            }
            for (const auto &[candidate, mm] : extremes)
                if (count[candidate] >= 2 && range > 0) {
                    auto &s = spread[documentOf[candidate]];
                    s.first += (mm.second - mm.first) / range;
                    ++s.second;
                }
        }
        std::map<Id, std::string> names;
        for (const auto &d : study.documentSummariesWithoutJudgements())
            names[d.id] = d.externalId;
        std::vector<ReviewQueueItem> queue;
        for (const auto &[document, annotators] : workers) {
            ReviewQueueItem item;
            item.document = document;
            item.externalId = names[document];
            for (const Id a : annotators)
                item.annotators.push_back(p.byId.at(a).name);
            std::sort(item.annotators.begin(), item.annotators.end());
            if (const auto s = spread.find(document); s != spread.end() && s->second.second > 0) {
                item.cells = s->second.second;
                item.disagreement = s->second.first / static_cast<double>(s->second.second);
            }
            const auto &decided = latest[document];
            bool allAccepted = true, anyRejected = false;
            for (const Id a : annotators) {
                const auto it = decided.find(a);
                allAccepted = allAccepted && it != decided.end() && it->second == "accepted";
                anyRejected = anyRejected || (it != decided.end() && it->second == "rejected");
            }
            item.status = adjudicated.contains(document) ? "adjudicated"
                          : anyRejected                  ? "rejected"
                          : allAccepted                  ? "accepted"
                                                         : "open";
            if (!request.decided && (item.status == "adjudicated" || item.status == "accepted"))
                continue;
            queue.push_back(std::move(item));
        }
        switch (request.order) {
        case ReviewQueueRequest::Order::Disagreement:
            // The most disputed first; documents no two people rated alike come last, by document.
            std::stable_sort(queue.begin(), queue.end(), [](const ReviewQueueItem &a, const ReviewQueueItem &b) {
                if (a.disagreement.has_value() != b.disagreement.has_value())
                    return a.disagreement.has_value();
                return a.disagreement && *a.disagreement > *b.disagreement;
            });
            break;
        case ReviewQueueRequest::Order::Random:
            seededShuffle(queue, request.seed);
            break;
        case ReviewQueueRequest::Order::Annotator:
            std::stable_sort(queue.begin(), queue.end(), [](const ReviewQueueItem &a, const ReviewQueueItem &b) {
                return a.annotators < b.annotators;
            });
            break;
        }
        return queue;
    });
}

Result<Id> recordDecision(store::Study &study, const ReviewDecision &decision)
{
    return capture([&] {
        if (decision.decision != "accepted" && decision.decision != "rejected")
            fail("a review decision is accepted or rejected (adjudicate gives final labels), not '" + decision.decision
                 + "'");
        if (decision.decision == "rejected" && decision.comment.empty())
            fail("a rejection needs a comment that says what to change");
        if (decision.decision == "accepted" && decision.sendTo)
            fail("only rejected work is sent back");
        Id id = 0;
        const Status written = study.write([&] {
            const People p = people(study);
            const Id annotator = person(p, decision.annotator, "whose work is reviewed");
            const Id document = documentNamed(study, decision.document);
            const auto worked = study.documentsWorkedOn();
            if (std::find(worked.begin(), worked.end(), std::pair<Id, Id>{annotator, document}) == worked.end())
                fail("'" + decision.annotator + "' has no work on document '" + decision.document + "' to review");
            store::ReviewRow row;
            row.annotator = annotator;
            row.document = document;
            row.reviewer = decision.reviewer;
            row.decision = decision.decision;
            row.comment = decision.comment;
            if (decision.sendTo)
                row.returnedTo = person(p, *decision.sendTo, "to send the work to");
            id = study.addReview(row);
            // Their queue follows: the document joins their assignment. After the decision, which is what lets a
            // reviewer's login add it on a team study.
            if (row.returnedTo)
                study.assignDocument(*row.returnedTo, document);
        });
        if (!written)
            throw Failure(written.error());
        return id;
    });
}

Result<std::size_t> adjudicate(store::Study &study, const Adjudication &adjudication)
{
    return capture([&] {
        if (adjudication.take.has_value() == !adjudication.values.empty())
            fail("adjudicate takes either one annotator's labels or a label per system");
        if (!adjudication.values.empty() && study.isBlind())
            fail("this login does not see which system wrote a summary: adjudicate by taking an annotator's labels");
        std::size_t stored = 0;
        const Status written = study.write([&] {
            const People p = people(study);
            const Id document = documentNamed(study, adjudication.document);
            const auto dimension = study.dimensionId(adjudication.dimension);
            if (!dimension)
                fail("the study has no dimension '" + adjudication.dimension + "'");
            std::map<Id, std::string> systems;
            for (const auto &s : study.systems())
                systems[s.id] = s.name;
            std::map<std::string, Id> candidateOf; // system name -> the document's summary
            std::set<Id> summaries;                // by id: a blind reviewer's session knows no system
            for (const auto &c : study.candidatesOf(document)) {
                candidateOf[systems[c.systemId]] = c.id;
                summaries.insert(c.id);
            }
            std::map<Id, double> labels;
            if (adjudication.take) {
                const Id from = person(p, *adjudication.take, "whose labels are taken");
                for (const auto &[candidate, value] : study.ratingsOf(from, *dimension))
                    if (summaries.contains(candidate))
                        labels[candidate] = value;
                if (labels.empty())
                    fail("'" + *adjudication.take + "' has no " + adjudication.dimension + " label on document '"
                         + adjudication.document + "' to take");
            }
            for (const auto &[system, value] : adjudication.values) {
                const auto c = candidateOf.find(system);
                if (c == candidateOf.end())
                    fail("document '" + adjudication.document + "' has no summary by system '" + system + "'");
                labels[c->second] = value;
            }
            model::Rater final;
            final.name = std::string(kAdjudicated);
            final.kind = model::RaterKind::Human;
            final.group = std::string(kAdjudicated);
            // A reviewer may not add raters: the server makes this one for them.
            const Id rater = study.isReviewer() ? study.adjudicatedRater() : study.ensureRater(final);
            // The database refuses a label outside the dimension's scale, as for anyone's.
            for (const auto &[candidate, value] : labels)
                study.setRating(rater, candidate, *dimension, value);
            stored = labels.size();
            std::set<Id> annotators;
            for (const auto &[who, doc] : study.documentsWorkedOn())
                if (doc == document && who != rater && !isAdjudicatedRater(p.byId.count(who) ? p.byId.at(who) : final))
                    annotators.insert(who);
            for (const Id a : annotators) {
                store::ReviewRow row;
                row.annotator = a;
                row.document = document;
                row.reviewer = adjudication.reviewer;
                row.decision = "adjudicated";
                row.comment = adjudication.comment;
                study.addReview(row);
            }
        });
        if (!written)
            throw Failure(written.error());
        return stored;
    });
}

nlohmann::json toJson(const std::vector<ReviewQueueItem> &queue)
{
    nlohmann::json out = nlohmann::json::array();
    for (const ReviewQueueItem &item : queue)
        out.push_back({{"document", item.externalId},
                       {"annotators", item.annotators},
                       {"disagreement", item.disagreement ? nlohmann::json(*item.disagreement) : nlohmann::json()},
                       {"cells", item.cells},
                       {"status", item.status}});
    return out;
}

} // namespace concord::reports
