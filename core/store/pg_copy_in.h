// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace concord::store {

class PgConnection;

// COPY ... FROM STDIN in PostgreSQL's text format: rows of values sent in large blocks (PQputCopyData),
// far faster than one INSERT per row, with every value escaped so that a tab, a newline or a backslash in
// a text stays text. Values never become SQL. An unfinished copy is abandoned on destruction, which fails
// the statement and with it the surrounding transaction.
class PgCopyIn {
public:
    // Starts the COPY statement (fixed SQL naming a table and its columns); throws concord::Failure.
    PgCopyIn(PgConnection &connection, std::string_view copySql);
    ~PgCopyIn();
    PgCopyIn(const PgCopyIn &) = delete;
    PgCopyIn &operator=(const PgCopyIn &) = delete;

    void addNull();
    void addInteger(std::int64_t value);
    // Written so that the server reads back the same double (shortest round-trip form).
    void addReal(double value);
    void addText(std::string_view value);
    void endRow();
    // Sends what is left and ends the copy; throws with the server's reason when it refused a row.
    void finish();

private:
    void separate();
    void flush();

    PgConnection &m_connection;
    std::string m_buffer;
    bool m_rowStarted = false;
    bool m_open = false;
};

} // namespace concord::store
