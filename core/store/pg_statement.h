// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/pg_connection.h"
#include "store/pg_result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace concord::store {

// A Statement of a team study: the study's SQL, written for SQLite, translated once into PostgreSQL's
// (translate()), run with its bound values through PQexecParams when first stepped, and its result
// rows stepped through. Values go as text with their types, so a number reaches the server exactly.
// Stepped again after it returned false, it runs again with the values still bound, as SQLite's statements do.
class PgStatement {
public:
    // PREPARED: the statement is prepared on the server once per connection and types of its values
    // (Database::cached, run many times), rather than parsed and planned again on every run.
    PgStatement(PgConnection &connection, std::string_view sql, bool prepared = false);

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
    // A table named in STANDINS, as a whole unquoted word not after a dot, becomes its replacement.
    static std::string translate(std::string_view sql, int *parameters = nullptr,
                                 const std::vector<PgConnection::StandIn> &standIns = {});

private:
    void set(int index, unsigned type, std::string value);
    // The prepared statement for the types bound now, prepared on first use in this session.
    const std::string &preparedName();

    PgConnection *m_connection;
    std::string m_sql;
    std::vector<std::optional<std::string>> m_values;
    std::vector<unsigned> m_types;
    std::optional<PgResult> m_result;
    int m_row = -1;
    // The server's names of this statement, one per set of value types bound (an id or NULL), and the
    // connection's session they were prepared in.
    bool m_prepare = false;
    std::uint64_t m_session = 0;
    std::vector<std::pair<std::vector<unsigned>, std::string>> m_prepared;
};

} // namespace concord::store
