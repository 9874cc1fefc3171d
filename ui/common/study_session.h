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

class LiveUpdates;

// The study the window shows: owns the one GUI-thread connection to the study file.
// Every view reads through it, and the QUndoStack of the annotation edits hangs here so that
// every command writes through the same connection.
class StudySession : public QObject {
    Q_OBJECT
public:
    explicit StudySession(QObject *parent = nullptr);
    ~StudySession() override;

    // Each returns the error a person can act on; on failure the session keeps what it had.
    Status open(const QString &path);
    Status create(const QString &path);
    void close();

    bool isOpen() const { return m_study != nullptr; }
    // The study file's path, empty when none is open.
    QString path() const { return m_path; }
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
    // Follows a team study's commits while one is open (contentChanged); idle for a study file and for an
    // annotator's blind session.
    LiveUpdates *liveUpdates() const { return m_live; }

Q_SIGNALS:
    // A study was opened, created, closed, or its contents changed: views reload.
    void studyChanged();
    // Others (a team's members) committed changes to the open team study: views that show numbers drawn
    // from it recompute, off the GUI thread as after studyChanged. Unlike studyChanged, nothing is reset:
    // the undo stack, the annotator, the document shown and the controls stay as they are.
    void contentChanged();
    // An undo or redo could not be written (the edit did not happen); the text says why.
    void writeFailed(const QString &message);

private:
    Status adopt(Result<std::unique_ptr<store::Study>> result, const QString &path);

    std::unique_ptr<store::Study> m_study;
    QString m_path;
    QUndoStack *m_undoStack;
    LiveUpdates *m_live;
};

} // namespace concord::ui
