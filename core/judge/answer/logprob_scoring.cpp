// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/answer/logprob_scoring.h"

#include "judge/answer/text_scan.h"

#include <cmath>
#include <optional>

namespace concord::judge {

namespace {

// " 4", "4", "4." and "4\n" all mean 4; anything else is not a score token.
std::optional<int> scoreToken(const std::string &token)
{
    std::string t = TextScan::trim(token);
    if (!t.empty() && t.back() == '.')
        t.pop_back();
    if (t.empty() || t.size() > 3)
        return std::nullopt;
    int value = 0;
    for (char c : t) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

// "Yes", " yes", "YES.", "No," -> 1 or 0.
std::optional<int> yesNoToken(const std::string &token)
{
    std::string t = TextScan::lower(TextScan::trim(token));
    while (!t.empty() && (t.back() == '.' || t.back() == ',' || t.back() == '!' || t.back() == ':'))
        t.pop_back();
    if (t == "yes")
        return 1;
    if (t == "no")
        return 0;
    return std::nullopt;
}

// The alternatives at a position; a provider that sent none still told us the chosen token.
std::vector<TopLogprob> alternatives(const TokenLogprob &token)
{
    if (!token.top.empty())
        return token.top;
    return {TopLogprob{token.token, token.logprob}};
}

bool blank(const std::string &token)
{
    for (char c : token)
        if (c != ' ' && c != '\n' && c != '\t' && c != '\r')
            return false;
    return true;
}

// Markdown and punctuation around a score ("**", ":", "`") are not the score's position.
bool punctuationOnly(const std::string &token)
{
    for (char c : token) {
        const auto u = static_cast<unsigned char>(c);
        if ((u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80)
            return false;
    }
    return true;
}

bool anyAlternatives(const std::vector<TokenLogprob> &tokens)
{
    for (const TokenLogprob &t : tokens)
        if (!t.top.empty())
            return true;
    return false;
}

WeightedScore invalidScore(std::string reason, bool withAlternatives)
{
    WeightedScore out;
    out.invalidReason = std::move(reason);
    out.withAlternatives = withAlternatives;
    return out;
}

} // namespace

// The score's position: when the answer writes "Score:" (any case), the first token after it that is
// not white space or punctuation; otherwise the first token that is an integer in [min, max]. The
// label wins so a number in an explanation before it ("3 people ... Score: 4") is not taken.
WeightedScore weightedScore(const std::vector<TokenLogprob> &tokens, int min, int max)
{
    if (tokens.empty())
        return invalidScore("no tokens with log probabilities", false);
    std::optional<std::size_t> position;
    std::string text;
    for (std::size_t i = 0; i < tokens.size() && !position; ++i) {
        text.append(TextScan::lower(tokens[i].token));
        const auto label = text.rfind("score:");
        if (label == std::string::npos || label + 6 != text.size())
            continue;
        for (std::size_t j = i + 1; j < tokens.size(); ++j)
            if (!blank(tokens[j].token) && !punctuationOnly(tokens[j].token)) {
                position = j;
                break;
            }
        if (!position)
            return invalidScore("nothing follows \"Score:\"", anyAlternatives(tokens));
    }
    if (!position)
        for (std::size_t i = 0; i < tokens.size(); ++i)
            if (const auto v = scoreToken(tokens[i].token); v && *v >= min && *v <= max) {
                position = i;
                break;
            }
    if (!position)
        return invalidScore("no score token between " + std::to_string(min) + " and " + std::to_string(max),
                            anyAlternatives(tokens));

    double mass = 0;
    double weighted = 0;
    for (const TopLogprob &alt : alternatives(tokens[*position])) {
        const auto v = scoreToken(alt.token);
        if (!v || *v < min || *v > max)
            continue;
        const double p = std::exp(alt.logprob);
        mass += p;
        weighted += p * *v;
    }
    if (!(mass > 0)) {
        std::string reason = "no valid score among the alternatives at \"";
        return invalidScore(reason.append(tokens[*position].token).append("\""), !tokens[*position].top.empty());
    }
    WeightedScore out;
    out.valid = true;
    out.value = weighted / mass;
    out.validMass = mass;
    out.withAlternatives = !tokens[*position].top.empty();
    return out;
}

WeightedScore yesProbability(const std::vector<TokenLogprob> &tokens)
{
    for (const TokenLogprob &token : tokens) {
        double yes = 0;
        double no = 0;
        bool seen = false;
        for (const TopLogprob &alt : alternatives(token)) {
            const auto v = yesNoToken(alt.token);
            if (!v)
                continue;
            seen = true;
            (*v == 1 ? yes : no) += std::exp(alt.logprob);
        }
        if (!seen || !(yes + no > 0))
            continue;
        WeightedScore out;
        out.valid = true;
        out.value = yes / (yes + no);
        out.validMass = yes + no;
        out.withAlternatives = !token.top.empty();
        return out;
    }
    return invalidScore("no yes or no among the tokens' alternatives", anyAlternatives(tokens));
}

} // namespace concord::judge
