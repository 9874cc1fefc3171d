// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/long_export_format.h"

namespace concord::io {

namespace {

bool isFormulaStart(char c)
{
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

} // namespace

bool isLongExportTextColumn(std::string_view column)
{
    for (const std::string_view c :
         {"doc_id", "system", "dimension", "rater", "group", "quote", "note", "system_b", "text"})
        if (c == column)
            return true;
    return false;
}

bool needsFormulaGuard(std::string_view text)
{
    const auto first = text.find_first_not_of('\'');
    return first != std::string_view::npos && isFormulaStart(text[first]);
}

std::string_view withoutFormulaGuard(std::string_view cell)
{
    // Only a cell the guard wrote: an apostrophe, then apostrophes, then a formula character.
    if (cell.size() >= 2 && cell.front() == '\'' && needsFormulaGuard(cell.substr(1)))
        return cell.substr(1);
    return cell;
}

} // namespace concord::io
