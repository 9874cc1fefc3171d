// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/table_writer.h"

#include <algorithm>

namespace concord::io {

namespace {

bool isNumeric(const Table &t, std::size_t column)
{
    return column < t.numeric.size() && t.numeric[column];
}

// Display width in code points (what a terminal shows for the text we print).
std::size_t width(std::string_view s)
{
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
}

std::string pad(std::string_view s, std::size_t to, bool right)
{
    const std::size_t w = width(s);
    std::string fill(to > w ? to - w : 0, ' ');
    return right ? fill + std::string(s) : std::string(s) + fill;
}

std::string renderText(const Table &t)
{
    std::vector<std::size_t> widths(t.header.size(), 0);
    for (std::size_t c = 0; c < t.header.size(); ++c)
        widths[c] = width(t.header[c]);
    for (const auto &row : t.rows)
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = std::max(widths[c], width(row[c]));
    std::string out;
    auto line = [&](const std::vector<std::string> &cells) {
        std::string l;
        for (std::size_t c = 0; c < widths.size(); ++c) {
            if (c)
                l.append("  ");
            l.append(pad(c < cells.size() ? cells[c] : std::string(), widths[c], isNumeric(t, c)));
        }
        while (!l.empty() && l.back() == ' ')
            l.pop_back();
        out.append(l).append("\n");
    };
    line(t.header);
    std::vector<std::string> rule;
    for (auto w : widths)
        rule.push_back(std::string(w, '-'));
    line(rule);
    for (const auto &row : t.rows)
        line(row);
    return out;
}

std::string markdownCell(std::string_view s)
{
    std::string out;
    for (char c : s) {
        if (c == '|')
            out.append("\\|");
        else if (c == '\n')
            out.append("<br>");
        else
            out.push_back(c);
    }
    return out;
}

std::string renderMarkdown(const Table &t)
{
    std::string out = "|";
    for (const auto &h : t.header)
        out.append(" ").append(markdownCell(h)).append(" |");
    out.append("\n|");
    for (std::size_t c = 0; c < t.header.size(); ++c)
        out.append(isNumeric(t, c) ? " ---: |" : " --- |");
    out.append("\n");
    for (const auto &row : t.rows) {
        out.append("|");
        for (std::size_t c = 0; c < t.header.size(); ++c)
            out.append(" ").append(markdownCell(c < row.size() ? row[c] : std::string())).append(" |");
        out.append("\n");
    }
    return out;
}

std::string renderLatex(const Table &t)
{
    // booktabs rules, as journals expect; numbers right-aligned.
    std::string spec;
    for (std::size_t c = 0; c < t.header.size(); ++c)
        spec.push_back(isNumeric(t, c) ? 'r' : 'l');
    std::string out = "\\begin{table}[t]\n\\centering\n";
    if (!t.caption.empty())
        out.append("\\caption{").append(latexEscape(t.caption)).append("}\n");
    out.append("\\begin{tabular}{").append(spec).append("}\n\\toprule\n");
    auto line = [&](const std::vector<std::string> &cells) {
        for (std::size_t c = 0; c < t.header.size(); ++c) {
            if (c)
                out.append(" & ");
            out.append(latexEscape(c < cells.size() ? cells[c] : std::string()));
        }
        out.append(" \\\\\n");
    };
    line(t.header);
    out.append("\\midrule\n");
    for (const auto &row : t.rows)
        line(row);
    out.append("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
    return out;
}

std::string renderCsv(const Table &t)
{
    std::string out;
    auto line = [&](const std::vector<std::string> &cells) {
        for (std::size_t c = 0; c < t.header.size(); ++c) {
            if (c)
                out.push_back(',');
            out.append(csvField(c < cells.size() ? cells[c] : std::string(), !isNumeric(t, c)));
        }
        out.append("\r\n");
    };
    line(t.header);
    for (const auto &row : t.rows)
        line(row);
    return out;
}

} // namespace

std::string csvField(std::string_view text, bool guardFormula)
{
    std::string value;
    if (guardFormula && !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
        value.push_back('\'');
    value.append(text);
    if (value.find_first_of(",\"\r\n") == std::string::npos)
        return value;
    std::string quoted = "\"";
    for (char c : value) {
        if (c == '"')
            quoted.push_back('"');
        quoted.push_back(c);
    }
    quoted.push_back('"');
    return quoted;
}

std::string latexEscape(std::string_view text)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '\\':
            out.append("\\textbackslash{}");
            break;
        case '&':
        case '%':
        case '$':
        case '#':
        case '_':
        case '{':
        case '}':
            out.push_back('\\');
            out.push_back(c);
            break;
        case '~':
            out.append("\\textasciitilde{}");
            break;
        case '^':
            out.append("\\textasciicircum{}");
            break;
        // The default font encoding prints these as ¡, ¿ and a dash.
        case '<':
            out.append("\\textless{}");
            break;
        case '>':
            out.append("\\textgreater{}");
            break;
        case '|':
            out.append("\\textbar{}");
            break;
        default:
            out.push_back(c);
        }
    }
    return out;
}

std::string render(const Table &table, TableStyle style)
{
    switch (style) {
    case TableStyle::Text:
        return renderText(table);
    case TableStyle::Csv:
        return renderCsv(table);
    case TableStyle::Markdown:
        return renderMarkdown(table);
    case TableStyle::Latex:
        return renderLatex(table);
    }
    return renderText(table);
}

} // namespace concord::io
