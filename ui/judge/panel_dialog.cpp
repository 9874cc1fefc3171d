// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/panel_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

namespace concord::ui {

PanelDialog::PanelDialog(const QStringList &judges, const QStringList &takenNames, QWidget *parent)
    : QDialog(parent)
    , m_taken(takenNames)
{
    setWindowTitle(tr("Form Panel"));
    auto *form = new QFormLayout(this);
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("panelName"));
    form->addRow(tr("Panel &name:"), m_name);

    m_judges = new QTableWidget(static_cast<int>(judges.size()), 2, this);
    m_judges->setObjectName(QStringLiteral("panelJudges"));
    m_judges->setHorizontalHeaderLabels({tr("Judge"), tr("Weight")});
    m_judges->verticalHeader()->hide();
    m_judges->horizontalHeader()->setSectionResizeMode(JudgeColumn, QHeaderView::Stretch);
    m_judges->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_judges->setSelectionMode(QAbstractItemView::SingleSelection);
    for (int row = 0; row < judges.size(); ++row) {
        auto *item = new QTableWidgetItem(judges.at(row));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        m_judges->setItem(row, JudgeColumn, item);
        auto *weight = new QDoubleSpinBox(m_judges);
        weight->setObjectName(QStringLiteral("panelWeight"));
        weight->setRange(0.01, 1000);
        weight->setDecimals(2);
        weight->setValue(1);
        weight->setAccessibleName(tr("Weight of %1").arg(judges.at(row)));
        m_judges->setCellWidget(row, WeightColumn, weight);
        connect(weight, &QDoubleSpinBox::valueChanged, this, &PanelDialog::updateState);
    }
    auto *judgesLabel = new QLabel(tr("&Members (tick two or more):"), this);
    judgesLabel->setBuddy(m_judges);
    form->addRow(judgesLabel);
    form->addRow(m_judges);

    m_combine = new QComboBox(this);
    m_combine->setObjectName(QStringLiteral("panelCombine"));
    m_combine->addItem(tr("Mean of the scores"), QStringLiteral("mean"));
    m_combine->addItem(tr("Median of the scores"), QStringLiteral("median"));
    m_combine->addItem(tr("Majority (a tie leaves the summary unscored)"), QStringLiteral("majority"));
    form->addRow(tr("&Combine by:"), m_combine);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("panelProblem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    form->addRow(m_problem);
    auto *note = new QLabel(tr("A summary is scored where every member scored it. The panel is recomputed when a "
                               "member's run or import stores new scores."),
                            this);
    note->setWordWrap(true);
    form->addRow(note);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Form Panel"));
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &PanelDialog::updateState);
    connect(m_judges, &QTableWidget::itemChanged, this, &PanelDialog::updateState);
    updateState();
}

reports::PanelRequest PanelDialog::request() const
{
    reports::PanelRequest r;
    r.name = m_name->text().trimmed().toStdString();
    for (int row = 0; row < m_judges->rowCount(); ++row) {
        if (m_judges->item(row, JudgeColumn)->checkState() != Qt::Checked)
            continue;
        r.members.push_back(m_judges->item(row, JudgeColumn)->text().toStdString());
        r.weights.push_back(qobject_cast<QDoubleSpinBox *>(m_judges->cellWidget(row, WeightColumn))->value());
    }
    r.combine = stats::panelCombineFromString(m_combine->currentData().toString().toStdString())
                    .value_or(stats::PanelCombine::Mean);
    return r;
}

void PanelDialog::updateState()
{
    const reports::PanelRequest r = request();
    QString problem;
    if (m_judges->rowCount() < 2)
        problem = tr("A panel needs two judges; the study has fewer that are not panels.");
    else if (r.name.empty())
        problem = tr("Name the panel.");
    else if (m_taken.contains(QString::fromStdString(r.name)))
        problem = tr("A rater of the study is named so already.");
    else if (r.members.size() < 2)
        problem = tr("Tick two judges or more.");
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace concord::ui
