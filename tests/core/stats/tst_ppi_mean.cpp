// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Prediction-powered means: a hand-worked example, the values of an independent numpy implementation
// (tests/reference/ppi_reference.py) to 1e-12, and intervals checked by simulation for coverage, with the
// widths a perfect judge and a judge of pure noise must give.
#include "stats/moderated_variance.h"
#include "stats/ppi_mean.h"
#include "stats/special_functions.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace concord::stats;

namespace {

// The fixture of ppi_reference.py: item i has a person's score 1 + (7 i mod 5) and the judge's
// slope * Y + (13 i mod 7) / 7 + shift; the first n items are labelled.
void fixture(int n, int bigN, double slope, double shift, std::vector<double> &y, std::vector<double> &labelled,
             std::vector<double> &unlabelled)
{
    for (int i = 0; i < n + bigN; ++i) {
        const double person = 1.0 + std::fmod(7.0 * i, 5.0);
        const double judge = slope * person + std::fmod(13.0 * i, 7.0) / 7.0 + shift;
        if (i < n) {
            y.push_back(person);
            labelled.push_back(judge);
        } else {
            unlabelled.push_back(judge);
        }
    }
}

bool near(double a, double b, double tolerance = 1e-12)
{
    return std::fabs(a - b) <= tolerance * std::max(1.0, std::fabs(b));
}

// A synthetic study with a known truth: Y ~ N(truth, 1) for each item, the judge's f = signal * Y + noise.
struct Synthetic {
    std::vector<double> y, labelled, unlabelled;
};

Synthetic draw(std::mt19937_64 &rng, int n, int bigN, double truth, double signal, double noise)
{
    std::normal_distribution<double> person(truth, 1.0);
    std::normal_distribution<double> error(0.0, noise);
    Synthetic s;
    for (int i = 0; i < n + bigN; ++i) {
        const double y = person(rng);
        const double f = signal * y + error(rng);
        if (i < n) {
            s.y.push_back(y);
            s.labelled.push_back(f);
        } else {
            s.unlabelled.push_back(f);
        }
    }
    return s;
}

} // namespace

class TestPpiMean : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void normalQuantile_data();
    void normalQuantile();
    void studentTQuantile_data();
    void studentTQuantile();
    void handWorked();
    void givenLambdaAndTIntervals();
    void smallSamplesCoverWithT_data();
    void smallSamplesCoverWithT();
    void labelsThatAgreeCarryACaution();
    void moderatedVarianceHandWorked();
    void moderatedVarianceCovers_data();
    void moderatedVarianceCovers();
    void equalsTheReference_data();
    void equalsTheReference();
    void intervalsCoverTheTruth_data();
    void intervalsCoverTheTruth();
    void perfectJudgeIsAsNarrowAsTheJudgeAlone();
    void noiseJudgeCostsNothing();
    void tooFewLabelsSayWhy();
    void labelsNeededHandWorked();
};

void TestPpiMean::normalQuantile_data()
{
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("z");
    // scipy.stats.norm.ppf
    QTest::newRow("median") << 0.5 << 0.0;
    QTest::newRow("0.975") << 0.975 << 1.959963984540054;
    QTest::newRow("0.995") << 0.995 << 2.5758293035489004;
    QTest::newRow("0.9") << 0.9 << 1.2815515655446004;
    QTest::newRow("0.01 (lower tail)") << 0.01 << -2.3263478740408408;
    QTest::newRow("1e-10") << 1e-10 << -6.361340902404056;
    QTest::newRow("0.99999 (upper tail)") << 0.99999 << 4.264890793923841;
}

void TestPpiMean::normalQuantile()
{
    QFETCH(double, p);
    QFETCH(double, z);
    QVERIFY2(near(concord::stats::normalQuantile(p), z, 1e-13),
             qPrintable(QString::number(concord::stats::normalQuantile(p), 'g', 17)));
}

void TestPpiMean::studentTQuantile_data()
{
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("df");
    QTest::addColumn<double>("t");
    // scipy.stats.t.sf inverted by scipy.optimize.brentq (rtol 1e-15; t.ppf itself is good to only about
    // 1e-10); df 1 and 2 agree with the closed forms tan(pi (p - 1/2)) and (2p - 1) / sqrt(2p(1 - p)).
    // Fractional df as Welch-Satterthwaite gives them.
    QTest::newRow("df 1") << 0.975 << 1.0 << 12.706204736174692;
    QTest::newRow("df 2") << 0.975 << 2.0 << 4.302652729749462;
    QTest::newRow("df 9") << 0.975 << 9.0 << 2.2621571627982044;
    QTest::newRow("df 9.5") << 0.975 << 9.5 << 2.2441374614922953;
    QTest::newRow("df 3.7, 0.995") << 0.995 << 3.7 << 4.8692522532278275;
    QTest::newRow("lower tail, df 30") << 0.025 << 30.0 << -2.0422724563012378;
    QTest::newRow("df 1000, 0.999") << 0.999 << 1000.0 << 3.098402163912922;
    QTest::newRow("near the median") << 0.6 << 5.0 << 0.26718086570414507;
    QTest::newRow("far tail, df 2.5") << 0.9999 << 2.5 << 34.86796932111632;
    QTest::newRow("infinite df is the normal") << 0.975 << std::numeric_limits<double>::infinity() << 1.959963984540054;
}

void TestPpiMean::studentTQuantile()
{
    QFETCH(double, p);
    QFETCH(double, df);
    QFETCH(double, t);
    const double got = concord::stats::studentTQuantile(p, df);
    QVERIFY2(near(got, t, 1e-11), qPrintable(QString::number(got, 'g', 17)));
    QVERIFY(std::isnan(concord::stats::studentTQuantile(1.0, 3)));
    QVERIFY(std::isnan(concord::stats::studentTQuantile(0.9, 0)));
}

void TestPpiMean::givenLambdaAndTIntervals()
{
    // Four labelled, three unlabelled items, lambda given as 0.5:
    // rectifier Y - f/2 = 3, 3, 3.5, 4 (mean 3.375, var 0.22916...), f unlabelled 2, 4, 6 (mean 4, var 4).
    const std::vector<double> y{4, 4, 5, 5};
    const std::vector<double> f{2, 2, 3, 2};
    const std::vector<double> u{2, 4, 6};
    PpiOptions options;
    options.interval = IntervalKind::StudentT;
    options.lambda = 0.5;
    const PpiMean m = ppiMean(y, f, u, options);
    QCOMPARE(m.lambda, 0.5);
    QVERIFY(near(m.ppi.estimate, 0.5 * 4 + 3.375));
    const double a = (0.6875 / 3) / 4; // var(rectifier) / n
    const double b = 0.25 * 4 / 3;     // lambda^2 var(f unlabelled) / N
    QVERIFY(near(m.ppi.standardError, std::sqrt(a + b)));
    const double df = (a + b) * (a + b) / (a * a / 3 + b * b / 2);
    QVERIFY(near(m.ppi.degreesOfFreedom, df));
    QVERIFY(near(m.ppi.high - m.ppi.estimate, concord::stats::studentTQuantile(0.975, df) * std::sqrt(a + b)));
    // The labels alone: t with n - 1 = 3 df (scipy.stats.t.ppf(0.975, 3) = 3.182446305284263).
    QCOMPARE(m.human.degreesOfFreedom, 3.0);
    QVERIFY(near(m.human.high - m.human.estimate, 3.182446305284263 * std::sqrt((1.0 / 3) / 4)));
    // The tuned lambda the report pools is the one ppiMean tunes itself.
    const PpiMean tuned = ppiMean(y, f, u, 0.95, PpiMethod::PpiPlusPlus);
    QCOMPARE(ppiTunedLambda(y, f, u), tuned.lambda);
}

void TestPpiMean::smallSamplesCoverWithT_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<bool>("normalFallsShort");
    // PPI's normal interval gets most of its df from the ninety unlabelled items: only the labels' own
    // falls visibly short.
    QTest::newRow("ppi") << int(PpiMethod::Ppi) << false;
    QTest::newRow("classical") << int(PpiMethod::Classical) << true;
}

void TestPpiMean::smallSamplesCoverWithT()
{
    // Ten labels and ninety unlabelled items, as a system has at a tenth of SummEval: over 4,000 studies the
    // t intervals hold the truth 94-96% of the time, where the labels' normal interval falls short (about 92%).
    QFETCH(int, method);
    QFETCH(bool, normalFallsShort);
    std::mt19937_64 rng(20261128);
    constexpr int kStudies = 4000;
    constexpr double kTruth = 3.0;
    PpiOptions t;
    t.method = static_cast<PpiMethod>(method);
    t.interval = IntervalKind::StudentT;
    PpiOptions z = t;
    z.interval = IntervalKind::Normal;
    int coveredT = 0;
    int coveredZ = 0;
    for (int s = 0; s < kStudies; ++s) {
        const Synthetic study = draw(rng, 10, 90, kTruth, 0.7, 0.5);
        const PpiMean mt = ppiMean(study.y, study.labelled, study.unlabelled, t);
        const PpiMean mz = ppiMean(study.y, study.labelled, study.unlabelled, z);
        coveredT += mt.ppi.low <= kTruth && kTruth <= mt.ppi.high ? 1 : 0;
        coveredZ += mz.ppi.low <= kTruth && kTruth <= mz.ppi.high ? 1 : 0;
    }
    const double rateT = static_cast<double>(coveredT) / kStudies;
    const double rateZ = static_cast<double>(coveredZ) / kStudies;
    qInfo("coverage t %.4f, normal %.4f", rateT, rateZ);
    QVERIFY2(rateT >= 0.94 && rateT <= 0.96, qPrintable(QString::number(rateT)));
    if (normalFallsShort)
        QVERIFY2(rateZ < 0.935, qPrintable(QString::number(rateZ)));
}

void TestPpiMean::moderatedVarianceHandWorked()
{
    // givenLambdaAndTIntervals' items with a prior s0^2 = 1 on d0 = 5 df: var(rectifier) 0.6875 / 3 on 3 df is
    // moderated to (5 * 1 + 3 * 0.22916...) / 8 = 0.7109375 with 8 df.
    const std::vector<double> y{4, 4, 5, 5};
    const std::vector<double> f{2, 2, 3, 2};
    const std::vector<double> u{2, 4, 6};
    PpiOptions options;
    options.interval = IntervalKind::StudentT;
    options.lambda = 0.5;
    options.rectifierPrior = VariancePrior{1, 5};
    const PpiMean m = ppiMean(y, f, u, options);
    QVERIFY(near(m.ppi.estimate, 0.5 * 4 + 3.375));
    const double a = 0.7109375 / 4; // moderated var(rectifier) / n
    const double b = 0.25 * 4 / 3;  // lambda^2 var(f unlabelled) / N, as it was
    QVERIFY(near(m.ppi.standardError, std::sqrt(a + b)));
    QVERIFY(near(m.ppi.degreesOfFreedom, (a + b) * (a + b) / (a * a / 8 + b * b / 2)));
    // The labels' own interval is left as it is.
    QVERIFY(near(m.human.high - m.human.estimate, 3.182446305284263 * std::sqrt((1.0 / 3) / 4)));
    // Labels that all agree with lambda 0: the rectifier is Y, its variance 0 moderated to 5 / 8 on 8 df.
    PpiOptions alone;
    alone.method = PpiMethod::Classical;
    alone.interval = IntervalKind::StudentT;
    alone.rectifierPrior = VariancePrior{1, 5};
    const PpiMean agreeing = ppiMean({5, 5, 5, 5}, {1, 2, 3, 4}, u, alone);
    QCOMPARE(agreeing.human.high, agreeing.human.low);
    QVERIFY(near(agreeing.ppi.estimate, 5));
    QVERIFY(near(agreeing.ppi.standardError, std::sqrt(0.625 / 4)));
    QCOMPARE(agreeing.ppi.degreesOfFreedom, 8.0);
}

void TestPpiMean::moderatedVarianceCovers_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("priorDf");
    // Twelve systems' people's spreads drawn from Smyth's model, sd^2 = d0 / chi^2_d0 (d0 = 0: all 1).
    QTest::newRow("ppi++, equal spreads") << int(PpiMethod::PpiPlusPlus) << 0.0;
    QTest::newRow("ppi++, spreads from a prior on 6 df") << int(PpiMethod::PpiPlusPlus) << 6.0;
    QTest::newRow("ppi, spreads from a prior on 6 df") << int(PpiMethod::Ppi) << 6.0;
    QTest::newRow("classical, spreads from a prior on 6 df") << int(PpiMethod::Classical) << 6.0;
}

void TestPpiMean::moderatedVarianceCovers()
{
    // 1,000 synthetic studies of twelve systems, each ten labelled and ninety unlabelled items (a tenth of
    // SummEval), lambda as the report tunes it over the pooled systems: with the rectifiers' variances moderated
    // over the twelve the t intervals hold each system's truth 94-96% of the time (12,000 intervals: a binomial
    // standard error of 0.2 points), and they are narrower on average than each system's own t interval.
    QFETCH(int, method);
    QFETCH(double, priorDf);
    std::mt19937_64 rng(20261129);
    std::chi_squared_distribution<double> chi(priorDf > 0 ? priorDf : 1);
    constexpr int kStudies = 1000;
    constexpr int kSystems = 12;
    int covered = 0;
    int intervals = 0;
    double moderatedWidth = 0;
    double ownWidth = 0;
    for (int s = 0; s < kStudies; ++s) {
        std::vector<Synthetic> systems;
        std::vector<double> truths;
        Synthetic pooled;
        for (int k = 0; k < kSystems; ++k) {
            const double sd = priorDf > 0 ? std::sqrt(priorDf / chi(rng)) : 1.0;
            const double truth = 2.0 + 0.2 * k;
            Synthetic study = draw(rng, 10, 90, 0, 0.7, 0.5);
            // Y = truth + sd * Z; the judge's f keeps its own noise around 0.7 Z.
            for (double &y : study.y)
                y = truth + sd * y;
            pooled.y.insert(pooled.y.end(), study.y.begin(), study.y.end());
            pooled.labelled.insert(pooled.labelled.end(), study.labelled.begin(), study.labelled.end());
            pooled.unlabelled.insert(pooled.unlabelled.end(), study.unlabelled.begin(), study.unlabelled.end());
            systems.push_back(std::move(study));
            truths.push_back(truth);
        }
        PpiOptions options;
        options.method = static_cast<PpiMethod>(method);
        options.interval = IntervalKind::StudentT;
        double lambda = method == int(PpiMethod::Ppi) ? 1.0 : 0.0;
        if (method == int(PpiMethod::PpiPlusPlus)) {
            lambda = ppiTunedLambda(pooled.y, pooled.labelled, pooled.unlabelled);
            options.lambda = lambda;
        }
        std::vector<double> variances, df;
        for (const Synthetic &study : systems) {
            double mean = 0;
            for (std::size_t i = 0; i < study.y.size(); ++i)
                mean += (study.y[i] - lambda * study.labelled[i]) / static_cast<double>(study.y.size());
            double squares = 0;
            for (std::size_t i = 0; i < study.y.size(); ++i)
                squares += std::pow(study.y[i] - lambda * study.labelled[i] - mean, 2);
            variances.push_back(squares / static_cast<double>(study.y.size() - 1));
            df.push_back(static_cast<double>(study.y.size() - 1));
        }
        PpiOptions own = options;
        options.rectifierPrior = fitVariancePrior(variances, df);
        for (int k = 0; k < kSystems; ++k) {
            const Synthetic &study = systems[static_cast<std::size_t>(k)];
            const PpiMean m = ppiMean(study.y, study.labelled, study.unlabelled, options);
            const PpiMean o = ppiMean(study.y, study.labelled, study.unlabelled, own);
            const double truth = truths[static_cast<std::size_t>(k)];
            covered += m.ppi.low <= truth && truth <= m.ppi.high ? 1 : 0;
            ++intervals;
            moderatedWidth += m.ppi.high - m.ppi.low;
            ownWidth += o.ppi.high - o.ppi.low;
        }
    }
    const double rate = static_cast<double>(covered) / intervals;
    qInfo("coverage %.4f, mean width %.4f moderated, %.4f each system's own", rate, moderatedWidth / intervals,
          ownWidth / intervals);
    QVERIFY2(rate >= 0.94 && rate <= 0.96, qPrintable(QString::number(rate)));
    QVERIFY(moderatedWidth < ownWidth);
}

void TestPpiMean::labelsThatAgreeCarryACaution()
{
    const PpiMean agree = ppiMean({5, 5, 5}, {4, 5, 4.5}, {3, 4, 5}, 0.95, PpiMethod::PpiPlusPlus);
    QCOMPARE(agree.caution, std::string("the labels all agree: the interval may be too narrow; label more summaries"));
    QCOMPARE(agree.human.high - agree.human.low, 0.0);
    const PpiMean differ = ppiMean({4, 5, 5}, {4, 5, 4.5}, {3, 4, 5}, 0.95, PpiMethod::PpiPlusPlus);
    QVERIFY(differ.caution.empty());
}

void TestPpiMean::handWorked()
{
    // Three labelled items, four unlabelled. By hand, in fractions:
    //   mean Y = 4, var Y = 1, so the human se^2 = 1/3;
    //   cov(Y, f_labelled) = 3/4; var(f over all seven) = 101/84; mean of all f = 25/7;
    //   PPI++ lambda = (3/4) / ((1 + 3/4) * 101/84) = 36/101;
    //   theta = 36/101 * 7/2 + mean(Y - 36/101 f) = 398/101, se^2 = 7771/30603;
    //   PPI (lambda 1): theta = 7/2 + 1/3 = 23/6, se^2 = (5/3) / 4 + (7/12) / 3 = 11/18;
    //   the judge alone: 25/7 with se^2 = (101/84) / 7 = 101/588.
    const std::vector<double> y{3, 4, 5};
    const std::vector<double> labelled{2.5, 4.5, 4};
    const std::vector<double> unlabelled{3, 5, 4, 2};
    const double z = 1.959963984540054;
    const PpiMean tuned = ppiMean(y, labelled, unlabelled, 0.95, PpiMethod::PpiPlusPlus);
    QVERIFY(tuned.why.empty());
    QCOMPARE(tuned.labelled, std::size_t(3));
    QCOMPARE(tuned.unlabelled, std::size_t(4));
    QVERIFY(near(tuned.human.estimate, 4.0));
    QVERIFY(near(tuned.human.standardError, std::sqrt(1.0 / 3)));
    QVERIFY(near(tuned.human.low, 4.0 - z * std::sqrt(1.0 / 3)));
    QVERIFY(near(tuned.lambda, 36.0 / 101));
    QVERIFY(near(tuned.ppi.estimate, 398.0 / 101));
    QVERIFY(near(tuned.ppi.standardError, std::sqrt(7771.0 / 30603)));
    QVERIFY(near(tuned.ppi.high, 398.0 / 101 + z * std::sqrt(7771.0 / 30603)));
    QVERIFY(near(tuned.judgeOnly.estimate, 25.0 / 7));
    QVERIFY(near(tuned.judgeOnly.standardError, std::sqrt(101.0 / 588)));
    // The labels the judge was worth: var Y / se^2 = 1 / (7771/30603).
    QVERIFY(near(tuned.effectiveLabels, 30603.0 / 7771));
    QVERIFY(near(tuned.labelsSaved, 30603.0 / 7771 - 3));

    const PpiMean plain = ppiMean(y, labelled, unlabelled, 0.95, PpiMethod::Ppi);
    QCOMPARE(plain.lambda, 1.0);
    QVERIFY(near(plain.ppi.estimate, 23.0 / 6));
    QVERIFY(near(plain.ppi.standardError, std::sqrt(11.0 / 18)));

    const PpiMean classical = ppiMean(y, labelled, unlabelled, 0.95, PpiMethod::Classical);
    QCOMPARE(classical.lambda, 0.0);
    QCOMPARE(classical.ppi.estimate, classical.human.estimate);
    QCOMPARE(classical.ppi.standardError, classical.human.standardError);
    QVERIFY(near(classical.labelsSaved, 0));
}

void TestPpiMean::equalsTheReference_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("bigN");
    QTest::addColumn<double>("slope");
    QTest::addColumn<double>("shift");
    QTest::addColumn<double>("humanMean");
    QTest::addColumn<double>("humanSe");
    QTest::addColumn<double>("ppi");
    QTest::addColumn<double>("ppiSe");
    QTest::addColumn<double>("lambda");
    QTest::addColumn<double>("tunedMean");
    QTest::addColumn<double>("tunedSe");
    QTest::addColumn<double>("tunedLow");
    QTest::addColumn<double>("tunedHigh");
    // /usr/bin/python3 tests/reference/ppi_reference.py
    QTest::newRow("correlated judge") << 42 << 400 << 1.6 << -0.2 << 2.9523809523809526 << 0.2207378108285083
                                      << 3.0274999999999994 << 0.183377347416948 << 0.5752415839990798
                                      << 2.9955925523218356 << 0.07201286597668062 << 2.8544499285840317
                                      << 3.1367351760596396;
    QTest::newRow("judge against the people")
        << 30 << 300 << -0.5 << 4.0 << 3.0 << 0.26261286571944514 << 2.9985714285714287 << 0.39713036427973986 << 0.0
        << 3.0 << 0.2626128657194451 << 2.485288241313034 << 3.514711758686966;
    QTest::newRow("few labels") << 6 << 1000 << 2.0 << 0.0 << 2.6666666666666665 << 0.6666666666666667
                                << 3.285857142857144 << 0.7612580239739868 << 0.6954684989256196 << 3.0972941376918977
                                << 0.3312440464902321 << 2.4480677364777312 << 3.746520538906064;
}

void TestPpiMean::equalsTheReference()
{
    QFETCH(int, n);
    QFETCH(int, bigN);
    QFETCH(double, slope);
    QFETCH(double, shift);
    std::vector<double> y, labelled, unlabelled;
    fixture(n, bigN, slope, shift, y, labelled, unlabelled);
    const PpiMean plain = ppiMean(y, labelled, unlabelled, 0.95, PpiMethod::Ppi);
    const PpiMean tuned = ppiMean(y, labelled, unlabelled, 0.95, PpiMethod::PpiPlusPlus);
    QFETCH(double, humanMean);
    QFETCH(double, humanSe);
    QFETCH(double, ppi);
    QFETCH(double, ppiSe);
    QFETCH(double, lambda);
    QFETCH(double, tunedMean);
    QFETCH(double, tunedSe);
    QFETCH(double, tunedLow);
    QFETCH(double, tunedHigh);
    QVERIFY(near(tuned.human.estimate, humanMean));
    QVERIFY(near(tuned.human.standardError, humanSe));
    QVERIFY(near(plain.ppi.estimate, ppi));
    QVERIFY(near(plain.ppi.standardError, ppiSe));
    QVERIFY2(near(tuned.lambda, lambda), qPrintable(QString::number(tuned.lambda, 'g', 17)));
    QVERIFY(near(tuned.ppi.estimate, tunedMean));
    QVERIFY(near(tuned.ppi.standardError, tunedSe));
    QVERIFY(near(tuned.ppi.low, tunedLow));
    QVERIFY(near(tuned.ppi.high, tunedHigh));
}

void TestPpiMean::intervalsCoverTheTruth_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("noise");
    QTest::newRow("ppi++, a good judge") << int(PpiMethod::PpiPlusPlus) << 0.5;
    QTest::newRow("ppi++, a poor judge") << int(PpiMethod::PpiPlusPlus) << 3.0;
    QTest::newRow("ppi, a good judge") << int(PpiMethod::Ppi) << 0.5;
    QTest::newRow("classical") << int(PpiMethod::Classical) << 0.5;
}

void TestPpiMean::intervalsCoverTheTruth()
{
    // 2,000 synthetic studies of 200 labelled and 2,000 unlabelled items with a known mean (the judge biased
    // by its slope 0.7, so its own mean is wrong): the 95% intervals must hold the truth 94-96% of the time
    // (the binomial standard error of 2,000 draws is 0.49 points).
    QFETCH(int, method);
    QFETCH(double, noise);
    std::mt19937_64 rng(20261128);
    constexpr int kStudies = 2000;
    constexpr double kTruth = 3.0;
    int covered = 0;
    int judgeCovered = 0;
    for (int s = 0; s < kStudies; ++s) {
        const Synthetic study = draw(rng, 200, 2000, kTruth, 0.7, noise);
        const PpiMean m = ppiMean(study.y, study.labelled, study.unlabelled, 0.95, static_cast<PpiMethod>(method));
        covered += m.ppi.low <= kTruth && kTruth <= m.ppi.high ? 1 : 0;
        judgeCovered += m.judgeOnly.low <= kTruth && kTruth <= m.judgeOnly.high ? 1 : 0;
    }
    const double rate = static_cast<double>(covered) / kStudies;
    qInfo("coverage %.4f", rate);
    QVERIFY2(rate >= 0.94 && rate <= 0.96, qPrintable(QString::number(rate)));
    // The judge alone is biased: its interval almost never holds the people's mean.
    QVERIFY(judgeCovered < kStudies / 100);
}

void TestPpiMean::perfectJudgeIsAsNarrowAsTheJudgeAlone()
{
    std::mt19937_64 rng(7);
    const Synthetic study = draw(rng, 200, 2000, 3.0, 1.0, 0.0);
    const PpiMean m = ppiMean(study.y, study.labelled, study.unlabelled, 0.95, PpiMethod::PpiPlusPlus);
    const double ppiWidth = m.ppi.high - m.ppi.low;
    const double judgeWidth = m.judgeOnly.high - m.judgeOnly.low;
    QVERIFY2(ppiWidth <= judgeWidth * 1.02 && ppiWidth >= judgeWidth * 0.98,
             qPrintable(QStringLiteral("%1 vs %2").arg(ppiWidth).arg(judgeWidth)));
    // About n + N labels' worth: 2,200 for 200.
    QVERIFY2(m.effectiveLabels > 2000, qPrintable(QString::number(m.effectiveLabels)));
}

void TestPpiMean::noiseJudgeCostsNothing()
{
    // A judge of pure noise, in 500 studies: PPI++ is never more than 2% wider than the people alone.
    std::mt19937_64 rng(11);
    for (int s = 0; s < 500; ++s) {
        const Synthetic study = draw(rng, 200, 2000, 3.0, 0.0, 1.0);
        const PpiMean m = ppiMean(study.y, study.labelled, study.unlabelled, 0.95, PpiMethod::PpiPlusPlus);
        QVERIFY2(m.ppi.high - m.ppi.low <= 1.02 * (m.human.high - m.human.low), qPrintable(QString::number(s)));
    }
}

void TestPpiMean::tooFewLabelsSayWhy()
{
    const PpiMean m = ppiMean({4}, {3.5}, {3, 4, 5}, 0.95, PpiMethod::PpiPlusPlus);
    QCOMPARE(m.why, std::string("fewer than two labelled items"));
    QVERIFY(std::isnan(m.ppi.low));
    QVERIFY(std::isnan(m.human.high));
    QCOMPARE(m.labelled, std::size_t(1));
}

void TestPpiMean::labelsNeededHandWorked()
{
    // The hand-worked study of seven summaries: var Y = 1, cov(Y, f) = 3/4, var(f over all) = 101/84. With n
    // labels PPI++ tunes lambda = (3/4) / ((1 + n / (7 - n)) 101/84): 45/101 for n = 2, 36/101 for n = 3, and
    // the variance lambda^2 (101/84) / (7 - n) + (1 - 2 lambda 3/4 + lambda^2 101/84) / n is 0.3329 for n = 2
    // and 0.2442 for n = 3. For a variance of 0.26 (an interval of width 2 z sqrt(0.26)): alone, ceil(1 / 0.26)
    // = 4 labels; with the judge, 3. For 0.125 neither gets there within seven summaries (every one labelled
    // gives 1/7).
    const std::vector<double> y{3, 4, 5};
    const std::vector<double> labelled{2.5, 4.5, 4};
    const std::vector<double> unlabelled{3, 5, 4, 2};
    const double z = 1.959963984540054;
    const LabelsNeeded some
        = labelsNeeded(y, labelled, unlabelled, PpiMethod::PpiPlusPlus, 2 * z * std::sqrt(0.26), 0.95);
    QCOMPARE(some.alone, 4.0);
    QCOMPARE(some.withJudge, 3.0);
    const LabelsNeeded tight
        = labelsNeeded(y, labelled, unlabelled, PpiMethod::PpiPlusPlus, 2 * z * std::sqrt(0.125), 0.95);
    QVERIFY(std::isnan(tight.alone));
    QVERIFY(std::isnan(tight.withJudge));
    // Without the judge both ask the same.
    const LabelsNeeded without
        = labelsNeeded(y, labelled, unlabelled, PpiMethod::Classical, 2 * z * std::sqrt(0.26), 0.95);
    QCOMPARE(without.withJudge, without.alone);
}

QTEST_APPLESS_MAIN(TestPpiMean)
#include "tst_ppi_mean.moc"
