// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A label plan's pool as stored: 16 bytes an entry, the id and the probability little-endian, ids increasing.
// Written bytes read back the same; damaged bytes are refused saying which entry and what is wrong; renumbering
// keeps every probability with its summary and the ids in order.
#include "store/plan_pool.h"

#include "error.h"

#include <QTest>

#include <cstring>

using namespace concord;
using concord::store::PlanPool;
using concord::store::PoolEntry;

Q_DECLARE_METATYPE(std::string)

namespace {

// One entry's bytes as a person writes them: the id and the double's bits, least significant byte first.
std::string entry(std::uint64_t id, std::uint64_t probabilityBits)
{
    std::string out;
    for (const std::uint64_t value : {id, probabilityBits})
        for (int byte = 0; byte < 8; ++byte)
            out.push_back(static_cast<char>((value >> (8 * byte)) & 0xff));
    return out;
}

constexpr std::uint64_t kHalf = 0x3FE0000000000000; // 0.5
constexpr std::uint64_t kOne = 0x3FF0000000000000;  // 1.0
constexpr std::uint64_t kZero = 0;                  // 0.0
constexpr std::uint64_t kTwo = 0x4000000000000000;  // 2.0
constexpr std::uint64_t kNan = 0x7FF8000000000000;  // a quiet NaN

} // namespace

class TestPlanPool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bytesAreLittleEndian();
    void readsBackWhatWasWritten();
    void damagedBytesAreRefused_data();
    void damagedBytesAreRefused();
    void renumberingKeepsProbabilitiesWithTheirSummaries();
};

void TestPlanPool::bytesAreLittleEndian()
{
    // Summary 258 (0x0102) at 0.5, then summary 2^40 + 1 at 1: given out of order, written in id order.
    const std::string bytes = PlanPool::encode({{(std::int64_t{1} << 40) + 1, 1.0}, {258, 0.5}});
    QCOMPARE(bytes, entry(258, kHalf) + entry((std::uint64_t{1} << 40) + 1, kOne));
    QCOMPARE(static_cast<unsigned char>(bytes[0]), static_cast<unsigned char>(0x02));
    QCOMPARE(static_cast<unsigned char>(bytes[1]), static_cast<unsigned char>(0x01));
    QCOMPARE(static_cast<unsigned char>(bytes[15]), static_cast<unsigned char>(0x3F));
    QCOMPARE(PlanPool::encode({}), std::string());
}

void TestPlanPool::readsBackWhatWasWritten()
{
    std::vector<PoolEntry> entries;
    for (std::int64_t id = 1; id <= 1000; ++id)
        entries.push_back({id * 7919, 1.0 / static_cast<double>(id)});
    const auto read = PlanPool::decode(PlanPool::encode(entries));
    QCOMPARE(read.size(), entries.size());
    for (std::size_t k = 0; k < read.size(); ++k) {
        QCOMPARE(read[k].candidate, entries[k].candidate);
        QCOMPARE(read[k].probability, entries[k].probability); // exactly: the double's own bits
    }
    QVERIFY(PlanPool::decode({}).empty());
}

void TestPlanPool::damagedBytesAreRefused_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<QString>("said");
    QTest::newRow("a byte short") << entry(1, kHalf).substr(0, 15)
                                  << QStringLiteral("holds 15 bytes, not a whole number of 16-byte entries");
    QTest::newRow("a byte over") << entry(1, kHalf) + "x"
                                 << QStringLiteral("holds 17 bytes, not a whole number of 16-byte entries");
    QTest::newRow("summary 0") << entry(0, kHalf) << QStringLiteral("entry 1 of the plan's pool names summary 0");
    QTest::newRow("a negative id") << entry(1, kHalf) + entry(~std::uint64_t{0}, kHalf)
                                   << QStringLiteral("entry 2 of the plan's pool names summary -1");
    QTest::newRow("ids that fall") << entry(5, kHalf) + entry(3, kHalf)
                                   << QStringLiteral("entry 2 of the plan's pool does not follow the one before it");
    QTest::newRow("an id twice") << entry(5, kHalf) + entry(5, kOne)
                                 << QStringLiteral("entry 2 of the plan's pool does not follow the one before it");
    QTest::newRow("probability 0") << entry(1, kZero)
                                   << QStringLiteral("entry 1 of the plan's pool has the probability 0");
    QTest::newRow("probability 2") << entry(1, kHalf) + entry(2, kTwo)
                                   << QStringLiteral("entry 2 of the plan's pool has the probability 2");
    QTest::newRow("probability NaN") << entry(1, kNan) << QStringLiteral("outside (0, 1]");
}

void TestPlanPool::damagedBytesAreRefused()
{
    QFETCH(std::string, bytes);
    QFETCH(QString, said);
    try {
        PlanPool::decode(bytes);
        QFAIL("damaged bytes were read");
    } catch (const Failure &damaged) {
        const QString message = QString::fromStdString(damaged.error().message);
        QVERIFY2(message.contains(said), qPrintable(message));
    }
}

void TestPlanPool::renumberingKeepsProbabilitiesWithTheirSummaries()
{
    // 1 -> 30, 2 -> 10, 3 -> 20: the order of the ids changes, each probability goes with its summary.
    const std::string bytes = PlanPool::encode({{1, 0.25}, {2, 0.5}, {3, 1.0}});
    const auto renumbered = PlanPool::decode(PlanPool::renumber(bytes, [](model::Id old) {
        return old == 1 ? model::Id(30) : old == 2 ? model::Id(10) : model::Id(20);
    }));
    QCOMPARE(renumbered.size(), std::size_t(3));
    QCOMPARE(renumbered[0].candidate, model::Id(10));
    QCOMPARE(renumbered[0].probability, 0.5);
    QCOMPARE(renumbered[1].candidate, model::Id(20));
    QCOMPARE(renumbered[1].probability, 1.0);
    QCOMPARE(renumbered[2].candidate, model::Id(30));
    QCOMPARE(renumbered[2].probability, 0.25);
    // Damage is not carried to the server.
    QVERIFY_THROWS_EXCEPTION(Failure, PlanPool::renumber(bytes.substr(1), [](model::Id old) { return old; }));
}

QTEST_GUILESS_MAIN(TestPlanPool)
#include "tst_plan_pool.moc"
