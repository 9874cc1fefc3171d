// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/byte_source.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace concord::io {

// Walks JSON Lines text one object at a time, skipping blank lines and a leading UTF-8 byte
// order mark, and knows the 1-based line of each record for error messages.
class JsonlReader {
public:
    // Reads from source, which must outlive the reader.
    explicit JsonlReader(ByteSource &source);
    // Reads text in memory, which must outlive the reader.
    explicit JsonlReader(std::string_view text);
    // Not copied or moved: a reader over text points at a source of its own.
    JsonlReader(const JsonlReader &) = delete;
    JsonlReader &operator=(const JsonlReader &) = delete;

    // Parses the next non-blank line into object; false at the end. Throws concord::Failure with
    // the line set when the line is not JSON, not valid UTF-8, nested too deep (model::JsonText)
    // or not a JSON object.
    bool next(nlohmann::json &object);
    // The next non-blank line's text without parsing it (valid until the next call); false at the end.
    bool nextLine(std::string_view &line);
    long line() const { return m_line; }

private:
    std::optional<ByteSource> m_ownSource;
    ByteSource *m_source;
    bool m_started = false;
    std::size_t m_pending = 0; // the bytes of the line handed out last, consumed on the next call
    long m_line = 0;
};

} // namespace concord::io
