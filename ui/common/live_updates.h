// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <memory>

class QSocketNotifier;
class QTimer;

namespace concord::store {
class PgListener;
}

namespace concord::ui {

// Follows a team study's commits as they arrive (store::PgListener on a connection of its own): the window
// learns that the team's work changed the study without asking the server again and again. Notifications
// come in bursts (thirty annotators at work); a burst is gathered for a short while and announced once, and
// the next burst no sooner than that, so the views recompute a few times a second at most. Connecting runs
// on a worker thread, since a server far away may take seconds to answer. A lost connection is tried again
// after a growing pause; coming back is announced as a change, since commits meanwhile were not heard.
class LiveUpdates : public QObject {
    Q_OBJECT
public:
    explicit LiveUpdates(QObject *parent = nullptr);
    ~LiveUpdates() override;

    // Follows the team study at CONNECTION (a libpq connection string) from now on; a study file's path
    // or nothing follows nothing.
    void follow(const QString &connection);
    void stop();
    // A listener is connected and hears commits now.
    bool isListening() const { return m_listener != nullptr; }
    // How long a burst is gathered before it is announced.
    int coalesceInterval() const;
    void setCoalesceInterval(int milliseconds);

Q_SIGNALS:
    // Others committed changes to the study (or may have while the connection was lost): what shows
    // numbers drawn from it recomputes, without losing the user's place.
    void changed();
    // Listening began or ended: connected, lost, stopped.
    void listeningChanged(bool listening);

private:
    void connectInBackground();
    void onConnected(std::shared_ptr<store::PgListener> listener);
    void onReadable();
    void drop();
    void retryLater();

    QString m_connection;
    quint64 m_generation = 0; // a connection made for an earlier follow() or before stop() is dropped
    bool m_connecting = false;
    bool m_wasLost = false; // the next connection made announces a change
    int m_retryDelay;
    std::shared_ptr<store::PgListener> m_listener;
    QSocketNotifier *m_notifier = nullptr;
    QTimer *m_coalesce;
    QTimer *m_retry;
};

} // namespace concord::ui
