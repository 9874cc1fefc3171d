// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace concord::io {

// A table of text cells rendered for a terminal, a spreadsheet or a paper.
struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<bool> numeric; // per column: right-aligned in text, Markdown and LaTeX
    std::string caption;       // LaTeX caption; empty for none
};

enum class TableStyle { Text, Csv, Markdown, Latex };

std::string render(const Table &table, TableStyle style);

// One CSV field (RFC 4180 quoting). Text that a spreadsheet would run as a formula (=, +, -, @,
// tab, carriage return first) is prefixed with an apostrophe unless guardFormula is false (our own numbers).
std::string csvField(std::string_view text, bool guardFormula = true);

// Escapes LaTeX's special characters so any text prints as itself.
std::string latexEscape(std::string_view text);

} // namespace concord::io
