// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string_view>

namespace concord::io {

// Walks JSON Lines text one object at a time, skipping blank lines and a leading UTF-8 byte
// order mark, and knows the 1-based line of each record for error messages.
class JsonlReader {
public:
    explicit JsonlReader(std::string_view text);

    // Parses the next non-blank line into object; false at the end. Throws concord::Failure with
    // the line set when the line is not JSON, not valid UTF-8, nested too deep (model::JsonText)
    // or not a JSON object.
    bool next(nlohmann::json &object);
    long line() const { return m_line; }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    long m_line = 0;
};

} // namespace concord::io
