// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/live_updates.h"

#include "common/background_job.h"
#include "store/connection_uri.h"
#include "store/pg_listener.h"

#include <QSocketNotifier>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace concord::ui {

namespace {

// A few recomputations a second at most, yet soon enough that a lead sees an answer as it is given.
constexpr int kCoalesceMs = 300;
// After a lost connection: tried again after one second, then twice as long each time, up to half a minute.
constexpr int kFirstRetryMs = 1000;
constexpr int kLongestRetryMs = 30000;

} // namespace

LiveUpdates::LiveUpdates(QObject *parent)
    : QObject(parent)
    , m_retryDelay(kFirstRetryMs)
    , m_coalesce(new QTimer(this))
    , m_retry(new QTimer(this))
{
    m_coalesce->setSingleShot(true);
    m_coalesce->setInterval(kCoalesceMs);
    connect(m_coalesce, &QTimer::timeout, this, &LiveUpdates::changed);
    m_retry->setSingleShot(true);
    connect(m_retry, &QTimer::timeout, this, &LiveUpdates::connectInBackground);
}

LiveUpdates::~LiveUpdates()
{
    // Unwatched before the listener closes its socket.
    delete m_notifier;
}

int LiveUpdates::coalesceInterval() const
{
    return m_coalesce->interval();
}

void LiveUpdates::setCoalesceInterval(int milliseconds)
{
    m_coalesce->setInterval(milliseconds);
}

void LiveUpdates::follow(const QString &connection)
{
    stop();
    if (!store::isConnectionString(connection.toStdString()))
        return;
    m_connection = connection;
    m_retryDelay = kFirstRetryMs;
    connectInBackground();
}

void LiveUpdates::stop()
{
    ++m_generation;
    m_connection.clear();
    m_connecting = false;
    m_wasLost = false;
    m_retry->stop();
    m_coalesce->stop();
    drop();
}

void LiveUpdates::drop()
{
    if (m_notifier) {
        // Possibly from inside the notifier's own signal: disabled at once, before its socket closes.
        m_notifier->setEnabled(false);
        m_notifier->deleteLater();
        m_notifier = nullptr;
    }
    if (m_listener) {
        m_listener.reset();
        Q_EMIT listeningChanged(false);
    }
}

void LiveUpdates::connectInBackground()
{
    if (m_connection.isEmpty() || m_connecting || m_listener)
        return;
    m_connecting = true;
    const quint64 generation = m_generation;
    runInBackground<std::shared_ptr<store::PgListener>>(
        this,
        [connection = m_connection.toStdString()]() -> Result<std::shared_ptr<store::PgListener>> {
            return std::make_shared<store::PgListener>(connection);
        },
        [this, generation](Result<std::shared_ptr<store::PgListener>> outcome) {
            if (generation != m_generation)
                return; // stopped, or following another study, meanwhile
            m_connecting = false;
            if (!outcome) {
                // Commits go unheard until a connection is made: the first one announces a change.
                m_wasLost = true;
                retryLater();
                return;
            }
            onConnected(std::move(outcome).value());
        });
}

void LiveUpdates::onConnected(std::shared_ptr<store::PgListener> listener)
{
    m_listener = std::move(listener);
    m_retryDelay = kFirstRetryMs;
    m_notifier = new QSocketNotifier(m_listener->socket(), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &LiveUpdates::onReadable);
    Q_EMIT listeningChanged(true);
    if (std::exchange(m_wasLost, false))
        m_coalesce->start();
    // Whatever arrived between LISTEN and the notifier.
    onReadable();
}

void LiveUpdates::onReadable()
{
    if (!m_listener)
        return;
    const bool heard = !m_listener->drain().empty();
    // The first notification of a burst starts the timer, later ones do not restart it: a steady stream
    // of commits is still announced every interval.
    if (heard && !m_coalesce->isActive())
        m_coalesce->start();
    if (m_listener->isLost()) {
        drop();
        m_wasLost = true;
        retryLater();
    }
}

void LiveUpdates::retryLater()
{
    if (m_connection.isEmpty())
        return;
    m_retry->start(m_retryDelay);
    m_retryDelay = std::min(m_retryDelay * 2, kLongestRetryMs);
}

} // namespace concord::ui
