// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace concord::judge {

// The result of reading one model answer. Never a guess: an answer without a clear, single, in-range
// answer is invalid, with a reason a person can read, and the raw text is kept by the caller.
struct ParsedAnswer {
    bool valid = false;
    std::string invalidReason;
    double value = std::numeric_limits<double>::quiet_NaN();
    nlohmann::json detail = nlohmann::json::object(); // protocol-specific: winner, ranks, per-dimension scores

    static ParsedAnswer invalid(std::string reason);
};

// What a parser may need to judge an answer honestly. Every parser below first applies the shared
// failure checks (AnswerChecks): an empty answer, a refusal ("I can't help with that", "As an AI ..."),
// or an answer that mostly repeats or rewrites the summary is invalid.
struct ParseContext {
    std::string summary; // to recognise an answer that rewrites the summary instead of judging it
};

// rts, llmeval, geval form, likert samples: a score within [min, max] — "Score: 4", "4/5", "scoring a 2
// out of 5", "a score of four", "**Rating:** 3", JSON {"score": 4}, a final line "4", a final "(4)" after
// the reasoning. Conflicting scores ("4 ... Score: 2") are invalid; "4 out of 10" on a 1–5 scale is out
// of range, not rescaled.
ParsedAnswer parseScore(std::string_view text, double min, double max, const ParseContext &context = {});

// mcq: one letter among the first `letters` of A, B, C, ... — "D", "D.", "Answer: D", "(D)", "[[D]]",
// "The answer is D because ...", a final "(D)" after the reasoning. value = 1 + the letter's index.
ParsedAnswer parseChoice(std::string_view text, int letters, const ParseContext &context = {});

// likert-multi: a score for every named dimension ("Coherence: 4", JSON, a Markdown table);
// detail = {"scores": {dimension: score}}; a missing or out-of-range dimension makes it invalid.
ParsedAnswer parseMultiScores(std::string_view text, const std::vector<std::string> &dimensions, double min, double max,
                              const ParseContext &context = {});

// pyramid, factuality, llmscore samples: yes or no. value = 1 for yes, 0 for no.
ParsedAnswer parseYesNo(std::string_view text, const ParseContext &context = {});

// Comparisons. detail = {"winner": "a" | "b" | "tie"} in terms of the order shown (a = first shown).
enum class ComparisonStyle {
    HeadToHead, // h2h: "A" (the first is better), "B" (the second), "C" (equally good)
    Pairwise,   // pairwise: "1"/"2" or "Summary A"/"Summary B"; no tie
    Compare,    // llmcompare: explanation, then "1", "2" or "tie" ("Decision: tie", "[[1]]")
};
ParsedAnswer parseComparison(std::string_view text, ComparisonStyle style, const ParseContext &context = {});

// llmrank: a ranking of `candidates` summaries with ties, "Ranking: 1, 2, 2, 3, 4", "[2, 1, 3, 3, 5]",
// JSON, or one line per summary; competition and dense forms accepted; detail = {"ranks": [...]}
// (competition form, in the order the summaries were shown).
ParsedAnswer parseRanking(std::string_view text, int candidates, const ParseContext &context = {});

// geval steps: the generated evaluation steps (a non-empty list); detail = {"steps": "..."}.
ParsedAnswer parseEvaluationSteps(std::string_view text);

} // namespace concord::judge
