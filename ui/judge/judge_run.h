// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/runner.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <memory>
#include <mutex>

Q_DECLARE_METATYPE(concord::judge::RunProgress)
Q_DECLARE_METATYPE(concord::judge::CostEstimate)

namespace concord::ui {

// One judge run in the background: a thread of its own (runInBackground on a pool of one, so a run
// of hours never holds up the short jobs) runs the Runner, with its own connection to the study
// file, while run() blocks there; progress reaches the GUI thread as queued signals, at most about
// ten a second, so a fast run cannot flood the event loop. Cancel is safe at any moment.
class JudgeRun : public QObject {
    Q_OBJECT
public:
    explicit JudgeRun(QObject *parent = nullptr);
    ~JudgeRun() override; // cancels a running run and waits for its thread

    bool isRunning() const { return m_busy; }
    // False if a run (or an estimate) is already under way.
    bool start(const QString &studyPath, const judge::ProviderConfig &provider, const judge::RunOptions &options);
    bool estimate(const QString &studyPath, const judge::ProviderConfig &provider, const judge::RunOptions &options);
    void cancel();

    // The minimum time between two progress signals.
    static constexpr int progressIntervalMs = 100;

Q_SIGNALS:
    void progressed(const concord::judge::RunProgress &progress);
    // ok: the run ended (finished or cancelled; progress says which); else error holds why it could not run.
    void finished(bool ok, const concord::judge::RunProgress &progress, const QString &error);
    void estimated(bool ok, const concord::judge::CostEstimate &estimate, const QString &error);

private:
    bool m_busy = false;
    std::mutex m_mutex; // guards m_runner: cancel() comes from the GUI thread
    std::shared_ptr<judge::Runner> m_runner;
    QThreadPool m_pool; // the run's own thread
};

} // namespace concord::ui
