// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/judgement_writer.h"

#include "model/json_text.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

namespace concord::judge {

using model::Id;

JudgementWriter::JudgementWriter(store::Study &study, Id rater, Protocol protocol)
    : m_study(study)
    , m_rater(rater)
    , m_protocol(protocol)
{ }

Id JudgementWriter::aggregateDimension()
{
    if (m_aggregateDimension)
        return m_aggregateDimension;
    model::Dimension d;
    if (m_protocol == Protocol::Pairwise) {
        d.name = "preference";
        d.kind = model::DimensionKind::Pairwise;
        d.definition = "Which of two summaries is better overall.";
    } else {
        // A share between 0 and 1, like the other Likert scores but on its own scale.
        d.name = m_protocol == Protocol::Pyramid ? "pyramid" : "factuality";
        d.scaleMin = 0;
        d.scaleMax = 1;
        d.definition = m_protocol == Protocol::Pyramid
                           ? "The share of the article's semantic content units the summary contains."
                           : "The share of the summary's sentences the article supports.";
    }
    m_aggregateDimension = m_study.ensureDimension(d);
    return m_aggregateDimension;
}

Id JudgementWriter::addCall(model::JudgeCall call, const ParsedAnswer &answer)
{
    call.valid = answer.valid;
    call.invalidReason = answer.valid ? std::string() : answer.invalidReason;
    call.parsedValue = answer.valid && !std::isnan(answer.value) ? std::optional<double>(answer.value) : std::nullopt;
    call.parsed = model::JsonText::dump(answer.detail);
    return m_study.addJudgeCall(call);
}

Id JudgementWriter::storeUnused(model::JudgeCall call, const ParsedAnswer &answer)
{
    return addCall(std::move(call), answer);
}

Id JudgementWriter::storeSample(const UnitContext &c, model::JudgeCall call, const ParsedAnswer &answer,
                                const std::vector<std::string> &requestHashes)
{
    const std::string unit = call.unit;
    const Id callId = addCall(std::move(call), answer);
    // One answer per request and sample (the latest), then every valid value it holds.
    std::map<std::pair<std::string, int>, std::string> parsedOf;
    for (const std::string &hash : requestHashes)
        for (const auto &earlier : m_study.judgeCallsWithHash(m_rater, hash))
            if (earlier.unit == unit && earlier.error.empty())
                parsedOf[{hash, earlier.sampleIndex}] = earlier.parsed;
    double sum = 0;
    std::size_t valid = 0;
    for (const auto &[key, parsed] : parsedOf) {
        const nlohmann::json detail = model::JsonText::parseOrDiscarded(parsed);
        if (!detail.is_object() || !detail.contains("values") || !detail["values"].is_array())
            continue;
        for (const auto &v : detail["values"])
            if (v.is_number()) {
                sum += v.get<double>();
                ++valid;
            }
    }
    if (valid > 0)
        m_study.setRating(m_rater, c.shown.front().id, *c.unit.dimension, sum / static_cast<double>(valid), callId);
    return callId;
}

Id JudgementWriter::store(const UnitContext &c, model::JudgeCall call, const ParsedAnswer &answer)
{
    const Id callId = addCall(std::move(call), answer);
    const Id candidate = c.shown.empty() ? 0 : c.shown.front().id;

    switch (m_protocol) {
    case Protocol::Rts:
    case Protocol::Mcq:
    case Protocol::LlmEval:
    case Protocol::Geval:
    case Protocol::LlmScore:
        if (answer.valid)
            m_study.setRating(m_rater, candidate, *c.unit.dimension, answer.value, callId);
        break;
    case Protocol::LikertMulti:
        if (answer.valid)
            for (const auto &d : c.likertDimensions)
                m_study.setRating(m_rater, candidate, d.id, answer.detail["scores"][d.name].get<double>(), callId);
        break;
    case Protocol::H2h:
    case Protocol::Pairwise:
    case Protocol::LlmCompare:
        if (answer.valid && c.shown.size() == 2) {
            const auto winner = model::pairwiseWinnerFromString(answer.detail.value("winner", std::string()));
            if (winner) {
                const Id dimension = m_protocol == Protocol::Pairwise ? aggregateDimension() : *c.unit.dimension;
                m_study.replacePairwiseOutcome(
                    {0, m_rater, dimension, c.shown[0].id, c.shown[1].id, true, *winner, callId});
            }
        }
        break;
    case Protocol::LlmRank:
        if (answer.valid) {
            const auto ranks = answer.detail["ranks"].get<std::vector<int>>();
            std::vector<std::pair<Id, int>> pairs;
            for (std::size_t i = 0; i < ranks.size() && i < c.shown.size(); ++i)
                pairs.push_back({c.shown[i].id, ranks[i]});
            m_study.setRanking(m_rater, c.document.id, *c.unit.dimension, pairs, callId);
        }
        break;
    case Protocol::Pyramid:
    case Protocol::Factuality: {
        // One answer per SCU or sentence: the latest call on it (a unit answered again replaces its answer).
        std::map<std::string, model::JudgeCall> latest;
        for (auto &earlier : m_study.judgeCallsOfCandidate(m_rater, toString(m_protocol), candidate))
            latest.insert_or_assign(earlier.unit, std::move(earlier));
        double yes = 0;
        std::size_t valid = 0;
        for (const auto &[unit, earlier] : latest)
            if (earlier.valid && earlier.parsedValue) {
                yes += *earlier.parsedValue >= 0.5 ? 1 : 0;
                ++valid;
            }
        if (valid > 0)
            m_study.setRating(m_rater, candidate, aggregateDimension(), yes / static_cast<double>(valid), callId);
        break;
    }
    }
    return callId;
}

} // namespace concord::judge
