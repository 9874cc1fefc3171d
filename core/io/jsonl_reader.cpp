// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/jsonl_reader.h"

#include "error.h"
#include "model/json_text.h"

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
            object = model::JsonText::parse(line);
        } catch (const Failure &f) {
            // The line within the piece is always 1: the file's line is ours.
            Error e = f.error();
            e.line = m_line;
            throw Failure(std::move(e));
        }
        if (!object.is_object())
            throw Failure(Error{"expected a JSON object on each line", {}, m_line, {}});
        return true;
    }
    return false;
}

} // namespace concord::io
