// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/answer/text_scan.h"

#include <array>
#include <charconv>
#include <utility>

namespace concord::judge {

namespace {

bool isAsciiLetter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

// Bytes of a word: ASCII letters and digits, and every non-ASCII byte (letters of other scripts,
// emoji: what they mean does not matter, only that they are not punctuation we read).
bool isWordByte(unsigned char c)
{
    return isAsciiLetter(c) || isDigit(c) || c >= 0x80;
}

// Unicode code points (as UTF-8) that answers use where ASCII punctuation is meant.
const std::array<std::pair<std::string_view, std::string_view>, 24> kReplacements = {{
    {"\xC2\xA0", " "}, // no-break space
    {"\xE2\x80\x80", " "}, {"\xE2\x80\x81", " "}, {"\xE2\x80\x82", " "},  {"\xE2\x80\x83", " "},
    {"\xE2\x80\x84", " "}, {"\xE2\x80\x85", " "}, {"\xE2\x80\x86", " "},  {"\xE2\x80\x87", " "},
    {"\xE2\x80\x88", " "}, {"\xE2\x80\x89", " "}, {"\xE2\x80\x8A", " "},  {"\xE2\x80\x8B", ""}, // zero-width space
    {"\xE2\x80\xAF", " "},                                                                      // narrow no-break space
    {"\xE3\x80\x80", " "},                                                                      // ideographic space
    {"\xE2\x80\x93", "-"},                                                                      // en dash
    {"\xE2\x80\x94", "-"},                                                                      // em dash
    {"\xE2\x80\x98", "'"}, {"\xE2\x80\x99", "'"}, {"\xE2\x80\x9C", "\""}, {"\xE2\x80\x9D", "\""},
    {"\xEF\xBC\x9A", ":"}, // full-width colon
    {"\xEF\xBC\x88", "("}, // full-width parentheses, as CJK text writes them
    {"\xEF\xBC\x89", ")"},
}};

} // namespace

std::string TextScan::normalise(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            bool replaced = false;
            for (const auto &[from, to] : kReplacements) {
                if (text.compare(i, from.size(), from) == 0) {
                    out.append(to);
                    i += from.size();
                    replaced = true;
                    break;
                }
            }
            if (replaced)
                continue;
        }
        if (c == '\r') { // CR LF and lone CR both end a line
            out.push_back('\n');
            i += (i + 1 < text.size() && text[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        out.push_back(static_cast<char>(c));
        ++i;
    }
    return out;
}

std::string TextScan::lower(std::string_view text)
{
    std::string out(text);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string TextScan::trim(std::string_view text)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
    while (!text.empty() && space(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && space(text.back()))
        text.remove_suffix(1);
    return std::string(text);
}

std::optional<int> TextScan::numberWord(std::string_view lowerWord)
{
    static constexpr std::array<std::string_view, 11> kWords
        = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
    for (std::size_t i = 0; i < kWords.size(); ++i)
        if (kWords[i] == lowerWord)
            return static_cast<int>(i);
    return std::nullopt;
}

std::optional<int> TextScan::ordinal(std::string_view lowerWord)
{
    std::size_t digits = 0;
    while (digits < lowerWord.size() && isDigit(static_cast<unsigned char>(lowerWord[digits])))
        ++digits;
    if (digits == 0 || digits > 3)
        return std::nullopt;
    const std::string_view suffix = lowerWord.substr(digits);
    if (suffix != "st" && suffix != "nd" && suffix != "rd" && suffix != "th")
        return std::nullopt;
    int value = 0;
    std::from_chars(lowerWord.data(), lowerWord.data() + digits, value);
    return value;
}

std::vector<std::string> TextScan::words(std::string_view text)
{
    std::vector<std::string> out;
    std::string current;
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (isWordByte(c) || (c == '\'' && !current.empty())) {
            current.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : ch);
        } else if (!current.empty()) {
            out.push_back(std::move(current));
            current.clear();
        }
    }
    if (!current.empty())
        out.push_back(std::move(current));
    return out;
}

TextScan::TextScan(std::string_view original)
{
    const std::string text = normalise(original);
    int line = 0;
    std::size_t i = 0;
    const auto spaced = [&](std::size_t at) {
        return at == 0 || text[at - 1] == ' ' || text[at - 1] == '\t' || text[at - 1] == '\n';
    };
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            m_tokens.push_back(ScanToken{ScanToken::Kind::LineBreak, "\n", "\n", 0, line, true});
            ++line;
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            ++i;
            continue;
        }
        if (isWordByte(c)) {
            std::size_t j = i;
            bool allDigits = true;
            while (j < text.size()) {
                const auto d = static_cast<unsigned char>(text[j]);
                if (isWordByte(d)) {
                    allDigits = allDigits && isDigit(d);
                    ++j;
                } else if (d == '\'' && j + 1 < text.size() && isAsciiLetter(static_cast<unsigned char>(text[j + 1]))
                           && !allDigits) {
                    ++j; // it's, I'd: the apostrophe stays inside the word
                } else {
                    break;
                }
            }
            // A decimal: digits, a point, digits ("3.5"); "4." stays a number and a full stop.
            if (allDigits && j + 1 < text.size() && text[j] == '.'
                && isDigit(static_cast<unsigned char>(text[j + 1]))) {
                std::size_t k = j + 1;
                while (k < text.size() && isDigit(static_cast<unsigned char>(text[k])))
                    ++k;
                if (k >= text.size() || !isWordByte(static_cast<unsigned char>(text[k])))
                    j = k;
            }
            const std::string raw = text.substr(i, j - i);
            ScanToken token;
            token.raw = raw;
            token.line = line;
            token.spaceBefore = spaced(i);
            double value = 0;
            const auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), value);
            if (ec == std::errc() && end == raw.data() + raw.size()
                && isDigit(static_cast<unsigned char>(raw.front()))) {
                token.kind = ScanToken::Kind::Number;
                token.text = raw;
                token.number = value;
            } else {
                token.kind = ScanToken::Kind::Word;
                token.text = lower(raw);
            }
            m_tokens.push_back(std::move(token));
            i = j;
            continue;
        }
        const std::string symbol(1, static_cast<char>(c));
        m_tokens.push_back(ScanToken{ScanToken::Kind::Symbol, symbol, symbol, 0, line, spaced(i)});
        ++i;
    }
}

bool TextScan::isWord(std::size_t i, std::string_view lowerWord) const
{
    return i < m_tokens.size() && m_tokens[i].kind == ScanToken::Kind::Word && m_tokens[i].text == lowerWord;
}

bool TextScan::isSymbol(std::size_t i, char c) const
{
    return i < m_tokens.size() && m_tokens[i].kind == ScanToken::Kind::Symbol && m_tokens[i].text[0] == c;
}

bool TextScan::isLineBreak(std::size_t i) const
{
    return i >= m_tokens.size() || m_tokens[i].kind == ScanToken::Kind::LineBreak;
}

} // namespace concord::judge
