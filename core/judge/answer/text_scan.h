// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::judge {

// One lexical item of a model's answer.
struct ScanToken {
    enum class Kind { Word, Number, Symbol, LineBreak };
    Kind kind = Kind::Word;
    std::string text;         // words in ASCII lower case; numbers and symbols as written
    std::string raw;          // as written (after normalisation)
    double number = 0;        // Kind::Number only
    int line = 0;             // 0-based line of the answer
    bool spaceBefore = false; // white space (or the start) right before it: tells "-1" from "1-5"
};

// Splits an answer into words, numbers, symbols and line breaks, after mapping the Unicode spaces,
// dashes, quotes, full-width colon and parentheses models write to their ASCII forms, so the readers only deal
// with ASCII punctuation. Markdown needs no special stripping: "**", "#", "`" and "|" become symbols
// that the readers skip like any other punctuation.
class TextScan {
public:
    explicit TextScan(std::string_view text);

    const std::vector<ScanToken> &tokens() const { return m_tokens; }
    std::size_t size() const { return m_tokens.size(); }
    const ScanToken &operator[](std::size_t i) const { return m_tokens[i]; }

    bool isWord(std::size_t i, std::string_view lower) const;
    bool isSymbol(std::size_t i, char c) const;
    bool isLineBreak(std::size_t i) const; // also true past the end

    // Unicode spaces, dashes, quotes, the full-width colon and parentheses to ASCII; everything else
    // unchanged.
    static std::string normalise(std::string_view text);
    static std::string lower(std::string_view text); // ASCII letters only
    static std::string trim(std::string_view text);  // ASCII white space
    // "zero" ... "ten" as a number.
    static std::optional<int> numberWord(std::string_view lowerWord);
    // An ordinal like "2nd" or "3rd" as its number.
    static std::optional<int> ordinal(std::string_view lowerWord);
    // The answer's words in lower case (letters, digits, apostrophes), for overlap measures.
    static std::vector<std::string> words(std::string_view text);

private:
    std::vector<ScanToken> m_tokens;
};

} // namespace concord::judge
