// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers in prompts: prompts are cache keys, so the scales studies use must keep reading as they always have.
#include "judge/prompt_number.h"

#include <QTest>

using namespace concord::judge;

class TestPromptNumber : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void text_data();
    void text();
};

void TestPromptNumber::text_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("expected");

    QTest::newRow("integer") << 5.0 << 6 << "5";
    QTest::newRow("zero") << 0.0 << 6 << "0";
    QTest::newRow("negative integer") << -3.0 << 6 << "-3";
    QTest::newRow("half") << 0.5 << 6 << "0.5";
    QTest::newRow("scale of halves") << 2.5 << 6 << "2.5";
    QTest::newRow("six decimals") << 1.234567 << 6 << "1.234567";
    QTest::newRow("rounded at six") << 1.23456789 << 6 << "1.234568";
    QTest::newRow("mean of three") << 11.0 / 3.0 << 2 << "3.67";
    QTest::newRow("mean of two") << 3.5 << 2 << "3.5";
    QTest::newRow("rounds to an integer") << 3.999 << 2 << "4";
    QTest::newRow("negative fraction") << -0.25 << 6 << "-0.25";
}

void TestPromptNumber::text()
{
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(promptNumber(value, decimals)), expected);
}

QTEST_GUILESS_MAIN(TestPromptNumber)
#include "tst_prompt_number.moc"
