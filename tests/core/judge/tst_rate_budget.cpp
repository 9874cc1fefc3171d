// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The requests- and tokens-a-minute budget of an online run: full at the start, refilled continuously, a request
// larger than the budget waiting for a full one, no limit at 0 — on a clock the test moves by hand.
#include "judge/rate_budget.h"

#include <QTest>

#include <chrono>

using concord::judge::RateBudget;
using namespace std::chrono_literals;

class TestRateBudget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void waits_data();
    void waits();
    void sustainedRateIsThePerMinuteLimit();
    void earlierClockReadingDrainsNothing();
};

void TestRateBudget::waits_data()
{
    QTest::addColumn<double>("perMinute");
    QTest::addColumn<double>("spent");        // spent at the start
    QTest::addColumn<double>("afterSeconds"); // then asked this much later
    QTest::addColumn<double>("amount");
    QTest::addColumn<double>("wait"); // seconds

    QTest::newRow("full at the start") << 60.0 << 0.0 << 0.0 << 1.0 << 0.0;
    QTest::newRow("a minute's worth spent: one a second") << 60.0 << 60.0 << 0.0 << 1.0 << 1.0;
    QTest::newRow("half refilled") << 60.0 << 60.0 << 0.5 << 1.0 << 0.5;
    QTest::newRow("refilled") << 60.0 << 60.0 << 1.0 << 1.0 << 0.0;
    QTest::newRow("tokens: 6,000 a minute, 1,000 asked") << 6000.0 << 6000.0 << 0.0 << 1000.0 << 10.0;
    QTest::newRow("tokens: part refilled") << 6000.0 << 6000.0 << 4.0 << 1000.0 << 6.0;
    QTest::newRow("more than the budget waits for a full one") << 100.0 << 100.0 << 0.0 << 500.0 << 60.0;
    QTest::newRow("more than the budget, budget full") << 100.0 << 0.0 << 0.0 << 500.0 << 0.0;
    QTest::newRow("refill stops at the capacity") << 60.0 << 30.0 << 600.0 << 60.0 << 0.0;
    QTest::newRow("no limit") << 0.0 << 1e9 << 0.0 << 1e9 << 0.0;
    QTest::newRow("negative: no limit") << -5.0 << 10.0 << 0.0 << 10.0 << 0.0;
}

void TestRateBudget::waits()
{
    QFETCH(double, perMinute);
    QFETCH(double, spent);
    QFETCH(double, afterSeconds);
    QFETCH(double, amount);
    QFETCH(double, wait);
    const auto start = RateBudget::Clock::time_point{} + 1000s;
    RateBudget budget(perMinute, start);
    QCOMPARE(budget.unlimited(), perMinute <= 0);
    if (spent > 0)
        budget.spend(spent, start);
    const auto later
        = start + std::chrono::duration_cast<RateBudget::Clock::duration>(std::chrono::duration<double>(afterSeconds));
    QVERIFY2(std::abs(budget.wait(amount, later) - wait) < 1e-9,
             qPrintable(QStringLiteral("waits %1 s").arg(budget.wait(amount, later))));
}

// Spending whenever the budget allows, for ten simulated minutes: the requests sent are one minute's full
// budget plus the limit for every minute after.
void TestRateBudget::sustainedRateIsThePerMinuteLimit()
{
    auto now = RateBudget::Clock::time_point{} + 1000s;
    RateBudget budget(120, now);
    int sent = 0;
    const auto end = now + 600s;
    while (now < end) {
        const double w = budget.wait(1, now);
        if (w > 0) {
            now += std::chrono::duration_cast<RateBudget::Clock::duration>(std::chrono::duration<double>(w));
            continue;
        }
        budget.spend(1, now);
        ++sent;
    }
    QVERIFY2(sent >= 120 + 10 * 120 - 1 && sent <= 120 + 10 * 120 + 1, qPrintable(QString::number(sent)));
}

// A reading of the clock taken before the last one (two callers) neither refills nor drains the budget.
void TestRateBudget::earlierClockReadingDrainsNothing()
{
    const auto start = RateBudget::Clock::time_point{} + 1000s;
    RateBudget budget(60, start);
    budget.spend(30, start + 10s);
    QCOMPARE(budget.wait(30, start), 0.0);
    QCOMPARE(budget.wait(31, start + 10s), 1.0);
}

QTEST_GUILESS_MAIN(TestRateBudget)
#include "tst_rate_budget.moc"
