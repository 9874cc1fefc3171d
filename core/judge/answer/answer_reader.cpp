// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/answer/answer_reader.h"

#include "judge/answer/logprob_scoring.h"
#include "judge/answer/scoring_method.h"
#include "judge/answer/structured_answer.h"

#include <cmath>

namespace concord::judge {

namespace {

ParsedAnswer withMethod(ParsedAnswer a, ScoringMethod method)
{
    a.detail["method"] = std::string(toString(method));
    return a;
}

ParsedAnswer fromWeighted(const WeightedScore &w)
{
    if (!w.valid)
        return withMethod(ParsedAnswer::invalid(w.invalidReason), ScoringMethod::Logprobs);
    ParsedAnswer a;
    a.valid = true;
    a.value = w.value;
    a.detail["valid_mass"] = w.validMass;
    return withMethod(std::move(a), ScoringMethod::Logprobs);
}

WeightedScore weighted(const UnitContext &c, const ChatChoice &choice)
{
    return c.protocol == Protocol::Geval
               ? weightedScore(choice.logprobs, static_cast<int>(c.scaleMin()), static_cast<int>(c.scaleMax()))
               : yesProbability(choice.logprobs);
}

} // namespace

ParsedAnswer readText(const UnitContext &c, std::string_view text)
{
    ParseContext pc;
    pc.summary = c.judgedText();
    switch (c.protocol) {
    case Protocol::Rts:
    case Protocol::LlmEval:
    case Protocol::Geval:
        return parseScore(text, c.scaleMin(), c.scaleMax(), pc);
    case Protocol::Mcq: {
        const int letters = static_cast<int>(c.scaleMax() - c.scaleMin()) + 1;
        ParsedAnswer a = parseChoice(text, letters, pc);
        if (a.valid) {
            a.detail["letter"] = std::string(1, static_cast<char>('A' + static_cast<int>(a.value) - 1));
            a.value = c.scaleMin() + a.value - 1; // A is the lowest score
        }
        return a;
    }
    case Protocol::LikertMulti: {
        std::vector<std::string> names;
        for (const auto &d : c.likertDimensions)
            names.push_back(d.name);
        ParsedAnswer a = parseMultiScores(text, names, c.scaleMin(), c.scaleMax(), pc);
        if (!a.valid)
            return a;
        // Each dimension on its own scale (a 1–3 fluency among 1–5 dimensions).
        for (const auto &d : c.likertDimensions) {
            const double v = a.detail["scores"].value(d.name, std::nan(""));
            if (!(v >= d.scaleMin && v <= d.scaleMax))
                return ParsedAnswer::invalid("the score for " + d.name + " is outside its scale");
        }
        return a;
    }
    case Protocol::LlmScore:
    case Protocol::Pyramid:
    case Protocol::Factuality:
        return parseYesNo(text, pc);
    case Protocol::H2h:
        return parseComparison(text, ComparisonStyle::HeadToHead, pc);
    case Protocol::Pairwise:
        return parseComparison(text, ComparisonStyle::Pairwise, pc);
    case Protocol::LlmCompare:
        return parseComparison(text, ComparisonStyle::Compare, pc);
    case Protocol::LlmRank:
        return parseRanking(text, static_cast<int>(c.shown.size()), pc);
    }
    return ParsedAnswer::invalid("unknown protocol");
}

ParsedAnswer combineSamples(const std::vector<ParsedAnswer> &samples)
{
    double sum = 0;
    std::size_t valid = 0;
    nlohmann::json values = nlohmann::json::array();
    nlohmann::json reasons = nlohmann::json::array();
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const ParsedAnswer &s = samples[i];
        if (s.valid) {
            sum += s.value;
            ++valid;
            values.push_back(s.value);
        } else {
            values.push_back(nullptr);
            reasons.push_back({{"sample", i}, {"reason", s.invalidReason}});
        }
    }
    ParsedAnswer a;
    if (valid > 0) {
        a.valid = true;
        a.value = sum / static_cast<double>(valid);
    } else if (samples.size() == 1) {
        a.invalidReason = samples.front().invalidReason;
    } else {
        a.invalidReason = samples.empty() ? std::string("no samples")
                                          : "no sample was valid (" + samples.front().invalidReason + ")";
    }
    a.detail["method"] = std::string(toString(ScoringMethod::Samples));
    a.detail["samples"] = samples.size();
    a.detail["valid"] = valid;
    a.detail["values"] = std::move(values);
    if (!reasons.empty())
        a.detail["invalid_reasons"] = std::move(reasons);
    return a;
}

bool hasScoreProbabilities(const UnitContext &c, const ChatResponse &response)
{
    if (response.choices.empty() || response.choices.front().logprobs.empty())
        return false;
    if (c.protocol == Protocol::Geval)
        return weighted(c, response.choices.front()).withAlternatives;
    return c.protocol == Protocol::LlmScore;
}

ParsedAnswer readSamples(const UnitContext &c, const ChatResponse &response)
{
    std::vector<ParsedAnswer> samples;
    const bool structured = c.structured && takesStructuredAnswers(c.protocol);
    for (const auto &choice : response.choices)
        samples.push_back(structured ? parseStructuredScore(choice.text, c.scaleMin(), c.scaleMax(), {c.judgedText()})
                                     : readText(c, choice.text));
    return combineSamples(samples);
}

ParsedAnswer readAnswer(const UnitContext &c, const ChatResponse &response)
{
    if (response.choices.empty())
        return ParsedAnswer::invalid("the answer had no choices");
    const auto &first = response.choices.front();
    if (c.protocol == Protocol::Geval || c.protocol == Protocol::LlmScore) {
        if (hasScoreProbabilities(c, response)) {
            ParsedAnswer a = fromWeighted(weighted(c, first));
            // The text must still be an answer: a refusal with a stray digit is not a score.
            const ParsedAnswer text = readText(c, first.text);
            if (a.valid && !text.valid)
                return withMethod(ParsedAnswer::invalid(text.invalidReason), ScoringMethod::Logprobs);
            return a;
        }
        if (response.choices.size() > 1)
            return readSamples(c, response);
        return withMethod(readText(c, first.text), ScoringMethod::Single);
    }
    if (c.structured && takesStructuredAnswers(c.protocol))
        return parseStructuredScore(first.text, c.scaleMin(), c.scaleMax(), {c.judgedText()});
    return readText(c, first.text);
}

} // namespace concord::judge
