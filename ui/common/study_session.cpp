// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/study_session.h"

#include "common/background_job.h"
#include "common/live_updates.h"
#include "store/connection_uri.h"
#include "store/edit_journal.h"
#include "store/pg_connection.h"
#include "store/transaction.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <set>
#include <utility>

namespace concord::ui {

StudySession::StudySession(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
    , m_reconnectTimer(new QTimer(this))
    , m_busyRetryTimer(new QTimer(this))
    , m_unsentShownTimer(new QTimer(this))
    , m_recountTimer(new QTimer(this))
    , m_live(new LiveUpdates(this))
{
    m_unsentShownTimer->setSingleShot(true);
    connect(m_unsentShownTimer, &QTimer::timeout, this, &StudySession::reportPending);
    m_recountTimer->setSingleShot(true);
    connect(m_recountTimer, &QTimer::timeout, this, &StudySession::reportPending);
    m_reconnectTimer->setSingleShot(true);
    connect(m_reconnectTimer, &QTimer::timeout, this, &StudySession::tryReconnect);
    m_busyRetryTimer->setSingleShot(true);
    connect(m_busyRetryTimer, &QTimer::timeout, this, &StudySession::flushEdits);
    connect(m_live, &LiveUpdates::changed, this, &StudySession::contentChanged);
    connect(this, &StudySession::reconnected, this, &StudySession::flushEdits);
}

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
    const bool shared = store::isConnectionString(path.toStdString());
    std::unique_ptr<store::EditJournal> journal;
    // The journal is keyed by the connection without its password, which names the login and so the rater
    // whose edits an annotator's session makes.
    const std::string key = shared ? store::EditJournal::studyKey(path.toStdString()) : std::string();
    if (shared) {
        auto opened = store::EditJournal::open(journalPath().toStdString(), key, key);
        if (!opened)
            return opened.error();
        journal = std::move(opened).value();
    }
    // Commands hold ids of the old study: they must never run against another one.
    m_undoStack->clear();
    ++m_generation;
    m_reconnectTimer->stop();
    m_busyRetryTimer->stop();
    m_unsentShownTimer->stop();
    m_recountTimer->stop();
    m_lastSendError.clear();
    m_sendProblem.clear();
    m_retryInSeconds = 0;
    m_refusedEdits = 0;
    m_lastRefusalMessage.invalidate();
    m_busyRetryDelayMs = busyRetryDelayMs;
    m_reconnecting = false;
    // A send still running for the study before finishes on its own; its report goes nowhere.
    delete std::exchange(m_outbox, nullptr);
    m_journal = std::move(journal);
    m_study = std::move(result).value();
    m_shared = shared;
    if (m_journal) {
        m_outbox = new EditOutbox(path, journalPath(), key, this);
        connect(m_outbox, &EditOutbox::sent, this, &StudySession::onEditsSent);
    }
    // A connection string is no file name: it stays as given, and is shown without its password.
    m_path = m_shared ? path : QFileInfo(path).absoluteFilePath();
    m_displayName = m_shared ? QString::fromStdString(store::withoutPassword(path.toStdString())) : m_path;
    TeamStatus status;
    if (m_shared)
        status.server = m_study->isReadOnly() ? Server::ReadOnly : Server::Connected;
    // Edits an earlier session's server refused are still there to be seen.
    recountRefused();
    changeTeamStatus(status);
    watchServer();
    // A lead follows the team's work; an annotator's own window sees only their own, which they make here.
    m_live->follow(m_shared && !m_study->isBlind() ? path : QString());
    // An earlier session may have left edits that never reached the server.
    if (m_outbox && unsentEdits() > 0)
        flushEdits();
    Q_EMIT studyChanged();
    return {};
}

void StudySession::close()
{
    if (!m_study)
        return;
    m_undoStack->clear();
    ++m_generation;
    m_reconnectTimer->stop();
    m_busyRetryTimer->stop();
    m_unsentShownTimer->stop();
    m_recountTimer->stop();
    m_reconnecting = false;
    m_live->stop();
    unwatchServer();
    delete std::exchange(m_outbox, nullptr);
    m_study.reset();
    m_journal.reset();
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

Status StudySession::write(const std::function<void(store::Study &)> &fn)
{
    if (!m_study)
        return Error{"no study is open", {}, 0, {}};
    try {
        store::Transaction tx(m_study->database());
        fn(*m_study);
        tx.commit();
        return {};
    } catch (const store::ConnectionLost &lost) {
        connectionLost();
        return lost.error();
    } catch (const Failure &failure) {
        return failure.error();
    } catch (const std::exception &e) {
        return Error{e.what(), {}, 0, {}};
    }
}

QString StudySession::journalPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath(QStringLiteral("team-journal.sqlite"));
}

Result<store::EditSender::Outcome> StudySession::submit(const store::AnnotationEdit &edit)
{
    if (!m_study)
        return Error{"no study is open", {}, 0, {}};
    if (!m_outbox) {
        const Status written = write([&](store::Study &study) { edit.apply(study); });
        if (!written)
            return written.error();
        return store::EditSender::Outcome::Saved;
    }
    // In the journal first: from here on a killed process loses nothing, whatever the server does.
    const Status journaled = captureStatus([&] { m_journal->append(edit); });
    if (!journaled)
        return journaled.error();
    if (m_reconnecting) {
        reportPending();
    } else {
        m_unsentShownTimer->start(unsentShownAfterMs);
        flushEdits();
    }
    return store::EditSender::Outcome::Queued;
}

void StudySession::flushEdits()
{
    // While the server is away the session connects again first, and sends once it is back.
    if (!m_outbox || !m_study || m_study->isReadOnly() || m_reconnecting)
        return;
    m_outbox->send();
}

void StudySession::onEditsSent(const EditOutbox::Report &report)
{
    m_unsentShownTimer->stop();
    if (!report.online)
        connectionLost();
    reportPending();
    if (!report.flushed) {
        // Tried again later like a busy server, waiting longer each time; the same reason is not reported at
        // every try, and the status bar says when the next one is.
        const QString error = QString::fromStdString(report.flushed.error().describe());
        if (error != std::exchange(m_lastSendError, error))
            Q_EMIT writeFailed(error);
        m_sendProblem = error;
        m_retryInSeconds = (m_busyRetryDelayMs + 999) / 1000;
        retryWhileBusy();
        changeTeamStatus(m_teamStatus);
        Q_EMIT editsSent();
        return;
    }
    m_lastSendError.clear();
    m_sendProblem.clear();
    m_retryInSeconds = 0;
    if (report.flushed.value().busy)
        retryWhileBusy();
    else if (report.flushed.value().complete)
        m_busyRetryDelayMs = busyRetryDelayMs;
    // A burst of refusals is one message, not a dialog each, even when it spans several sends: the status bar
    // counts them and the list is one menu entry away.
    const auto &refused = report.flushed.value().refused;
    if (!refused.empty())
        Q_EMIT editsRefused();
    const bool quiet = m_lastRefusalMessage.isValid() && m_lastRefusalMessage.elapsed() < refusalQuietMs;
    if (!refused.empty() && !quiet) {
        m_lastRefusalMessage.start();
        const QString first = QString::fromStdString(refused.front().second.describe());
        Q_EMIT writeFailed(refused.size() == 1
                               ? tr("The server refused an edit: %1. Annotate > Refused Edits… shows it, to enter it "
                                    "again or drop it.")
                                     .arg(first)
                               : tr("The server refused %1 edits; the first: %2. Annotate > Refused Edits… shows them, "
                                    "to enter them again or drop them.")
                                     .arg(refused.size())
                                     .arg(first));
    }
    recountRefused();
    changeTeamStatus(m_teamStatus);
    Q_EMIT editsSent();
}

Result<std::vector<std::pair<store::AnnotationEdit, std::string>>> StudySession::refusedEdits()
{
    if (!m_journal)
        return std::vector<std::pair<store::AnnotationEdit, std::string>>{};
    return capture([&] { return m_journal->setAside(); });
}

Status StudySession::sendAgain(const std::vector<std::string> &editIds)
{
    if (!m_journal)
        return Error{"no team study is open", {}, 0, {}};
    const Status again = captureStatus([&] {
        for (const auto &id : editIds)
            m_journal->sendAgain(id);
    });
    recountRefused();
    reportPending();
    changeTeamStatus(m_teamStatus);
    if (again)
        flushEdits();
    return again;
}

Status StudySession::dropRefused(const std::vector<std::string> &editIds)
{
    if (!m_journal)
        return Error{"no team study is open", {}, 0, {}};
    // Only what is set aside: an edit still waiting is never dropped from here.
    const Status dropped = captureStatus([&] {
        std::set<std::string> aside;
        for (const auto &[edit, reason] : m_journal->setAside())
            aside.insert(edit.id);
        for (const auto &id : editIds)
            if (aside.contains(id))
                m_journal->remove(id);
    });
    recountRefused();
    changeTeamStatus(m_teamStatus);
    return dropped;
}

void StudySession::recountRefused()
{
    auto refused = refusedEdits();
    if (refused)
        m_refusedEdits = static_cast<int>(refused.value().size());
}

Result<std::vector<store::AnnotationEdit>> StudySession::waitingEdits()
{
    if (!m_journal)
        return std::vector<store::AnnotationEdit>{};
    return capture([&] { return m_journal->pending(); });
}

std::int64_t StudySession::unsentEdits()
{
    if (!m_journal)
        return 0;
    auto counted = capture([&] { return m_journal->count(); });
    return counted ? counted.value() : 0;
}

void StudySession::reportPending()
{
    if (!m_outbox || !m_study)
        return;
    Server server = m_study->isReadOnly() ? Server::ReadOnly : Server::Connected;
    if (m_reconnecting)
        server = Server::Reconnecting;
    const auto unsent = static_cast<int>(unsentEdits());
    setTeamStatus({server, unsent});
    if (unsent > 0 && !m_study->isReadOnly())
        m_recountTimer->start(recountUnsentMs);
}

void StudySession::retryWhileBusy()
{
    if (!m_outbox || m_reconnecting || m_study->isReadOnly() || m_busyRetryTimer->isActive())
        return;
    m_busyRetryTimer->start(m_busyRetryDelayMs);
    m_busyRetryDelayMs = std::min(m_busyRetryDelayMs * 2, maxBusyRetryDelayMs);
}

void StudySession::unwatchServer()
{
    // Later: this may run inside the notifier's own signal.
    if (auto *watch = std::exchange(m_serverWatch, nullptr)) {
        watch->setEnabled(false);
        watch->deleteLater();
    }
}

void StudySession::watchServer()
{
    unwatchServer();
    if (!m_shared || !m_study || m_reconnecting)
        return;
    store::PgConnection *server = m_study->database().postgres();
    if (!server || server->socket() < 0)
        return;
    // An idle window learns at once that the server went away (it says so on the connection before it ends
    // it), not at the next edit or read.
    m_serverWatch = new QSocketNotifier(server->socket(), QSocketNotifier::Read, this);
    connect(m_serverWatch, &QSocketNotifier::activated, this, [this] {
        store::PgConnection *connection = m_study ? m_study->database().postgres() : nullptr;
        if (!connection || !connection->stillConnected())
            connectionLost();
    });
}

void StudySession::connectionLost()
{
    if (!m_shared || m_reconnecting)
        return;
    unwatchServer();
    m_reconnecting = true;
    m_busyRetryTimer->stop();
    m_reconnectDelayMs = firstReconnectDelayMs;
    setTeamStatus({Server::Reconnecting, m_teamStatus.pendingEdits});
    scheduleReconnect();
}

void StudySession::scheduleReconnect()
{
    m_reconnectTimer->start(m_reconnectDelayMs);
    m_reconnectDelayMs = std::min(m_reconnectDelayMs * 2, maxReconnectDelayMs);
}

void StudySession::tryReconnect()
{
    if (!m_reconnecting)
        return;
    // Whether the server answers is asked on a connection of its own, off the GUI thread: an unreachable
    // host takes seconds to refuse. Only once it answers is the study's own connection reset, quickly.
    const quint64 generation = m_generation;
    runInBackground<bool>(
        this,
        [connection = m_path.toStdString()]() -> Result<bool> {
            store::PgConnection probe(connection);
            return true;
        },
        [this, generation](Result<bool> answered) {
            if (generation != m_generation || !m_reconnecting || !m_study)
                return;
            const Status back = answered ? captureStatus([this] { m_study->reconnect(); }) : Status(answered.error());
            if (!back) {
                scheduleReconnect();
                return;
            }
            m_reconnecting = false;
            watchServer();
            setTeamStatus({m_study->isReadOnly() ? Server::ReadOnly : Server::Connected, m_teamStatus.pendingEdits});
            Q_EMIT reconnected();
        });
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
    // What is said of sending is the session's own, whatever the caller knew of it.
    if (status.server != Server::None) {
        status.refusedEdits = m_refusedEdits;
        status.sendProblem = m_sendProblem;
        status.retryInSeconds = m_retryInSeconds;
    } else {
        status.refusedEdits = 0;
        status.sendProblem.clear();
        status.retryInSeconds = 0;
    }
    const TeamStatus before = m_teamStatus;
    m_teamStatus = status;
    if (before.server != status.server)
        Q_EMIT connectionStateChanged();
    if (before.pendingEdits != status.pendingEdits)
        Q_EMIT pendingEditsChanged(status.pendingEdits);
    if (before.refusedEdits != status.refusedEdits || before.sendProblem != status.sendProblem
        || before.retryInSeconds != status.retryInSeconds)
        Q_EMIT sendStateChanged();
}

} // namespace concord::ui
