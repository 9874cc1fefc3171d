// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg_login.h"

#include <QStringList>

#include <libpq-fe.h>

namespace concord::test {

PgLogin::PgLogin(const std::string &uri)
    : m_conn(PQconnectdb(uri.c_str()))
{ }

PgLogin::~PgLogin()
{
    PQfinish(m_conn);
}

bool PgLogin::connected() const
{
    return PQstatus(m_conn) == CONNECTION_OK;
}

QString PgLogin::connectionError() const
{
    return QString::fromUtf8(PQerrorMessage(m_conn));
}

QString PgLogin::run(const std::string &sql)
{
    PGresult *result = PQexec(m_conn, sql.c_str());
    QString out;
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_TUPLES_OK) {
        QStringList values;
        for (int row = 0; row < PQntuples(result); ++row)
            values << QString::fromUtf8(PQgetvalue(result, row, 0));
        out = values.join(QLatin1Char(','));
    } else if (status == PGRES_COMMAND_OK) {
        out = QString::fromUtf8(PQcmdStatus(result));
    } else {
        out = QStringLiteral("error: ") + QString::fromUtf8(PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY));
    }
    PQclear(result);
    return out;
}

} // namespace concord::test
