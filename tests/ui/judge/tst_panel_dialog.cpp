// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Form Panel dialog driven by keyboard: it says what is missing until a new name and two ticked judges are
// given, then its request names the ticked judges with their weights and the combination chosen.
#include "judge/panel_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

using concord::ui::PanelDialog;

namespace {

QPushButton *okButton(PanelDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

QString problem(PanelDialog &dialog)
{
    auto *label = dialog.findChild<QLabel *>(QStringLiteral("panelProblem"));
    return label->isVisibleTo(&dialog) ? label->text() : QString();
}

// Ticks the judge at ROW as a person does: the row made current, then Space.
void tick(QTableWidget *table, int row)
{
    table->setFocus();
    table->setCurrentCell(row, PanelDialog::JudgeColumn);
    QTest::keyClick(table->viewport(), Qt::Key_Space);
}

} // namespace

class TestPanelDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void saysWhatIsMissing();
    void requestIsWhatWasChosen();
    void fewerThanTwoJudges();
};

void TestPanelDialog::saysWhatIsMissing()
{
    PanelDialog dialog({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
                       {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("e")});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!okButton(dialog)->isEnabled());
    QCOMPARE(problem(dialog), QStringLiteral("Name the panel."));
    auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("panelName"));
    QTest::keyClicks(name, QStringLiteral("e"));
    QCOMPARE(problem(dialog), QStringLiteral("A rater of the study is named so already."));
    QTest::keyClick(name, Qt::Key_Backspace);
    QTest::keyClicks(name, QStringLiteral("jury"));
    QCOMPARE(problem(dialog), QStringLiteral("Tick two judges or more."));
    tick(dialog.judgeTable(), 0);
    QVERIFY(!okButton(dialog)->isEnabled());
    tick(dialog.judgeTable(), 2);
    QCOMPARE(problem(dialog), QString());
    QVERIFY(okButton(dialog)->isEnabled());
    // Space again takes a judge out.
    tick(dialog.judgeTable(), 2);
    QVERIFY(!okButton(dialog)->isEnabled());
}

void TestPanelDialog::requestIsWhatWasChosen()
{
    PanelDialog dialog({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, {});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("panelName")), QStringLiteral("  jury "));
    tick(dialog.judgeTable(), 1);
    tick(dialog.judgeTable(), 2);
    auto *weight = qobject_cast<QDoubleSpinBox *>(dialog.judgeTable()->cellWidget(2, PanelDialog::WeightColumn));
    QVERIFY(weight);
    weight->setFocus();
    weight->selectAll();
    QTest::keyClicks(weight, QStringLiteral("2.5"));
    auto *combine = dialog.findChild<QComboBox *>(QStringLiteral("panelCombine"));
    combine->setFocus();
    QTest::keyClick(combine, Qt::Key_Down);
    const concord::reports::PanelRequest r = dialog.request();
    QCOMPARE(r.name, std::string("jury"));
    QCOMPARE(r.members, (std::vector<std::string>{"b", "c"}));
    QCOMPARE(r.weights, (std::vector<double>{1, 2.5}));
    QVERIFY(r.combine == concord::stats::PanelCombine::Median);
    QVERIFY(okButton(dialog)->isEnabled());
}

void TestPanelDialog::fewerThanTwoJudges()
{
    PanelDialog dialog({QStringLiteral("a")}, {QStringLiteral("a")});
    dialog.show();
    QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("panelName")), QStringLiteral("jury"));
    QVERIFY(!okButton(dialog)->isEnabled());
    QVERIFY(problem(dialog).startsWith(QStringLiteral("A panel needs two judges")));
}

QTEST_MAIN(TestPanelDialog)
#include "tst_panel_dialog.moc"
