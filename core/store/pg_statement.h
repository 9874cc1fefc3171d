// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/pg_result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {

class PgConnection;

// A Statement of a team study: the study's SQL, written for SQLite, translated once into PostgreSQL's
// (translate()), run with its bound values through PQexecParams when first stepped, and its result
// rows stepped through. Values go as text with their types, so a number reaches the server exactly.
// Stepped again after it returned false, it runs again with the values still bound, as SQLite's statements do.
class PgStatement {
public:
    PgStatement(PgConnection &connection, std::string_view sql);

    void bindInteger(int index, std::int64_t value);
    void bindReal(int index, double value);
    void bindText(int index, std::string_view value);
    void bindNull(int index);

    bool step();
    void reset();

    bool isNull(int column) const;
    std::int64_t integerAt(int column) const; // a boolean reads 1 or 0, as in SQLite
    double realAt(int column) const;
    std::string_view textAt(int column) const;

    // SQLite's SQL as PostgreSQL reads it: ?N and ? become $N (outside quoted text and names), a table's
    // WITHOUT ROWID goes, and the temp. schema is PostgreSQL's pg_temp. PARAMETERS gets the highest $N.
    static std::string translate(std::string_view sql, int *parameters = nullptr);

private:
    void set(int index, unsigned type, std::string value);

    PgConnection *m_connection;
    std::string m_sql;
    std::vector<std::optional<std::string>> m_values;
    std::vector<unsigned> m_types;
    std::optional<PgResult> m_result;
    int m_row = -1;
};

} // namespace concord::store
