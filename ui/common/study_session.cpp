// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/study_session.h"

#include "common/live_updates.h"
#include "store/connection_uri.h"

#include <QFileInfo>
#include <QUndoStack>

namespace concord::ui {

StudySession::StudySession(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
    , m_live(new LiveUpdates(this))
{
    connect(m_live, &LiveUpdates::changed, this, &StudySession::contentChanged);
}

StudySession::~StudySession() = default;

Status StudySession::open(const QString &path)
{
    return adopt(store::Study::open(path.toStdString()), path);
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
    // A connection string is no file: made absolute it would name another.
    const bool team = store::isConnectionString(path.toStdString());
    m_path = team ? path : QFileInfo(path).absoluteFilePath();
    // A lead follows the team's work; an annotator's own window sees only their own, which they make here.
    m_live->follow(team && !m_study->isBlind() ? path : QString());
    Q_EMIT studyChanged();
    return {};
}

void StudySession::close()
{
    if (!m_study)
        return;
    m_undoStack->clear();
    m_live->stop();
    m_study.reset();
    m_path.clear();
    Q_EMIT studyChanged();
}

Status StudySession::refresh()
{
    if (!m_study)
        return Error{"no study is open", {}, 0, {}};
    Q_EMIT studyChanged();
    return {};
}

} // namespace concord::ui
