// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing two judges' agreement with the humans (reports::compareJudges) on a small fixed study,
// against values computed independently with NumPy/SciPy by reference/judge_comparison_reference.py
// (correlations at each level, Williams' t and p in Steiger's form, and the permute-both test's p for
// the same seed: the script reimplements the seeded coin flips). Also: identical judges are never
// significantly different, the tests asked for decide "significant", and the errors.
#include "judge_comparison_study.h"

#include "reports/judge_comparison.h"
#include "store/study.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace concord;
using reports::Level;
using reports::SignificanceTest;
using stats::CorrelationMethod;

namespace {

bool close(double actual, double expected, double tolerance)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::fabs(actual - expected) <= tolerance * std::max(1.0, std::fabs(expected));
}

const reports::JudgeComparisonEntry *find(const reports::JudgeComparison &c, const QString &dimension,
                                          const QString &level, const QString &method)
{
    for (const auto &e : c.entries)
        if (QString::fromStdString(e.dimension) == dimension && QLatin1String(reports::toString(e.level)) == level
            && QLatin1String(stats::toString(e.method)) == method)
            return &e;
    return nullptr;
}

} // namespace

class TestJudgeComparison : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void againstScipy_data();
    void againstScipy();
    void permutationWithAnotherSeed_data();
    void permutationWithAnotherSeed();
    void identicalJudgesAreNeverDifferent();
    void significantNeedsEveryTestAskedFor_data();
    void significantNeedsEveryTestAskedFor();
    void onlyTheTestsAskedForRun();
    void tableAndJson();
    void errors_data();
    void errors();

private:
    reports::JudgeComparisonRequest request() const;
    reports::JudgeComparison compare(const reports::JudgeComparisonRequest &r);

    QTemporaryDir m_dir;
    std::unique_ptr<store::Study> m_study;
    std::optional<reports::JudgeComparison> m_all; // every level and coefficient, both tests, the defaults
};

reports::JudgeComparisonRequest TestJudgeComparison::request() const
{
    reports::JudgeComparisonRequest r;
    r.humanGroup = "expert";
    r.raterA = "judge_a";
    r.raterB = "judge_b";
    return r;
}

reports::JudgeComparison TestJudgeComparison::compare(const reports::JudgeComparisonRequest &r)
{
    auto result = reports::compareJudges(*m_study, r);
    if (!result) {
        qWarning("%s", result.error().describe().c_str());
        return {};
    }
    return std::move(result).value();
}

void TestJudgeComparison::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const std::string path = m_dir.filePath(QStringLiteral("comparison.concord")).toStdString();
    const std::string error = test::createJudgeComparisonStudy(path);
    QVERIFY2(error.empty(), error.c_str());
    auto opened = store::Study::open(path, {.readOnly = true});
    QVERIFY(opened.ok());
    m_study = std::move(opened).value();
    auto r = request();
    r.methods = {CorrelationMethod::Pearson, CorrelationMethod::Spearman, CorrelationMethod::KendallB,
                 CorrelationMethod::KendallC};
    m_all = compare(r);
    QCOMPARE(m_all->entries.size(), std::size_t{2 * 3 * 4});
    QCOMPARE(m_all->humanRaters, (std::vector<std::string>{"h1", "h2", "h3"}));
}

void TestJudgeComparison::againstScipy_data()
{
    QTest::addColumn<QString>("dimension");
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("method");
    QTest::addColumn<double>("ra");
    QTest::addColumn<double>("rb");
    QTest::addColumn<double>("rab");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("pOneSided");
    QTest::addColumn<double>("permutationP");
    // judge_comparison_reference.py --seed 24301 --resamples 1000 (NumPy 1.24.2, SciPy 1.10.1)
    // dimension, level, coefficient: r(A,H), r(B,H), r(A,B), n, Williams t, p two-sided, p one-sided, permutation p
    QTest::newRow("coherence dataset pearson")
        << QStringLiteral("coherence") << QStringLiteral("dataset") << QStringLiteral("pearson") << 0.7879165183834818
        << 0.5115125929828396 << 0.6991920707292993 << 29 << 2.9224482614105383 << 0.007098734270096596
        << 0.003549367135048298 << 0.007992007992007992;
    QTest::newRow("coherence dataset spearman")
        << QStringLiteral("coherence") << QStringLiteral("dataset") << QStringLiteral("spearman") << 0.7575586751670017
        << 0.4003610718285049 << 0.6618859796357515 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.002997002997002997;
    QTest::newRow("coherence dataset kendall_b")
        << QStringLiteral("coherence") << QStringLiteral("dataset") << QStringLiteral("kendall_b") << 0.6573081771704091
        << 0.31447084234305817 << 0.5821689965240403 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.002997002997002997;
    QTest::newRow("coherence dataset kendall_c")
        << QStringLiteral("coherence") << QStringLiteral("dataset") << QStringLiteral("kendall_c") << 0.6361474435196195
        << 0.3151010701545779 << 0.5231866825208086 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.003996003996003996;
    QTest::newRow("coherence system pearson")
        << QStringLiteral("coherence") << QStringLiteral("system") << QStringLiteral("pearson") << 0.9627139166637815
        << 0.7673944466299372 << 0.9038950322841243 << 5 << 4.929491987064456 << 0.03877470997866962
        << 0.01938735498933481 << 0.053946053946053944;
    QTest::newRow("coherence system spearman")
        << QStringLiteral("coherence") << QStringLiteral("system") << QStringLiteral("spearman") << 0.9999999999999999
        << 0.8207826816681234 << 0.8207826816681233 << 5 << qQNaN() << qQNaN() << qQNaN() << 0.14385614385614387;
    QTest::newRow("coherence system kendall_b")
        << QStringLiteral("coherence") << QStringLiteral("system") << QStringLiteral("kendall_b") << 0.9999999999999999
        << 0.7378647873726218 << 0.7378647873726218 << 5 << qQNaN() << qQNaN() << qQNaN() << 0.1048951048951049;
    QTest::newRow("coherence system kendall_c")
        << QStringLiteral("coherence") << QStringLiteral("system") << QStringLiteral("kendall_c") << 1.0
        << 0.7466666666666667 << 0.7466666666666667 << 5 << qQNaN() << qQNaN() << qQNaN() << 0.1048951048951049;
    QTest::newRow("coherence summary pearson")
        << QStringLiteral("coherence") << QStringLiteral("summary") << QStringLiteral("pearson") << 0.798619941782914
        << 0.4969013284336266 << 0.7036381112003753 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.023976023976023976;
    QTest::newRow("coherence summary spearman")
        << QStringLiteral("coherence") << QStringLiteral("summary") << QStringLiteral("spearman") << 0.7936133253272182
        << 0.467982989152352 << 0.6356850483610191 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.02097902097902098;
    QTest::newRow("coherence summary kendall_b")
        << QStringLiteral("coherence") << QStringLiteral("summary") << QStringLiteral("kendall_b") << 0.7489763806700344
        << 0.38743425643339857 << 0.5769997463571471 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.01898101898101898;
    QTest::newRow("coherence summary kendall_c")
        << QStringLiteral("coherence") << QStringLiteral("summary") << QStringLiteral("kendall_c") << 0.7716666666666668
        << 0.4093055555555556 << 0.565 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.02197802197802198;
    QTest::newRow("fluency dataset pearson")
        << QStringLiteral("fluency") << QStringLiteral("dataset") << QStringLiteral("pearson") << 0.6612328012426261
        << 0.8192393903785617 << 0.6164372480657013 << 29 << -1.6451588734497993 << 0.11197488613010084
        << 0.9440125569349496 << 0.1938061938061938;
    QTest::newRow("fluency dataset spearman")
        << QStringLiteral("fluency") << QStringLiteral("dataset") << QStringLiteral("spearman") << 0.6806579437576
        << 0.8523006980060797 << 0.6231727297259924 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.13386613386613386;
    QTest::newRow("fluency dataset kendall_b")
        << QStringLiteral("fluency") << QStringLiteral("dataset") << QStringLiteral("kendall_b") << 0.5595543418907001
        << 0.7412652879686078 << 0.5246913580246914 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.13386613386613386;
    QTest::newRow("fluency dataset kendall_c")
        << QStringLiteral("fluency") << QStringLiteral("dataset") << QStringLiteral("kendall_c") << 0.5766944114149822
        << 0.7639714625445898 << 0.5053507728894174 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.11488511488511488;
    QTest::newRow("fluency system pearson")
        << QStringLiteral("fluency") << QStringLiteral("system") << QStringLiteral("pearson") << 0.748180723238363
        << 0.9742079848160827 << 0.7023838148747596 << 5 << -1.8081651774494862 << 0.21231061826388184
        << 0.8938446908680591 << 0.03496503496503497;
    QTest::newRow("fluency system spearman")
        << QStringLiteral("fluency") << QStringLiteral("system") << QStringLiteral("spearman") << 0.7
        << 0.9746794344808963 << 0.6155870112510925 << 5 << qQNaN() << qQNaN() << qQNaN() << 0.01098901098901099;
    QTest::newRow("fluency system kendall_b")
        << QStringLiteral("fluency") << QStringLiteral("system") << QStringLiteral("kendall_b") << 0.6
        << 0.9486832980505138 << 0.5270462766947298 << 5 << qQNaN() << qQNaN() << qQNaN() << 0.03396603396603397;
    QTest::newRow("fluency system kendall_c")
        << QStringLiteral("fluency") << QStringLiteral("system") << QStringLiteral("kendall_c") << 0.6 << 0.96
        << 0.5333333333333333 << 5 << qQNaN() << qQNaN() << qQNaN() << 0.03396603396603397;
    QTest::newRow("fluency summary pearson")
        << QStringLiteral("fluency") << QStringLiteral("summary") << QStringLiteral("pearson") << 0.6752396445696048
        << 0.8246896962672986 << 0.6451253007876605 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.2517482517482518;
    QTest::newRow("fluency summary spearman")
        << QStringLiteral("fluency") << QStringLiteral("summary") << QStringLiteral("spearman") << 0.7030324620728301
        << 0.7448626765764893 << 0.6328682733965051 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.7332667332667333;
    QTest::newRow("fluency summary kendall_b")
        << QStringLiteral("fluency") << QStringLiteral("summary") << QStringLiteral("kendall_b") << 0.6422090924418024
        << 0.666491279947181 << 0.5493573321583881 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.8581418581418582;
    QTest::newRow("fluency summary kendall_c")
        << QStringLiteral("fluency") << QStringLiteral("summary") << QStringLiteral("kendall_c") << 0.6273611111111111
        << 0.6736111111111112 << 0.5336111111111111 << 29 << qQNaN() << qQNaN() << qQNaN() << 0.7512487512487512;
}

void TestJudgeComparison::againstScipy()
{
    QFETCH(QString, dimension);
    QFETCH(QString, level);
    QFETCH(QString, method);
    QFETCH(double, ra);
    QFETCH(double, rb);
    QFETCH(double, rab);
    QFETCH(int, n);
    QFETCH(double, t);
    QFETCH(double, p);
    QFETCH(double, pOneSided);
    QFETCH(double, permutationP);
    const auto *e = find(*m_all, dimension, level, method);
    QVERIFY(e);
    QVERIFY2(close(e->a.value, ra, 1e-12), qPrintable(QString::number(e->a.value, 'g', 17)));
    QVERIFY2(close(e->b.value, rb, 1e-12), qPrintable(QString::number(e->b.value, 'g', 17)));
    QVERIFY2(close(e->ab.value, rab, 1e-12), qPrintable(QString::number(e->ab.value, 'g', 17)));
    QVERIFY2(close(e->difference, ra - rb, 1e-12), qPrintable(QString::number(e->difference, 'g', 17)));
    QCOMPARE(e->a.n, std::size_t(n));
    QVERIFY2(close(e->williams.t, t, 1e-9), qPrintable(QString::number(e->williams.t, 'g', 17)));
    QVERIFY2(close(e->williams.pTwoSided, p, 1e-9), qPrintable(QString::number(e->williams.pTwoSided, 'g', 17)));
    QVERIFY2(close(e->williams.pOneSided, pOneSided, 1e-9),
             qPrintable(QString::number(e->williams.pOneSided, 'g', 17)));
    QCOMPARE(std::isnan(e->williams.t), e->williamsUndefinedReason.empty() == false);
    if (!std::isnan(t))
        QCOMPARE(e->williams.df, double(n - 3));
    // The same coin flips as the script's: the count of resamples at least as extreme is exact.
    QCOMPARE(e->permutation.resamples, std::size_t{1000});
    QCOMPARE(e->permutation.undefinedResamples, std::size_t{0});
    QCOMPARE(e->permutation.p, permutationP);
    QCOMPARE(e->better, std::string(ra > rb ? "judge_a" : "judge_b"));
}

void TestJudgeComparison::permutationWithAnotherSeed_data()
{
    QTest::addColumn<QString>("dimension");
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("method");
    QTest::addColumn<double>("permutationP");
    // judge_comparison_reference.py --seed 7 --resamples 200
    QTest::newRow("coherence dataset pearson") << QStringLiteral("coherence") << QStringLiteral("dataset")
                                               << QStringLiteral("pearson") << 0.014925373134328358;
    QTest::newRow("coherence dataset kendall_b") << QStringLiteral("coherence") << QStringLiteral("dataset")
                                                 << QStringLiteral("kendall_b") << 0.009950248756218905;
    QTest::newRow("coherence system pearson")
        << QStringLiteral("coherence") << QStringLiteral("system") << QStringLiteral("pearson") << 0.10945273631840796;
    QTest::newRow("coherence system kendall_b") << QStringLiteral("coherence") << QStringLiteral("system")
                                                << QStringLiteral("kendall_b") << 0.11940298507462686;
    QTest::newRow("coherence summary pearson")
        << QStringLiteral("coherence") << QStringLiteral("summary") << QStringLiteral("pearson") << 0.03482587064676617;
    QTest::newRow("coherence summary kendall_b") << QStringLiteral("coherence") << QStringLiteral("summary")
                                                 << QStringLiteral("kendall_b") << 0.024875621890547265;
    QTest::newRow("fluency dataset pearson")
        << QStringLiteral("fluency") << QStringLiteral("dataset") << QStringLiteral("pearson") << 0.1791044776119403;
    QTest::newRow("fluency dataset kendall_b")
        << QStringLiteral("fluency") << QStringLiteral("dataset") << QStringLiteral("kendall_b") << 0.12935323383084577;
    QTest::newRow("fluency system pearson")
        << QStringLiteral("fluency") << QStringLiteral("system") << QStringLiteral("pearson") << 0.03482587064676617;
    QTest::newRow("fluency system kendall_b")
        << QStringLiteral("fluency") << QStringLiteral("system") << QStringLiteral("kendall_b") << 0.024875621890547265;
    QTest::newRow("fluency summary pearson")
        << QStringLiteral("fluency") << QStringLiteral("summary") << QStringLiteral("pearson") << 0.27860696517412936;
    QTest::newRow("fluency summary kendall_b")
        << QStringLiteral("fluency") << QStringLiteral("summary") << QStringLiteral("kendall_b") << 0.845771144278607;
}

void TestJudgeComparison::permutationWithAnotherSeed()
{
    QFETCH(QString, dimension);
    QFETCH(QString, level);
    QFETCH(QString, method);
    QFETCH(double, permutationP);
    auto r = request();
    r.methods = {CorrelationMethod::Pearson, CorrelationMethod::KendallB};
    r.test = SignificanceTest::Permutation;
    r.seed = 7;
    r.resamples = 200;
    const auto c = compare(r);
    const auto *e = find(c, dimension, level, method);
    QVERIFY(e);
    QCOMPARE(e->permutation.resamples, std::size_t{200});
    QCOMPARE(e->permutation.p, permutationP);
    // ... and again: the seed alone decides.
    QCOMPARE(find(compare(r), dimension, level, method)->permutation.p, permutationP);
}

void TestJudgeComparison::identicalJudgesAreNeverDifferent()
{
    auto r = request();
    r.raterB = "judge_a";
    r.methods = {CorrelationMethod::Pearson, CorrelationMethod::KendallB};
    const auto c = compare(r);
    QCOMPARE(c.entries.size(), std::size_t{2 * 3 * 2});
    for (const auto &e : c.entries) {
        const std::string what = e.dimension + " " + std::string(reports::toString(e.level)) + " "
                                 + std::string(stats::toString(e.method));
        const char *where = what.c_str();
        QVERIFY2(e.difference == 0.0, where);
        QVERIFY2(e.better.empty(), where);
        QVERIFY2(!e.significant, where);
        // Every resample swaps a score for the same score: all of them are as extreme as the observed 0.
        QVERIFY2(e.permutation.p == 1.0, where);
        // r(A, A) = 1 leaves Williams' test nothing to test; where it computes a t, there is no difference to find.
        QVERIFY2(std::isnan(e.williams.t) ? !e.williamsUndefinedReason.empty() : e.williams.pTwoSided == 1.0, where);
    }
}

void TestJudgeComparison::significantNeedsEveryTestAskedFor_data()
{
    QTest::addColumn<QString>("dimension");
    QTest::addColumn<QString>("level");
    QTest::addColumn<int>("test");
    QTest::addColumn<QString>("better");
    QTest::addColumn<bool>("significant");
    const int williams = int(SignificanceTest::Williams), permutation = int(SignificanceTest::Permutation),
              both = int(SignificanceTest::Both);
    // From the reference values above (Pearson): coherence dataset, Williams p 0.0071 and permutation p 0.0080.
    QTest::newRow("both below 0.05") << QStringLiteral("coherence") << QStringLiteral("dataset") << both
                                     << QStringLiteral("judge_a") << true;
    // Coherence system: Williams p 0.039, permutation p 0.054.
    QTest::newRow("Williams alone") << QStringLiteral("coherence") << QStringLiteral("system") << williams
                                    << QStringLiteral("judge_a") << true;
    QTest::newRow("permutation alone") << QStringLiteral("coherence") << QStringLiteral("system") << permutation
                                       << QStringLiteral("judge_a") << false;
    QTest::newRow("one of two above") << QStringLiteral("coherence") << QStringLiteral("system") << both
                                      << QStringLiteral("judge_a") << false;
    // Fluency system: B is better; Williams p 0.21, permutation p 0.035.
    QTest::newRow("B, permutation") << QStringLiteral("fluency") << QStringLiteral("system") << permutation
                                    << QStringLiteral("judge_b") << true;
    QTest::newRow("B, both") << QStringLiteral("fluency") << QStringLiteral("system") << both
                             << QStringLiteral("judge_b") << false;
    // Summary level: Williams' test does not apply, so the permutation test alone decides (coherence p 0.024).
    QTest::newRow("summary, both") << QStringLiteral("coherence") << QStringLiteral("summary") << both
                                   << QStringLiteral("judge_a") << true;
    QTest::newRow("summary, Williams only")
        << QStringLiteral("coherence") << QStringLiteral("summary") << williams << QStringLiteral("judge_a") << false;
}

void TestJudgeComparison::significantNeedsEveryTestAskedFor()
{
    QFETCH(QString, dimension);
    QFETCH(QString, level);
    QFETCH(int, test);
    QFETCH(QString, better);
    QFETCH(bool, significant);
    auto r = request();
    r.methods = {CorrelationMethod::Pearson};
    r.test = static_cast<SignificanceTest>(test);
    const auto c = compare(r);
    const auto *e = find(c, dimension, level, QStringLiteral("pearson"));
    QVERIFY(e);
    QCOMPARE(QString::fromStdString(e->better), better);
    QCOMPARE(e->significant, significant);
}

void TestJudgeComparison::onlyTheTestsAskedForRun()
{
    auto r = request();
    r.methods = {CorrelationMethod::Pearson};
    r.levels = {Level::Dataset};
    r.dimensions = {"coherence"};
    r.test = SignificanceTest::Williams;
    auto c = compare(r);
    QCOMPARE(c.entries.size(), std::size_t{1});
    QCOMPARE(c.entries[0].permutation.resamples, std::size_t{0});
    QVERIFY(std::isnan(c.entries[0].permutation.p));
    QVERIFY(!std::isnan(c.entries[0].williams.t));
    r.test = SignificanceTest::Permutation;
    c = compare(r);
    QVERIFY(std::isnan(c.entries[0].williams.t));
    QCOMPARE(c.entries[0].williamsUndefinedReason, std::string("Williams' test was not asked for"));
    QCOMPARE(c.entries[0].permutation.p, 0.007992007992007992);

    // Spearman at dataset level: Williams' test is for Pearson correlations, and says so.
    r.test = SignificanceTest::Both;
    r.methods = {CorrelationMethod::Spearman};
    c = compare(r);
    QVERIFY(std::isnan(c.entries[0].williams.t));
    QVERIFY(QString::fromStdString(c.entries[0].williamsUndefinedReason).contains(QStringLiteral("Pearson")));
}

void TestJudgeComparison::tableAndJson()
{
    auto r = request();
    r.methods = {CorrelationMethod::Pearson};
    const auto c = compare(r);
    const io::Table full = reports::toTable(c, true);
    QCOMPARE(full.header,
             (std::vector<std::string>{"dimension", "level", "correlation", "n", "r_a", "r_b", "difference", "r_ab",
                                       "williams_t", "williams_p", "permutation_p", "better", "significant"}));
    QCOMPARE(full.rows.size(), std::size_t{6});
    QCOMPARE(full.rows[0][0], std::string("coherence"));
    QCOMPARE(full.rows[0][1], std::string("dataset"));
    QCOMPARE(full.rows[0][3], std::string("29"));
    QCOMPARE(std::stod(full.rows[0][8]), c.entries[0].williams.t); // every digit
    QCOMPARE(full.rows[0][11], std::string("judge_a"));
    QCOMPARE(full.rows[0][12], std::string("yes"));
    QCOMPARE(full.rows[2][8], std::string()); // summary: no Williams
    const io::Table shown = reports::toTable(c, false);
    QCOMPARE(shown.rows[0][9], std::string("0.007"));
    QCOMPARE(shown.rows[0][10], std::string("0.008"));
    QCOMPARE(shown.rows[2][8], std::string("–"));

    const nlohmann::json j = reports::toJson(c);
    QCOMPARE(j["rater_a"].get<std::string>(), std::string("judge_a"));
    QCOMPARE(j["rater_b"].get<std::string>(), std::string("judge_b"));
    QCOMPARE(j["seed"].get<int>(), 24301);
    const auto &e = j["dimensions"]["coherence"]["dataset"]["pearson"];
    QCOMPARE(e["r_a"]["n"].get<int>(), 29);
    QCOMPARE(e["williams"]["p"].get<double>(), c.entries[0].williams.pTwoSided);
    QCOMPARE(e["permutation"]["p"].get<double>(), 0.007992007992007992);
    QCOMPARE(e["better"].get<std::string>(), std::string("judge_a"));
    QCOMPARE(e["significant"].get<bool>(), true);
    const auto &summary = j["dimensions"]["fluency"]["summary"]["pearson"];
    QVERIFY(summary["williams"]["t"].is_null());
    QVERIFY(summary["williams"]["undefined_reason"].is_string());
    QCOMPARE(summary["documents_used_a"].get<int>(), 6);
}

void TestJudgeComparison::errors_data()
{
    QTest::addColumn<QString>("raterB");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("dimension");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown judge") << QStringLiteral("judge_z") << QStringLiteral("expert") << QString() << QString()
                                   << QStringLiteral("no rater named 'judge_z'");
    QTest::newRow("unknown group") << QStringLiteral("judge_b") << QStringLiteral("crowd") << QString() << QString()
                                   << QStringLiteral("no human rater in group 'crowd'");
    QTest::newRow("per-system level") << QStringLiteral("judge_b") << QStringLiteral("expert")
                                      << QStringLiteral("per-system") << QString()
                                      << QStringLiteral("dataset, system and summary level");
    QTest::newRow("unknown dimension") << QStringLiteral("judge_b") << QStringLiteral("expert") << QString()
                                       << QStringLiteral("fluidity") << QStringLiteral("no dimension named 'fluidity'");
    // A human of the group against a judge: the reference is then the other two experts.
    QTest::newRow("a human too") << QStringLiteral("h1") << QStringLiteral("expert") << QString() << QString()
                                 << QString();
}

void TestJudgeComparison::errors()
{
    QFETCH(QString, raterB);
    QFETCH(QString, group);
    QFETCH(QString, level);
    QFETCH(QString, dimension);
    QFETCH(QString, expected);
    auto r = request();
    r.raterB = raterB.toStdString();
    r.humanGroup = group.toStdString();
    if (!level.isEmpty())
        r.levels = {*reports::levelFromString(level.toStdString())};
    if (!dimension.isEmpty())
        r.dimensions = {dimension.toStdString()};
    const auto result = reports::compareJudges(*m_study, r);
    if (expected.isEmpty()) {
        QVERIFY(result.ok());
        QCOMPARE(result.value().humanRaters, (std::vector<std::string>{"h2", "h3"}));
        return;
    }
    QVERIFY(!result.ok());
    QVERIFY2(QString::fromStdString(result.error().message).contains(expected), result.error().message.c_str());
}

QTEST_APPLESS_MAIN(TestJudgeComparison)
#include "tst_judge_comparison.moc"
