// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/edit_outbox.h"
#include "error.h"
#include "store/annotation_edit.h"
#include "store/edit_sender.h"
#include "store/statement.h"
#include "store/study.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class QSocketNotifier;
class QTimer;
class QUndoStack;

namespace concord::store {
class EditJournal;
}

namespace concord::ui {

class LiveUpdates;

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
        TeamStatus(Server s = Server::None, int pending = 0)
            : server(s)
            , pendingEdits(pending)
        { }

        Server server = Server::None;
        int pendingEdits = 0;
        // Edits the server refused (a rule they break), set aside in the journal for the annotator to enter
        // again or drop (refusedEdits()).
        int refusedEdits = 0;
        // Why the last send failed for a reason other than a lost connection or a busy server (the study would
        // not open, the journal could not be read), and when it is tried again; empty once a send went through.
        QString sendProblem;
        int retryInSeconds = 0;

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
    // A team study whose server went away is reported (connectionLost) on the way.
    template <typename Fn> auto read(Fn &&fn) -> Result<decltype(fn(std::declval<store::Study &>()))>
    {
        if (!m_study)
            return Error{"no study is open", {}, 0, {}};
        return capture([&] {
            try {
                return fn(*m_study);
            } catch (const store::ConnectionLost &) {
                connectionLost();
                throw;
            }
        });
    }

    // Runs fn(study) in one transaction, as Study::write does; a team study whose server went away
    // (store::ConnectionLost, the edit's commit unknown) is reported (connectionLost) on the way.
    Status write(const std::function<void(store::Study &)> &fn);

    // Makes one annotator edit: on a study file it is written at once (Saved, or the study's error). On a
    // team study it is put in the local journal, on disk when this returns, and sent from there off the GUI
    // thread by an EditOutbox (Queued): the window never waits for the server. An edit the server then
    // refuses is reported through writeFailed. The status bar's count of unsent edits follows.
    Result<store::EditSender::Outcome> submit(const store::AnnotationEdit &edit);
    // Sends what waits in a team study's journal (after opening and whenever the server is back); a send
    // that meets a lost connection starts reconnecting again. An edit the server refuses is reported
    // through writeFailed.
    void flushEdits();
    // A team study's edits the server has not confirmed yet: waiting in the journal, or on their way.
    std::int64_t unsentEdits();
    // The edits the server refused, oldest first, each with the server's reason (none for a study file).
    Result<std::vector<std::pair<store::AnnotationEdit, std::string>>> refusedEdits();
    // Refused edits entered again (they wait after every edit made since, and are sent at once), or dropped for
    // good; teamStatus().refusedEdits follows.
    Status sendAgain(const std::vector<std::string> &editIds);
    Status dropRefused(const std::vector<std::string> &editIds);
    // Those edits, in the order they were made (none for a study file), or why the journal cannot be read.
    Result<std::vector<store::AnnotationEdit>> waitingEdits();
    // An edit on its way counts as unsent in the status bar only once it has waited this long: most reach
    // the server well before, and a count that blinks at every keystroke would say nothing.
    static constexpr int unsentShownAfterMs = 500;
    // While edits wait, how often their count is read again from the journal.
    static constexpr int recountUnsentMs = 2000;
    // A team study whose server is away: reads fail, edits wait in the journal.
    bool isOffline() const { return m_shared && m_teamStatus.server == Server::Reconnecting; }
    // Where a team study's unsent edits wait, beside the settings.
    static QString journalPath();

    // The team study's server is gone: the status turns Reconnecting, and attempts to connect again
    // start, each on a worker thread (connecting can take seconds), waiting longer after each
    // failure up to maxReconnectDelayMs; the first that works reconnects the study (Study::reconnect)
    // and emits reconnected(). Nothing for a study file, or while attempts run already.
    void connectionLost();
    // The wait before the first attempt to connect again, doubled after each failed one.
    static constexpr int firstReconnectDelayMs = 250;
    static constexpr int maxReconnectDelayMs = 8000;
    // Edits a busy server turned back (a lock held too long, a conflict) wait in the journal while the
    // connection stays up; they are sent again after this long, then after twice as long each time the
    // server is still busy, up to maxBusyRetryDelayMs. So are edits a send failed on for another reason
    // (the journal could not be read, the study would not open): that reason is reported once.
    static constexpr int busyRetryDelayMs = 1000;
    static constexpr int maxBusyRetryDelayMs = 8000;
    // Refusals within this long of the last message are counted in the status bar without another message.
    static constexpr int refusalQuietMs = 10000;

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
    // teamStatus().server changed: a team study was opened or closed, its connection lost or back.
    void connectionStateChanged();
    // teamStatus().pendingEdits changed.
    void pendingEditsChanged(int count);
    // teamStatus().refusedEdits, sendProblem or retryInSeconds changed.
    void sendStateChanged();
    // The server refused edits (set aside in the journal): what was shown of them is read again. A message says so
    // through writeFailed, once for a burst (refusalQuietMs).
    void editsRefused();
    // A send of a team study's edits ended (sent, or not: see teamStatus() and writeFailed).
    void editsSent();
    // The team study's server is back after connectionLost() and the study connected again: what waits
    // to be sent can be sent now.
    void reconnected();

private:
    Status adopt(Result<std::unique_ptr<store::Study>> result, const QString &path);
    void changeTeamStatus(TeamStatus status);
    // Watches the team study's connection while it is up (nothing for a study file).
    void watchServer();
    void unwatchServer();
    void scheduleReconnect();
    void tryReconnect();
    void reportPending();
    // Sends again later what a busy server turned back while the connection is up; nothing while offline,
    // where reconnecting sends it.
    void retryWhileBusy();
    void onEditsSent(const EditOutbox::Report &report);

    std::unique_ptr<store::Study> m_study;
    // A team study's journal, where edits wait, and the outbox that sends them; both null for a study file.
    std::unique_ptr<store::EditJournal> m_journal;
    EditOutbox *m_outbox = nullptr;
    QString m_path;
    QString m_displayName;
    bool m_shared = false;
    TeamStatus m_teamStatus;
    int m_reconnectDelayMs = firstReconnectDelayMs;
    int m_busyRetryDelayMs = busyRetryDelayMs;
    bool m_reconnecting = false;
    // Counts the studies adopted: an attempt to reconnect reports only to the study it was made for.
    quint64 m_generation = 0;
    QUndoStack *m_undoStack;
    QTimer *m_reconnectTimer;
    QTimer *m_busyRetryTimer;
    QTimer *m_unsentShownTimer;
    // While edits wait, their count is read again now and then: a send of a study closed meanwhile may
    // still deliver some, and reports to no one.
    QTimer *m_recountTimer;
    // The last failure of a send that was reported, so that retrying does not report it again and again.
    QString m_lastSendError;
    // What teamStatus() says of sending besides the server's state: kept as the server's state changes.
    int m_refusedEdits = 0;
    QString m_sendProblem;
    int m_retryInSeconds = 0;
    QElapsedTimer m_lastRefusalMessage;
    void recountRefused();
    LiveUpdates *m_live;
    QSocketNotifier *m_serverWatch = nullptr;
};

} // namespace concord::ui
