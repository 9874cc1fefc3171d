// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/utf8_check.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace concord::model {

bool Utf8Check::next(std::string_view text, std::size_t &at, char32_t &codePoint)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(at);
    int extra = 0;
    char32_t cp = 0;
    if (b0 < 0x80) {
        codePoint = b0;
        ++at;
        return true;
    } else if ((b0 & 0xE0) == 0xC0) {
        extra = 1;
        cp = b0 & 0x1F;
    } else if ((b0 & 0xF0) == 0xE0) {
        extra = 2;
        cp = b0 & 0x0F;
    } else if ((b0 & 0xF8) == 0xF0) {
        extra = 3;
        cp = b0 & 0x07;
    } else {
        return false;
    }
    if (at + static_cast<std::size_t>(extra) >= text.size())
        return false;
    for (int k = 1; k <= extra; ++k) {
        const unsigned char b = byte(at + static_cast<std::size_t>(k));
        if ((b & 0xC0) != 0x80)
            return false;
        cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t kMinimum[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMinimum[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return false;
    codePoint = cp;
    at += static_cast<std::size_t>(extra) + 1;
    return true;
}

std::optional<std::size_t> Utf8Check::firstInvalid(std::string_view text)
{
    std::size_t at = 0;
    char32_t cp = 0;
    while (at < text.size()) {
        // Plain ASCII is nearly all text; skip it without decoding, eight bytes at a time.
        while (text.size() - at >= 8) {
            std::uint64_t word = 0;
            std::memcpy(&word, text.data() + at, 8);
            if ((word & 0x8080808080808080ULL) != 0)
                break;
            at += 8;
        }
        if (at == text.size())
            break;
        if (static_cast<unsigned char>(text[at]) < 0x80) {
            ++at;
            continue;
        }
        if (!next(text, at, cp))
            return at;
    }
    return std::nullopt;
}

std::string Utf8Check::repaired(std::string_view text)
{
    if (valid(text))
        return std::string(text);
    std::string out;
    out.reserve(text.size() + 8);
    std::size_t at = 0;
    char32_t cp = 0;
    while (at < text.size()) {
        const std::size_t start = at;
        if (next(text, at, cp)) {
            out.append(text.substr(start, at - start));
        } else {
            out.append("\xEF\xBF\xBD");
            ++at;
        }
    }
    return out;
}

std::string Utf8Check::describeInvalid(std::string_view text, std::size_t at)
{
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[at])));
    std::string out = "not valid UTF-8: byte ";
    out.append(hex);
    // Up to 20 bytes of the valid text before it, cut at a character boundary and on one line.
    std::size_t from = at > 20 ? at - 20 : 0;
    while (from < at && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
        ++from;
    if (const auto lineStart = text.substr(0, at).find_last_of("\r\n");
        lineStart != std::string_view::npos && lineStart + 1 > from)
        from = lineStart + 1;
    if (from == at) {
        out.append(at == 0 ? " at the start" : " at the start of a line");
    } else {
        out.append(" after \"").append(text.substr(from, at - from)).append("\"");
    }
    return out;
}

} // namespace concord::model
