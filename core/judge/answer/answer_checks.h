// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace concord::judge {

// The checks every answer parser applies before reading an answer: an answer that is empty, refuses,
// or mostly repeats the summary it should judge is invalid whatever numbers or letters it contains.
class AnswerChecks {
public:
    // The reason the answer cannot be read, or nothing when it may be read.
    static std::optional<std::string> failure(std::string_view answer, std::string_view summary);

    static bool isEmpty(std::string_view answer);
    // The refusal phrase found near the start of the answer, if any.
    static std::optional<std::string> refusal(std::string_view answer);
    // The share of the answer's word 5-grams that also occur in the summary, in [0, 1]; 0 when either
    // text has fewer than 5 words.
    static double summaryShare(std::string_view answer, std::string_view summary);
    // An answer that mostly is the summary (rewritten or repeated): at least half of its word 5-grams
    // come from the summary, and it has at least 5 of them. Measured on the answer's side, so a
    // verdict that quotes the whole summary before a long critique is still read.
    static bool rewritesSummary(std::string_view answer, std::string_view summary);

    static constexpr double kRewriteShare = 0.5;
    static constexpr std::size_t kMinimumGrams = 5;
};

} // namespace concord::judge
