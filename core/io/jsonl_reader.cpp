// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/jsonl_reader.h"

#include "error.h"

namespace concord::io {

JsonlReader::JsonlReader(std::string_view text)
    : m_text(text)
{
    if (m_text.substr(0, 3) == "\xEF\xBB\xBF")
        m_pos = 3;
}

bool JsonlReader::next(nlohmann::json &object)
{
    while (m_pos < m_text.size()) {
        const std::size_t end = m_text.find('\n', m_pos);
        const std::size_t stop = end == std::string_view::npos ? m_text.size() : end;
        std::string_view line = m_text.substr(m_pos, stop - m_pos);
        m_pos = stop + 1;
        ++m_line;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        try {
            object = nlohmann::json::parse(line);
        } catch (const nlohmann::json::parse_error &e) {
            // e.byte is the column within this line; nlohmann's own "line 1" would mislead, so only its reason is kept.
            std::string reason = e.what();
            if (const auto at = reason.find("column "); at != std::string::npos)
                if (const auto colon = reason.find(": ", at); colon != std::string::npos)
                    reason.erase(0, colon + 2);
            std::string message = "malformed JSON at column ";
            message.append(std::to_string(e.byte)).append(": ").append(reason);
            throw Failure(Error{std::move(message), {}, m_line, {}});
        } catch (const nlohmann::json::out_of_range &e) {
            // A number beyond a double (1e400) is refused as out_of_range, not as a parse_error.
            std::string reason = e.what();
            if (const auto bracket = reason.find("] "); bracket != std::string::npos)
                reason.erase(0, bracket + 2);
            throw Failure(Error{"malformed JSON: " + reason, {}, m_line, {}});
        }
        if (!object.is_object())
            throw Failure(Error{"expected a JSON object on each line", {}, m_line, {}});
        return true;
    }
    return false;
}

} // namespace concord::io
