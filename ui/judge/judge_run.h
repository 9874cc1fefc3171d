#pragma once

#include "judge/runner.h"

#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>
#include <mutex>

class QThread;

Q_DECLARE_METATYPE(concord::judge::RunProgress)
Q_DECLARE_METATYPE(concord::judge::CostEstimate)

namespace concord::ui {

// One judge run in the background: a QThread owns the Runner (with its own connection to the study
// file) while run() blocks there; progress reaches the GUI thread as queued signals, at most about
// ten a second, so a fast run cannot flood the event loop. Cancel is safe at any moment.
class JudgeRun : public QObject {
    Q_OBJECT
public:
    explicit JudgeRun(QObject *parent = nullptr);
    ~JudgeRun() override;   // cancels a running run and waits for its thread

    bool isRunning() const { return m_thread != nullptr; }
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
    void onThreadFinished();

    // What the worker hands back, read on the GUI thread once the thread has ended.
    struct Outcome {
        enum class Kind { Run, Estimate } kind = Kind::Run;
        bool ok = false;
        judge::RunProgress progress;
        judge::CostEstimate estimate;
        QString error;
    };

    QThread *m_thread = nullptr;
    std::mutex m_mutex;                     // guards m_runner (cancel() from the GUI thread) and m_outcome
    std::shared_ptr<judge::Runner> m_runner;
    Outcome m_outcome;
};

} // namespace concord::ui
