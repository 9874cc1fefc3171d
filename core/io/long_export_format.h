// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace concord::io {

// The columns of Concord's long export, in order. The first kLongExportFirstColumns are those of
// every export since the first; unit, seed and data came with content-unit marks, presentation orders
// and the items (documents, summaries, dimensions, raters), at the end so that readers that go by
// position keep working.
inline constexpr std::array<std::string_view, 19> kLongExportColumns{
    "kind",  "doc_id", "system",   "dimension",   "rater",   "group", "rater_kind", "value", "start", "end",
    "quote", "note",   "system_b", "shown_order", "outcome", "text",  "unit",       "seed",  "data"};
inline constexpr std::size_t kLongExportFirstColumns = 16;

// True for the columns of free text, whose CSV cells carry the formula guard.
bool isLongExportTextColumn(std::string_view column);

// The CSV guard against formula injection: text that a spreadsheet would run as a formula (first
// character =, +, -, @, tab or carriage return) gets a leading apostrophe. Text that already starts
// with apostrophes before such a character gets one more, so that taking exactly one apostrophe off
// a guarded cell (withoutFormulaGuard) gives every text back, a genuine leading apostrophe included.
bool needsFormulaGuard(std::string_view text);
std::string_view withoutFormulaGuard(std::string_view cell);

} // namespace concord::io
