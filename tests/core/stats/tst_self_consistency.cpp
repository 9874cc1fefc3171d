// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge's self-consistency on hand-worked items: the vote share, and AlpacaEval's leave-one-out variance, zero-one
// against the others' majority (ties taken in expectation) and absolute against their median (midpoint of two).
#include "stats/self_consistency.h"

#include <QTest>

#include <cmath>

using namespace concord::stats;

Q_DECLARE_METATYPE(std::vector<double>)

class TestSelfConsistency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void item_data();
    void item();
    void averagedOverItems();
    void itemsWithOneAnswerAreLeftOut();
    void twoAnswersDisagreeing();
};

void TestSelfConsistency::item_data()
{
    QTest::addColumn<std::vector<double>>("answers");
    QTest::addColumn<double>("share");
    QTest::addColumn<double>("zeroOne");
    QTest::addColumn<double>("absolute");

    // All agree: nothing to disagree with.
    QTest::newRow("4 4 4") << std::vector<double>{4, 4, 4} << 1.0 << 0.0 << 0.0;
    // Each answer's others are two different values, tied for the majority, neither its own: error 1 each. The
    // medians, midpoints of two: 3 against {4, 5} is 1.5 from 4.5, 4 against {3, 5} is 0 from 4, 5 against {3, 4}
    // is 1.5 from 3.5.
    QTest::newRow("3 4 5") << std::vector<double>{3, 4, 5} << 1.0 / 3.0 << 1.0 << 1.0;
    // A 2 against {2, 3}: a tie it is in, 1 - 1/2, and 0.5 from the median 2.5; the 3 against {2, 2}: 1 and 1.
    QTest::newRow("2 2 3") << std::vector<double>{2, 2, 3} << 2.0 / 3.0 << 2.0 / 3.0 << 2.0 / 3.0;
    // The 1 against {2, 2, 2}: 1 and 1; a 2 against {1, 2, 2}: the majority 2 and the median 2, 0 and 0.
    QTest::newRow("1 2 2 2") << std::vector<double>{1, 2, 2, 2} << 0.75 << 0.25 << 0.25;
    // Order does not matter.
    QTest::newRow("2 1 2 2") << std::vector<double>{2, 1, 2, 2} << 0.75 << 0.25 << 0.25;
    // A binary judge: 1 against {1, 0, 0}: majority 0, error 1; median 0, error 1. A 0 against {1, 1, 0}: majority 1,
    // error 1; median 1, error 1. Every answer is off: share 1/2, both variances 1.
    QTest::newRow("1 1 0 0") << std::vector<double>{1, 1, 0, 0} << 0.5 << 1.0 << 1.0;
}

void TestSelfConsistency::item()
{
    QFETCH(std::vector<double>, answers);
    QFETCH(double, share);
    QFETCH(double, zeroOne);
    QFETCH(double, absolute);
    QCOMPARE(voteShare(answers), share);
    const SelfConsistency s = selfConsistency({answers});
    QCOMPARE(s.items, std::size_t(1));
    QCOMPARE(s.answers, answers.size());
    QCOMPARE(s.meanVoteShare, share);
    QCOMPARE(s.unanimous, share == 1.0 ? 1.0 : 0.0);
    QVERIFY2(std::fabs(s.zeroOneVariance - zeroOne) < 1e-12, qPrintable(QString::number(s.zeroOneVariance)));
    QVERIFY2(std::fabs(s.absoluteVariance - absolute) < 1e-12, qPrintable(QString::number(s.absoluteVariance)));
}

void TestSelfConsistency::averagedOverItems()
{
    // The four items above: each item's mean error, then the mean over items.
    const SelfConsistency s = selfConsistency({{4, 4, 4}, {3, 4, 5}, {2, 2, 3}, {1, 2, 2, 2}});
    QCOMPARE(s.items, std::size_t(4));
    QCOMPARE(s.answers, std::size_t(13));
    QVERIFY(std::fabs(s.meanVoteShare - (1.0 + 1.0 / 3 + 2.0 / 3 + 0.75) / 4) < 1e-12);
    QCOMPARE(s.unanimous, 0.25);
    QVERIFY(std::fabs(s.zeroOneVariance - 23.0 / 48.0) < 1e-12);  // (0 + 1 + 2/3 + 1/4) / 4
    QVERIFY(std::fabs(s.absoluteVariance - 23.0 / 48.0) < 1e-12); // (0 + 1 + 2/3 + 1/4) / 4
}

void TestSelfConsistency::itemsWithOneAnswerAreLeftOut()
{
    const SelfConsistency none = selfConsistency({{5}, {}, {3}});
    QCOMPARE(none.items, std::size_t(0));
    QVERIFY(std::isnan(none.meanVoteShare));
    QVERIFY(std::isnan(none.zeroOneVariance));
    QVERIFY(std::isnan(none.absoluteVariance));
    QVERIFY(std::isnan(voteShare({})));
    const SelfConsistency one = selfConsistency({{5}, {4, 4}});
    QCOMPARE(one.items, std::size_t(1));
    QCOMPARE(one.answers, std::size_t(2));
    QCOMPARE(one.zeroOneVariance, 0.0);
}

void TestSelfConsistency::twoAnswersDisagreeing()
{
    // With two answers each is compared with the other alone: every answer is off by the whole gap.
    const SelfConsistency s = selfConsistency({{1, 4}});
    QCOMPARE(s.meanVoteShare, 0.5);
    QCOMPARE(s.zeroOneVariance, 1.0);
    QCOMPARE(s.absoluteVariance, 3.0);
}

QTEST_GUILESS_MAIN(TestSelfConsistency)
#include "tst_self_consistency.moc"
