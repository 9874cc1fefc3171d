// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/accuracy_report.h"

#include "reports/agreement_table.h"
#include "reports/split_report.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace concord::reports {

namespace {

std::string numberText(double value, bool fullPrecision)
{
    if (std::isnan(value))
        return fullPrecision ? std::string() : std::string("–");
    return formatAlpha(value, fullPrecision);
}

ProtocolAccuracy valueOf(Result<ProtocolAccuracy> result)
{
    if (!result)
        throw Failure(result.error());
    return std::move(result.value());
}

} // namespace

std::string toString(AccuracyProtocol protocol)
{
    switch (protocol) {
    case AccuracyProtocol::PairwiseChoice:
        return "pairwise";
    case AccuracyProtocol::Pyramid:
        return "pyramid";
    case AccuracyProtocol::Factuality:
        return "factuality";
    }
    return {};
}

Result<std::vector<AccuracyRow>> computeAccuracy(store::Study &study, const AccuracyReportRequest &request)
{
    return capture([&]() -> std::vector<AccuracyRow> {
        std::vector<std::string> judges = request.judges;
        std::set<std::string> known;
        for (const auto &rater : study.raters())
            if (rater.kind == model::RaterKind::Judge) {
                known.insert(rater.name);
                if (request.judges.empty())
                    judges.push_back(rater.name);
            }
        for (const auto &judge : request.judges)
            if (!known.count(judge))
                fail("no judge named '" + judge + "' in the study" + store::raterNamesHint(study), "rater");

        // Which dimensions hold each judge's pairwise verdicts.
        std::map<model::Id, std::string> names;
        for (const auto &rater : study.raters())
            names[rater.id] = rater.name;
        std::vector<std::pair<std::string, std::set<std::string>>> verdictDimensions; // dimension, judges
        for (const auto &dimension : study.dimensions()) {
            std::set<std::string> with;
            for (const auto &row : study.pairwiseOn(dimension.id))
                with.insert(names[row.rater]);
            if (!with.empty())
                verdictDimensions.push_back({dimension.name, std::move(with)});
        }

        std::optional<std::set<model::Id>> inSplit;
        if (!request.split.empty()) {
            auto documents = documentsOfSplit(study, request.split);
            if (!documents)
                fail(documents.error().message, "split");
            inSplit = std::move(documents.value());
        }

        std::vector<AccuracyRow> out;
        for (const auto &judge : judges) {
            const std::size_t before = out.size();
            ProtocolAccuracyRequest r{judge,  request.humanGroup, {}, request.humanDimension, request.confidence,
                                      inSplit};
            for (const auto &[dimension, with] : verdictDimensions) {
                if (!with.count(judge))
                    continue;
                r.judgeDimension = dimension;
                out.push_back({judge, AccuracyProtocol::PairwiseChoice, dimension,
                               request.humanDimension.empty() ? dimension : request.humanDimension,
                               valueOf(pairwiseChoiceAccuracy(study, r))});
            }
            const model::Id id = study.raterId(judge).value_or(0);
            if (!study.judgeCalls(id, "pyramid").empty())
                out.push_back({judge, AccuracyProtocol::Pyramid, {}, {}, valueOf(pyramidAccuracy(study, r))});
            if (!study.judgeCalls(id, "factuality").empty())
                out.push_back({judge, AccuracyProtocol::Factuality, {}, {}, valueOf(factualityAccuracy(study, r))});
            if (out.size() == before && !request.judges.empty())
                fail("judge '" + judge + "' has no pairwise verdicts, Pyramid answers or factuality answers", "rater");
        }
        if (out.empty())
            fail("no judge in the study has pairwise verdicts, Pyramid answers or factuality answers (run or "
                 "import an h2h, pairwise, llmcompare, pyramid or factuality judge)");
        return out;
    });
}

io::Table accuracyTable(const std::vector<AccuracyRow> &rows, bool fullPrecision, const std::string &split)
{
    io::Table t;
    t.header = {"judge",    "protocol", "dimension", "human_dimension", "correct",      "total",
                "accuracy", "ci_low",   "ci_high",   "invalid",         "without_truth"};
    t.numeric = {false, false, false, false, true, true, true, true, true, true, true};
    t.caption = "Accuracy of each judge's answers against the human group, with Wilson 95% intervals";
    // A table read out of context still says it saw one side of the split only.
    if (!split.empty()) {
        t.header.push_back("split");
        t.numeric.push_back(false);
        t.caption.append(", ").append(split).append(" documents only");
    }
    for (const auto &r : rows) {
        const stats::Accuracy &a = r.result.accuracy;
        t.rows.push_back({r.judge, toString(r.protocol), r.dimension, r.humanDimension, std::to_string(a.correct),
                          std::to_string(a.total), numberText(a.value, fullPrecision),
                          numberText(a.ciLow, fullPrecision), numberText(a.ciHigh, fullPrecision),
                          std::to_string(r.result.invalidAnswers), std::to_string(r.result.withoutTruth)});
        if (!split.empty())
            t.rows.back().push_back(split);
    }
    return t;
}

} // namespace concord::reports
