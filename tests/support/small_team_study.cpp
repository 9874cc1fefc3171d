// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "small_team_study.h"

#include "small_study.h"

#include "common/study_session.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study_publisher.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

namespace concord::test {

QString SmallTeamStudy::setUp(const QString &applicationName)
{
    if (!m_dir.isValid())
        return QStringLiteral("no temporary folder");
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(applicationName);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    // The journal of unsent edits lives beside the settings: never the developer's own.
    QStandardPaths::setTestModeEnabled(true);
    QFile::remove(ui::StudySession::journalPath());
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", m_dir.filePath(QStringLiteral("no-pgpass")).toLocal8Bit());

    m_cluster = std::make_unique<PgTestCluster>();
    if (!m_cluster->ok())
        return m_cluster->error();
    m_adminUri = m_cluster->createDatabase(QStringLiteral("team"));
    if (m_adminUri.empty())
        return m_cluster->error();
    const QString file = m_dir.filePath(QStringLiteral("small.concord"));
    if (const QString created = SmallStudy::create(file); !created.isEmpty())
        return created;
    const auto published = store::StudyPublisher::publish(file.toStdString(), m_adminUri);
    if (!published)
        return QString::fromStdString(published.error().describe());
    store::PgConnection admin(m_adminUri);
    store::PgTeam::addMember(admin, "ann", "expert", store::TeamRole::Annotator);
    return m_cluster->exec("ALTER ROLE ann PASSWORD 'ann-pw'");
}

std::string SmallTeamStudy::annUri() const
{
    return m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team"));
}

} // namespace concord::test
