// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_tables.h"

#include "store/database.h"
#include "store/pg_connection.h"

#include "error.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace concord::store {

namespace {

std::string upper(std::string text)
{
    for (char &c : text)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

StudyColumn::Type typeOf(const std::string &declared)
{
    const std::string type = upper(declared);
    if (type == "INTEGER")
        return StudyColumn::Type::Integer;
    if (type == "REAL")
        return StudyColumn::Type::Real;
    if (type == "BLOB")
        return StudyColumn::Type::Blob;
    return StudyColumn::Type::Text;
}

std::string join(const std::set<std::string> &names)
{
    std::string out;
    for (const std::string &name : names)
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

} // namespace

std::vector<StudyTable> StudyTables::of(Database &db)
{
    std::vector<StudyTable> found;
    std::map<std::string, std::set<std::string>> parents;
    auto tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                             "ORDER BY name");
    while (tables.step()) {
        StudyTable table;
        table.name = tables.textAt(0);
        const bool withoutRowid = upper(tables.textAt(1)).find("WITHOUT ROWID") != std::string::npos;
        std::map<int, std::string> key;
        std::string integerKey;
        auto info = db.prepare("SELECT name, type, pk FROM pragma_table_info(?1) ORDER BY cid");
        info.bind(1, table.name);
        while (info.step()) {
            StudyColumn column{info.textAt(0), typeOf(info.textAt(1))};
            if (const int pk = info.intAt(2); pk > 0) {
                key[pk] = column.name;
                if (column.type == StudyColumn::Type::Integer)
                    integerKey = column.name;
            }
            table.columns.push_back(std::move(column));
        }
        for (const auto &[position, column] : key)
            table.key.push_back(column);
        // SQLite numbers a rowid table's rows by its one INTEGER PRIMARY KEY column.
        if (!withoutRowid && key.size() == 1 && integerKey == key.begin()->second)
            table.identity = integerKey;
        auto foreign = db.prepare("SELECT \"table\" FROM pragma_foreign_key_list(?1)");
        foreign.bind(1, table.name);
        while (foreign.step())
            if (foreign.textAt(0) != table.name)
                parents[table.name].insert(foreign.textAt(0));
        found.push_back(std::move(table));
    }
    // Parents first, by name among tables that are ready at the same time, so the order is always the same.
    std::vector<StudyTable> ordered;
    std::set<std::string> placed;
    while (!found.empty()) {
        const auto ready = std::find_if(found.begin(), found.end(), [&](const StudyTable &table) {
            return std::all_of(parents[table.name].begin(), parents[table.name].end(),
                               [&](const std::string &parent) { return placed.count(parent) > 0; });
        });
        if (ready == found.end())
            fail("the study's tables refer to each other in a circle (" + found.front().name + ")");
        placed.insert(ready->name);
        ordered.push_back(std::move(*ready));
        found.erase(ready);
    }
    return ordered;
}

void StudyTables::checkSame(PgConnection &connection, const std::vector<StudyTable> &tables)
{
    const PgResult columns
        = connection.query("SELECT table_name, column_name, is_identity = 'YES' OR column_default LIKE "
                           "'%concord_new_candidate_id()%' FROM information_schema.columns "
                           "WHERE table_schema = current_schema() "
                           "AND table_name NOT IN ('concord_schema', 'concord_applied_edits')");
    std::map<std::string, std::set<std::string>> pgColumns;
    std::map<std::string, std::string> pgIdentity;
    for (int row = 0; row < columns.rows(); ++row) {
        const std::string table(columns.text(row, 0));
        pgColumns[table].insert(std::string(columns.text(row, 1)));
        // An identity column, or the summaries' ids a team study draws at random (PgSchema), number the rows.
        if (columns.text(row, 2) == "t")
            pgIdentity[table] = std::string(columns.text(row, 1));
    }
    const std::string where = "the study at PostgreSQL " + connection.display();
    for (const StudyTable &table : tables) {
        const auto it = pgColumns.find(table.name);
        if (it == pgColumns.end())
            fail(where + " has no table " + table.name);
        std::set<std::string> names;
        for (const StudyColumn &column : table.columns)
            names.insert(column.name);
        if (it->second != names)
            fail(where + ": table " + table.name + " has the columns " + join(it->second) + " instead of "
                 + join(names));
        const auto identity = pgIdentity.find(table.name);
        const std::string pgNumbering = identity == pgIdentity.end() ? std::string() : identity->second;
        if (pgNumbering != table.identity)
            fail(where + ": table " + table.name + " numbers its rows by '" + pgNumbering + "' instead of '"
                 + table.identity + "'");
        pgColumns.erase(it);
    }
    if (!pgColumns.empty())
        fail(where + " has a table the study file does not know: " + pgColumns.begin()->first);
}

std::string StudyTables::quoted(const std::string &identifier)
{
    std::string out = "\"";
    for (const char c : identifier) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

} // namespace concord::store
