// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// ShownComputation, what the comparison tabs compute through: nothing while hidden, once when shown; a result that
// arrives after a newer request is dropped and its work told to stop; the busy bar shows while anything runs.
#include "common/shown_computation.h"

#include <QProgressBar>
#include <QTest>
#include <QWidget>

#include <atomic>
#include <memory>
#include <thread>

using concord::Result;
using concord::ui::ShownComputation;

class TestShownComputation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nothingWhileHiddenOnceWhenShown();
    void anOlderResultIsDropped();
    void droppingCancels();
};

void TestShownComputation::nothingWhileHiddenOnceWhenShown()
{
    QWidget owner;
    auto *busy = new QProgressBar(&owner);
    int refreshes = 0;
    ShownComputation computation(&owner, busy, [&] { ++refreshes; });
    computation.invalidate();
    computation.invalidate();
    QCOMPARE(refreshes, 0);
    owner.show();
    computation.shown();
    QCOMPARE(refreshes, 1);
    computation.shown(); // shown again with nothing changed
    QCOMPARE(refreshes, 1);
    computation.invalidate(); // a change while shown computes at once
    QCOMPARE(refreshes, 2);
}

void TestShownComputation::anOlderResultIsDropped()
{
    QWidget owner;
    auto *busy = new QProgressBar(&owner);
    ShownComputation computation(&owner, busy, [] {});
    owner.show();
    auto gate = std::make_shared<std::atomic<bool>>(false);
    auto sawCancel = std::make_shared<std::atomic<bool>>(false);
    QList<int> delivered;
    // The first waits until let go, and sees that it was cancelled by the second request.
    computation.start<int>(
        [gate, sawCancel](const std::atomic<bool> *cancel) -> Result<int> {
            while (!gate->load())
                std::this_thread::yield();
            sawCancel->store(cancel->load());
            return 1;
        },
        [&](Result<int> outcome) { delivered << outcome.value(); });
    QVERIFY(busy->isVisibleTo(&owner));
    QVERIFY(computation.isRunning());
    computation.start<int>([](const std::atomic<bool> *) -> Result<int> { return 2; },
                           [&](Result<int> outcome) { delivered << outcome.value(); });
    QTRY_COMPARE(delivered, QList<int>{2});
    QVERIFY(computation.isRunning()); // the first still runs: the bar stays
    QVERIFY(busy->isVisibleTo(&owner));
    gate->store(true);
    QTRY_VERIFY(!computation.isRunning());
    QVERIFY(!busy->isVisibleTo(&owner));
    QCOMPARE(delivered, QList<int>{2}); // the first's result never arrived
    QVERIFY(sawCancel->load());
}

void TestShownComputation::droppingCancels()
{
    QWidget owner;
    auto *busy = new QProgressBar(&owner);
    ShownComputation computation(&owner, busy, [] {});
    owner.show();
    auto gate = std::make_shared<std::atomic<bool>>(false);
    auto sawCancel = std::make_shared<std::atomic<bool>>(false);
    bool delivered = false;
    computation.start<int>(
        [gate, sawCancel](const std::atomic<bool> *cancel) -> Result<int> {
            while (!gate->load())
                std::this_thread::yield();
            sawCancel->store(cancel->load());
            return 1;
        },
        [&](Result<int>) { delivered = true; });
    // The owner has nothing to compute any more (the study was closed, say).
    computation.drop();
    gate->store(true);
    QTRY_VERIFY(!computation.isRunning());
    QVERIFY(!delivered);
    QVERIFY(sawCancel->load());
}

QTEST_MAIN(TestShownComputation)
#include "tst_shown_computation.moc"
