// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// MACE on synthetic annotations with a known truth: the spammers (labels that do not follow the items, at random
// or always the same) get a low competence and the honest annotators a high one, near the rate they labelled
// truly with; the estimated categories beat a majority vote where spammers are many; and the edge cases.
#include "model/seeded_draw.h"
#include "stats/mace.h"

#include <QTest>

#include <cmath>
#include <stdexcept>
#include <vector>

using concord::stats::mace;
using concord::stats::MaceLabel;

namespace {

// items x annotators, every annotator labelling every item; honest ones label truly with probability
// `honesty`, else at random; spammers label at random (or always `constant` when it is >= 0).
struct Synthetic {
    std::vector<MaceLabel> labels;
    std::vector<int> truth;
};

Synthetic synthetic(std::size_t items, int honest, int spammers, double honesty, int categories, int constant,
                    std::uint64_t seed)
{
    Synthetic s;
    concord::model::SeededDraw draw(seed);
    const auto k = static_cast<std::uint32_t>(categories);
    const auto annotators = static_cast<std::size_t>(honest + spammers);
    for (std::size_t i = 0; i < items; ++i) {
        const int truth = static_cast<int>(draw.below(k));
        s.truth.push_back(truth);
        for (std::size_t j = 0; j < annotators; ++j) {
            int label = 0;
            if (static_cast<int>(j) < honest)
                label = draw.below(1000) < honesty * 1000 ? truth : static_cast<int>(draw.below(k));
            else
                label = constant >= 0 ? constant : static_cast<int>(draw.below(k));
            s.labels.push_back({i, j, label});
        }
    }
    return s;
}

} // namespace

class TestMace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void findsTheSpammers_data();
    void findsTheSpammers();
    void beatsTheMajorityWhereSpammersAreMany();
    void agreementEverywhereIsFullCompetence();
    void edgeCases();
};

void TestMace::findsTheSpammers_data()
{
    QTest::addColumn<int>("honest");
    QTest::addColumn<int>("spammers");
    QTest::addColumn<double>("honesty");
    QTest::addColumn<int>("categories");
    QTest::addColumn<int>("constant");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("five honest, three at random, Likert 1-5") << 5 << 3 << 0.9 << 5 << -1 << quint64(1);
    QTest::newRow("four honest, two always 3") << 4 << 2 << 0.8 << 5 << 2 << quint64(2);
    QTest::newRow("three honest, three at random, binary") << 3 << 3 << 0.85 << 2 << -1 << quint64(3);
    QTest::newRow("six honest at 0.7, two at random") << 6 << 2 << 0.7 << 5 << -1 << quint64(4);
}

void TestMace::findsTheSpammers()
{
    QFETCH(int, honest);
    QFETCH(int, spammers);
    QFETCH(double, honesty);
    QFETCH(int, categories);
    QFETCH(int, constant);
    QFETCH(quint64, seed);
    const std::size_t items = 400;
    const Synthetic s = synthetic(items, honest, spammers, honesty, categories, constant, seed);
    const auto r = mace(s.labels, items, static_cast<std::size_t>(honest + spammers), categories);
    QVERIFY(r.why.empty());
    double lowestHonest = 1;
    double highestSpammer = 0;
    for (int j = 0; j < honest + spammers; ++j) {
        const double theta = r.competence[static_cast<std::size_t>(j)];
        QVERIFY(theta >= 0 && theta <= 1);
        if (j < honest) {
            lowestHonest = std::min(lowestHonest, theta);
            // An honest annotator's θ is the rate they labelled truly, within sampling error on 400 items.
            QVERIFY2(std::abs(theta - honesty) < 0.08, qPrintable(QStringLiteral("honest %1: θ %2").arg(j).arg(theta)));
        } else {
            highestSpammer = std::max(highestSpammer, theta);
        }
    }
    QVERIFY2(highestSpammer < 0.15, qPrintable(QStringLiteral("a spammer's θ is %1").arg(highestSpammer)));
    QVERIFY(lowestHonest > highestSpammer + 0.4);
    // The spammer that always says one category is found to spam it.
    if (constant >= 0)
        QVERIFY(r.spamming.back()[static_cast<std::size_t>(constant)] > 0.9);
    int right = 0;
    for (std::size_t i = 0; i < items; ++i)
        right += r.mostLikely[i] == s.truth[i] ? 1 : 0;
    QVERIFY2(right >= static_cast<int>(items * 0.9), qPrintable(QString::number(right)));
}

void TestMace::beatsTheMajorityWhereSpammersAreMany()
{
    // Two honest annotators among five that always say the same: a majority vote follows the spammers.
    const std::size_t items = 300;
    const Synthetic s = synthetic(items, 2, 3, 0.95, 5, 0, 7);
    const auto r = mace(s.labels, items, 5, 5);
    int maceRight = 0;
    int majorityRight = 0;
    for (std::size_t i = 0; i < items; ++i) {
        std::vector<int> votes(5, 0);
        for (std::size_t j = 0; j < 5; ++j)
            ++votes[static_cast<std::size_t>(s.labels[i * 5 + j].category)];
        const int majority = static_cast<int>(std::max_element(votes.begin(), votes.end()) - votes.begin());
        majorityRight += majority == s.truth[i] ? 1 : 0;
        maceRight += r.mostLikely[i] == s.truth[i] ? 1 : 0;
    }
    QVERIFY2(maceRight > majorityRight + 100, qPrintable(QStringLiteral("%1 vs %2").arg(maceRight).arg(majorityRight)));
    QVERIFY(r.competence[0] > 0.85 && r.competence[1] > 0.85);
}

void TestMace::agreementEverywhereIsFullCompetence()
{
    std::vector<MaceLabel> labels;
    for (std::size_t i = 0; i < 50; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            labels.push_back({i, j, static_cast<int>(i % 3)});
    const auto r = mace(labels, 50, 3, 3);
    for (const double theta : r.competence)
        QVERIFY(theta > 0.99);
    for (std::size_t i = 0; i < 50; ++i)
        QCOMPARE(r.mostLikely[i], static_cast<int>(i % 3));
}

void TestMace::edgeCases()
{
    QVERIFY(!mace({}, 3, 2, 5).why.empty());
    QVERIFY(!mace({{0, 0, 0}}, 1, 1, 1).why.empty());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, mace({{0, 0, 5}}, 1, 1, 5));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, mace({{1, 0, 0}}, 1, 1, 5));
    // An annotator without labels has no competence, an item without labels no category.
    const auto r = mace({{0, 0, 1}, {0, 1, 1}}, 2, 3, 2);
    QVERIFY(std::isnan(r.competence[2]));
    QCOMPARE(r.mostLikely[1], -1);
    QCOMPARE(r.mostLikely[0], 1);
    // The same seed, the same fit.
    const Synthetic s = synthetic(100, 3, 1, 0.9, 5, -1, 11);
    QCOMPARE(mace(s.labels, 100, 4, 5).competence, mace(s.labels, 100, 4, 5).competence);
}

QTEST_APPLESS_MAIN(TestMace)
#include "tst_mace.moc"
