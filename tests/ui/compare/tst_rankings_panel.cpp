// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Agreement view's Rankings tab on tests/support/h2h_study (systems A, B, C; a judge's verdicts in both orders;
// two experts' ratings): computed off the GUI thread only once the tab is shown; the tables say what
// reports::computeRankings says for the same request; the rule and the baseline chosen with the keyboard compute
// again; one side of a split ranks its documents alone; the tables' models pass QAbstractItemModelTester.
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "compare/rankings_panel.h"
#include "compare/stats_table_model.h"
#include "h2h_study.h"
#include "reports/ranking_report.h"
#include "reports/split_report.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace concord;
using ui::RankingsPanel;
using ui::StatsTableModel;

class TestRankingsPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void computesOnlyWhenShown();
    void tablesSayWhatTheRankingsSay();
    void ruleAndBaselineChosenWithTheKeyboard();
    void oneSideOfTheSplit();
    void closingTheStudyEmptiesTheTab();

private:
    std::vector<reports::RaterRanking> expected(const reports::RankingRequest &request) const
    {
        auto study = store::Study::open(m_path.toStdString(), {.readOnly = true});
        if (!study.ok())
            qFatal("the study cannot be opened");
        auto rankings = reports::computeRankings(*study.value(), request);
        if (!rankings.ok())
            qFatal("the rankings cannot be computed: %s", rankings.error().describe().c_str());
        return rankings.value();
    }
    // Every row of the systems table against the rankings it should show, in their order.
    void compareSystems(const std::vector<reports::RaterRanking> &rankings) const
    {
        const StatsTableModel *model = m_panel->systemsTable();
        int row = 0;
        for (const auto &r : rankings)
            for (const auto &s : r.systems) {
                QVERIFY(row < model->rowCount());
                auto cell = [&](const char *header, int role = Qt::DisplayRole) {
                    return model->index(row, model->columnOf(QLatin1String(header))).data(role);
                };
                QCOMPARE(cell("Rater").toString(), QString::fromStdString(r.rater));
                QCOMPARE(cell("Kind").toString(), r.human ? QStringLiteral("human group") : QStringLiteral("judge"));
                QCOMPARE(cell("System").toString(), QString::fromStdString(s.system));
                QCOMPARE(cell("Log-strength", StatsTableModel::ExactValueRole).toDouble(), s.logStrength);
                QCOMPARE(cell("Interval low", StatsTableModel::ExactValueRole).toDouble(), s.interval.low);
                QCOMPARE(cell("Interval high", StatsTableModel::ExactValueRole).toDouble(), s.interval.high);
                QCOMPARE(cell("Wins", StatsTableModel::ExactValueRole).toDouble(), s.record.wins);
                QCOMPARE(cell("Ties", StatsTableModel::ExactValueRole).toDouble(), s.record.ties);
                if (s.rank > 0)
                    QCOMPARE(cell("Rank").toString(), QString::number(s.rank));
                if (s.againstBaseline) {
                    QCOMPARE(cell("Win rate", StatsTableModel::ExactValueRole).toDouble(), s.againstBaseline->winRate);
                    const QVariant lc = cell("Length-controlled win rate", StatsTableModel::ExactValueRole);
                    QVERIFY(std::isnan(s.againstBaseline->controlledWinRate)
                                ? !lc.isValid()
                                : lc.toDouble() == s.againstBaseline->controlledWinRate);
                }
                ++row;
            }
        QCOMPARE(row, model->rowCount());
        QCOMPARE(m_panel->fitsTable()->rowCount(), static_cast<int>(rankings.size()));
    }

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::AgreementView> m_view;
    RankingsPanel *m_panel = nullptr;
    QTabWidget *m_tabs = nullptr;
};

void TestRankingsPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("h2h.concord"));
    const std::string made = test::H2hStudy::create(m_path.toStdString());
    QVERIFY2(made.empty(), made.c_str());
    {
        auto study = store::Study::open(m_path.toStdString());
        QVERIFY(study.ok());
        reports::SplitRequest split;
        split.dev = 0.5;
        split.seed = 7;
        QVERIFY(reports::splitDocuments(*study.value(), split).ok());
    }
    m_session = std::make_unique<ui::StudySession>();
    m_view = std::make_unique<ui::AgreementView>(m_session.get());
    m_panel = m_view->findChild<RankingsPanel *>();
    QVERIFY(m_panel);
    m_tabs = m_view->findChild<QTabWidget *>();
    QVERIFY(m_tabs);
    QCOMPARE(m_tabs->tabText(m_tabs->indexOf(m_panel)), QStringLiteral("Rankings"));
    QSignalSpy dashboard(m_view.get(), &ui::AgreementView::refreshed);
    QVERIFY(m_session->open(m_path).ok());
    m_view->show();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.count() > 0 && !m_view->isComputing(), 60000);
}

void TestRankingsPanel::computesOnlyWhenShown()
{
    QVERIFY(!m_panel->isVisible());
    QVERIFY(!m_panel->outcome());
    QVERIFY(!m_panel->isComputing());
    QSignalSpy refreshed(m_panel, &RankingsPanel::refreshed);
    m_tabs->setCurrentWidget(m_panel);
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(m_panel->outcome());
    // The first dimension with verdicts is shown first; every dimension is offered.
    const auto *dimension = m_panel->findChild<QComboBox *>(QStringLiteral("rankingsDimension"));
    QCOMPARE(dimension->currentText(), QStringLiteral("relevance"));
    QCOMPARE(m_panel->outcome()->request.dimensions, std::vector<std::string>{"relevance"});
    QVERIFY(m_panel->findChild<QChartView *>(QStringLiteral("rankingsChart"))->chart()->series().size() > 0);
}

void TestRankingsPanel::tablesSayWhatTheRankingsSay()
{
    QAbstractItemModelTester systemsTester(m_panel->systemsTable(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester fitsTester(m_panel->fitsTable(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    reports::RankingRequest request;
    request.dimensions = {"relevance"};
    const auto rankings = expected(request);
    // The experts (from their means) and the judge, side by side.
    QCOMPARE(rankings.size(), std::size_t(2));
    QVERIFY(rankings[0].human && !rankings[1].human);
    compareSystems(rankings);
    const StatsTableModel *fits = m_panel->fitsTable();
    for (int row = 0; row < fits->rowCount(); ++row) {
        const auto &r = rankings[static_cast<std::size_t>(row)];
        const QVariant nu
            = fits->index(row, fits->columnOf(QStringLiteral("Tie parameter ν"))).data(StatsTableModel::ExactValueRole);
        QVERIFY(std::isnan(r.tieParameter) ? !nu.isValid() : nu.toDouble() == r.tieParameter);
        QCOMPARE(fits->index(row, fits->columnOf(QStringLiteral("Documents"))).data().toString(),
                 QString::number(r.documents));
    }
    QCOMPARE(m_panel->systemsTable()->columnOf(QStringLiteral("Win rate")), -1); // no baseline yet
}

void TestRankingsPanel::ruleAndBaselineChosenWithTheKeyboard()
{
    QSignalSpy refreshed(m_panel, &RankingsPanel::refreshed);
    auto *rule = m_panel->findChild<QComboBox *>(QStringLiteral("rankingsRule"));
    rule->setFocus();
    QTest::keyClick(rule, Qt::Key_Down);
    QCOMPARE(rule->currentText(), QStringLiteral("Points"));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(m_panel->outcome()->request.rule == stats::PairwiseRule::Points);

    auto *baseline = m_panel->findChild<QComboBox *>(QStringLiteral("rankingsBaseline"));
    QCOMPARE(baseline->count(), 4); // none, A, B, C
    baseline->setFocus();
    QTest::keyClick(baseline, Qt::Key_Down);
    QCOMPARE(baseline->currentText(), QStringLiteral("A"));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 2, 60000);
    QCOMPARE(m_panel->outcome()->request.baseline, std::string("A"));

    reports::RankingRequest request;
    request.dimensions = {"relevance"};
    request.rule = stats::PairwiseRule::Points;
    request.baseline.append("A"); // append: GCC 12 warns wrongly on assigning a short literal
    const auto rankings = expected(request);
    QVERIFY(m_panel->systemsTable()->columnOf(QStringLiteral("Win rate")) >= 0);
    compareSystems(rankings);
}

void TestRankingsPanel::oneSideOfTheSplit()
{
    QSignalSpy refreshed(m_panel, &RankingsPanel::refreshed);
    m_panel->setContext(QStringLiteral("test"));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    reports::RankingRequest request;
    request.dimensions = {"relevance"};
    request.rule = stats::PairwiseRule::Points;
    request.baseline.append("A"); // append: GCC 12 warns wrongly on assigning a short literal
    request.split = "test";
    const auto rankings = expected(request);
    QCOMPARE(m_panel->outcome()->request.split, std::string("test"));
    QCOMPARE(rankings.front().documents, std::size_t(2)); // half of d1–d4
    compareSystems(rankings);
}

void TestRankingsPanel::closingTheStudyEmptiesTheTab()
{
    QVERIFY(m_panel->systemsTable()->rowCount() > 0);
    m_session->close();
    QCOMPARE(m_panel->systemsTable()->rowCount(), 0);
    QCOMPARE(m_panel->fitsTable()->rowCount(), 0);
    QVERIFY(!m_panel->outcome());
}

QTEST_MAIN(TestRankingsPanel)
#include "tst_rankings_panel.moc"
