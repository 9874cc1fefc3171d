// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/reask_message.h"

#include "judge/prompt_number.h"

#include <algorithm>

namespace concord::judge {

namespace {

const char *const kOpening = "Your answer could not be read. ";

} // namespace

bool reaskable(Protocol protocol)
{
    return protocol != Protocol::Geval && protocol != Protocol::LlmScore;
}

std::string reaskMessage(const UnitContext &c)
{
    std::string out(kOpening);
    if (c.structured) {
        out.append("Reply again with a JSON object and nothing else: \"reason\", one sentence, and \"score\", a "
                   "whole number from ")
            .append(promptNumber(c.scaleMin()))
            .append(" to ")
            .append(promptNumber(c.scaleMax()))
            .append(".");
        return out;
    }
    switch (c.protocol) {
    case Protocol::Rts:
    case Protocol::LlmEval:
    case Protocol::Geval:
        out.append("Reply again with one line in this form and nothing else:\nScore: <a whole number from ")
            .append(promptNumber(c.scaleMin()))
            .append(" to ")
            .append(promptNumber(c.scaleMax()))
            .append(">");
        break;
    case Protocol::Mcq: {
        const int letters = static_cast<int>(c.scaleMax() - c.scaleMin()) + 1;
        out.append("Reply again with one line in this form and nothing else:\nAnswer: <one letter from A to ")
            .append(1, static_cast<char>('A' + std::max(0, letters - 1)))
            .append(">");
        break;
    }
    case Protocol::LikertMulti:
        out.append("Reply again with one line per quality and nothing else, each with the quality's name, a colon "
                   "and its score as a whole number:");
        for (const auto &d : c.likertDimensions)
            out.append("\n")
                .append(d.name)
                .append(": <")
                .append(promptNumber(d.scaleMin))
                .append(" to ")
                .append(promptNumber(d.scaleMax))
                .append(">");
        break;
    case Protocol::LlmScore:
    case Protocol::Pyramid:
    case Protocol::Factuality:
        out.append("Reply again with the single word Yes or No.");
        break;
    case Protocol::H2h:
        out.append("Reply again with one line in this form and nothing else:\nAnswer: <A, B or C>\n(A: the first "
                   "summary is better, B: the second is better, C: they are equally good.)");
        break;
    case Protocol::Pairwise:
        out.append("Reply again with one line in this form and nothing else:\nAnswer: <1 or 2>");
        break;
    case Protocol::LlmCompare:
        out.append("Reply again with one line in this form and nothing else:\nDecision: <1, 2 or tie>");
        break;
    case Protocol::LlmRank: {
        const std::size_t n = c.shown.size();
        out.append("Reply again with one line in this form and nothing else, one rank for each of the ")
            .append(std::to_string(n))
            .append(" summaries in the order they were listed, 1 the best, equal summaries sharing a rank:\nRanking: ");
        for (std::size_t i = 0; i < n; ++i)
            out.append(i ? ", " : "").append("<rank of summary ").append(std::to_string(i + 1)).append(">");
        break;
    }
    }
    return out;
}

} // namespace concord::judge
