#include "judge/judge_run.h"

#include <QThread>

namespace concord::ui {

JudgeRun::JudgeRun(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<judge::RunProgress>();
    qRegisterMetaType<judge::CostEstimate>();
}

JudgeRun::~JudgeRun()
{
    if (m_thread) {
        cancel();
        m_thread->wait();
        delete m_thread;
    }
}

bool JudgeRun::start(const QString &studyPath, const judge::ProviderConfig &provider, const judge::RunOptions &options)
{
    if (m_thread)
        return false;
    auto runner = std::make_shared<judge::Runner>(studyPath.toStdString(), provider, options);
    {
        const std::lock_guard lock(m_mutex);
        m_runner = runner;
    }
    // Signals are emitted from the worker thread on this GUI-thread object: Qt queues them.
    m_thread = QThread::create([this, runner] {
        QElapsedTimer sinceLast;
        sinceLast.start();
        bool first = true;
        judge::RunProgress result;
        QString error;
        bool ok = false;
        try {
            auto outcome = runner->run([&](const judge::RunProgress &p) {
                // Throttled: the runner reports every answer; the window needs ~10 updates a second.
                if (first || sinceLast.elapsed() >= progressIntervalMs) {
                    first = false;
                    sinceLast.restart();
                    Q_EMIT progressed(p);
                }
            });
            ok = outcome.ok();
            if (ok)
                result = outcome.value();
            else
                error = QString::fromStdString(outcome.error().describe());
        } catch (const std::exception &e) {
            // Nothing may leave the worker thread: an escaped exception would end the program.
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = tr("an unexpected error occurred");
        }
        if (ok)
            Q_EMIT progressed(result);
        const std::lock_guard lock(m_mutex);
        m_outcome.kind = Outcome::Kind::Run;
        m_outcome.ok = ok;
        m_outcome.progress = result;
        m_outcome.error = error;
    });
    connect(m_thread, &QThread::finished, this, &JudgeRun::onThreadFinished);
    m_thread->start();
    return true;
}

bool JudgeRun::estimate(const QString &studyPath, const judge::ProviderConfig &provider, const judge::RunOptions &options)
{
    if (m_thread)
        return false;
    m_thread = QThread::create([this, path = studyPath.toStdString(), provider, options] {
        judge::CostEstimate value;
        QString error;
        bool ok = false;
        try {
            judge::Runner runner(path, provider, options);
            auto outcome = runner.estimate();
            ok = outcome.ok();
            if (ok)
                value = outcome.value();
            else
                error = QString::fromStdString(outcome.error().describe());
        } catch (const std::exception &e) {
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = tr("an unexpected error occurred");
        }
        const std::lock_guard lock(m_mutex);
        m_outcome.kind = Outcome::Kind::Estimate;
        m_outcome.ok = ok;
        m_outcome.estimate = value;
        m_outcome.error = error;
    });
    connect(m_thread, &QThread::finished, this, &JudgeRun::onThreadFinished);
    m_thread->start();
    return true;
}

void JudgeRun::cancel()
{
    const std::lock_guard lock(m_mutex);
    if (m_runner)
        m_runner->cancel();
}

void JudgeRun::onThreadFinished()
{
    Outcome outcome;
    {
        const std::lock_guard lock(m_mutex);
        m_runner.reset();
        outcome = m_outcome;
    }
    m_thread->deleteLater();
    m_thread = nullptr;
    // Told only now, when the thread is gone, so a receiver may start the next run at once.
    if (outcome.kind == Outcome::Kind::Run)
        Q_EMIT finished(outcome.ok, outcome.progress, outcome.error);
    else
        Q_EMIT estimated(outcome.ok, outcome.estimate, outcome.error);
}

} // namespace concord::ui
