// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace concord::model {

// Every JSON text Concord reads and writes goes through here.
//
// Reading: nlohmann's parser is iterative, but writing a value back (dump) and walking it recurse
// once per level, so a line nested 100,000 deep would overflow the stack long after it was read.
// Nesting is therefore refused while parsing, before any deep value exists. Real data (JSONL
// records, bundles, providers' answers) nests a handful of levels; 512 leaves room for any
// sensible structure and stays far below what the stack holds.
//
// Writing: dump() replaces invalid UTF-8 with U+FFFD instead of throwing, so text already stored
// by an older Concord or another tool can always be printed.
class JsonText {
public:
    static constexpr std::size_t kMaxDepth = 512;

    // One JSON document (nothing but white space after it). Throws concord::Failure whose
    // Error has the 1-based line within text and, for bad bytes or nesting inside the value of a
    // member of the top-level object, that member's name as the field; the message is one of
    //   "malformed JSON at column C: REASON"
    //   "not valid UTF-8: byte 0xE9 after "Caf" (column C)"
    //   "nested more than 512 levels deep at column C"
    static nlohmann::json parse(std::string_view text);
    static nlohmann::ordered_json parseOrdered(std::string_view text);
    // As parse, but a discarded value (is_discarded()) instead of an exception: for text that
    // was stored or received and is used only when it reads well.
    static nlohmann::json parseOrDiscarded(std::string_view text);
    static nlohmann::ordered_json parseOrderedOrDiscarded(std::string_view text);

    // The byte offset of the bracket that first takes text deeper than kMaxDepth (brackets inside
    // strings do not count); none when text nests no deeper.
    static std::optional<std::size_t> tooDeepAt(std::string_view text);

    // JSON text (indent < 0: one line) that never throws: invalid UTF-8 becomes U+FFFD.
    static std::string dump(const nlohmann::json &value, int indent = -1);
    static std::string dump(const nlohmann::ordered_json &value, int indent = -1);
};

} // namespace concord::model
