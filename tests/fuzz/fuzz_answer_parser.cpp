// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Every protocol's answer parser on any text: a valid answer within the scale, or an invalid one with a
// reason, never a crash. The first byte picks the protocol (modulo the number of protocols, in the order
// of allProtocols(): '0' is rts, '1' mcq, ... ';' factuality); the second the scale (bits 0-1: 1–5, 1–3,
// 0–10, 1–10), how many summaries were shown (bits 2-3: 2 to 5) and whether the first is the judged
// summary (bit 4). The rest is the answer; a record separator (0x1e) splits it into sampled choices. The text is
// also read as a structured answer ({reason, score}).
#include "fuzz_support.h"
#include "judge/answer/answer_reader.h"
#include "judge/answer/structured_answer.h"
#include "judge/unit_context.h"

#include <cmath>

using namespace concord;

namespace {

judge::UnitContext contextFor(judge::Protocol protocol, std::uint8_t shape)
{
    static const double scales[][2] = {{1, 5}, {1, 3}, {0, 10}, {1, 10}};
    judge::UnitContext c;
    c.protocol = protocol;
    model::Dimension d;
    d.name = "coherence";
    d.scaleMin = scales[shape & 3][0];
    d.scaleMax = scales[shape & 3][1];
    model::Dimension fluency;
    fluency.name = "fluency";
    fluency.scaleMax = 3;
    if (protocol == judge::Protocol::LikertMulti)
        c.likertDimensions = {d, fluency};
    else if (judge::traits(protocol).needsDimension)
        c.dimension = d;
    const int shown = protocol == judge::Protocol::LlmRank ? 2 + ((shape >> 2) & 3)
                      : judge::traits(protocol).shape == judge::UnitShape::PairDimension
                              || judge::traits(protocol).shape == judge::UnitShape::Pair
                          ? 2
                          : 1;
    for (int i = 0; i < shown; ++i) {
        model::Candidate candidate;
        candidate.id = i + 1;
        candidate.text = (shape & 16) != 0 && i == 0 ? "The council approved the bridge on Tuesday."
                                                     : "Summary " + std::to_string(i + 1) + ".";
        c.shown.push_back(candidate);
    }
    return c;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2)
        return 0;
    const std::vector<judge::Protocol> protocols = judge::allProtocols();
    const judge::Protocol protocol = protocols[data[0] % protocols.size()];
    const judge::UnitContext context = contextFor(protocol, data[1]);
    const std::string_view text = fuzz::asText(data + 2, size - 2);

    // rts, mcq, llmeval and geval score one summary on the dimension's scale.
    const bool oneScore
        = judge::traits(protocol).scoreOnScale && judge::traits(protocol).shape == judge::UnitShape::CandidateDimension;
    const judge::ParsedAnswer answer = judge::readText(context, text);
    if (!answer.valid) {
        fuzz::check(!answer.invalidReason.empty(), "an invalid answer says why");
    } else if (oneScore) {
        fuzz::check(answer.value >= context.scaleMin() && answer.value <= context.scaleMax(),
                    "a valid score lies within the scale");
    } else if (protocol == judge::Protocol::LlmScore || protocol == judge::Protocol::Pyramid
               || protocol == judge::Protocol::Factuality) {
        fuzz::check(answer.value == 0 || answer.value == 1, "a valid yes or no is 1 or 0");
    }
    (void)answer.detail.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);

    // The same text as a provider's answer, split into sampled choices.
    judge::ChatResponse response;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\x1e', start), text.size());
        response.choices.push_back({std::string(text.substr(start, end - start)), {}, "stop"});
        start = end + 1;
    }
    const judge::ParsedAnswer read = judge::readAnswer(context, response);
    fuzz::check(read.valid || !read.invalidReason.empty(), "an invalid answer says why");
    if (read.valid && oneScore)
        fuzz::check(read.value >= context.scaleMin() && read.value <= context.scaleMax(),
                    "the mean of valid samples lies within the scale");

    // The same text as a structured answer: {reason, score} read strictly, a whole number on the scale or invalid.
    const judge::ParsedAnswer structured = judge::parseStructuredScore(text, context.scaleMin(), context.scaleMax());
    fuzz::check(structured.valid || !structured.invalidReason.empty(), "an invalid structured answer says why");
    if (structured.valid)
        fuzz::check(structured.value >= context.scaleMin() && structured.value <= context.scaleMax()
                        && structured.value == std::floor(structured.value),
                    "a structured score is a whole number on the scale");

    const judge::ParsedAnswer steps = judge::parseEvaluationSteps(text);
    fuzz::check(steps.valid || !steps.invalidReason.empty(), "invalid evaluation steps say why");
    return 0;
}
