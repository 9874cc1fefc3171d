// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace concord::model {

// Strict UTF-8 (RFC 3629): overlong forms, surrogates (U+D800–U+DFFF), values above U+10FFFF
// and truncated or stray bytes are all invalid. A study holds only valid UTF-8, because every
// JSON writer and the interface read its text as UTF-8; importers refuse anything else.
class Utf8Check {
public:
    // Decodes the code point at text[at], advancing at past it; false (at unchanged) on a
    // malformed sequence.
    static bool next(std::string_view text, std::size_t &at, char32_t &codePoint);
    // The byte offset of the first byte that does not start a valid sequence; none when valid.
    static std::optional<std::size_t> firstInvalid(std::string_view text);
    static bool valid(std::string_view text) { return !firstInvalid(text); }
    // Each byte that does not start a valid sequence replaced by U+FFFD, for text from elsewhere
    // that cannot be refused (a server's answer) and for stored text that is already bad.
    static std::string repaired(std::string_view text);
    // "not valid UTF-8: byte 0xE9 after "Caf"": what a person needs to find the byte at offset
    // `at`, which must be where firstInvalid() points.
    static std::string describeInvalid(std::string_view text, std::size_t at);
};

} // namespace concord::model
