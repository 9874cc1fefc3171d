// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Bradley–Terry with ties (Davidson 1970) and the length-controlled win rate: fixtures worked by hand, the
// values of an independent numpy/scipy fit (tests/reference/bradley_terry_reference.py) to 1e-9, plain
// Bradley–Terry falling out without ties, the systems whose strength is infinite named, a bootstrap that
// its seed reproduces, and its intervals' coverage over simulated data from known strengths.
#include "stats/bradley_terry.h"
#include "stats/length_controlled_win_rate.h"

#include <QTest>

#include <cmath>
#include <numeric>
#include <random>
#include <vector>

using namespace concord::stats;

Q_DECLARE_METATYPE(std::vector<DocumentResult>)
Q_DECLARE_METATYPE(std::vector<std::size_t>)

namespace {

// "0>1" the first system won, "1=2" a tie; each comparison on a document of its own.
std::vector<DocumentResult> parse(const QString &text)
{
    std::vector<DocumentResult> results;
    for (const QString &item : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QChar op = item.at(1);
        const std::size_t a = static_cast<std::size_t>(item.at(0).digitValue());
        const std::size_t b = static_cast<std::size_t>(item.at(2).digitValue());
        DocumentResult r;
        r.document = results.size();
        r.first = std::min(a, b);
        r.second = std::max(a, b);
        if (op == QLatin1Char('='))
            r.share = {0, 1, 0};
        else if (a < b)
            r.share = {1, 0, 0};
        else
            r.share = {0, 0, 1};
        results.push_back(r);
    }
    return results;
}

// The fixture of bradley_terry_reference.py: on document d, systems i < j with handicaps (0, 2, 1, 3, 1),
// v = (13 d + 7 i + 3 j) mod 10; the first wins when v < 4 + q_j − q_i, ties when v < 6 + q_j − q_i.
std::vector<DocumentResult> referenceFixture(int systems, int documents)
{
    const int q[] = {0, 2, 1, 3, 1};
    std::vector<DocumentResult> results;
    for (int d = 0; d < documents; ++d)
        for (int i = 0; i < systems; ++i)
            for (int j = i + 1; j < systems; ++j) {
                const int v = (13 * d + 7 * i + 3 * j) % 10;
                DocumentResult r;
                r.document = static_cast<std::size_t>(d);
                r.first = static_cast<std::size_t>(i);
                r.second = static_cast<std::size_t>(j);
                r.share = v < 4 + q[j] - q[i]   ? WinTieLoss{1, 0, 0}
                          : v < 6 + q[j] - q[i] ? WinTieLoss{0, 1, 0}
                                                : WinTieLoss{0, 0, 1};
                results.push_back(r);
            }
    return results;
}

bool near(double a, double b, double tolerance)
{
    return std::fabs(a - b) <= tolerance * std::max(1.0, std::fabs(b));
}

// A uniform number in [0, 1) from the engine's top 53 bits.
double uniform(std::mt19937_64 &engine)
{
    return static_cast<double>(engine() >> 11) * 0x1.0p-53;
}

// Documents on which every pair of systems is compared once, drawn from the model.
std::vector<DocumentResult> simulate(std::mt19937_64 &engine, const std::vector<double> &theta, double nu,
                                     int documents)
{
    std::vector<DocumentResult> results;
    for (int d = 0; d < documents; ++d)
        for (std::size_t i = 0; i < theta.size(); ++i)
            for (std::size_t j = i + 1; j < theta.size(); ++j) {
                const DavidsonProbabilities p = davidsonProbabilities(theta[i], theta[j], nu);
                const double u = uniform(engine);
                DocumentResult r;
                r.document = static_cast<std::size_t>(d);
                r.first = i;
                r.second = j;
                r.share = u < p.first           ? WinTieLoss{1, 0, 0}
                          : u < p.first + p.tie ? WinTieLoss{0, 1, 0}
                                                : WinTieLoss{0, 0, 1};
                results.push_back(r);
            }
    return results;
}

} // namespace

class TestBradleyTerry : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void handComputed_data();
    void handComputed();
    void reference_data();
    void reference();
    void withoutTiesIsPlainBradleyTerry();
    void halfDocumentsCountHalf();
    void notEstimable_data();
    void notEstimable();
    void bootstrapReproducible();
    void bootstrapCoverage();
    void lengthControlledReference_data();
    void lengthControlledReference();
    void lengthControlledByHand();
};

void TestBradleyTerry::handComputed_data()
{
    QTest::addColumn<QString>("comparisons");
    QTest::addColumn<bool>("ties");
    QTest::addColumn<QList<double>>("theta");
    QTest::addColumn<double>("nu");
    QTest::addColumn<double>("logLikelihood");
    // Two systems: the model is saturated, so it gives back the shares: π0/π1 = wins0/wins1 and
    // ν = ties / √(wins0 wins1); with the log-mean 0, θ = ±½ log(wins0/wins1).
    QTest::newRow("two systems, 3 wins to 1")
        << QStringLiteral("0>1 0>1 0>1 1>0") << true << QList<double>{std::log(3.0) / 2, -std::log(3.0) / 2} << 0.0
        << 3 * std::log(0.75) + std::log(0.25);
    QTest::newRow("two systems, 4 wins, 1 loss, 2 ties")
        << QStringLiteral("0>1 0>1 0>1 0>1 1>0 0=1 0=1") << true << QList<double>{std::log(2.0), -std::log(2.0)} << 1.0
        << 4 * std::log(4.0 / 7) + std::log(1.0 / 7) + 2 * std::log(2.0 / 7);
    QTest::newRow("ties left out when not modelled")
        << QStringLiteral("0>1 0>1 0>1 0>1 1>0 0=1 0=1") << false << QList<double>{std::log(2.0), -std::log(2.0)} << 0.0
        << 4 * std::log(0.8) + std::log(0.2);
    // A cycle, each pair 2 to 1: by symmetry every strength is equal, so each comparison has probability ½.
    QTest::newRow("three in a cycle") << QStringLiteral("0>1 0>1 1>0 1>2 1>2 2>1 2>0 2>0 0>2") << true
                                      << QList<double>{0, 0, 0} << 0.0 << 9 * std::log(0.5);
    // The same with one tie per pair: equal strengths, so P(tie) = ν / (2 + ν) = 1/4, ν = 2/3, and each
    // side's win 3/8.
    QTest::newRow("three in a cycle, a tie a pair")
        << QStringLiteral("0>1 0>1 1>0 0=1 1>2 1>2 2>1 1=2 2>0 2>0 0>2 0=2") << true << QList<double>{0, 0, 0}
        << 2.0 / 3 << 3 * (3 * std::log(3.0 / 8) + std::log(1.0 / 4));
}

void TestBradleyTerry::handComputed()
{
    QFETCH(QString, comparisons);
    QFETCH(bool, ties);
    QFETCH(QList<double>, theta);
    QFETCH(double, nu);
    QFETCH(double, logLikelihood);
    DavidsonOptions options;
    options.ties = ties;
    const DavidsonFit fit = fitDavidson(parse(comparisons), static_cast<std::size_t>(theta.size()), options);
    QVERIFY2(fit.estimable, fit.reason.c_str());
    for (qsizetype s = 0; s < theta.size(); ++s) {
        QVERIFY2(near(fit.logStrengths[static_cast<std::size_t>(s)], theta[s], 1e-12),
                 qPrintable(
                     QStringLiteral("θ%1 = %2").arg(s).arg(fit.logStrengths[static_cast<std::size_t>(s)], 0, 'g', 17)));
    }
    QVERIFY2(near(fit.tieParameter, nu, 1e-12), qPrintable(QString::number(fit.tieParameter, 'g', 17)));
    QVERIFY2(near(fit.logLikelihood, logLikelihood, 1e-12), qPrintable(QString::number(fit.logLikelihood, 'g', 17)));
    QVERIFY(fit.iterations > 0);
    const double mean = std::accumulate(fit.logStrengths.begin(), fit.logStrengths.end(), 0.0);
    QVERIFY(std::fabs(mean) < 1e-12);
}

void TestBradleyTerry::reference_data()
{
    QTest::addColumn<int>("systems");
    QTest::addColumn<int>("documents");
    QTest::addColumn<bool>("ties");
    QTest::addColumn<QList<double>>("theta");
    QTest::addColumn<double>("nu");
    QTest::addColumn<double>("logLikelihood");
    // /usr/bin/python3 tests/reference/bradley_terry_reference.py
    // largest |gradient| at the reference optimum: 2.3e-15
    QTest::newRow("five systems, twelve documents")
        << 5 << 12 << true
        << QList<double>{0.7052287975738627, -0.4141287507952862, 0.23194587743118578, -0.8012403423409493,
                         0.2781944181311867}
        << 0.6314690888755708 << -121.08429071377643;
    // largest |gradient| at the reference optimum: 3.7e-15
    QTest::newRow("five systems, plain") << 5 << 12 << false
                                         << QList<double>{0.7100104335932576, -0.41507610034615694, 0.24347739269235685,
                                                          -0.8126561008990529, 0.27424437495959514}
                                         << 0.0 << -57.103744162464345;
    // largest |gradient| at the reference optimum: 1.0e-15
    QTest::newRow("four systems, seven documents")
        << 4 << 7 << true
        << QList<double>{0.582423950667739, -0.2876086436483818, 0.2876086436483817, -0.5824239506677388}
        << 0.5832473726969983 << -42.58629806112938;
}

void TestBradleyTerry::reference()
{
    QFETCH(int, systems);
    QFETCH(int, documents);
    QFETCH(bool, ties);
    QFETCH(QList<double>, theta);
    QFETCH(double, nu);
    QFETCH(double, logLikelihood);
    DavidsonOptions options;
    options.ties = ties;
    const DavidsonFit fit
        = fitDavidson(referenceFixture(systems, documents), static_cast<std::size_t>(systems), options);
    QVERIFY2(fit.estimable, fit.reason.c_str());
    for (int s = 0; s < systems; ++s) {
        QVERIFY2(near(fit.logStrengths[static_cast<std::size_t>(s)], theta[s], 1e-9),
                 qPrintable(
                     QStringLiteral("θ%1 = %2").arg(s).arg(fit.logStrengths[static_cast<std::size_t>(s)], 0, 'g', 17)));
    }
    QVERIFY2(near(fit.tieParameter, nu, 1e-9), qPrintable(QString::number(fit.tieParameter, 'g', 17)));
    QVERIFY2(near(fit.logLikelihood, logLikelihood, 1e-9), qPrintable(QString::number(fit.logLikelihood, 'g', 17)));
    if (ties)
        QVERIFY(fit.tieParameter > 0);
}

void TestBradleyTerry::withoutTiesIsPlainBradleyTerry()
{
    // The reference fixture without its ties: Davidson's fit gives ν = 0 and exactly plain Bradley–Terry,
    // which is also the reference's fit with the ties left out.
    std::vector<DocumentResult> decided;
    for (const auto &r : referenceFixture(5, 12))
        if (r.share.ties == 0)
            decided.push_back(r);
    const DavidsonFit davidson = fitDavidson(decided, 5);
    DavidsonOptions plain;
    plain.ties = false;
    const DavidsonFit bradleyTerry = fitDavidson(decided, 5, plain);
    QVERIFY(davidson.estimable && bradleyTerry.estimable);
    QCOMPARE(davidson.tieParameter, 0.0);
    const QList<double> reference{0.7100104335932576, -0.41507610034615694, 0.24347739269235685, -0.8126561008990529,
                                  0.27424437495959514};
    for (std::size_t s = 0; s < 5; ++s) {
        QCOMPARE(davidson.logStrengths[s], bradleyTerry.logStrengths[s]);
        QVERIFY(near(davidson.logStrengths[s], reference[static_cast<qsizetype>(s)], 1e-9));
    }
    QCOMPARE(davidson.logLikelihood, bradleyTerry.logLikelihood);
    QCOMPARE(davidson.comparisons, static_cast<double>(decided.size()));
}

void TestBradleyTerry::halfDocumentsCountHalf()
{
    // Under the points rule a document can be half a win and half a tie: the tally holds halves, and doubling
    // every count (the same data twice) leaves the estimates where they are.
    std::vector<DocumentResult> halves = parse(QStringLiteral("0>1 0>1 1>2 2>0 0=2"));
    halves.push_back({5, 0, 1, {0.5, 0.5, 0}});
    halves.push_back({6, 1, 2, {0, 0.5, 0.5}});
    std::vector<DocumentResult> twice = halves;
    for (auto r : halves) {
        r.document += 10;
        twice.push_back(r);
    }
    const DavidsonFit once = fitDavidson(halves, 3);
    const DavidsonFit doubled = fitDavidson(twice, 3);
    QVERIFY2(once.estimable, once.reason.c_str());
    QCOMPARE(once.comparisons, 7.0);
    for (std::size_t s = 0; s < 3; ++s) {
        QVERIFY(near(once.logStrengths[s], doubled.logStrengths[s], 1e-12));
    }
    QVERIFY(near(once.tieParameter, doubled.tieParameter, 1e-12));
    QVERIFY(near(2 * once.logLikelihood, doubled.logLikelihood, 1e-12));
}

void TestBradleyTerry::notEstimable_data()
{
    QTest::addColumn<QString>("comparisons");
    QTest::addColumn<int>("systems");
    QTest::addColumn<bool>("ties");
    QTest::addColumn<bool>("estimable");
    QTest::addColumn<std::vector<std::size_t>>("unbeaten");
    QTest::addColumn<QString>("reason");
    QTest::newRow("a system never lost") << QStringLiteral("0>1 0>2 1>2 2>1") << 3 << true << false
                                         << std::vector<std::size_t>{0} << QStringLiteral("never lost nor tied");
    QTest::newRow("a system never won") << QStringLiteral("0>2 1>2 0>1 1>0") << 3 << true << false
                                        << std::vector<std::size_t>{0, 1} << QStringLiteral("never lost nor tied");
    QTest::newRow("a tie is not a loss, but counts both ways")
        << QStringLiteral("0>1 0>1 0=1 1>2 2>1") << 3 << true << true << std::vector<std::size_t>{}
        << QStringLiteral("");
    QTest::newRow("the same without ties in the model")
        << QStringLiteral("0>1 0>1 0=1 1>2 2>1") << 3 << false << false << std::vector<std::size_t>{0}
        << QStringLiteral("never lost nor tied");
    QTest::newRow("two systems, a win and a tie") << QStringLiteral("0>1 0=1") << 2 << true << false
                                                  << std::vector<std::size_t>{} << QStringLiteral("both infinite");
    QTest::newRow("a win and ties in a chain") << QStringLiteral("0>1 1=2 0=2") << 3 << true << false
                                               << std::vector<std::size_t>{} << QStringLiteral("both infinite");
    QTest::newRow("two systems, won both ways and tied")
        << QStringLiteral("0>1 1>0 0=1") << 2 << true << true << std::vector<std::size_t>{} << QStringLiteral("");
    QTest::newRow("every comparison a tie")
        << QStringLiteral("0=1 1=2 0=2") << 3 << true << false << std::vector<std::size_t>{}
        << QStringLiteral("every comparison was a tie");
    QTest::newRow("a system never compared") << QStringLiteral("0>1 1>0") << 3 << true << false
                                             << std::vector<std::size_t>{} << QStringLiteral("never compared");
}

void TestBradleyTerry::notEstimable()
{
    QFETCH(QString, comparisons);
    QFETCH(int, systems);
    QFETCH(bool, ties);
    QFETCH(bool, estimable);
    QFETCH(std::vector<std::size_t>, unbeaten);
    QFETCH(QString, reason);
    DavidsonOptions options;
    options.ties = ties;
    const DavidsonFit fit = fitDavidson(parse(comparisons), static_cast<std::size_t>(systems), options);
    QCOMPARE(fit.estimable, estimable);
    QCOMPARE(fit.unbeaten, unbeaten);
    QVERIFY2(QString::fromStdString(fit.reason).contains(reason), fit.reason.c_str());
    if (!estimable) {
        QVERIFY(std::isnan(fit.tieParameter));
        QVERIFY(std::isnan(fit.logLikelihood));
        for (const double t : fit.logStrengths) {
            QVERIFY(std::isnan(t));
        }
    } else {
        QVERIFY(fit.tieParameter > 0);
    }
}

void TestBradleyTerry::bootstrapReproducible()
{
    const auto results = referenceFixture(5, 12);
    BootstrapOptions options;
    options.resamples = 300;
    options.seed = 7;
    const DavidsonBootstrap a = bootstrapDavidson(results, 5, options);
    const DavidsonBootstrap b = bootstrapDavidson(results, 5, options);
    QCOMPARE(a.documents, std::size_t{12});
    QVERIFY(a.fit.estimable);
    for (std::size_t s = 0; s < 5; ++s) {
        QCOMPARE(a.logStrengths[s].low, b.logStrengths[s].low);
        QCOMPARE(a.logStrengths[s].high, b.logStrengths[s].high);
        QCOMPARE(a.logStrengths[s].resamples, std::size_t{300});
        QVERIFY(a.logStrengths[s].low < a.fit.logStrengths[s] && a.fit.logStrengths[s] < a.logStrengths[s].high);
    }
    QCOMPARE(a.tieParameter.low, b.tieParameter.low);
    QCOMPARE(a.tieParameter.high, b.tieParameter.high);
    QVERIFY(a.tieParameter.low < a.fit.tieParameter && a.fit.tieParameter < a.tieParameter.high);
    options.seed = 8;
    const DavidsonBootstrap c = bootstrapDavidson(results, 5, options);
    QVERIFY(c.logStrengths[0].low != a.logStrengths[0].low || c.logStrengths[0].high != a.logStrengths[0].high);
}

void TestBradleyTerry::bootstrapCoverage()
{
    // 200 datasets from known strengths (log-mean 0) and ν = 0.5, 40 documents each comparing every pair of
    // four systems once; a 95% interval from 200 resamples of documents each. With 200 datasets the share
    // that holds the truth has a standard deviation of about 1.5 points at 95%, so [0.90, 0.99] allows
    // three of them below (percentile intervals may fall a little short at this size) and 2.5 above.
    const std::vector<double> theta{0.6, 0.2, -0.3, -0.5};
    const double nu = 0.5;
    std::mt19937_64 engine(20261129);
    BootstrapOptions options;
    options.resamples = 200;
    const int datasets = 200;
    std::vector<int> held(theta.size() + 1, 0);
    int undefined = 0;
    for (int k = 0; k < datasets; ++k) {
        options.seed = static_cast<std::uint64_t>(1000 + k);
        const DavidsonBootstrap b = bootstrapDavidson(simulate(engine, theta, nu, 40), theta.size(), options);
        QVERIFY2(b.fit.estimable, b.fit.reason.c_str());
        for (std::size_t s = 0; s < theta.size(); ++s)
            held[s] += b.logStrengths[s].low <= theta[s] && theta[s] <= b.logStrengths[s].high;
        held.back() += b.tieParameter.low <= nu && nu <= b.tieParameter.high;
        undefined += static_cast<int>(b.tieParameter.undefinedResamples);
    }
    for (std::size_t s = 0; s < held.size(); ++s) {
        const double coverage = held[s] / static_cast<double>(datasets);
        qInfo("coverage of %s: %.3f", s < theta.size() ? qPrintable(QStringLiteral("θ%1").arg(s)) : "ν", coverage);
        QVERIFY2(coverage >= 0.90 && coverage <= 0.99, qPrintable(QString::number(coverage)));
    }
    QCOMPARE(undefined, 0);
}

void TestBradleyTerry::lengthControlledReference_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("winRate");
    QTest::addColumn<double>("controlled");
    QTest::addColumn<double>("intercept");
    QTest::addColumn<double>("slope");
    // /usr/bin/python3 tests/reference/bradley_terry_reference.py
    QTest::newRow("20 comparisons") << 20 << 0.5 << 0.37354742685589215 << -0.5170280941387946 << 1.4123497362057138;
    QTest::newRow("35 comparisons") << 35 << 0.5 << 0.3763560249854349 << -0.5050440823330914 << 1.3514551647593371;
}

void TestBradleyTerry::lengthControlledReference()
{
    QFETCH(int, n);
    QFETCH(double, winRate);
    QFETCH(double, controlled);
    QFETCH(double, intercept);
    QFETCH(double, slope);
    // The reference's fixture: v = 7 k mod 5; a loss for v < 2, a tie for v = 2, a win otherwise; the length
    // difference ((11 k) mod 17) − 8 + 2 v.
    std::vector<BaselineComparison> comparisons;
    for (int k = 0; k < n; ++k) {
        const int v = (7 * k) % 5;
        comparisons.push_back({v < 2 ? 0.0 : v == 2 ? 0.5 : 1.0, static_cast<double>((11 * k) % 17 - 8 + 2 * v)});
    }
    const LengthControlledWinRate r = lengthControlledWinRate(comparisons);
    QCOMPARE(r.comparisons, static_cast<std::size_t>(n));
    QVERIFY(near(r.winRate, winRate, 1e-12));
    QVERIFY2(near(r.controlledWinRate, controlled, 1e-9), qPrintable(QString::number(r.controlledWinRate, 'g', 17)));
    QVERIFY2(near(r.intercept, intercept, 1e-9), qPrintable(QString::number(r.intercept, 'g', 17)));
    QVERIFY2(near(r.lengthCoefficient, slope, 1e-9), qPrintable(QString::number(r.lengthCoefficient, 'g', 17)));
    QVERIFY(r.note.empty());
}

void TestBradleyTerry::lengthControlledByHand()
{
    // Every length difference the same: no length term, the plain rate, ties half.
    const LengthControlledWinRate same = lengthControlledWinRate({{1, 5}, {0.5, 5}, {0, 5}, {1, 5}});
    QCOMPARE(same.winRate, 0.625);
    QCOMPARE(same.controlledWinRate, 0.625);
    QCOMPARE(same.lengthCoefficient, 0.0);
    QVERIFY(!same.note.empty());
    // Lengths that do not go with the outcome (a win and a loss at each length): the slope is 0 and the
    // controlled rate the plain one.
    const LengthControlledWinRate balanced
        = lengthControlledWinRate({{1, -4}, {0, -4}, {1, 4}, {0, 4}, {1, 0}, {0, 0}});
    QVERIFY(near(balanced.controlledWinRate, 0.5, 1e-12));
    QVERIFY(std::fabs(balanced.lengthCoefficient) < 1e-12);
    // Won every time: nothing to control.
    const LengthControlledWinRate all = lengthControlledWinRate({{1, 3}, {1, 10}});
    QCOMPARE(all.controlledWinRate, 1.0);
    QVERIFY(!all.note.empty());
    // Length separating wins from losses: the slope runs to infinity, so the rate is undefined; also with a tie
    // on the cut, which counts as a win and a loss there.
    const LengthControlledWinRate separated = lengthControlledWinRate({{1, 3}, {1, 10}, {0, -2}, {0, -7}});
    QVERIFY(std::isnan(separated.controlledWinRate));
    QVERIFY(QString::fromStdString(separated.note).contains(QStringLiteral("separates")));
    const LengthControlledWinRate onTheCut = lengthControlledWinRate({{1, 3}, {0.5, 1}, {0, 1}, {0, -7}});
    QVERIFY(std::isnan(onTheCut.controlledWinRate));
    // A tie away from the cut holds the coefficient finite: a loss is longer than a win there.
    const LengthControlledWinRate overlapping = lengthControlledWinRate({{1, 3}, {0.5, 8}, {0, 1}, {0, -7}});
    QVERIFY2(!std::isnan(overlapping.controlledWinRate), overlapping.note.c_str());
    QVERIFY(overlapping.controlledWinRate > 0 && overlapping.controlledWinRate < 1);
    QVERIFY(std::isnan(lengthControlledWinRate({}).controlledWinRate));
}

QTEST_APPLESS_MAIN(TestBradleyTerry)
#include "tst_bradley_terry.moc"
