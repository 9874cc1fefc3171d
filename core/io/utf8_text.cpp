// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/utf8_text.h"

#include "error.h"
#include "model/utf8_check.h"

namespace concord::io {

std::u32string Utf8Text::decode(std::string_view text)
{
    std::u32string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        char32_t cp = 0;
        if (!model::Utf8Check::next(text, i, cp))
            fail("the text is not valid UTF-8 (at byte " + std::to_string(i) + ")");
        out.push_back(cp);
    }
    return out;
}

std::string Utf8Text::encode(std::u32string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char32_t cp : text) {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }
    return out;
}

long Utf8Text::length(std::string_view text)
{
    long n = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        char32_t cp = 0;
        if (!model::Utf8Check::next(text, i, cp))
            return -1;
        ++n;
    }
    return n;
}

} // namespace concord::io
