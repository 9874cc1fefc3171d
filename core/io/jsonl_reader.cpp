// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/jsonl_reader.h"

#include "error.h"
#include "model/json_text.h"

#include <algorithm>

namespace concord::io {

JsonlReader::JsonlReader(ByteSource &source)
    : m_source(&source)
{ }

JsonlReader::JsonlReader(std::string_view text)
    : m_ownSource(ByteSource::fromText(text))
    , m_source(&*m_ownSource)
{ }

bool JsonlReader::nextLine(std::string_view &line)
{
    ByteSource &in = *m_source;
    in.consume(m_pending);
    m_pending = 0;
    if (!m_started) {
        m_started = true;
        if (in.ensure(3) && in.window().substr(0, 3) == "\xEF\xBB\xBF")
            in.consume(3);
    }
    while (in.ensure(1)) {
        // Look for the line's end only in bytes not searched yet: a long line arrives in many blocks.
        std::size_t searched = 0;
        std::size_t end = std::string_view::npos;
        while ((end = in.window().find('\n', searched)) == std::string_view::npos) {
            searched = in.window().size();
            if (!in.ensure(searched + 1))
                break;
        }
        const std::string_view w = in.window();
        const std::size_t stop = end == std::string_view::npos ? w.size() : end;
        ++m_line;
        if (w.substr(0, stop).find_first_not_of(" \t\r") == std::string_view::npos) {
            in.consume(std::min(stop + 1, w.size()));
            continue;
        }
        line = w.substr(0, stop);
        m_pending = std::min(stop + 1, w.size());
        in.countRecord();
        return true;
    }
    return false;
}

bool JsonlReader::next(nlohmann::json &object)
{
    std::string_view line;
    if (!nextLine(line))
        return false;
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

} // namespace concord::io
