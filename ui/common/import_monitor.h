// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/import_progress.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace concord::ui {

// An import's progress and its cancel, between the worker thread that runs the import and the
// widgets that show it. The worker's callback only writes atomics that the GUI thread reads on a
// timer: it never touches a QObject, so it may outlive the monitor, and a fast import costs no
// queued events.
class ImportMonitor : public QObject {
    Q_OBJECT

public:
    // Runs on the worker thread with every report, before the cancel is looked at.
    using WorkerHook = std::function<void(std::int64_t done, std::int64_t total)>;

    explicit ImportMonitor(QObject *parent = nullptr);

    // Starts watching a new import: the callback is for ImportRequest::run or an importer, on the worker.
    io::ImportProgress::Callback start();
    // The import has returned: shows its last progress and stops watching. True when it was stopped
    // by cancel(), so that its failure is the cancel and not an error to show.
    bool finish();
    // Stops the running import when it next reports; it keeps nothing it read.
    void cancel();
    bool isRunning() const { return m_running; }
    // The share of the import's bytes read so far, 0–100.
    int percent() const { return m_percent; }

    // "Import cancelled; nothing was imported".
    static QString cancelledText();

    // For tests: a hook that lets them hold an import at a known point (the first block read).
    void setWorkerHook(WorkerHook hook) { m_hook = std::move(hook); }

Q_SIGNALS:
    // On the GUI thread, when the share read has changed.
    void progressed(int percent);

private:
    struct State {
        std::atomic<std::int64_t> done{0};
        std::atomic<std::int64_t> total{0};
        std::atomic<bool> cancelRequested{false};
        std::atomic<bool> stopped{false}; // the callback has refused to go on
    };

    void poll();

    std::shared_ptr<State> m_state;
    WorkerHook m_hook;
    QTimer m_timer;
    bool m_running = false;
    int m_percent = 0;
};

} // namespace concord::ui
