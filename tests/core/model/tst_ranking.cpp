// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Rankings with ties: both entry styles accepted and normalised, impossible rankings refused,
// rank-to-score conversion.
#include "model/ranking.h"

#include <QTest>

using namespace concord::model;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::vector<double>)

class TestRanking : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void normalises_data();
    void normalises();
    void refusesImpossible_data();
    void refusesImpossible();
    void scores_data();
    void scores();
};

void TestRanking::normalises_data()
{
    QTest::addColumn<std::vector<int>>("input");
    QTest::addColumn<std::vector<int>>("expected");
    QTest::addColumn<QString>("style");
    QTest::newRow("competition") << std::vector<int>{1, 2, 2, 4} << std::vector<int>{1, 2, 2, 4}
                                 << QStringLiteral("competition");
    QTest::newRow("dense") << std::vector<int>{1, 2, 2, 3} << std::vector<int>{1, 2, 2, 4} << QStringLiteral("dense");
    QTest::newRow("no ties") << std::vector<int>{3, 1, 2, 5, 4} << std::vector<int>{3, 1, 2, 5, 4}
                             << QStringLiteral("either");
    QTest::newRow("tie at the end") << std::vector<int>{1, 2, 3, 3} << std::vector<int>{1, 2, 3, 3}
                                    << QStringLiteral("either");
    QTest::newRow("all tied") << std::vector<int>{1, 1, 1} << std::vector<int>{1, 1, 1} << QStringLiteral("either");
    QTest::newRow("dense, unordered") << std::vector<int>{2, 1, 3, 2, 1} << std::vector<int>{3, 1, 5, 3, 1}
                                      << QStringLiteral("dense");
    QTest::newRow("competition, two ties")
        << std::vector<int>{1, 1, 3, 3, 5} << std::vector<int>{1, 1, 3, 3, 5} << QStringLiteral("competition");
    QTest::newRow("single") << std::vector<int>{1} << std::vector<int>{1} << QStringLiteral("either");
}

void TestRanking::normalises()
{
    QFETCH(std::vector<int>, input);
    QFETCH(std::vector<int>, expected);
    QFETCH(QString, style);
    const auto r = normaliseRanking(input);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r.value().ranks, expected);
    QCOMPARE(QString::fromLatin1(toString(r.value().style).data()), style);
}

void TestRanking::refusesImpossible_data()
{
    QTest::addColumn<std::vector<int>>("input");
    QTest::addColumn<QString>("reason");
    QTest::newRow("gap after a single") << std::vector<int>{1, 3, 3, 3} << QStringLiteral("neither competition");
    QTest::newRow("no first place") << std::vector<int>{2, 2, 3} << QStringLiteral("neither competition");
    QTest::newRow("zero") << std::vector<int>{0, 1, 2} << QStringLiteral("start at 1");
    QTest::newRow("negative") << std::vector<int>{1, -2} << QStringLiteral("start at 1");
    QTest::newRow("too high") << std::vector<int>{1, 2, 7} << QStringLiteral("neither competition");
    QTest::newRow("empty") << std::vector<int>{} << QStringLiteral("empty");
}

void TestRanking::refusesImpossible()
{
    QFETCH(std::vector<int>, input);
    QFETCH(QString, reason);
    const auto r = normaliseRanking(input);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(reason), r.error().message.c_str());
    QCOMPARE(r.error().field, std::string("rank"));
}

void TestRanking::scores_data()
{
    QTest::addColumn<std::vector<int>>("ranks");
    QTest::addColumn<std::vector<double>>("expected");
    QTest::newRow("no ties") << std::vector<int>{1, 2, 3, 4, 5} << std::vector<double>{5, 4, 3, 2, 1};
    QTest::newRow("competition tie") << std::vector<int>{1, 2, 2, 4} << std::vector<double>{4, 3, 3, 1};
    // Dense input scores like its competition form: the scores only depend on the order.
    QTest::newRow("dense tie") << std::vector<int>{1, 2, 2, 3} << std::vector<double>{4, 3, 3, 1};
    QTest::newRow("all tied") << std::vector<int>{1, 1, 1} << std::vector<double>{3, 3, 3};
}

void TestRanking::scores()
{
    QFETCH(std::vector<int>, ranks);
    QFETCH(std::vector<double>, expected);
    QCOMPARE(rankScores(ranks), expected);
}

QTEST_APPLESS_MAIN(TestRanking)
#include "tst_ranking.moc"
