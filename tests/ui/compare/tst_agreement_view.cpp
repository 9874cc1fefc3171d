// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Agreement dashboard on the SummEval study with two recorded judges: its tables show the numbers
// `concord-cli stats` and `concord-cli agreement` print for the same study, `concord-cli report` holds
// every number of every table with the view's default controls, every table passes
// QAbstractItemModelTester, it recomputes (off the GUI thread) when the data change, and a newer
// request drops an older result. On a hand-counted head-to-head study, the "Head-to-head rule" control
// switches the shown success rates between the two rules, and the pairwise table shows what the
// pairwise export writes and the report holds; with two judges and two dimensions, every judge and
// dimension has its row and its system pairs, equal to the core's.
// Alpha is shown at the level of measurement it was computed at, another level chosen on its tab
// recomputes it, and the exported agreement table holds the level and value shown.
// A p-value too small for four decimals shows as "< 0.0001", never as "0.0000".
// The per-system table lists systems in natural order (M8 before M10).
// Level, Coefficient and Bootstrap are enabled only on the tabs whose numbers they change.
// On a study without judges, each empty tab says what to do next (which judge to run, where).
// Every table's column is at least as wide as its header's text.
// The tie-aware accuracies (acc, acc_eq, SPA), chosen with the keyboard, show what `stats` prints.
#include "common/chart_text_fit.h"
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "compare/judge_card_panel.h"
#include "compare/stats_table_model.h"
#include "demo_study.h"
#include "h2h_study.h"
#include "summeval_judges.h"
#include "test_paths.h"
#include "window/statistics_export.h"

#include "reports/agreement_report.h"
#include "reports/pairwise_report.h"
#include "reports/split_report.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFontMetrics>
#include <QHash>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

using namespace concord;
using ui::StatsTableModel;

class TestAgreementView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void tieAwareCoefficientsMatchTheCli();
    void tablesPassTheModelTester();
    void correlationsMatchTheCli_data();
    void correlationsMatchTheCli();
    void alphaMatchesTheCli();
    void reportEqualsTheView();
    void recomputesAfterDataChange();
    void followsTheTeamOneComputationAtATime();
    void newerRequestDropsTheOlder();
    void controlsChangeTheReport();
    void headToHeadRuleChangesTheSuccessRate();
    void pairwiseExportEqualsTheView();
    void pairwiseShowsEveryJudgeAndDimension();
    void alphaLevelShownChosenAndExported();
    void tinyPValuesShowAsBelowTheSmallestShown();
    void systemsInNaturalOrder();
    void sharedControlsOnlyWhereTheyApply();
    void emptyTabsSayWhatToDoNext();
    void headersAreNotCut();
    void constantJudgeSaysWhy();
    void levelNamesAreTranslated();
    void anotherStudyListsItsOwnGroups();
    void invalidChartShowsTheTablesRates();
    void undefinedAlphaSaysWhy();
    void resultShownATabAtATime();
    void documentsOfOneSplitOnly();

private:
    // The hand-counted H2H study in a view of its own, refreshed.
    struct H2hView {
        std::unique_ptr<ui::StudySession> session;
        std::unique_ptr<ui::AgreementView> view;
        std::unique_ptr<QSignalSpy> refreshed;
    };
    bool openH2h(H2hView &out);
    QJsonObject cli(const QStringList &args);
    // The exact value at (row matching every column = text, column header).
    QVariant cell(StatsTableModel *model, const QList<QPair<QString, QString>> &match, const QString &column);
    void waitForRefresh(int before);
    // Exports the agreement table of the experts at the view's alpha level and checks that every row of
    // the experts alone holds the level and value the view shows.
    void exportMatchesTheView(const QString &name);

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::AgreementView> m_view;
    std::unique_ptr<QSignalSpy> m_refreshed;
};

void TestAgreementView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (test::summevalFiles().isEmpty())
        QSKIP("../shared/data/summeval is absent: the dashboard on SummEval cannot be checked here");
    m_path = m_dir.filePath(QStringLiteral("summeval.concord"));
    const std::string error = test::createSummEvalWithJudges(m_path.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    m_session = std::make_unique<ui::StudySession>();
    m_view = std::make_unique<ui::AgreementView>(m_session.get());
    m_refreshed = std::make_unique<QSignalSpy>(m_view.get(), &ui::AgreementView::refreshed);
    QVERIFY(m_session->open(m_path).ok());
    waitForRefresh(0);
    QCOMPARE(m_view->report()->humanGroup, std::string("expert"));
}

void TestAgreementView::waitForRefresh(int before)
{
    QTRY_VERIFY_WITH_TIMEOUT(m_refreshed->count() > before && !m_view->isComputing(), 120000);
}

QJsonObject TestAgreementView::cli(const QStringList &args)
{
    QProcess p;
    p.start(test::cliPath(), args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        qWarning("concord-cli failed: %s", p.readAllStandardError().constData());
        return {};
    }
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

QVariant TestAgreementView::cell(StatsTableModel *model, const QList<QPair<QString, QString>> &match,
                                 const QString &column)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        bool all = true;
        for (const auto &[header, text] : match)
            all = all && model->index(row, model->columnOf(header)).data().toString() == text;
        if (all)
            return model->index(row, model->columnOf(column)).data(StatsTableModel::ExactValueRole);
    }
    return QStringLiteral("(no such row)");
}

void TestAgreementView::tablesPassTheModelTester()
{
    for (StatsTableModel *model :
         {m_view->correlationTable(), m_view->scatterTable(), m_view->perSystemTable(), m_view->alphaTable(),
          m_view->pairwiseTable(), m_view->lengthTable(), m_view->invalidTable()}) {
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Q_UNUSED(tester);
    }
    QVERIFY(m_view->correlationTable()->rowCount() > 0);
    QCOMPARE(m_view->scatterTable()->rowCount(), 8);
    QCOMPARE(m_view->alphaTable()->rowCount(), 16);
    QCOMPARE(m_view->lengthTable()->rowCount(), 8);
    QCOMPARE(m_view->invalidTable()->rowCount(), 8);
    QCOMPARE(m_view->perSystemTable()->rowCount(), 13); // 12 systems and M
}

void TestAgreementView::correlationsMatchTheCli_data()
{
    QTest::addColumn<QString>("rater");
    QTest::newRow("judge_close") << QStringLiteral("judge_close");
    QTest::newRow("judge_noisy") << QStringLiteral("judge_noisy");
    QTest::newRow("expert_2 (human ceiling)") << QStringLiteral("expert_2");
}

void TestAgreementView::correlationsMatchTheCli()
{
    QFETCH(QString, rater);
    const QJsonObject json = cli({QStringLiteral("stats"), m_path, QStringLiteral("--human"), QStringLiteral("expert"),
                                  QStringLiteral("--rater"), rater, QStringLiteral("--correlation"),
                                  QStringLiteral("kendall_b"), QStringLiteral("--bootstrap"), QStringLiteral("1000"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.size(), 4);
    StatsTableModel *table = m_view->correlationTable();
    int compared = 0;
    for (auto dim = json.begin(); dim != json.end(); ++dim) {
        const QJsonObject levels = dim.value().toObject();
        for (const QString &level :
             {QStringLiteral("dataset"), QStringLiteral("system"), QStringLiteral("summary"), QStringLiteral("meta")}) {
            const QJsonObject entry = levels.value(level).toObject().value(QStringLiteral("kendall_b")).toObject();
            QVERIFY2(!entry.isEmpty(), qPrintable(dim.key() + QLatin1Char('/') + level));
            const QList<QPair<QString, QString>> match{{tr("Rater"), rater},
                                                       {tr("Dimension"), dim.key()},
                                                       {tr("Level"), level},
                                                       {tr("Coefficient"), QStringLiteral("kendall_b")}};
            // Intervals are drawn for judges at the chosen level (dataset by default) and computed only there.
            const bool withInterval = level == QStringLiteral("dataset") && !rater.startsWith(QStringLiteral("expert"));
            for (const auto &[key, column] :
                 {std::pair{"value", "Value"}, std::pair{"p", "p"}, std::pair{"ci_low", "CI low"},
                  std::pair{"ci_high", "CI high"}, std::pair{"n", "n"}}) {
                const bool interval = QLatin1String(key).startsWith(QLatin1String("ci_"));
                const QJsonValue expected = interval && !withInterval ? QJsonValue() : entry.value(QLatin1String(key));
                const QVariant shown = cell(table, match, QLatin1String(column));
                if (expected.isNull()) {
                    QVERIFY2(!shown.isValid(),
                             qPrintable(dim.key() + QLatin1Char('/') + level + QLatin1Char('/') + QLatin1String(key)));
                } else {
                    QVERIFY2(shown.canConvert<double>() && shown.toDouble() == expected.toDouble(),
                             qPrintable(QStringLiteral("%1/%2/%3: table %4, cli %5")
                                            .arg(dim.key(), level, QLatin1String(key), shown.toString(),
                                                 QString::number(expected.toDouble(), 'g', 17))));
                    ++compared;
                }
            }
        }
        // Per system too.
        const QJsonObject perSystem = levels.value(QStringLiteral("per_system")).toObject();
        QVERIFY(!perSystem.isEmpty());
        for (auto system = perSystem.begin(); system != perSystem.end(); ++system) {
            const QJsonValue expected = system.value()
                                            .toObject()
                                            .value(QStringLiteral("kendall_b"))
                                            .toObject()
                                            .value(QStringLiteral("value"));
            const QVariant shown = cell(table,
                                        {{tr("Rater"), rater},
                                         {tr("Dimension"), dim.key()},
                                         {tr("Level"), QStringLiteral("per-system")},
                                         {tr("System"), system.key()}},
                                        QStringLiteral("Value"));
            QVERIFY(expected.isNull() ? !shown.isValid() : shown.toDouble() == expected.toDouble());
            ++compared;
        }
    }
    QVERIFY(compared > 60);
}

void TestAgreementView::alphaMatchesTheCli()
{
    for (const QString &group : {QStringLiteral("expert"), QStringLiteral("turker")}) {
        const QJsonObject json = cli({QStringLiteral("agreement"), m_path, QStringLiteral("--group"), group,
                                      QStringLiteral("--dimension"), QStringLiteral("relevance"),
                                      QStringLiteral("--bootstrap"), QStringLiteral("1000"), QStringLiteral("--json")});
        QVERIFY(!json.isEmpty());
        const QList<QPair<QString, QString>> match{{QStringLiteral("Group"), group},
                                                   {QStringLiteral("With judge"), QStringLiteral("—")},
                                                   {QStringLiteral("Dimension"), QStringLiteral("relevance")}};
        QCOMPARE(cell(m_view->alphaTable(), match, QStringLiteral("α")).toDouble(),
                 json.value(QStringLiteral("alpha")).toDouble());
        QVERIFY(cell(m_view->alphaTable(), match, QStringLiteral("CI low")).toDouble()
                == json.value(QStringLiteral("ci_low")).toDouble());
        QVERIFY(cell(m_view->alphaTable(), match, QStringLiteral("CI high")).toDouble()
                == json.value(QStringLiteral("ci_high")).toDouble());
    }
    // With a judge as one more coder.
    const QJsonObject json = cli({QStringLiteral("agreement"), m_path, QStringLiteral("--group"),
                                  QStringLiteral("expert"), QStringLiteral("--dimension"), QStringLiteral("fluency"),
                                  QStringLiteral("--with"), QStringLiteral("judge_noisy"),
                                  QStringLiteral("--bootstrap"), QStringLiteral("1000"), QStringLiteral("--json")});
    QVERIFY(cell(m_view->alphaTable(),
                 {{QStringLiteral("With judge"), QStringLiteral("judge_noisy")},
                  {QStringLiteral("Dimension"), QStringLiteral("fluency")}},
                 QStringLiteral("α"))
                .toDouble()
            == json.value(QStringLiteral("alpha")).toDouble());
}

// `concord-cli report` with the view's defaults (the experts, Kendall tau-b, dataset level, 1,000
// resamples): every shown number of every table is in the report, the same double.
void TestAgreementView::reportEqualsTheView()
{
    const QJsonObject report = cli({QStringLiteral("report"), m_path, QStringLiteral("--human"),
                                    QStringLiteral("expert"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY(!report.isEmpty());
    // A shown cell against a report number: both undefined, or the same double.
    auto same = [](const QVariant &shown, const QJsonValue &reported) {
        return reported.isNull() ? !shown.isValid() : shown.isValid() && shown.toDouble() == reported.toDouble();
    };
    auto exact = [](StatsTableModel *model, int row, const QString &column) {
        return model->index(row, model->columnOf(column)).data(StatsTableModel::ExactValueRole);
    };
    auto text = [](StatsTableModel *model, int row, const QString &column) {
        return model->index(row, model->columnOf(column)).data().toString();
    };

    // Correlations: every row by rater, dimension, level (and system).
    QHash<QString, QJsonObject> byRater;
    for (const auto &c : report.value(QStringLiteral("correlations")).toArray())
        byRater.insert(c.toObject().value(QStringLiteral("rater")).toString(),
                       c.toObject().value(QStringLiteral("dimensions")).toObject());
    StatsTableModel *correlations = m_view->correlationTable();
    QVERIFY(correlations->rowCount() > 100);
    for (int row = 0; row < correlations->rowCount(); ++row) {
        const QString level = text(correlations, row, QStringLiteral("Level"));
        const QJsonObject dim = byRater.value(text(correlations, row, QStringLiteral("Rater")))
                                    .value(text(correlations, row, QStringLiteral("Dimension")))
                                    .toObject();
        const QJsonObject entry
            = (level == QStringLiteral("per-system") ? dim.value(QStringLiteral("per_system"))
                                                           .toObject()
                                                           .value(text(correlations, row, QStringLiteral("System")))
                                                     : dim.value(level))
                  .toObject()
                  .value(text(correlations, row, QStringLiteral("Coefficient")))
                  .toObject();
        QVERIFY2(!entry.isEmpty(), qPrintable(QString::number(row)));
        for (const auto &[column, key] : {std::pair{"Value", "value"}, std::pair{"p", "p"}, std::pair{"n", "n"},
                                          std::pair{"CI low", "ci_low"}, std::pair{"CI high", "ci_high"}})
            QVERIFY2(same(exact(correlations, row, QLatin1String(column)), entry.value(QLatin1String(key))),
                     qPrintable(QStringLiteral("row %1, %2").arg(row).arg(QLatin1String(column))));
    }

    // The flat tables: each shown row is the report's row at the same index.
    struct Flat {
        StatsTableModel *model;
        const char *section;
        QList<std::pair<QString, QString>> labels;  // shown column, report key: the same text
        QList<std::pair<QString, QString>> numbers; // shown column, report key: the same double
    };
    const QList<Flat> flats{
        {m_view->scatterTable(),
         "human_vs_judge",
         {{QStringLiteral("Judge"), QStringLiteral("judge")},
          {QStringLiteral("Dimension"), QStringLiteral("dimension")}},
         {{QStringLiteral("Points"), QStringLiteral("points")},
          {QStringLiteral("Pearson r"), QStringLiteral("pearson_r")},
          {QStringLiteral("p"), QStringLiteral("p")},
          {QStringLiteral("Slope"), QStringLiteral("slope")},
          {QStringLiteral("Intercept"), QStringLiteral("intercept")}}},
        {m_view->lengthTable(),
         "length_bias",
         {{QStringLiteral("Judge"), QStringLiteral("judge")},
          {QStringLiteral("Dimension"), QStringLiteral("dimension")}},
         {{QStringLiteral("τb judge × length"), QStringLiteral("tau_b_judge_length")},
          {QStringLiteral("τb humans × length"), QStringLiteral("tau_b_humans_length")},
          {QStringLiteral("Pair accuracy (all)"), QStringLiteral("pair_accuracy")},
          {QStringLiteral("Pair accuracy (similar length)"), QStringLiteral("pair_accuracy_similar_length")},
          {QStringLiteral("Length cutoff (words)"), QStringLiteral("length_cutoff_words")}}},
        {m_view->invalidTable(),
         "invalid_answers",
         {{QStringLiteral("Judge"), QStringLiteral("judge")}, {QStringLiteral("Protocol"), QStringLiteral("protocol")}},
         {{QStringLiteral("Calls"), QStringLiteral("calls")},
          {QStringLiteral("Invalid"), QStringLiteral("invalid")},
          {QStringLiteral("Invalid rate"), QStringLiteral("invalid_rate")}}},
        {m_view->alphaTable(),
         "alpha",
         {{QStringLiteral("Group"), QStringLiteral("group")},
          {QStringLiteral("Dimension"), QStringLiteral("dimension")},
          {QStringLiteral("Level"), QStringLiteral("level")}},
         {{QStringLiteral("α"), QStringLiteral("alpha")},
          {QStringLiteral("CI low"), QStringLiteral("ci_low")},
          {QStringLiteral("CI high"), QStringLiteral("ci_high")},
          {QStringLiteral("Units"), QStringLiteral("units")},
          {QStringLiteral("Pairable values"), QStringLiteral("pairable_values")}}},
    };
    for (const Flat &f : flats) {
        const QJsonArray rows = report.value(QLatin1String(f.section)).toArray();
        QCOMPARE(rows.size(), qsizetype(f.model->rowCount()));
        for (int row = 0; row < f.model->rowCount(); ++row) {
            const QJsonObject r = rows.at(row).toObject();
            for (const auto &[column, key] : f.labels)
                QCOMPARE(text(f.model, row, column), r.value(key).toString());
            for (const auto &[column, key] : f.numbers)
                QVERIFY2(
                    same(exact(f.model, row, column), r.value(key)),
                    qPrintable(QStringLiteral("%1 row %2, %3").arg(QLatin1String(f.section)).arg(row).arg(column)));
        }
    }

    // Per system & meta shows one judge and dimension: the report has the same rows for one of them.
    StatsTableModel *perSystem = m_view->perSystemTable();
    QMap<QString, QList<QJsonObject>> byJudgeAndDimension;
    for (const auto &row : report.value(QStringLiteral("per_system")).toArray())
        byJudgeAndDimension[row.toObject().value(QStringLiteral("judge")).toString() + QLatin1Char('/')
                            + row.toObject().value(QStringLiteral("dimension")).toString()]
            << row.toObject();
    QCOMPARE(byJudgeAndDimension.size(), qsizetype(8)); // two judges, four dimensions
    // The view lists systems in natural order, the report in the core's: rows match by system, the
    // meta-correlation is the last row of both.
    int matching = 0;
    for (const auto &rows : std::as_const(byJudgeAndDimension)) {
        bool all = rows.size() == perSystem->rowCount();
        for (int row = 0; all && row < perSystem->rowCount(); ++row) {
            const bool meta = row + 1 == perSystem->rowCount();
            const QString system = text(perSystem, row, QStringLiteral("System"));
            const auto reported = meta ? std::optional<QJsonObject>(rows.last()) : [&]() -> std::optional<QJsonObject> {
                for (const QJsonObject &r : rows)
                    if (r.value(QStringLiteral("system")).toString() == system)
                        return r;
                return std::nullopt;
            }();
            all = reported
                  && same(exact(perSystem, row, QStringLiteral("P (correlation)")),
                          reported->value(QStringLiteral("value")))
                  && same(exact(perSystem, row, QStringLiteral("CI low")), reported->value(QStringLiteral("ci_low")))
                  && (meta
                      || same(exact(perSystem, row, QStringLiteral("Q (human mean)")),
                              reported->value(QStringLiteral("q"))));
        }
        matching += all ? 1 : 0;
    }
    QCOMPARE(matching, 1);
}

void TestAgreementView::recomputesAfterDataChange()
{
    const QList<QPair<QString, QString>> match{{tr("Rater"), QStringLiteral("judge_close")},
                                               {tr("Dimension"), QStringLiteral("coherence")},
                                               {tr("Level"), QStringLiteral("dataset")}};
    const double before = cell(m_view->correlationTable(), match, QStringLiteral("Value")).toDouble();
    {
        // Another connection (as an import or a judge run would) turns the judge's coherence upside down.
        auto study = store::Study::open(m_path.toStdString());
        QVERIFY(study.ok());
        store::Study &s = *study.value();
        const auto judge = *s.raterId("judge_close");
        const auto dim = *s.dimensionId("coherence");
        const auto rows = s.ratingsOn(dim);
        QVERIFY(s.write([&] {
                     for (const auto &r : rows)
                         if (r.rater == judge)
                             s.setRating(judge, r.candidate, dim, 6 - r.value);
                 }).ok());
    }
    const int count = m_refreshed->count();
    QVERIFY(m_session->refresh().ok());
    QVERIFY(m_view->isComputing());
    waitForRefresh(count);
    const double after = cell(m_view->correlationTable(), match, QStringLiteral("Value")).toDouble();
    QVERIFY(before > 0.3);
    QCOMPARE(after, -before); // 6 − x reverses every pair's order: tau-b flips sign exactly
}

void TestAgreementView::followsTheTeamOneComputationAtATime()
{
    const QList<QPair<QString, QString>> match{{tr("Rater"), QStringLiteral("judge_close")},
                                               {tr("Dimension"), QStringLiteral("coherence")},
                                               {tr("Level"), QStringLiteral("dataset")}};
    const double before = cell(m_view->correlationTable(), match, QStringLiteral("Value")).toDouble();
    QVERIFY(before != 0);
    {
        // A team member's commit, as a team study's server announces it.
        auto study = store::Study::open(m_path.toStdString());
        QVERIFY(study.ok());
        store::Study &s = *study.value();
        const auto judge = *s.raterId("judge_close");
        const auto dim = *s.dimensionId("coherence");
        const auto rows = s.ratingsOn(dim);
        QVERIFY(s.write([&] {
                     for (const auto &r : rows)
                         if (r.rater == judge)
                             s.setRating(judge, r.candidate, dim, 6 - r.value);
                 }).ok());
    }
    QSignalSpy failed(m_view.get(), &ui::AgreementView::refreshFailed);
    const int count = m_refreshed->count();
    Q_EMIT m_session->contentChanged();
    QVERIFY(m_view->isComputing());
    // The numbers of before stay on screen while the new ones are computed.
    QVERIFY(m_view->report().has_value());
    QCOMPARE(cell(m_view->correlationTable(), match, QStringLiteral("Value")).toDouble(), before);
    // More commits while it computes: not a computation each, which would cancel the running one, but
    // one more after it.
    Q_EMIT m_session->contentChanged();
    Q_EMIT m_session->contentChanged();
    QTRY_VERIFY_WITH_TIMEOUT(m_refreshed->count() == count + 1, 120000);
    QVERIFY(m_view->isComputing());
    QCOMPARE(cell(m_view->correlationTable(), match, QStringLiteral("Value")).toDouble(), -before);
    waitForRefresh(count + 1);
    QCOMPARE(m_refreshed->count(), count + 2);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(cell(m_view->correlationTable(), match, QStringLiteral("Value")).toDouble(), -before);

    // Out of sight, a commit computes nothing until the view is shown.
    m_view->setActive(false);
    Q_EMIT m_session->contentChanged();
    QVERIFY(!m_view->isComputing());
    m_view->setActive(true);
    QVERIFY(m_view->isComputing());
    waitForRefresh(count + 2);
}

void TestAgreementView::newerRequestDropsTheOlder()
{
    QSignalSpy failed(m_view.get(), &ui::AgreementView::refreshFailed);
    const int count = m_refreshed->count();
    m_view->setBootstrap(false);
    m_view->setMethod(stats::CorrelationMethod::Pearson); // the first request is now stale
    waitForRefresh(count);
    QCOMPARE(m_refreshed->count(), count + 1);
    QCOMPARE(failed.count(), 0);
    QVERIFY(m_view->report()->options.method == stats::CorrelationMethod::Pearson);
    QVERIFY(!m_view->report()->options.bootstrap);
    QVERIFY(
        !cell(m_view->correlationTable(), {{tr("Coefficient"), QStringLiteral("pearson")}}, QStringLiteral("CI low"))
             .isValid());
}

void TestAgreementView::controlsChangeTheReport()
{
    int count = m_refreshed->count();
    m_view->setLevel(reports::Level::Summary);
    waitForRefresh(count);
    QVERIFY(m_view->report()->options.level == reports::Level::Summary);
    count = m_refreshed->count();
    m_view->setHumanGroup(QStringLiteral("turker"));
    waitForRefresh(count);
    QCOMPARE(m_view->report()->humanGroup, std::string("turker"));
    QCOMPARE(m_view->report()->ceiling.front().raters, std::size_t{5});
}

bool TestAgreementView::openH2h(H2hView &out)
{
    const QString path = m_dir.filePath(QStringLiteral("h2h.concord"));
    if (!QFile::exists(path)) {
        const std::string error = test::H2hStudy::create(path.toStdString());
        if (!error.empty()) {
            qWarning("the H2H study: %s", error.c_str());
            return false;
        }
    }
    out.session = std::make_unique<ui::StudySession>();
    out.view = std::make_unique<ui::AgreementView>(out.session.get());
    out.refreshed = std::make_unique<QSignalSpy>(out.view.get(), &ui::AgreementView::refreshed);
    return out.session->open(path).ok();
}

void TestAgreementView::headToHeadRuleChangesTheSuccessRate()
{
    H2hView h;
    QVERIFY(openH2h(h));
    QTRY_VERIFY_WITH_TIMEOUT(h.refreshed->count() > 0 && !h.view->isComputing(), 60000);
    auto *rule = h.view->findChild<QComboBox *>(QStringLiteral("pairwiseRule"));
    QVERIFY(rule);
    StatsTableModel *table = h.view->pairwiseTable();
    const QList<QPair<QString, QString>> judge{{QStringLiteral("Judge"), QStringLiteral("judge")},
                                               {QStringLiteral("Dimension"), QStringLiteral("relevance")}};
    auto shown = [&](const char *column) { return cell(table, judge, QString::fromUtf8(column)).toDouble(); };
    // Counted by hand in tests/support/h2h_study.cpp. agree-or-tie (the default): the judge prefers
    // A over B, A over C and neither of B and C, as the humans do: 3 of 3 pairs, 2 of 2 consecutive.
    QCOMPARE(rule->currentText(), ui::AgreementView::tr("agree-or-tie: a win needs both orders"));
    QCOMPARE(table->rowCount(), 1);
    QCOMPARE(shown("Verdicts"), 24.0);
    QCOMPARE(shown("Comparisons"), 12.0);
    QCOMPARE(shown("H2H success (all pairs)"), 1.0);
    QCOMPARE(shown("H2H success (consecutive)"), 1.0);
    QCOMPARE(shown("Flip rate (order swapped)"), 7.0 / 12.0);

    // The user picks the points rule: each order half a document. Only A–B still agrees (2.5 of 4
    // points); A–C is exactly even, B–C leans to B: 1 of 3, and of the consecutive pairs 1 of 2.
    int before = h.refreshed->count();
    rule->setFocus();
    QTest::keyClick(rule, Qt::Key_Down);
    QCOMPARE(rule->currentText(), ui::AgreementView::tr("points: each order counts half a document"));
    QTRY_VERIFY_WITH_TIMEOUT(h.refreshed->count() > before && !h.view->isComputing(), 60000);
    QVERIFY(h.view->report()->options.pairwiseRule == stats::PairwiseRule::Points);
    QCOMPARE(shown("H2H success (all pairs)"), 1.0 / 3.0);
    QCOMPARE(shown("H2H success (consecutive)"), 0.5);
    QCOMPARE(shown("Comparisons"), 12.0);
    QCOMPARE(shown("Flip rate (order swapped)"), 7.0 / 12.0); // position bias is about the orders: unchanged
    QCOMPARE(table->index(0, table->columnOf(QStringLiteral("H2H success (all pairs)"))).data().toString(),
             QLocale().toString(1.0 / 3.0, 'f', 4));

    // And back.
    before = h.refreshed->count();
    QTest::keyClick(rule, Qt::Key_Up);
    QTRY_VERIFY_WITH_TIMEOUT(h.refreshed->count() > before && !h.view->isComputing(), 60000);
    QCOMPARE(shown("H2H success (all pairs)"), 1.0);
}

void TestAgreementView::pairwiseExportEqualsTheView()
{
    H2hView h;
    QVERIFY(openH2h(h));
    QTRY_VERIFY_WITH_TIMEOUT(h.refreshed->count() > 0 && !h.view->isComputing(), 60000);
    for (const auto rule : {stats::PairwiseRule::AgreeOrTie, stats::PairwiseRule::Points}) {
        const int before = h.refreshed->count();
        h.view->setPairwiseRule(rule);
        QTRY_VERIFY_WITH_TIMEOUT(h.refreshed->count() > before && !h.view->isComputing(), 60000);
        const auto &report = h.view->report()->pairwise;
        QCOMPARE(report.size(), std::size_t{1});

        // File > Export > Statistics Table, pairwise, as CSV (every digit).
        ui::StatisticsTableRequest request;
        request.kind = ui::StatisticsTableRequest::Kind::Pairwise;
        request.humanGroup = "expert";
        request.rule = rule;
        request.style = io::TableStyle::Csv;
        const auto exported
            = ui::StatisticsExport::table(m_dir.filePath(QStringLiteral("h2h.concord")).toStdString(), request);
        QVERIFY2(exported.ok(), exported.ok() ? "" : exported.error().describe().c_str());
        const io::Table &t = exported.value();
        QCOMPARE(t.rows.size(), std::size_t{1});
        auto written = [&](const char *column) {
            const auto it = std::find(t.header.begin(), t.header.end(), column);
            return QString::fromStdString(t.rows[0].at(static_cast<std::size_t>(it - t.header.begin()))).toDouble();
        };
        const QList<QPair<QString, QString>> judge{{QStringLiteral("Judge"), QStringLiteral("judge")}};
        auto shown = [&](const char *column) {
            return cell(h.view->pairwiseTable(), judge, QString::fromUtf8(column)).toDouble();
        };
        const auto &p = report.front();
        QCOMPARE(t.rows[0][1], request.humanGroup);
        QCOMPARE(t.rows[0][3], std::string(stats::toString(rule)));
        for (const auto &[column, header, value] :
             {std::tuple{"verdicts", "Verdicts", double(p.verdicts)},
              std::tuple{"comparisons", "Comparisons", double(p.comparisons)},
              std::tuple{"h2h_success", "H2H success (all pairs)", p.h2hAll.rate},
              std::tuple{"h2h_success_consecutive", "H2H success (consecutive)", p.h2hConsecutive.rate},
              std::tuple{"llmcompare_tau_b", "LLMCompare τb vs humans", p.pointsWithHumans.value},
              std::tuple{"flip_rate", "Flip rate (order swapped)", p.position.flipRate},
              std::tuple{"first_shown_wins", "First shown wins", p.position.firstWinRate}}) {
            QVERIFY2(written(column) == value, column);
            QVERIFY2(shown(header) == value, header);
        }
    }
}

namespace {

// The hand-counted H2H study with a second judge, "judge2", that reverses every verdict of "judge" on
// relevance and gives the same reversed verdicts on a second dimension, coherence, that no human rated.
std::string createTwoJudgeH2h(const std::string &path)
{
    if (std::string error = test::H2hStudy::create(path); !error.empty())
        return error;
    auto opened = store::Study::open(path);
    if (!opened)
        return opened.error().describe();
    store::Study &s = *opened.value();
    const Status written = s.write([&] {
        const model::Id relevance = *s.dimensionId("relevance");
        model::Dimension coherenceDimension;
        coherenceDimension.name = "coherence";
        const model::Id coherence = s.ensureDimension(coherenceDimension);
        const model::Id judge2 = s.ensureRater({0, "judge2", model::RaterKind::Judge, {}, "openai", "m", "h2h", {}});
        std::map<std::pair<model::Id, model::Id>, model::Id> candidate; // (document, system) -> candidate
        for (const auto &c : s.candidates())
            candidate[{c.documentId, c.systemId}] = c.id;
        for (const auto &row : s.pairwiseOn(relevance)) {
            const model::PairwiseWinner reversed = row.winner == model::PairwiseWinner::A ? model::PairwiseWinner::B
                                                   : row.winner == model::PairwiseWinner::B
                                                       ? model::PairwiseWinner::A
                                                       : model::PairwiseWinner::Tie;
            for (const model::Id dimension : {relevance, coherence})
                s.replacePairwiseOutcome({0, judge2, dimension, candidate.at({row.document, row.systemA}),
                                          candidate.at({row.document, row.systemB}), row.aShownFirst, reversed,
                                          std::nullopt});
        }
    });
    return written ? std::string() : written.error().describe();
}

} // namespace

void TestAgreementView::pairwiseShowsEveryJudgeAndDimension()
{
    const QString path = m_dir.filePath(QStringLiteral("h2h-two-judges.concord"));
    QCOMPARE(QString::fromStdString(createTwoJudgeH2h(path.toStdString())), QString());
    H2hView h;
    h.session = std::make_unique<ui::StudySession>();
    h.view = std::make_unique<ui::AgreementView>(h.session.get());
    h.refreshed = std::make_unique<QSignalSpy>(h.view.get(), &ui::AgreementView::refreshed);
    QVERIFY(h.session->open(path).ok());
    QTRY_VERIFY_WITH_TIMEOUT(h.refreshed->count() > 0 && !h.view->isComputing(), 60000);
    auto *shown = h.view->findChild<QComboBox *>(QStringLiteral("pairwiseShown"));
    QVERIFY(shown);

    for (const auto rule : {stats::PairwiseRule::AgreeOrTie, stats::PairwiseRule::Points}) {
        const int before = h.refreshed->count();
        h.view->setPairwiseRule(rule);
        QTRY_VERIFY_WITH_TIMEOUT(h.refreshed->count() > before && !h.view->isComputing(), 60000);

        // What concord-cli pairwise prints for the same study and rule.
        auto study = store::Study::open(path.toStdString(), {true});
        QVERIFY(study.ok());
        reports::PairwiseRequest request;
        request.humanGroup = "expert";
        request.rule = rule;
        const auto expected = reports::computePairwise(*study.value(), request);
        QVERIFY(expected.ok());
        QCOMPARE(expected.value().size(), std::size_t{3});

        // Every judge and dimension with verdicts, under the chosen rule, in the table and the chooser.
        StatsTableModel *table = h.view->pairwiseTable();
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(shown->count(), 3);
        const QString ruleText = QString::fromStdString(std::string(stats::toString(rule)));
        for (std::size_t i = 0; i < expected.value().size(); ++i) {
            const auto &p = expected.value()[i];
            const QList<QPair<QString, QString>> row{{QStringLiteral("Judge"), QString::fromStdString(p.judge)},
                                                     {QStringLiteral("Dimension"), QString::fromStdString(p.dimension)},
                                                     {QStringLiteral("Rule"), ruleText}};
            QCOMPARE(cell(table, row, QStringLiteral("Verdicts")).toDouble(), static_cast<double>(p.verdicts));
            const QVariant success = cell(table, row, QStringLiteral("H2H success (all pairs)"));
            if (std::isnan(p.h2hAll.rate))
                QVERIFY(!success.isValid()); // no human rated coherence: undefined, not a number
            else
                QCOMPARE(success.toDouble(), p.h2hAll.rate);
            QCOMPARE(cell(table, row, QStringLiteral("Flip rate (order swapped)")).toDouble(), p.position.flipRate);

            // Chosen by keyboard: the chart and the system pairs follow.
            shown->setFocus();
            QTest::keyClick(shown, i == 0 ? Qt::Key_Home : Qt::Key_Down);
            QCOMPARE(shown->currentIndex(), static_cast<int>(i));
            QCOMPARE(shown->currentText(),
                     ui::AgreementView::tr("%1 on %2")
                         .arg(QString::fromStdString(p.judge), QString::fromStdString(p.dimension)));
            StatsTableModel *pairs = h.view->pairwisePairsTable();
            QCOMPARE(pairs->rowCount(), static_cast<int>(p.pairs.size()));
            for (int r = 0; r < pairs->rowCount(); ++r) {
                const auto &pair = p.pairs[static_cast<std::size_t>(r)];
                auto at = [&](const char *column) {
                    return pairs->index(r, pairs->columnOf(QString::fromUtf8(column)))
                        .data(StatsTableModel::ExactValueRole);
                };
                QCOMPARE(pairs->index(r, 0).data().toString(), QString::fromStdString(p.systems[pair.first]));
                QCOMPARE(pairs->index(r, 1).data().toString(), QString::fromStdString(p.systems[pair.second]));
                QCOMPARE(at("Judge: A won").toDouble(), pair.judge.wins);
                QCOMPARE(at("Judge: tied").toDouble(), pair.judge.ties);
                QCOMPARE(at("Judge: B won").toDouble(), pair.judge.losses);
                if (pair.humansCompared) {
                    QCOMPARE(at("Humans: A won").toDouble(), pair.humans.wins);
                    QCOMPARE(at("Humans: B won").toDouble(), pair.humans.losses);
                    QCOMPARE(pairs->index(r, pairs->columnOf(QStringLiteral("Agree"))).data().toString(),
                             pair.agree ? ui::AgreementView::tr("yes") : ui::AgreementView::tr("no"));
                }
            }
        }
        // judge2 reverses judge on relevance: under agree-or-tie it prefers C over A and B, the humans A.
        if (rule == stats::PairwiseRule::AgreeOrTie)
            QCOMPARE(expected.value()[1].h2hAll.agreed, std::size_t{1});
    }
}

void TestAgreementView::exportMatchesTheView(const QString &name)
{
    ui::StatisticsTableRequest request;
    request.kind = ui::StatisticsTableRequest::Kind::Agreement;
    request.humanGroup = "expert";
    request.alphaLevel = m_view->alphaLevel(); // what File > Export > Statistics Table passes on
    request.style = io::TableStyle::Csv;
    request.path = m_dir.filePath(name).toStdString();
    const auto written = ui::StatisticsExport::write(m_path.toStdString(), request);
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    QFile file(QString::fromStdString(request.path));
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 5); // the header and the four dimensions
    QVERIFY(lines.at(0).startsWith("dimension,group,coders,alpha,units,pairable_values,level,"));
    StatsTableModel *table = m_view->alphaTable();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> fields = lines.at(i).split(',');
        const QString dimension = QString::fromUtf8(fields.at(0));
        const QList<QPair<QString, QString>> match{{QStringLiteral("Group"), QStringLiteral("expert")},
                                                   {QStringLiteral("With judge"), QStringLiteral("—")},
                                                   {QStringLiteral("Dimension"), dimension}};
        QCOMPARE(QString::fromUtf8(fields.at(6)), cell(table, match, QStringLiteral("Level")).toString());
        // Every digit in the CSV: the same double as the one shown.
        QCOMPARE(fields.at(3).toDouble(), cell(table, match, QStringLiteral("α")).toDouble());
    }
}

void TestAgreementView::alphaLevelShownChosenAndExported()
{
    StatsTableModel *table = m_view->alphaTable();
    const QList<QPair<QString, QString>> coherence{{QStringLiteral("Group"), QStringLiteral("expert")},
                                                   {QStringLiteral("With judge"), QStringLiteral("—")},
                                                   {QStringLiteral("Dimension"), QStringLiteral("coherence")}};
    auto direct = [&](std::optional<stats::MeasurementLevel> level) {
        auto study = store::Study::open(m_path.toStdString(), {true});
        reports::AgreementRequest request;
        request.group = "expert";
        request.dimension = "coherence";
        request.level = level;
        const auto report = reports::computeAgreement(*study.value(), request);
        return report ? *report.value().alpha.alpha : std::numeric_limits<double>::quiet_NaN();
    };

    // By default every alpha is at its dimension's default level, named in the table.
    QVERIFY(!m_view->alphaLevel());
    auto study = store::Study::open(m_path.toStdString(), {true});
    QVERIFY(study.ok());
    const auto dimensions = study.value()->dimensions();
    QVERIFY(table->rowCount() > 0);
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString dimension = table->index(row, table->columnOf(QStringLiteral("Dimension"))).data().toString();
        const auto d = std::find_if(dimensions.begin(), dimensions.end(),
                                    [&](const auto &x) { return QString::fromStdString(x.name) == dimension; });
        QVERIFY(d != dimensions.end());
        QCOMPARE(table->index(row, table->columnOf(QStringLiteral("Level"))).data().toString(),
                 QString::fromStdString(std::string(stats::toString(reports::defaultAlphaLevel(*d)))));
    }
    QCOMPARE(cell(table, coherence, QStringLiteral("Level")).toString(),
             QStringLiteral("ordinal")); // SummEval's are likert
    QCOMPARE(cell(table, coherence, QStringLiteral("α")).toDouble(), direct(std::nullopt));
    exportMatchesTheView(QStringLiteral("alpha-default.csv"));
    if (QTest::currentTestFailed())
        return;

    // Choosing interval on the alpha tab, as a user does with the keyboard, recomputes at that level.
    auto *level = m_view->findChild<QComboBox *>(QStringLiteral("alphaLevel"));
    QVERIFY(level);
    QCOMPARE(level->currentIndex(), 0);
    const double interval = direct(stats::MeasurementLevel::Interval);
    QVERIFY(interval != direct(stats::MeasurementLevel::Ordinal)); // else this would show nothing
    const int before = m_refreshed->count();
    while (level->currentData().toInt() != static_cast<int>(stats::MeasurementLevel::Interval)) {
        const int index = level->currentIndex();
        QTest::keyClick(level, Qt::Key_Down);
        QVERIFY(level->currentIndex() == index + 1);
    }
    QVERIFY(m_view->alphaLevel() == stats::MeasurementLevel::Interval);
    QTRY_COMPARE_WITH_TIMEOUT(cell(table, coherence, QStringLiteral("α")).toDouble(), interval, 120000);
    QVERIFY(cell(table, coherence, QStringLiteral("α")).toDouble() == interval); // to the last bit
    waitForRefresh(before); // the tabs after the alpha tab are shown before refreshed
    QCOMPARE(cell(table, coherence, QStringLiteral("Level")).toString(), QStringLiteral("interval"));
    QVERIFY(m_view->report()->options.alphaLevel == stats::MeasurementLevel::Interval);
    exportMatchesTheView(QStringLiteral("alpha-interval.csv"));
}

// The tie-aware accuracies chosen with the keyboard in the Coefficient box: the table shows what
// `stats --correlation acc,acc_eq,spa` prints (no p-value, no interval), and acc_eq's calibrated tie
// threshold is the one the CLI reports.
void TestAgreementView::tieAwareCoefficientsMatchTheCli()
{
    // Run first, on the view as opened (dataset level, intervals asked for): these coefficients get none.
    // Kendall τb is chosen again at the end, for the tests that follow.
    QVERIFY(m_view->report()->options.bootstrap);
    auto *coefficient = m_view->findChild<QComboBox *>(QStringLiteral("coefficient"));
    QVERIFY(coefficient);
    QCOMPARE(coefficient->currentIndex(), 0);
    const QJsonObject json
        = cli({QStringLiteral("stats"), m_path, QStringLiteral("--human"), QStringLiteral("expert"),
               QStringLiteral("--rater"), QStringLiteral("judge_close"), QStringLiteral("--correlation"),
               QStringLiteral("acc,acc_eq,spa"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.size(), 4);
    for (const auto method :
         {stats::CorrelationMethod::Acc, stats::CorrelationMethod::AccEq, stats::CorrelationMethod::Spa}) {
        const QString name = QString::fromLatin1(stats::toString(method));
        const int count = m_refreshed->count();
        while (coefficient->currentData().toInt() != static_cast<int>(method)) {
            const int index = coefficient->currentIndex();
            QTest::keyClick(coefficient, Qt::Key_Down); // the tie-aware ones come last
            QVERIFY2(coefficient->currentIndex() == index + 1, qPrintable(name));
        }
        waitForRefresh(count);
        QVERIFY(m_view->report()->options.method == method);
        StatsTableModel *table = m_view->correlationTable();
        int compared = 0;
        for (auto dim = json.begin(); dim != json.end(); ++dim)
            for (const QString &level : {QStringLiteral("dataset"), QStringLiteral("system"), QStringLiteral("summary"),
                                         QStringLiteral("meta")}) {
                const QString where = dim.key() + QLatin1Char('/') + level + QLatin1Char('/') + name;
                const QJsonObject entry = dim.value().toObject().value(level).toObject().value(name).toObject();
                QVERIFY2(!entry.isEmpty(), qPrintable(where));
                const QList<QPair<QString, QString>> match{{QStringLiteral("Rater"), QStringLiteral("judge_close")},
                                                           {QStringLiteral("Dimension"), dim.key()},
                                                           {QStringLiteral("Level"), level},
                                                           {QStringLiteral("Coefficient"), name}};
                const QJsonValue value = entry.value(QStringLiteral("value"));
                const QVariant shown = cell(table, match, QStringLiteral("Value"));
                if (value.isNull())
                    QVERIFY2(!shown.isValid(), qPrintable(where));
                else
                    QVERIFY2(shown.toDouble() == value.toDouble(), qPrintable(where));
                QCOMPARE(cell(table, match, QStringLiteral("n")).toDouble(),
                         entry.value(QStringLiteral("n")).toDouble());
                for (const QString &none : {QStringLiteral("p"), QStringLiteral("CI low"), QStringLiteral("CI high")})
                    QVERIFY2(!cell(table, match, none).isValid(), qPrintable(where + QLatin1Char('/') + none));
                ++compared;
            }
        QCOMPARE(compared, 16);
        // acc_eq's threshold: the one the CLI chose, at the level the view shows.
        const auto level = m_view->report()->options.level;
        for (const auto &rc : m_view->report()->correlations)
            if (rc.rater == "judge_close")
                for (const auto &d : rc.report.dimensions) {
                    const auto *e = reports::entryAt(d, level, method);
                    QVERIFY(e);
                    const QJsonValue threshold = json.value(QString::fromStdString(d.dimension))
                                                     .toObject()
                                                     .value(QString::fromLatin1(reports::toString(level)))
                                                     .toObject()
                                                     .value(name)
                                                     .toObject()
                                                     .value(QStringLiteral("tie_threshold"));
                    if (method == stats::CorrelationMethod::AccEq)
                        QCOMPARE(e->correlation.tieThreshold, threshold.toDouble());
                    else
                        QVERIFY(std::isnan(e->correlation.tieThreshold) && threshold.isUndefined());
                }
    }
    const int count = m_refreshed->count();
    m_view->setMethod(stats::CorrelationMethod::KendallB);
    waitForRefresh(count);
    QCOMPARE(coefficient->currentIndex(), 0);
}

void TestAgreementView::tinyPValuesShowAsBelowTheSmallestShown()
{
    const QString below = QStringLiteral("< ") + QLocale().toString(0.0001, 'f', 4);
    const QString zero = QLocale().toString(0.0, 'f', 4);
    int tiny = 0;
    for (StatsTableModel *table : {m_view->correlationTable(), m_view->scatterTable(), m_view->perSystemTable()}) {
        const int column = table->columnOf(QStringLiteral("p"));
        QVERIFY(column >= 0);
        for (int row = 0; row < table->rowCount(); ++row) {
            const QModelIndex index = table->index(row, column);
            const QVariant exact = index.data(StatsTableModel::ExactValueRole);
            QVERIFY(index.data().toString() != zero);
            if (!exact.isValid())
                continue;
            if (exact.toDouble() < 0.0001) {
                ++tiny;
                QCOMPARE(index.data().toString(), below);
                QVERIFY(!index.data(Qt::ToolTipRole).toString().isEmpty()); // every digit still there
            } else {
                QCOMPARE(index.data().toString(), QLocale().toString(exact.toDouble(), 'f', 4));
            }
        }
    }
    QVERIFY(tiny > 0); // SummEval's 1,600 summaries give p-values far below 0.0001
}

void TestAgreementView::systemsInNaturalOrder()
{
    StatsTableModel *table = m_view->perSystemTable();
    const int column = table->columnOf(QStringLiteral("System"));
    QVERIFY(column >= 0);
    QStringList systems;
    for (int row = 0; row < table->rowCount(); ++row)
        if (const QString name = table->index(row, column).data().toString();
            QRegularExpression(QStringLiteral("^M\\d+$")).match(name).hasMatch()) // not the meta row
            systems << name;
    QVERIFY(systems.contains(QStringLiteral("M8")));
    QVERIFY(systems.contains(QStringLiteral("M10")));
    QVERIFY(systems.indexOf(QStringLiteral("M8")) < systems.indexOf(QStringLiteral("M10")));
    for (qsizetype i = 1; i < systems.size(); ++i)
        QVERIFY2(systems.at(i - 1).sliced(1).toInt() < systems.at(i).sliced(1).toInt(), qPrintable(systems.join(u' ')));
}

void TestAgreementView::sharedControlsOnlyWhereTheyApply()
{
    auto *tabs = m_view->findChild<QTabWidget *>();
    QVERIFY(tabs);
    auto *level = m_view->findChild<QComboBox *>(QStringLiteral("level"));
    auto *coefficient = m_view->findChild<QComboBox *>(QStringLiteral("coefficient"));
    auto *bootstrap = m_view->findChild<QCheckBox *>(QStringLiteral("bootstrap"));
    auto *group = m_view->findChild<QComboBox *>(QStringLiteral("humanGroup"));
    QVERIFY(level && coefficient && bootstrap && group);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    // Tab title, then whether Level, Coefficient and Bootstrap apply there.
    const QList<std::tuple<QString, bool, bool, bool>> expected{
        {QStringLiteral("Correlations"), true, true, true},
        {QStringLiteral("Human vs judge"), false, false, false},
        {QStringLiteral("Per system && meta"), false, true, true},
        {QStringLiteral("Krippendorff's α"), false, false, true},
        {QStringLiteral("Pairwise && bias"), false, false, false},
        {QStringLiteral("Invalid answers"), false, false, false},
    };
    for (const auto &[title, levelApplies, coefficientApplies, bootstrapApplies] : expected) {
        int index = -1;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == title)
                index = i;
        QVERIFY2(index >= 0, qPrintable(title));
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(index).center());
        QCOMPARE(tabs->currentIndex(), index);
        QCOMPARE(level->isEnabled(), levelApplies);
        QCOMPARE(coefficient->isEnabled(), coefficientApplies);
        QCOMPARE(bootstrap->isEnabled(), bootstrapApplies);
        QVERIFY(group->isEnabled()); // the humans apply everywhere
    }
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(0).center());
    QCOMPARE(tabs->currentIndex(), 0);
    m_view->hide();
}

void TestAgreementView::emptyTabsSayWhatToDoNext()
{
    const QString path = m_dir.filePath(QStringLiteral("empty.concord"));
    QVERIFY(store::Study::create(path.toStdString()).ok());
    ui::StudySession session;
    ui::AgreementView view(&session);
    QSignalSpy refreshed(&view, &ui::AgreementView::refreshed);
    QSignalSpy failed(&view, &ui::AgreementView::refreshFailed); // a study without ratings has nothing to compute
    QVERIFY(session.open(path).ok());
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() + failed.count() > 0 && !view.isComputing(), 60000);
    QStringList titles;
    for (const QChartView *chart : view.findChildren<QChartView *>())
        titles << ui::ChartTextFit::fullTitle(chart->chart());
    const QString all = titles.join(u'\n');
    // Per system & meta, Human vs judge, Pairwise & bias and Invalid answers each name the next step.
    for (const QString &hint : {QStringLiteral("No judge ratings yet: run a judge in the Judges view"),
                                QStringLiteral("No judge has rated a Likert dimension yet: run a Likert judge"),
                                QStringLiteral("No pairwise verdicts yet: run or import an h2h, pairwise or "
                                               "llmcompare judge (Judges view)."),
                                QStringLiteral("No judge calls yet: run a judge in the Judges view")})
        QVERIFY2(all.contains(hint), qPrintable(all));
}

void TestAgreementView::headersAreNotCut()
{
    const QList<QTableView *> tables = m_view->findChildren<QTableView *>();
    QVERIFY(tables.size() >= 8);
    int checked = 0;
    for (QTableView *table : tables) {
        QHeaderView *header = table->horizontalHeader();
        const QFontMetrics metrics(header->font());
        for (int section = 0; section < header->count(); ++section) {
            if (section == header->count() - 1 && header->stretchLastSection())
                continue; // the last one takes what is left of the view
            const QString text = table->model()->headerData(section, Qt::Horizontal).toString();
            QVERIFY2(header->sectionSize(section) >= metrics.horizontalAdvance(text),
                     qPrintable(QStringLiteral("%1: %2").arg(table->objectName(), text)));
            ++checked;
        }
    }
    QVERIFY(checked > 40);
}

// A judge that gives every summary the same score has no correlation: the table says why where the number
// would be ("no variance"), and no chart asks Qt for an axis over NaN.
void TestAgreementView::constantJudgeSaysWhy()
{
    const QString path = m_dir.filePath(QStringLiteral("steady.concord"));
    QVERIFY(resources::createDemoStudy(path.toStdString()).ok());
    {
        auto opened = store::Study::open(path.toStdString());
        QVERIFY(opened.ok());
        store::Study &s = *opened.value();
        QVERIFY(s.write([&] {
                     model::Rater judge;
                     judge.name = "steady";
                     judge.kind = model::RaterKind::Judge;
                     judge.provider = "openai";
                     judge.model = "steady";
                     judge.protocol = "rts";
                     const model::Id rater = s.ensureRater(judge);
                     for (const auto &d : s.dimensions())
                         if (d.kind == model::DimensionKind::Likert)
                             for (const auto &c : s.candidates())
                                 s.setRating(rater, c.id, d.id, 3);
                 }).ok());
    }
    QTest::failOnWarning(QRegularExpression(QStringLiteral("invalid range")));
    ui::StudySession session;
    ui::AgreementView view(&session);
    view.resize(1280, 800);
    view.show();
    QSignalSpy refreshed(&view, &ui::AgreementView::refreshed);
    QVERIFY(session.open(path).ok());
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 0 && !view.isComputing(), 60000);
    auto *tabs = view.findChild<QTabWidget *>();
    QVERIFY(tabs);
    // Every chart of the judge drawn: each tab, with the judge chosen wherever a tab picks one.
    for (QComboBox *box : view.findChildren<QComboBox *>())
        if (const int steady = box->findText(QStringLiteral("steady")); steady >= 0)
            box->setCurrentIndex(steady);
    for (int tab = 0; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        QCoreApplication::processEvents();
    }
    // Every row of the judge says why it has no number; where enough pairs are there, the reason is its variance.
    StatsTableModel *table = view.correlationTable();
    int steadyRows = 0;
    int noVariance = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->index(row, 0).data().toString() != QStringLiteral("steady"))
            continue;
        ++steadyRows;
        const QModelIndex value = table->index(row, 4);
        const QString shown = value.data().toString();
        QVERIFY2(shown.startsWith(QStringLiteral("— ")) && shown.size() > 4, qPrintable(shown));
        QVERIFY(!value.data(Qt::ToolTipRole).toString().isEmpty());
        QCOMPARE(value.data(Qt::TextAlignmentRole).value<Qt::Alignment>(), Qt::AlignRight | Qt::AlignVCenter);
        if (shown.startsWith(QStringLiteral("— no variance"))) {
            ++noVariance;
            QVERIFY(value.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("no variance: ")));
        }
        if (table->index(row, 2).data().toString() == QStringLiteral("dataset"))
            QVERIFY2(shown.startsWith(QStringLiteral("— no variance")), qPrintable(shown));
    }
    QVERIFY(steadyRows > 0);
    QVERIFY(noVariance > 0);
}

// The correlation table's levels come through the translation, as every other word of the view: in German the
// rows had read "dataset", "system", "summary", "per-system" and "meta" (core's words) under "Ebene". A
// translator that marks every text of the view shows what went past it.
void TestAgreementView::levelNamesAreTranslated()
{
    class Marking : public QTranslator {
    public:
        QString translate(const char *context, const char *source, const char *, int) const override
        {
            return QLatin1String(context) == QLatin1String("concord::ui::AgreementView")
                       ? QStringLiteral("«%1»").arg(QString::fromUtf8(source))
                       : QString();
        }
        bool isEmpty() const override { return false; }
    } marking;
    QCoreApplication::installTranslator(&marking);
    int before = m_refreshed->count();
    QVERIFY(m_session->refresh().ok());
    waitForRefresh(before);
    QCoreApplication::removeTranslator(&marking);
    StatsTableModel *table = m_view->correlationTable();
    const int level = table->columnOf(QStringLiteral("«Level»"));
    QVERIFY(level >= 0);
    QSet<QString> shown;
    for (int row = 0; row < table->rowCount(); ++row)
        shown.insert(table->index(row, level).data().toString());
    QCOMPARE(shown, (QSet<QString>{QStringLiteral("«dataset»"), QStringLiteral("«system»"), QStringLiteral("«summary»"),
                                   QStringLiteral("«per-system»"), QStringLiteral("«meta»")}));
    before = m_refreshed->count();
    QVERIFY(m_session->refresh().ok());
    waitForRefresh(before);
}

// The Humans box lists the open study's groups: after the crowd of the demo study was chosen, a study of the
// "lab" group alone had been asked for the crowd, failed, and the box went on offering expert and crowd.
void TestAgreementView::anotherStudyListsItsOwnGroups()
{
    const QString demo = m_dir.filePath(QStringLiteral("groups-demo.concord"));
    QVERIFY(resources::createDemoStudy(demo.toStdString()).ok());
    const QString lab = m_dir.filePath(QStringLiteral("groups-lab.concord"));
    {
        auto created = store::Study::create(lab.toStdString());
        QVERIFY(created.ok());
        store::Study &study = *created.value();
        QVERIFY(study
                    .write([&] {
                        model::Dimension coherence;
                        coherence.name = "coherence";
                        const model::Id dimension = study.ensureDimension(coherence);
                        model::Rater bea;
                        bea.name = "bea";
                        bea.group = "lab";
                        const model::Id rater = study.ensureRater(bea);
                        model::Document document;
                        document.externalId = "d1";
                        document.source = "An article.";
                        const model::Id doc = study.addDocument(document);
                        const model::Id candidate = study.addCandidate(doc, study.ensureSystem("s1"), "A summary.");
                        study.setRating(rater, candidate, dimension, 3);
                    })
                    .ok());
    }
    ui::StudySession session;
    ui::AgreementView view(&session);
    QSignalSpy refreshed(&view, &ui::AgreementView::refreshed);
    QSignalSpy failed(&view, &ui::AgreementView::refreshFailed);
    auto *groups = view.findChild<QComboBox *>(QStringLiteral("humanGroup"));
    QVERIFY(groups);
    QVERIFY(session.open(demo).ok());
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() == 1 && !view.isComputing(), 60000);
    view.setHumanGroup(QStringLiteral("crowd"));
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() == 2 && !view.isComputing(), 60000);
    QCOMPARE(view.humanGroup(), QStringLiteral("crowd"));

    QVERIFY(session.open(lab).ok());
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() + failed.count() == 3 && !view.isComputing(), 60000);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(groups->count(), 1);
    QCOMPARE(groups->itemText(0), QStringLiteral("lab"));
    QCOMPARE(view.humanGroup(), QStringLiteral("lab"));
}

// The invalid-answers chart draws the rates its table and the exported table give, as fractions: it had drawn
// percent (0.78) beside a table of fractions (0.0078).
void TestAgreementView::invalidChartShowsTheTablesRates()
{
    QBarSeries *bars = nullptr;
    QValueAxis *axis = nullptr;
    for (QChartView *view : m_view->findChildren<QChartView *>()) {
        if (ui::ChartTextFit::fullTitle(view->chart())
            != QStringLiteral("Invalid answers per judge, protocol and dimension"))
            continue;
        for (QAbstractSeries *series : view->chart()->series())
            bars = bars ? bars : qobject_cast<QBarSeries *>(series);
        for (QAbstractAxis *a : view->chart()->axes(Qt::Vertical))
            axis = qobject_cast<QValueAxis *>(a);
    }
    QVERIFY(bars);
    QVERIFY(axis);
    QCOMPARE(axis->titleText(), QStringLiteral("Invalid rate"));
    StatsTableModel *table = m_view->invalidTable();
    QSet<double> rates;
    for (int row = 0; row < table->rowCount(); ++row)
        rates.insert(table->index(row, table->columnOf(QStringLiteral("Invalid rate")))
                         .data(StatsTableModel::ExactValueRole)
                         .toDouble());
    QVERIFY(!rates.isEmpty());
    int drawn = 0;
    for (const QBarSet *set : bars->barSets())
        for (int i = 0; i < set->count(); ++i)
            if (set->at(i) != 0) {
                QVERIFY2(rates.contains(set->at(i)), qPrintable(QString::number(set->at(i))));
                ++drawn;
            }
    QVERIFY(drawn > 0);
}

// A group whose alpha has no number says why in its row, in core's words: the demo's crowd is one rater, so no
// summary has two of its ratings (the row had read "— no pairable units", which never named the one rater). Its
// interval says the same, and without the bootstrap every interval says it is off rather than a bare "—".
void TestAgreementView::undefinedAlphaSaysWhy()
{
    const QString path = m_dir.filePath(QStringLiteral("alpha-demo.concord"));
    QVERIFY(resources::createDemoStudy(path.toStdString()).ok());
    ui::StudySession session;
    ui::AgreementView view(&session);
    QSignalSpy refreshed(&view, &ui::AgreementView::refreshed);
    QVERIFY(session.open(path).ok());
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() == 1 && !view.isComputing(), 60000);
    StatsTableModel *table = view.alphaTable();
    const int alpha = table->columnOf(QStringLiteral("α"));
    const int low = table->columnOf(QStringLiteral("CI low"));
    const int high = table->columnOf(QStringLiteral("CI high"));
    QVERIFY(alpha >= 0 && low >= 0 && high >= 0);
    // The crowd rated the Likert dimensions alone (one coder) and ranked nothing.
    QMap<QString, int> reasons;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->index(row, 0).data().toString() != QStringLiteral("crowd"))
            continue;
        const QString shown = table->index(row, alpha).data().toString();
        reasons[shown] += 1;
        for (const int column : {alpha, low, high}) {
            const QModelIndex cell = table->index(row, column);
            QCOMPARE(cell.data().toString(), shown);
            const QString why = cell.data(Qt::ToolTipRole).toString();
            QVERIFY2(why.startsWith(shown.mid(2) + QStringLiteral(": ")), qPrintable(why));
            if (shown == QStringLiteral("— fewer than two coders"))
                QVERIFY2(why.contains(QStringLiteral("only one coder")), qPrintable(why));
        }
    }
    QCOMPARE(reasons,
             (QMap<QString, int>{{QStringLiteral("— fewer than two coders"), 4}, {QStringLiteral("— no values"), 4}}));

    view.setBootstrap(false);
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() == 2 && !view.isComputing(), 60000);
    int expertRows = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->index(row, 0).data().toString() != QStringLiteral("expert"))
            continue;
        ++expertRows;
        QVERIFY(!std::isnan(table->index(row, alpha).data(StatsTableModel::ExactValueRole).toDouble()));
        for (const int column : {low, high}) {
            const QModelIndex cell = table->index(row, column);
            QCOMPARE(cell.data().toString(), QStringLiteral("— no interval"));
            QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("bootstrap")),
                     qPrintable(cell.data(Qt::ToolTipRole).toString()));
        }
    }
    QCOMPARE(expertRows, 8);
}

// A result reaches the screen a tab at a time, the event loop running between them (all the charts at once had
// held the GUI thread); the view counts as computing until the last tab is shown and refreshed says so.
void TestAgreementView::resultShownATabAtATime()
{
    const auto before = m_view->report()->options.method;
    const auto method = before == stats::CorrelationMethod::Pearson ? stats::CorrelationMethod::Spearman
                                                                    : stats::CorrelationMethod::Pearson;
    const int count = m_refreshed->count();
    int passesWhileShowing = 0;
    bool computingMeanwhile = true;
    QTimer pass; // a zero timer: once per pass of the event loop
    connect(&pass, &QTimer::timeout, this, [&] {
        if (m_refreshed->count() > count || !m_view->report() || m_view->report()->options.method != method)
            return; // the new result has not arrived yet, or is all on screen
        ++passesWhileShowing;
        computingMeanwhile = computingMeanwhile && m_view->isComputing();
    });
    pass.start(0);
    m_view->setMethod(method);
    waitForRefresh(count);
    pass.stop();
    QCOMPARE(m_refreshed->count(), count + 1);
    // Six tabs of tables and charts, a pass of the event loop at least between each two.
    QVERIFY2(passesWhileShowing >= 5, qPrintable(QString::number(passesWhileShowing)));
    QVERIFY(computingMeanwhile);
    QVERIFY(m_view->report()->options.method == method);
    m_view->setMethod(before);
    waitForRefresh(count + 1);
}

// The Documents choice: every tab computed on one side of the held-out split, as `report --split` computes it; a
// study without a split says how to make one.
void TestAgreementView::documentsOfOneSplitOnly()
{
    const QString path = m_dir.filePath(QStringLiteral("h2h-split.concord"));
    const std::string error = test::H2hStudy::create(path.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    ui::StudySession session;
    ui::AgreementView view(&session);
    QSignalSpy refreshed(&view, &ui::AgreementView::refreshed);
    QSignalSpy failed(&view, &ui::AgreementView::refreshFailed);
    QVERIFY(session.open(path).ok());
    view.show();
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 0 && !view.isComputing(), 60000);
    QVERIFY(view.report()->options.split.empty());
    QCOMPARE(view.report()->pairwise.at(0).comparisons, std::size_t{12}); // 4 documents x 3 pairs

    auto *documents = view.findChild<QComboBox *>(QStringLiteral("dashboardDocuments"));
    QVERIFY(documents);
    documents->setFocus();
    // No split yet: the choice is refused with the way to make one.
    QTest::keyClick(documents, Qt::Key_End);
    QCOMPARE(documents->currentText(), QStringLiteral("Test split"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
    QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("split")),
             qPrintable(failed.at(0).at(0).toString()));

    {
        auto study = store::Study::open(path.toStdString());
        QVERIFY(study.ok());
        reports::SplitRequest request;
        request.dev = 0.25;
        request.seed = 3;
        QVERIFY(reports::splitDocuments(*study.value(), request).ok());
    }
    const int before = static_cast<int>(refreshed.count());
    QTest::keyClick(documents, Qt::Key_Up);
    QTest::keyClick(documents, Qt::Key_Down);
    QCOMPARE(documents->currentText(), QStringLiteral("Test split"));
    // The dev split asked for on the way is dropped for the test split asked after it.
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > before && !view.isComputing() && view.report()
                                 && view.report()->options.split == "test",
                             60000);
    reports::DashboardOptions o = view.report()->options;
    o.cancel = nullptr;
    const auto expected = reports::computeDashboard(path.toStdString(), o);
    QVERIFY(expected.ok());
    QCOMPARE(view.report()->pairwise.at(0).comparisons, std::size_t{9}); // the three test documents
    QCOMPARE(view.report()->pairwise.at(0).comparisons, expected.value().pairwise.at(0).comparisons);
    QCOMPARE(view.report()->pairwise.at(0).h2hAll.agreed, expected.value().pairwise.at(0).h2hAll.agreed);
    // The Judge card follows: its flip rate counts the test documents' comparisons.
    auto *card = view.findChild<ui::JudgeCardPanel *>();
    QVERIFY(card);
    QSignalSpy cardShown(card, &ui::JudgeCardPanel::refreshed);
    view.findChild<QTabWidget *>()->setCurrentWidget(card);
    QTRY_COMPARE_WITH_TIMEOUT(cardShown.count(), 1, 60000);
    QCOMPARE(card->card()->pairwise.at(0).position.swappedPairs, std::size_t{9});
}

QTEST_MAIN(TestAgreementView)
#include "tst_agreement_view.moc"
