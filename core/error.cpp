// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "error.h"

namespace concord {

std::string Error::describe() const
{
    // Built with append() alone: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string at -O3.
    std::string out;
    if (!file.empty()) {
        out.append(file);
        if (line > 0)
            out.append(":").append(std::to_string(line));
        out.append(": ");
    } else if (line > 0) {
        out.append("line ").append(std::to_string(line)).append(": ");
    }
    if (!field.empty())
        out.append("field '").append(field).append("': ");
    out.append(message);
    return out;
}

Failure::Failure(Error error)
    : std::runtime_error(error.describe())
    , m_error(std::move(error))
{ }

void fail(std::string message, std::string field)
{
    throw Failure(Error{std::move(message), {}, 0, std::move(field)});
}

} // namespace concord
