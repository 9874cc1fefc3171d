// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_statement.h"

#include "store/pg_connection.h"

#include "error.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace concord::store {

namespace {

// PostgreSQL's type oids (pg_type.h) for the values a Statement binds; 0 lets the server infer a text's type.
constexpr unsigned kInt8 = 20;
constexpr unsigned kFloat8 = 701;
constexpr unsigned kInfer = 0;

bool identifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

bool startsWithWord(std::string_view sql, std::size_t at, std::string_view word)
{
    if (sql.size() - at < word.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(sql[at + i])) != std::toupper(static_cast<unsigned char>(word[i])))
            return false;
    return at == 0 || !identifierChar(sql[at - 1]);
}

// Where a /* comment */ that starts at AT ends (past its */); PostgreSQL's nest. The end of SQL when open.
std::size_t blockCommentEnd(std::string_view sql, std::size_t at)
{
    int depth = 0;
    std::size_t i = at;
    while (i + 1 < sql.size()) {
        if (sql[i] == '/' && sql[i + 1] == '*') {
            ++depth;
            i += 2;
        } else if (sql[i] == '*' && sql[i + 1] == '/') {
            i += 2;
            if (--depth == 0)
                return i;
        } else {
            ++i;
        }
    }
    return sql.size();
}

// Where an E'…' text whose quote is at AT ends (past its quote): a backslash escapes the next character.
std::size_t escapeStringEnd(std::string_view sql, std::size_t at)
{
    std::size_t i = at + 1;
    while (i < sql.size()) {
        if (sql[i] == '\\') {
            i += 2;
        } else if (sql[i] == '\'') {
            if (i + 1 < sql.size() && sql[i + 1] == '\'') {
                i += 2;
                continue;
            }
            return i + 1;
        } else {
            ++i;
        }
    }
    return sql.size();
}

// The opening $tag$ (or $$) of a dollar-quoted text at AT, empty when the $ starts none (a parameter $1, or
// a $ inside a name).
std::string_view dollarTag(std::string_view sql, std::size_t at)
{
    if (at > 0 && identifierChar(sql[at - 1]))
        return {};
    std::size_t i = at + 1;
    if (i < sql.size() && std::isdigit(static_cast<unsigned char>(sql[i])))
        return {};
    while (i < sql.size() && identifierChar(sql[i]) && sql[i] != '$')
        ++i;
    if (i >= sql.size() || sql[i] != '$')
        return {};
    return sql.substr(at, i + 1 - at);
}

} // namespace

std::string PgStatement::translate(std::string_view sql, int *parameters,
                                   const std::vector<PgConnection::StandIn> &standIns)
{
    // The stand-in for a table named at AT, or null.
    auto standInAt = [&](std::size_t at) -> const PgConnection::StandIn * {
        if (standIns.empty() || (at > 0 && (identifierChar(sql[at - 1]) || sql[at - 1] == '.')))
            return nullptr;
        for (const PgConnection::StandIn &standIn : standIns) {
            const std::size_t end = at + standIn.table.size();
            if (startsWithWord(sql, at, standIn.table)
                && (end == sql.size() || (!identifierChar(sql[end]) && sql[end] != '.' && sql[end] != '(')))
                return &standIn;
        }
        return nullptr;
    };
    std::string out;
    out.reserve(sql.size() + 8);
    int highest = 0;
    std::size_t i = 0;
    while (i < sql.size()) {
        const char c = sql[i];
        // Comments, E'…' texts and dollar-quoted texts are copied as they are: a ? inside is no parameter.
        if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
            const std::size_t end = blockCommentEnd(sql, i);
            out.append(sql.substr(i, end - i));
            i = end;
        } else if ((c == 'E' || c == 'e') && i + 1 < sql.size() && sql[i + 1] == '\''
                   && (i == 0 || !identifierChar(sql[i - 1]))) {
            const std::size_t end = escapeStringEnd(sql, i + 1);
            out.append(sql.substr(i, end - i));
            i = end;
        } else if (const std::string_view tag = c == '$' ? dollarTag(sql, i) : std::string_view(); !tag.empty()) {
            const std::size_t close = sql.find(tag, i + tag.size());
            const std::size_t end = close == std::string_view::npos ? sql.size() : close + tag.size();
            out.append(sql.substr(i, end - i));
            i = end;
        } else if (c == '\'' || c == '"') {
            // A quoted text or name, its doubled quotes included, is copied as it is.
            std::size_t end = i + 1;
            while (end < sql.size()) {
                if (sql[end] == c) {
                    if (end + 1 < sql.size() && sql[end + 1] == c) {
                        end += 2;
                        continue;
                    }
                    break;
                }
                ++end;
            }
            out.append(sql.substr(i, end + 1 - i));
            i = end + 1;
        } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
            const std::size_t end = sql.find('\n', i);
            out.append(sql.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i));
            i = end == std::string_view::npos ? sql.size() : end;
        } else if (c == '?') {
            std::size_t end = i + 1;
            while (end < sql.size() && std::isdigit(static_cast<unsigned char>(sql[end])))
                ++end;
            int number = highest + 1; // a bare ? is the one after the highest so far, as in SQLite
            if (end > i + 1)
                std::from_chars(sql.data() + i + 1, sql.data() + end, number);
            highest = std::max(highest, number);
            out += '$';
            out += std::to_string(number);
            i = end;
        } else if (startsWithWord(sql, i, "WITHOUT ROWID")) {
            while (!out.empty() && out.back() == ' ')
                out.pop_back();
            i += std::string_view("WITHOUT ROWID").size();
        } else if (startsWithWord(sql, i, "temp.")) {
            out += "pg_temp.";
            i += std::string_view("temp.").size();
        } else if (const PgConnection::StandIn *standIn = standInAt(i)) {
            out += standIn->replacement;
            i += standIn->table.size();
        } else {
            out += c;
            ++i;
        }
    }
    if (parameters)
        *parameters = highest;
    return out;
}

PgStatement::PgStatement(PgConnection &connection, std::string_view sql, bool prepared)
    : m_connection(&connection)
    , m_prepare(prepared)
{
    int parameters = 0;
    m_sql = translate(sql, &parameters, connection.standIns());
    m_values.resize(static_cast<std::size_t>(parameters));
    m_types.assign(static_cast<std::size_t>(parameters), kInfer);
}

void PgStatement::set(int index, unsigned type, std::string value)
{
    if (index < 1 || index > static_cast<int>(m_values.size()))
        fail("PostgreSQL: no parameter " + std::to_string(index) + " in the statement " + m_sql);
    m_values[static_cast<std::size_t>(index - 1)] = std::move(value);
    m_types[static_cast<std::size_t>(index - 1)] = type;
}

void PgStatement::bindInteger(int index, std::int64_t value)
{
    set(index, kInt8, std::to_string(value));
}

void PgStatement::bindReal(int index, double value)
{
    // 17 significant digits give back the same double; to_chars would too, but the server reads this form.
    char buf[32];
    const auto [end, error] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 17);
    (void)error;
    set(index, kFloat8, std::string(buf, end));
}

void PgStatement::bindText(int index, std::string_view value)
{
    set(index, kInfer, std::string(value));
}

void PgStatement::bindNull(int index)
{
    if (index < 1 || index > static_cast<int>(m_values.size()))
        fail("PostgreSQL: no parameter " + std::to_string(index) + " in the statement " + m_sql);
    m_values[static_cast<std::size_t>(index - 1)].reset();
    m_types[static_cast<std::size_t>(index - 1)] = kInfer;
}

bool PgStatement::step()
{
    // Stepped again after its last row, a statement runs again with the same values, as SQLite's does.
    if (m_result && m_row >= m_result->rows())
        m_result.reset();
    if (!m_result) {
        std::vector<const char *> values;
        values.reserve(m_values.size());
        for (const auto &value : m_values)
            values.push_back(value ? value->c_str() : nullptr);
        const int count = static_cast<int>(values.size());
        if (m_prepare)
            m_result.emplace(m_connection->queryPrepared(preparedName(), count, values.data()));
        else
            m_result.emplace(m_connection->query(m_sql.c_str(), count, m_types.data(), values.data()));
        m_row = -1;
    }
    if (m_row < m_result->rows())
        ++m_row;
    return m_row < m_result->rows();
}

const std::string &PgStatement::preparedName()
{
    if (m_session != m_connection->session()) {
        m_prepared.clear();
        m_session = m_connection->session();
    }
    for (const auto &[types, name] : m_prepared)
        if (types == m_types)
            return name;
    std::string name = m_connection->prepare(m_sql.c_str(), static_cast<int>(m_types.size()), m_types.data());
    return m_prepared.emplace_back(m_types, std::move(name)).second;
}

void PgStatement::reset()
{
    m_result.reset();
    m_row = -1;
    for (auto &value : m_values)
        value.reset();
    std::fill(m_types.begin(), m_types.end(), kInfer);
}

bool PgStatement::isNull(int column) const
{
    return !m_result || m_row < 0 || m_row >= m_result->rows() || m_result->isNull(m_row, column);
}

std::int64_t PgStatement::integerAt(int column) const
{
    if (isNull(column))
        return 0;
    const std::string_view value = m_result->text(m_row, column);
    // A comparison or EXISTS is a boolean on PostgreSQL, an integer in SQLite.
    if (value == "t")
        return 1;
    if (value == "f")
        return 0;
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error == std::errc() && end == value.data() + value.size())
        return number;
    return static_cast<std::int64_t>(realAt(column)); // a real read as an integer truncates, as SQLite does
}

double PgStatement::realAt(int column) const
{
    if (isNull(column))
        return 0;
    const std::string_view value = m_result->text(m_row, column);
    if (value == "t")
        return 1;
    if (value == "f")
        return 0;
    double number = 0;
    std::from_chars(value.data(), value.data() + value.size(), number);
    return number;
}

std::string_view PgStatement::textAt(int column) const
{
    if (isNull(column))
        return {};
    return m_result->text(m_row, column);
}

} // namespace concord::store
