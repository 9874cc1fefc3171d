// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// runInBackground: the work runs off the GUI thread, its value or error (also a thrown exception)
// comes back on the context's thread, and a context destroyed first is never called back.
#include "common/background_job.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <stdexcept>

using concord::Error;
using concord::Result;
using concord::ui::runInBackground;

class TestBackgroundJob : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deliversTheValueOnTheContextThread();
    void deliversTheWorksError();
    void turnsExceptionsIntoErrors();
    void aDestroyedContextIsNotCalledBack();
    void runsOnTheGivenPool();
};

void TestBackgroundJob::deliversTheValueOnTheContextThread()
{
    QObject context;
    QThread *worker = nullptr;
    std::optional<Result<int>> got;
    QThread *deliveredOn = nullptr;
    runInBackground<int>(
        &context,
        [&worker]() -> Result<int> {
            worker = QThread::currentThread();
            return 42;
        },
        [&](Result<int> outcome) {
            deliveredOn = QThread::currentThread();
            got.emplace(std::move(outcome));
        });
    QTRY_VERIFY(got.has_value());
    QVERIFY(got->ok());
    QCOMPARE(got->value(), 42);
    QVERIFY(worker != nullptr);
    QVERIFY(worker != QThread::currentThread());
    QCOMPARE(deliveredOn, QThread::currentThread());
}

void TestBackgroundJob::deliversTheWorksError()
{
    QObject context;
    std::optional<Result<QString>> got;
    runInBackground<QString>(
        &context,
        []() -> Result<QString> {
            return Error{"no such file", "a.jsonl", 3, {}};
        },
        [&](Result<QString> outcome) { got.emplace(std::move(outcome)); });
    QTRY_VERIFY(got.has_value());
    QVERIFY(!got->ok());
    QCOMPARE(got->error().describe(), std::string("a.jsonl:3: no such file"));
}

void TestBackgroundJob::turnsExceptionsIntoErrors()
{
    QObject context;
    std::optional<Result<int>> standard;
    std::optional<Result<int>> other;
    runInBackground<int>(
        &context, []() -> Result<int> { throw std::runtime_error("disk full"); },
        [&](Result<int> outcome) { standard.emplace(std::move(outcome)); });
    runInBackground<int>(
        &context, []() -> Result<int> { throw 7; }, [&](Result<int> outcome) { other.emplace(std::move(outcome)); });
    QTRY_VERIFY(standard.has_value() && other.has_value());
    QVERIFY(!standard->ok());
    QCOMPARE(standard->error().message, std::string("disk full"));
    QVERIFY(!other->ok());
    QCOMPARE(QString::fromStdString(other->error().message), QStringLiteral("an unexpected error occurred"));
}

void TestBackgroundJob::aDestroyedContextIsNotCalledBack()
{
    QSemaphore started;
    QSemaphore release;
    std::atomic<bool> returned = false;
    bool called = false;
    {
        QObject context;
        runInBackground<int>(
            &context,
            [&]() -> Result<int> {
                started.release();
                release.acquire();
                returned = true;
                return 1;
            },
            [&](Result<int>) { called = true; });
        started.acquire();
    }
    release.release();
    QTRY_VERIFY(returned.load());
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QVERIFY(!called);
}

void TestBackgroundJob::runsOnTheGivenPool()
{
    QObject context;
    QThreadPool pool;
    pool.setMaxThreadCount(1);
    std::atomic<int> active = 0;
    QList<QThread *> threads;
    for (int i = 0; i < 3; ++i)
        runInBackground<QThread *>(
            &context,
            [&]() -> Result<QThread *> {
                active = pool.activeThreadCount();
                return QThread::currentThread();
            },
            [&](Result<QThread *> outcome) { threads << outcome.value(); }, &pool);
    QTRY_COMPARE(threads.size(), 3);
    QCOMPARE(active.load(), 1); // counted by the given pool, not Qt's global one
    QCOMPARE(threads.count(threads.front()), 3);
    QVERIFY(threads.front() != QThread::currentThread());
}

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "tst_background_job.moc"
