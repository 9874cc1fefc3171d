// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Natural order of system names: numbers inside names compare as numbers (M8 before M10), and the
// order is total (case and leading zeros break ties), so sorting is stable across runs.
#include "common/natural_order.h"

#include <QStringList>
#include <QTest>

#include <algorithm>

using concord::ui::naturalCompare;
using concord::ui::naturalLess;

class TestNaturalOrder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void compares_data();
    void compares();
    void sortsSystems();
};

void TestNaturalOrder::compares_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");
    QTest::newRow("M8 before M10") << "M8"
                                   << "M10" << -1;
    QTest::newRow("M10 after M9") << "M10"
                                  << "M9" << 1;
    QTest::newRow("equal") << "M17"
                           << "M17" << 0;
    QTest::newRow("letters first decide") << "A10"
                                          << "B2" << -1;
    QTest::newRow("case-insensitive letters") << "m8"
                                              << "M10" << -1;
    QTest::newRow("case breaks a tie") << "M8"
                                       << "m8" << -1;
    QTest::newRow("leading zeros break a tie") << "M8"
                                               << "M08" << -1;
    QTest::newRow("leading zeros are the same number") << "M08"
                                                       << "M10" << -1;
    QTest::newRow("prefix first") << "M"
                                  << "M1" << -1;
    QTest::newRow("empty first") << ""
                                 << "M1" << -1;
    QTest::newRow("number before letter") << "1"
                                          << "a" << -1;
    QTest::newRow("several numbers") << "run2-v10"
                                     << "run2-v9" << 1;
    QTest::newRow("beyond 64 bits") << "x100000000000000000000"
                                    << "x99999999999999999999" << 1;
    QTest::newRow("non-Latin text") << "系统2"
                                    << "系统10" << -1;
}

void TestNaturalOrder::compares()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    QCOMPARE(naturalCompare(a, b), expected);
    QCOMPARE(naturalCompare(b, a), -expected); // antisymmetric
}

void TestNaturalOrder::sortsSystems()
{
    QStringList systems{QStringLiteral("M17"), QStringLiteral("M8"),  QStringLiteral("M10"), QStringLiteral("M9"),
                        QStringLiteral("M0"),  QStringLiteral("M23"), QStringLiteral("M1")};
    std::sort(systems.begin(), systems.end(), [](const QString &a, const QString &b) { return naturalLess(a, b); });
    QCOMPARE(systems,
             (QStringList{QStringLiteral("M0"), QStringLiteral("M1"), QStringLiteral("M8"), QStringLiteral("M9"),
                          QStringLiteral("M10"), QStringLiteral("M17"), QStringLiteral("M23")}));
}

QTEST_MAIN(TestNaturalOrder)
#include "tst_natural_order.moc"
