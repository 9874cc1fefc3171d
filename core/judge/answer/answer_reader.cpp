#include "judge/answer/answer_reader.h"

#include "judge/answer/logprob_scoring.h"

#include <cmath>

namespace concord::judge {

namespace {

ParsedAnswer fromWeighted(const WeightedScore &w, const char *method)
{
    if (!w.valid)
        return ParsedAnswer::invalid(w.invalidReason);
    ParsedAnswer a;
    a.valid = true;
    a.value = w.value;
    a.detail["method"] = method;
    a.detail["valid_mass"] = w.validMass;
    return a;
}

// The mean over the answer's samples of what each sample's text says.
ParsedAnswer meanOfChoices(const UnitContext &context, const ChatResponse &response)
{
    std::vector<ParsedAnswer> samples;
    for (const auto &choice : response.choices)
        samples.push_back(readText(context, choice.text));
    return combineSamples(samples);
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
    std::string firstReason;
    for (const auto &s : samples) {
        if (s.valid) {
            sum += s.value;
            ++valid;
        } else if (firstReason.empty()) {
            firstReason = s.invalidReason;
        }
    }
    if (valid == 0)
        return ParsedAnswer::invalid(samples.empty() ? std::string("no samples") : "no sample was valid (" + firstReason + ")");
    ParsedAnswer a;
    a.valid = true;
    a.value = sum / static_cast<double>(valid);
    a.detail["method"] = "samples";
    a.detail["samples"] = samples.size();
    a.detail["valid"] = valid;
    return a;
}

ParsedAnswer readAnswer(const UnitContext &c, const ChatResponse &response)
{
    if (response.choices.empty())
        return ParsedAnswer::invalid("the answer had no choices");
    const auto &first = response.choices.front();
    if (c.protocol == Protocol::Geval || c.protocol == Protocol::LlmScore) {
        if (!first.logprobs.empty()) {
            ParsedAnswer a = c.protocol == Protocol::Geval
                ? fromWeighted(weightedScore(first.logprobs, static_cast<int>(c.scaleMin()), static_cast<int>(c.scaleMax())), "logprobs")
                : fromWeighted(yesProbability(first.logprobs), "logprobs");
            // The text must still be an answer: a refusal with a stray digit is not a score.
            const ParsedAnswer text = readText(c, first.text);
            if (a.valid && !text.valid)
                return ParsedAnswer::invalid(text.invalidReason);
            return a;
        }
        if (response.choices.size() > 1)
            return meanOfChoices(c, response);
        ParsedAnswer a = readText(c, first.text);
        if (a.valid)
            a.detail["method"] = "single";
        return a;
    }
    return readText(c, first.text);
}

} // namespace concord::judge
