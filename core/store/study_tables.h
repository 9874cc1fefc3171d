// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace concord::store {

class Database;
class PgConnection;

// One column of a study's table, with the type its values travel in between the two backends.
struct StudyColumn {
    enum class Type { Integer, Real, Text, Blob };
    std::string name;
    Type type = Type::Text;
};

// One table of a study: its columns in declared order, its primary key, and the column that numbers its
// rows (an INTEGER PRIMARY KEY in the file, an identity column on PostgreSQL; empty when there is none).
struct StudyTable {
    std::string name;
    std::vector<StudyColumn> columns;
    std::vector<std::string> key;
    std::string identity;
};

// The tables of a study as publish and pull copy them, read from one place: the study file's own schema
// (store/schema), so the two directions cannot drift apart and a new column travels without more code.
class StudyTables {
public:
    // Every table of the study file, parents before the tables that refer to them (foreign-key order).
    static std::vector<StudyTable> of(Database &db);
    // Throws concord::Failure naming the first difference when the PostgreSQL study (the connection's
    // current schema) has not the same tables, columns and identity columns.
    static void checkSame(PgConnection &connection, const std::vector<StudyTable> &tables);
    // "name" with double quotes, for a table or column name taken from the schema (never a value).
    static std::string quoted(const std::string &identifier);
};

} // namespace concord::store
