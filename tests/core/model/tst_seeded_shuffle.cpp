// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The shared seeded Fisher–Yates shuffle, pinned to the orders it gave when the work planner and the
// presentation shuffle each still had their own copy: stored presentation orders and the orders
// judges are shown must come out the same from the same seeds, on any platform and library.
#include "model/seeded_shuffle.h"
#include "store/presentation_shuffle.h"

#include <QTest>

#include <numeric>

using concord::model::Id;

Q_DECLARE_METATYPE(std::vector<Id>)

class TestSeededShuffle : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pinnedOrders_data();
    void pinnedOrders();
    void presentationOrderOfAnAnnotator();
};

void TestSeededShuffle::pinnedOrders_data()
{
    // The items 1..n shuffled with the seed.
    QTest::addColumn<int>("count");
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<std::vector<Id>>("expected");
    QTest::newRow("empty") << 0 << quint64(1) << std::vector<Id>{};
    QTest::newRow("one item") << 1 << quint64(7) << std::vector<Id>{1};
    QTest::newRow("pair, seed 0") << 2 << quint64(0) << std::vector<Id>{1, 2};
    QTest::newRow("pair, seed 1") << 2 << quint64(1) << std::vector<Id>{1, 2};
    QTest::newRow("pair, seed 2") << 2 << quint64(2) << std::vector<Id>{2, 1};
    QTest::newRow("pair, seed 3") << 2 << quint64(3) << std::vector<Id>{1, 2};
    QTest::newRow("3, seed 0") << 3 << quint64(0) << std::vector<Id>{2, 1, 3};
    QTest::newRow("5, seed 0") << 5 << quint64(0) << std::vector<Id>{3, 2, 5, 1, 4};
    QTest::newRow("5, seed 1") << 5 << quint64(1) << std::vector<Id>{2, 3, 5, 1, 4};
    QTest::newRow("5, seed 20240601") << 5 << quint64(20240601) << std::vector<Id>{5, 4, 3, 1, 2};
    QTest::newRow("5, largest seed") << 5 << quint64(0xffffffffffffffffULL) << std::vector<Id>{4, 3, 2, 5, 1};
    QTest::newRow("8, seed 42") << 8 << quint64(42) << std::vector<Id>{7, 2, 3, 1, 8, 5, 6, 4};
    QTest::newRow("10, seed 24301") << 10 << quint64(24301) << std::vector<Id>{7, 4, 10, 9, 2, 6, 3, 1, 8, 5};
    QTest::newRow("16, seed 123456789") << 16 << quint64(123456789)
                                        << std::vector<Id>{16, 5, 9, 8, 11, 15, 7, 13, 1, 14, 2, 12, 4, 3, 6, 10};
}

void TestSeededShuffle::pinnedOrders()
{
    QFETCH(int, count);
    QFETCH(quint64, seed);
    QFETCH(std::vector<Id>, expected);
    std::vector<Id> items(static_cast<std::size_t>(count));
    std::iota(items.begin(), items.end(), Id{1});
    concord::model::seededShuffle(items, seed);
    QCOMPARE(items, expected);
    // The presentation shuffle is the same shuffle.
    std::vector<Id> again(static_cast<std::size_t>(count));
    std::iota(again.begin(), again.end(), Id{1});
    QCOMPARE(concord::store::PresentationShuffle::shuffled(again, seed), expected);
}

void TestSeededShuffle::presentationOrderOfAnAnnotator()
{
    using concord::store::PresentationShuffle;
    const auto seed = PresentationShuffle::seedFor("alice", "doc-1");
    QCOMPARE(seed, quint64(2561574852016039402ULL));
    QCOMPARE(PresentationShuffle::shuffled({11, 12, 13, 14, 15}, seed), (std::vector<Id>{14, 11, 15, 13, 12}));
}

QTEST_APPLESS_MAIN(TestSeededShuffle)
#include "tst_seeded_shuffle.moc"
