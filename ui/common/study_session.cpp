// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/study_session.h"

#include "store/connection_uri.h"

#include <QFileInfo>
#include <QUndoStack>

#include <algorithm>

namespace concord::ui {

StudySession::StudySession(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{ }

StudySession::~StudySession() = default;

Status StudySession::open(const QString &pathOrConnection)
{
    const std::string given = pathOrConnection.toStdString();
    auto result = store::Study::open(given);
    if (!result && store::isConnectionString(given)) {
        // libpq and the store may quote the connection string; a password in it must not reach the window.
        Error error = result.error();
        error.message = store::redactPassword(error.message, given);
        error.file = store::redactPassword(error.file, given);
        return error;
    }
    return adopt(std::move(result), pathOrConnection);
}

Status StudySession::create(const QString &path)
{
    return adopt(store::Study::create(path.toStdString()), path);
}

Status StudySession::adopt(Result<std::unique_ptr<store::Study>> result, const QString &path)
{
    if (!result)
        return result.error();
    // Commands hold ids of the old study: they must never run against another one.
    m_undoStack->clear();
    m_study = std::move(result).value();
    m_shared = store::isConnectionString(path.toStdString());
    // A connection string is no file name: it stays as given, and is shown without its password.
    m_path = m_shared ? path : QFileInfo(path).absoluteFilePath();
    m_displayName = m_shared ? QString::fromStdString(store::withoutPassword(path.toStdString())) : m_path;
    TeamStatus status;
    if (m_shared)
        status.server = m_study->isReadOnly() ? Server::ReadOnly : Server::Connected;
    changeTeamStatus(status);
    Q_EMIT studyChanged();
    return {};
}

void StudySession::close()
{
    if (!m_study)
        return;
    m_undoStack->clear();
    m_study.reset();
    m_path.clear();
    m_displayName.clear();
    m_shared = false;
    changeTeamStatus({});
    Q_EMIT studyChanged();
}

Status StudySession::refresh()
{
    if (!m_study)
        return Error{"no study is open", {}, 0, {}};
    Q_EMIT studyChanged();
    return {};
}

void StudySession::setTeamStatus(TeamStatus status)
{
    if (!m_shared)
        return;
    status.pendingEdits = std::max(0, status.pendingEdits);
    // A team study always has a server state; None is kept for a study file.
    if (status.server == Server::None)
        status.server = m_teamStatus.server;
    changeTeamStatus(status);
}

void StudySession::changeTeamStatus(TeamStatus status)
{
    const TeamStatus before = m_teamStatus;
    m_teamStatus = status;
    if (before.server != status.server)
        Q_EMIT connectionStateChanged();
    if (before.pendingEdits != status.pendingEdits)
        Q_EMIT pendingEditsChanged(status.pendingEdits);
}

} // namespace concord::ui
