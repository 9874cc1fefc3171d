// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sentences.h"

#include <cstdint>
#include <string>

namespace concord::model {

namespace {

// Decodes UTF-8 into code points; invalid bytes count as one code point each, so offsets never drift.
std::vector<char32_t> decode(std::string_view s)
{
    std::vector<char32_t> out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        int length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 1;
        if (i + static_cast<std::size_t>(length) > s.size())
            length = 1;
        char32_t cp = length == 1 ? c : c & (0x7f >> length);
        for (int k = 1; k < length; ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3f);
        out.push_back(cp);
        i += static_cast<std::size_t>(length);
    }
    return out;
}

bool isSpace(char32_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xa0 || c == 0x2028 || c == 0x2029;
}

bool isCloser(char32_t c)
{
    return c == '"' || c == '\'' || c == ')' || c == ']' || c == 0x201d || c == 0x2019;
}

// What may start a new sentence: an upper-case letter (Latin, Greek, Cyrillic ranges), a digit, an
// opening quote or bracket, or anything outside the cased scripts (CJK has no case).
bool canStartSentence(char32_t c)
{
    if (c >= 'A' && c <= 'Z')
        return true;
    if (c >= '0' && c <= '9')
        return true;
    if (c == '"' || c == '\'' || c == '(' || c == '[' || c == 0x201c || c == 0x2018)
        return true;
    if (c >= 0xc0 && c <= 0xde && c != 0xd7)
        return true;
    if ((c >= 0x391 && c <= 0x3a9) || (c >= 0x410 && c <= 0x42f))
        return true;
    return c >= 0x3000;
}

// "Mr. Smith", "J. Smith": a full stop after a title or an initial does not end the sentence.
bool endsWithAbbreviation(const std::vector<char32_t> &text, int dot)
{
    int begin = dot;
    while (begin > 0 && !isSpace(text[static_cast<std::size_t>(begin - 1)])
           && text[static_cast<std::size_t>(begin - 1)] != '(')
        --begin;
    std::u32string word(text.begin() + begin, text.begin() + dot);
    if (word.size() == 1 && word[0] >= 'A' && word[0] <= 'Z')
        return true;
    static const char32_t *const kTitles[]
        = {U"Mr",  U"Mrs", U"Ms", U"Dr",  U"Prof", U"St",  U"Jr", U"Sr", U"Gen", U"Gov",
           U"Sen", U"Rep", U"Lt", U"Col", U"Capt", U"Sgt", U"No", U"vs", U"etc", U"approx"};
    for (const char32_t *t : kTitles)
        if (word == t)
            return true;
    return false;
}

} // namespace

std::vector<SentenceSpan> splitSentences(std::string_view utf8)
{
    const std::vector<char32_t> text = decode(utf8);
    const int n = static_cast<int>(text.size());
    std::vector<SentenceSpan> out;
    auto emit = [&](int start, int end) {
        while (start < end && isSpace(text[static_cast<std::size_t>(start)]))
            ++start;
        while (end > start && isSpace(text[static_cast<std::size_t>(end - 1)]))
            --end;
        if (end > start)
            out.push_back({start, end});
    };
    int start = 0;
    for (int i = 0; i < n; ++i) {
        const char32_t c = text[static_cast<std::size_t>(i)];
        const bool terminal = c == '.' || c == '!' || c == '?' || c == 0x3002 || c == 0xff01 || c == 0xff1f;
        if (!terminal || (c == '.' && endsWithAbbreviation(text, i)))
            continue;
        int end = i + 1;
        while (end < n && isCloser(text[static_cast<std::size_t>(end)]))
            ++end;
        // CJK full stops need no space after them.
        const bool cjk = c >= 0x3000;
        int next = end;
        while (next < n && isSpace(text[static_cast<std::size_t>(next)]))
            ++next;
        if (next == n || (cjk && end == next)
            || (next > end && canStartSentence(text[static_cast<std::size_t>(next)]))) {
            emit(start, end);
            start = end;
            i = end - 1;
        }
    }
    emit(start, n);
    return out;
}

} // namespace concord::model
