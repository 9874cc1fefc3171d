// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Agreement view's Judge card tab on tests/support/calibration_study: computed off the GUI thread only once the
// tab is shown; the verdict and both tables say what reports::computeJudgeCards says; a bound typed with the keyboard
// checks the same figures again without computing; the tables' models pass QAbstractItemModelTester.
#include "calibration_study.h"
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "compare/judge_card_panel.h"
#include "compare/stats_table_model.h"
#include "reports/judge_card.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMap>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace concord;
using ui::JudgeCardPanel;
using ui::StatsTableModel;

class TestJudgeCardPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void computesOnlyWhenShown();
    void verdictAndTablesSayWhatTheCardSays();
    void aBoundTypedWithTheKeyboardChecksAgain();
    void anotherJudgeIsComputed();
    void closingTheStudyEmptiesTheCard();

private:
    // The outcome column of the checks table for every row of a measure.
    QStringList outcomes(const QString &measure) const
    {
        const StatsTableModel *model = m_panel->checksTable();
        QStringList out;
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->index(row, model->columnOf(QStringLiteral("Measure"))).data().toString() == measure)
                out << model->index(row, model->columnOf(QStringLiteral("Outcome"))).data().toString();
        return out;
    }
    reports::JudgeCard expected(const std::string &judge) const
    {
        reports::JudgeCardOptions options;
        options.dashboard.humanGroup = "expert";
        options.dashboard.judges = {judge};
        auto cards = reports::computeJudgeCards(m_path.toStdString(), options);
        if (!cards.ok() || cards.value().size() != 1)
            qFatal("the card of %s could not be computed", judge.c_str());
        return cards.value().front();
    }

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::AgreementView> m_view;
    JudgeCardPanel *m_panel = nullptr;
    QTabWidget *m_tabs = nullptr;
};

void TestJudgeCardPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("calibration.concord"));
    {
        auto created = store::Study::create(m_path.toStdString());
        QVERIFY(created.ok());
        store::Study &study = *created.value();
        QVERIFY(study.write([&] { test::fillCalibrationStudy(study); }).ok());
    }
    m_session = std::make_unique<ui::StudySession>();
    m_view = std::make_unique<ui::AgreementView>(m_session.get());
    m_panel = m_view->findChild<JudgeCardPanel *>();
    QVERIFY(m_panel);
    m_tabs = m_view->findChild<QTabWidget *>();
    QVERIFY(m_tabs);
    QCOMPARE(m_tabs->tabText(m_tabs->indexOf(m_panel)), QStringLiteral("Judge card"));
    QSignalSpy dashboard(m_view.get(), &ui::AgreementView::refreshed);
    QVERIFY(m_session->open(m_path).ok());
    m_view->show();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.count() > 0 && !m_view->isComputing(), 60000);
}

void TestJudgeCardPanel::computesOnlyWhenShown()
{
    QVERIFY(!m_panel->isVisible());
    QVERIFY(!m_panel->card());
    QVERIFY(!m_panel->isComputing());
    auto *judge = m_panel->findChild<QComboBox *>(QStringLiteral("cardJudge"));
    QCOMPARE(judge->count(), 2);
    judge->setCurrentIndex(judge->findText(QStringLiteral("geval-j")));
    QVERIFY(!m_panel->isComputing()); // still hidden
    QSignalSpy refreshed(m_panel, &JudgeCardPanel::refreshed);
    m_tabs->setCurrentWidget(m_panel);
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(m_panel->card());
    QCOMPARE(m_panel->card()->judge, std::string("geval-j"));
}

void TestJudgeCardPanel::verdictAndTablesSayWhatTheCardSays()
{
    QAbstractItemModelTester checksTester(m_panel->checksTable(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester figuresTester(m_panel->figuresTable(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    const reports::JudgeCard card = expected("geval-j");
    const reports::JudgeCard &shown = *m_panel->card();
    QCOMPARE(shown.verdict, card.verdict);
    QCOMPARE(shown.checks.size(), card.checks.size());
    QCOMPARE(m_panel->checksTable()->rowCount(), static_cast<int>(card.checks.size()));
    for (std::size_t i = 0; i < card.checks.size(); ++i) {
        const int row = static_cast<int>(i);
        const StatsTableModel *model = m_panel->checksTable();
        const QVariant value
            = model->index(row, model->columnOf(QStringLiteral("Value"))).data(StatsTableModel::ExactValueRole);
        QVERIFY(std::isnan(card.checks[i].value) ? !value.isValid() : value.toDouble() == card.checks[i].value);
        const QString outcome = model->index(row, model->columnOf(QStringLiteral("Outcome"))).data().toString();
        QCOMPARE(outcome, card.checks[i].outcome == reports::CardOutcome::Pass   ? QStringLiteral("✔ pass")
                          : card.checks[i].outcome == reports::CardOutcome::Fail ? QStringLiteral("✘ fail")
                                                                                 : QStringLiteral("not measured"));
    }
    // The figures: the three levels of coherence, alpha, invalid answers, the length tau, ECE twice and Brier,
    // self-consistency (the line, the vote share, two variances) and cost.
    QVERIFY(m_panel->figuresTable()->rowCount() >= 3 + 1 + 1 + 3 + 2);
    // One summary has repeated answers (G-Eval's samples 2, 3 and 1, 2): its vote share is 2 of 4, and the card's
    // own variances are beside it.
    QCOMPARE(card.consistency.size(), std::size_t{1});
    const StatsTableModel *figures = m_panel->figuresTable();
    QMap<QString, double> shownFigures;
    for (int row = 0; row < figures->rowCount(); ++row)
        shownFigures[figures->index(row, figures->columnOf(QStringLiteral("Figure"))).data().toString()]
            = figures->index(row, figures->columnOf(QStringLiteral("Value")))
                  .data(StatsTableModel::ExactValueRole)
                  .toDouble();
    QCOMPARE(shownFigures.value(QStringLiteral("Vote share of repeated answers")), 0.5);
    QCOMPARE(shownFigures.value(QStringLiteral("Own variance, zero-one (leave-one-out)")),
             card.consistency.front().figures.zeroOneVariance);
    QCOMPARE(shownFigures.value(QStringLiteral("Own variance, absolute (leave-one-out)")),
             card.consistency.front().figures.absoluteVariance);
    const auto *verdict = m_panel->findChild<QLabel *>(QStringLiteral("cardVerdict"));
    QVERIFY2(verdict->text().startsWith(QStringLiteral("geval-j ")), qPrintable(verdict->text()));
    if (card.failed == 0)
        QVERIFY(verdict->text().contains(QStringLiteral("meets every bound checked")));
    else
        QVERIFY(verdict->text().contains(
            QStringLiteral("fails %1 of %2 bounds checked").arg(card.failed).arg(card.passed + card.failed)));
}

void TestJudgeCardPanel::aBoundTypedWithTheKeyboardChecksAgain()
{
    QSignalSpy refreshed(m_panel, &JudgeCardPanel::refreshed);
    const QString ece = QStringLiteral("Calibration error (ECE)");
    auto *box = m_panel->findChild<QDoubleSpinBox *>(QStringLiteral("cardEce"));
    QCOMPARE(box->value(), 0.1);
    // Every bound at its loosest: every measured ECE passes (an ECE is at most 1).
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("1"));
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(m_panel->card()->thresholds.ece, 1.0);
    QVERIFY(!outcomes(ece).isEmpty());
    for (const QString &outcome : outcomes(ece))
        QVERIFY(outcome != QStringLiteral("✘ fail"));
    // Nothing is allowed: every measured ECE above 0 fails, at once and without computing.
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("0"));
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(m_panel->card()->thresholds.ece, 0.0);
    QVERIFY(!m_panel->isComputing());
    QCOMPARE(refreshed.count(), 0);
    reports::CardThresholds strict;
    strict.ece = 0;
    reports::JudgeCard card = expected("geval-j");
    reports::checkCard(card, strict);
    QCOMPARE(m_panel->card()->verdict, card.verdict);
    int failing = 0;
    for (const auto &c : card.checks)
        if (c.measure == reports::CardMeasure::Ece && c.outcome == reports::CardOutcome::Fail)
            ++failing;
    QVERIFY(failing > 0);
    QCOMPARE(outcomes(ece).count(QStringLiteral("✘ fail")), failing);
}

void TestJudgeCardPanel::anotherJudgeIsComputed()
{
    QSignalSpy refreshed(m_panel, &JudgeCardPanel::refreshed);
    auto *judge = m_panel->findChild<QComboBox *>(QStringLiteral("cardJudge"));
    judge->setFocus();
    QTest::keyClick(judge, Qt::Key_End);
    QCOMPARE(judge->currentText(), QStringLiteral("llmscore-j"));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QCOMPARE(m_panel->card()->judge, std::string("llmscore-j"));
    // The bound typed before still holds for the new judge.
    QCOMPARE(m_panel->card()->thresholds.ece, 0.0);
    QCOMPARE(m_panel->card()->protocols, std::vector<std::string>{"llmscore"});
}

void TestJudgeCardPanel::closingTheStudyEmptiesTheCard()
{
    QVERIFY(m_panel->checksTable()->rowCount() > 0);
    m_session->close();
    QCOMPARE(m_panel->checksTable()->rowCount(), 0);
    QCOMPARE(m_panel->figuresTable()->rowCount(), 0);
    QVERIFY(!m_panel->card());
    QCOMPARE(m_panel->findChild<QComboBox *>(QStringLiteral("cardJudge"))->count(), 0);
}

QTEST_MAIN(TestJudgeCardPanel)
#include "tst_judge_card_panel.moc"
