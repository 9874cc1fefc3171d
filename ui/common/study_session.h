// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/study.h"

#include <QObject>
#include <QString>

#include <memory>

class QUndoStack;

namespace concord::ui {

// The study the window shows: owns the one GUI-thread connection to the study, a file or a team
// study on a PostgreSQL server. Every view reads through it, and the QUndoStack of the annotation
// edits hangs here so that every command writes through the same connection.
class StudySession : public QObject {
    Q_OBJECT
public:
    // The server of a team study as the window shows it. None: a study file, or nothing open.
    enum class Server { None, Connected, Reconnecting, ReadOnly };
    // What the status bar says about a team study: its server, and the edits made while the connection
    // was lost that wait in the local journal to be sent.
    struct TeamStatus {
        Server server = Server::None;
        int pendingEdits = 0;

        friend bool operator==(const TeamStatus &, const TeamStatus &) = default;
    };

    explicit StudySession(QObject *parent = nullptr);
    ~StudySession() override;

    // Each returns the error a person can act on; on failure the session keeps what it had.
    // open() takes a study file's path or a libpq connection string (a team study); an error never
    // shows a password the connection string holds.
    Status open(const QString &pathOrConnection);
    Status create(const QString &path);
    void close();

    bool isOpen() const { return m_study != nullptr; }
    // The study file's absolute path, or a team study's connection string as given, which may hold a
    // password: for workers that open their own connection, never for display or settings. Empty
    // when none is open.
    QString path() const { return m_path; }
    // What a person may see of path(): a team study's connection string without its password, or the
    // study file's path.
    QString displayName() const { return m_displayName; }
    // A team study on a server (opened from a connection string), not a study file.
    bool isShared() const { return m_shared; }

    // The server and the unsent edits of a team study. The part that sends edits reports here after
    // each result (setTeamStatus({online ? Connected : Reconnecting, pending})); a study file stays at
    // Server::None and ignores it.
    TeamStatus teamStatus() const { return m_teamStatus; }
    void setTeamStatus(TeamStatus status);
    // Valid only while isOpen(); reads throw concord::Failure, so call them through read().
    store::Study *study() const { return m_study.get(); }

    // Runs fn(study) and turns any failure (including "no study open") into an Error value,
    // so that nothing thrown by core reaches Qt's event loop.
    template <typename Fn> auto read(Fn &&fn) -> Result<decltype(fn(std::declval<store::Study &>()))>
    {
        if (!m_study)
            return Error{"no study is open", {}, 0, {}};
        return capture([&] { return fn(*m_study); });
    }

    // After another connection (an import on a worker thread) committed: tells the views to reload.
    // Core reads hold no snapshot between calls, so this connection sees the commit at once.
    Status refresh();

    // Every annotation edit as a command that writes through this session's study; emptied
    // whenever another study is opened or the study is closed.
    QUndoStack *undoStack() const { return m_undoStack; }

Q_SIGNALS:
    // A study was opened, created, closed, or its contents changed: views reload.
    void studyChanged();
    // An undo or redo could not be written (the edit did not happen); the text says why.
    void writeFailed(const QString &message);
    // teamStatus().server changed: a team study was opened or closed, its connection lost or back.
    void connectionStateChanged();
    // teamStatus().pendingEdits changed.
    void pendingEditsChanged(int count);

private:
    Status adopt(Result<std::unique_ptr<store::Study>> result, const QString &path);
    void changeTeamStatus(TeamStatus status);

    std::unique_ptr<store::Study> m_study;
    QString m_path;
    QString m_displayName;
    bool m_shared = false;
    TeamStatus m_teamStatus;
    QUndoStack *m_undoStack;
};

} // namespace concord::ui
