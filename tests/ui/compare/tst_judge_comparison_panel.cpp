// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Agreement view's "Compare judges" tab on the small fixed study of tests/core/reports/reference:
// picking two judges shows the p-values that judge_comparison_reference.py computed with SciPy (the
// numbers of tst_judge_comparison and `concord-cli stats --compare`), computed off the GUI thread and
// only once the tab is shown; with a held-out split, on one split's documents alone.
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "compare/judge_comparison_panel.h"
#include "compare/stats_table_model.h"
#include "judge_comparison_study.h"
#include "reports/split_report.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace concord;
using ui::JudgeComparisonPanel;
using ui::StatsTableModel;

class TestJudgeComparisonPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void computesOnlyWhenShown();
    void pickingTwoJudgesShowsTheirPValues();
    void swappedJudges();
    void anotherCoefficient();
    void aJudgeAgainstItself();
    void namesShowWholeInTheirTooltips();
    void oneSplitOnly();
    void closingTheStudyEmptiesTheTable();

private:
    // The exact value in the row of (dimension, level), column header; shown(): the text on screen.
    QVariant cell(const QString &dimension, const QString &level, const QString &column,
                  int role = StatsTableModel::ExactValueRole) const;
    QString shown(const QString &dimension, const QString &level, const QString &column) const
    {
        return cell(dimension, level, column, Qt::DisplayRole).toString();
    }
    QComboBox *box(const char *name) const { return m_panel->findChild<QComboBox *>(QLatin1String(name)); }

    QTemporaryDir m_dir;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::AgreementView> m_view;
    JudgeComparisonPanel *m_panel = nullptr;
    QTabWidget *m_tabs = nullptr;
};

void TestJudgeComparisonPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("comparison.concord"));
    const std::string error = test::createJudgeComparisonStudy(path.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    m_session = std::make_unique<ui::StudySession>();
    m_view = std::make_unique<ui::AgreementView>(m_session.get());
    m_panel = m_view->findChild<JudgeComparisonPanel *>();
    QVERIFY(m_panel);
    m_tabs = m_view->findChild<QTabWidget *>();
    QVERIFY(m_tabs);
    QVERIFY(m_tabs->indexOf(m_panel) >= 0);
    QCOMPARE(m_tabs->tabText(m_tabs->indexOf(m_panel)), QStringLiteral("Compare judges"));
    QSignalSpy dashboard(m_view.get(), &ui::AgreementView::refreshed);
    QVERIFY(m_session->open(path).ok());
    m_view->show();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.count() > 0 && !m_view->isComputing(), 60000);
}

QVariant TestJudgeComparisonPanel::cell(const QString &dimension, const QString &level, const QString &column,
                                        int role) const
{
    const StatsTableModel *model = m_panel->table();
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, model->columnOf(QStringLiteral("Dimension"))).data().toString() == dimension
            && model->index(row, model->columnOf(QStringLiteral("Level"))).data().toString() == level)
            return model->index(row, model->columnOf(column)).data(role);
    return QStringLiteral("(no such row)");
}

void TestJudgeComparisonPanel::computesOnlyWhenShown()
{
    // The dashboard has refreshed, but the tab is not shown: nothing computed yet.
    QVERIFY(!m_panel->isVisible());
    QVERIFY(!m_panel->comparison());
    QVERIFY(!m_panel->isComputing());
    QCOMPARE(box("judgeA")->currentText(), QStringLiteral("judge_a"));
    QCOMPARE(box("judgeB")->currentText(), QStringLiteral("judge_b"));

    QSignalSpy refreshed(m_panel, &JudgeComparisonPanel::refreshed);
    m_tabs->setCurrentWidget(m_panel);
    QVERIFY(m_panel->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QAbstractItemModelTester tester(m_panel->table(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m_panel->table()->rowCount(), 6); // coherence and fluency × dataset, system, summary
}

void TestJudgeComparisonPanel::pickingTwoJudgesShowsTheirPValues()
{
    // judge_comparison_reference.py: coherence, dataset, Pearson; on screen rounded to 4 decimals.
    QTRY_COMPARE(shown(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Williams p")),
                 QStringLiteral("0.0071"));
    QCOMPARE(shown(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Permutation p")),
             QStringLiteral("0.0080"));
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Williams p")).toDouble(),
             0.007098734270096596);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Williams t")).toDouble(),
             2.9224482614105383);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Permutation p")).toDouble(),
             0.007992007992007992);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Better")).toString(),
             QStringLiteral("judge_a"));
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Significant")).toString(),
             QStringLiteral("yes"));
    // Fluency, system: B is better; Williams p 0.21 but permutation p 0.035, so not significant by both.
    QCOMPARE(cell(QStringLiteral("fluency"), QStringLiteral("system"), QStringLiteral("Williams p")).toDouble(),
             0.21231061826388184);
    QCOMPARE(cell(QStringLiteral("fluency"), QStringLiteral("system"), QStringLiteral("Permutation p")).toDouble(),
             0.03496503496503497);
    QCOMPARE(cell(QStringLiteral("fluency"), QStringLiteral("system"), QStringLiteral("Better")).toString(),
             QStringLiteral("judge_b"));
    QCOMPARE(cell(QStringLiteral("fluency"), QStringLiteral("system"), QStringLiteral("Significant")).toString(),
             QStringLiteral("no"));
    // No Williams' test at summary level; the permutation test answers.
    QVERIFY(!cell(QStringLiteral("coherence"), QStringLiteral("summary"), QStringLiteral("Williams p")).isValid());
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("summary"), QStringLiteral("Permutation p")).toDouble(),
             0.023976023976023976);
}

void TestJudgeComparisonPanel::swappedJudges()
{
    QComboBox *a = box("judgeA");
    QComboBox *b = box("judgeB");
    a->setCurrentIndex(a->findText(QStringLiteral("judge_b")));
    b->setCurrentIndex(b->findText(QStringLiteral("judge_a")));
    QTRY_COMPARE(shown(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("r(A, humans)")),
                 QStringLiteral("0.5115"));
    QTRY_VERIFY(!m_panel->isComputing());
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("r(A, humans)")).toDouble(),
             0.5115125929828396);
    QCOMPARE(m_panel->comparison()->request.raterA, std::string("judge_b"));
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("A − B")).toDouble(),
             0.5115125929828396 - 0.7879165183834818);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Williams t")).toDouble(),
             -2.9224482614105383);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Williams p")).toDouble(),
             0.007098734270096596);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Better")).toString(),
             QStringLiteral("judge_a"));
    // Swapping A and B swaps the cells' roles in every resample: the same coin flips, the same p.
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Permutation p")).toDouble(),
             0.007992007992007992);
    a->setCurrentIndex(a->findText(QStringLiteral("judge_a")));
    b->setCurrentIndex(b->findText(QStringLiteral("judge_b")));
    QTRY_COMPARE(shown(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("r(A, humans)")),
                 QStringLiteral("0.7879"));
    QTRY_VERIFY(!m_panel->isComputing());
}

void TestJudgeComparisonPanel::anotherCoefficient()
{
    QComboBox *method = box("comparisonCoefficient");
    method->setCurrentIndex(method->findText(QStringLiteral("Kendall τb")));
    QTRY_COMPARE(shown(QStringLiteral("coherence"), QStringLiteral("summary"), QStringLiteral("Permutation p")),
                 QStringLiteral("0.0190"));
    QTRY_VERIFY(!m_panel->isComputing());
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("summary"), QStringLiteral("Permutation p")).toDouble(),
             0.01898101898101898);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("summary"), QStringLiteral("r(A, humans)")).toDouble(),
             0.7489763806700344);
    QCOMPARE(cell(QStringLiteral("fluency"), QStringLiteral("dataset"), QStringLiteral("Permutation p")).toDouble(),
             0.13386613386613386);
    // Williams' test is for Pearson correlations: empty, with the reason in the tooltip.
    QVERIFY(!cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Williams p")).isValid());
    const StatsTableModel *model = m_panel->table();
    QVERIFY(model->index(0, model->columnOf(QStringLiteral("Williams p")))
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("Pearson")));
    method->setCurrentIndex(method->findText(QStringLiteral("Pearson r")));
    QTRY_COMPARE(shown(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Williams p")),
                 QStringLiteral("0.0071"));
    QTRY_VERIFY(!m_panel->isComputing());
}

void TestJudgeComparisonPanel::aJudgeAgainstItself()
{
    QComboBox *b = box("judgeB");
    QCOMPARE(b->currentText(), QStringLiteral("judge_b"));
    // A user picks with the keyboard: one up from judge_b is judge_a.
    b->setFocus();
    QTest::keyClick(b, Qt::Key_Up);
    QCOMPARE(b->currentText(), QStringLiteral("judge_a"));
    QTRY_COMPARE(shown(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Permutation p")),
                 QStringLiteral("1.0000"));
    QTRY_VERIFY(!m_panel->isComputing());
    for (const char *dimension : {"coherence", "fluency"})
        for (const char *level : {"dataset", "system", "summary"}) {
            QCOMPARE(cell(QLatin1String(dimension), QLatin1String(level), QStringLiteral("Permutation p")).toDouble(),
                     1.0);
            QCOMPARE(cell(QLatin1String(dimension), QLatin1String(level), QStringLiteral("A − B")).toDouble(), 0.0);
            QCOMPARE(cell(QLatin1String(dimension), QLatin1String(level), QStringLiteral("Better")).toString(),
                     QStringLiteral("neither"));
            QCOMPARE(cell(QLatin1String(dimension), QLatin1String(level), QStringLiteral("Significant")).toString(),
                     QStringLiteral("no"));
        }
}

void TestJudgeComparisonPanel::namesShowWholeInTheirTooltips()
{
    // A narrow column shortens a long judge's, dimension's or system's name with "…": its tooltip
    // shows it whole. Here and in the dashboard's tables beside the charts.
    QTRY_VERIFY_WITH_TIMEOUT(m_panel->comparison() && !m_panel->isComputing(), 60000);
    QVERIFY(!m_view->isComputing());
    int names = 0;
    for (StatsTableModel *model : {m_panel->table(), m_view->correlationTable(), m_view->perSystemTable()}) {
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int row = 0; row < model->rowCount(); ++row) {
            for (int column = 0; column < model->columnCount(); ++column) {
                const QModelIndex index = model->index(row, column);
                if (index.data(StatsTableModel::ExactValueRole).typeId() != QMetaType::QString
                    || index.data().toString().isEmpty())
                    continue;
                ++names;
                QVERIFY2(index.data(Qt::ToolTipRole).toString().contains(index.data().toString()),
                         qPrintable(index.data().toString()));
            }
        }
    }
    QVERIFY(names > 0);
    QCOMPARE(cell(QStringLiteral("coherence"), QStringLiteral("dataset"), QStringLiteral("Dimension"), Qt::ToolTipRole)
                 .toString(),
             QStringLiteral("coherence"));
}

void TestJudgeComparisonPanel::oneSplitOnly()
{
    QComboBox *b = box("judgeB");
    b->setCurrentIndex(b->findText(QStringLiteral("judge_b")));
    QTRY_VERIFY(m_panel->comparison() && m_panel->comparison()->request.raterB == "judge_b" && !m_panel->isComputing());
    const std::size_t everyCell = m_panel->comparison()->entries.front().a.n;
    QComboBox *split = box("comparisonSplit");
    QCOMPARE(split->currentText(), QStringLiteral("All documents"));

    // The study has no split yet: the tab says so, and how to make one.
    split->setFocus();
    QTest::keyClick(split, Qt::Key_End);
    QCOMPARE(split->currentText(), QStringLiteral("Test split"));
    auto *status = m_panel->findChild<QLabel *>(QStringLiteral("comparisonStatus"));
    QTRY_VERIFY(status->text().contains(QStringLiteral("no held-out split")));
    QVERIFY(!m_panel->comparison());

    {
        auto study = store::Study::open(m_session->path().toStdString());
        QVERIFY(study.ok());
        reports::SplitRequest request;
        request.dev = 0.5;
        request.seed = 11;
        request.force = true;
        const auto made = reports::splitDocuments(*study.value(), request);
        QVERIFY2(made.ok(), made.ok() ? "" : made.error().describe().c_str());
    }
    QTest::keyClick(split, Qt::Key_Home);
    QTRY_VERIFY(m_panel->comparison() && !m_panel->isComputing());
    QTest::keyClick(split, Qt::Key_End);
    QTRY_VERIFY(m_panel->comparison() && m_panel->comparison()->request.split == "test" && !m_panel->isComputing());
    const auto &entry = m_panel->comparison()->entries.front();
    QVERIFY2(entry.a.n > 0 && entry.a.n < everyCell,
             qPrintable(QStringLiteral("%1 of %2").arg(entry.a.n).arg(everyCell)));
    QTest::keyClick(split, Qt::Key_Home);
    QTRY_VERIFY(m_panel->comparison() && m_panel->comparison()->request.split.empty() && !m_panel->isComputing());
    QCOMPARE(m_panel->comparison()->entries.front().a.n, everyCell);
}

void TestJudgeComparisonPanel::closingTheStudyEmptiesTheTable()
{
    QVERIFY(m_panel->table()->rowCount() > 0);
    m_session->close();
    QCOMPARE(m_panel->table()->rowCount(), 0);
    QVERIFY(!m_panel->comparison());
    QCOMPARE(box("judgeA")->count(), 0);
}

QTEST_MAIN(TestJudgeComparisonPanel)
#include "tst_judge_comparison_panel.moc"
