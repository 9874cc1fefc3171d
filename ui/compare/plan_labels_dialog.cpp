// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/plan_labels_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace concord::ui {

PlanLabelsDialog::PlanLabelsDialog(const QString &judge, const QString &dimension, const QStringList &people,
                                   QWidget *parent)
    : QDialog(parent)
    , m_judge(judge)
    , m_dimensionName(dimension)
    , m_budget(new QSpinBox(this))
    , m_strategy(new QComboBox(this))
    , m_uniformShare(new QDoubleSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_annotator(new QComboBox(this))
{
    setWindowTitle(tr("Plan Next Labels"));
    setObjectName(QStringLiteral("planLabelsDialog"));
    m_budget->setObjectName(QStringLiteral("planBudget"));
    m_budget->setRange(1, 10000000);
    m_budget->setValue(20);
    m_budget->setToolTip(
        tr("How many summaries to label, in expectation: each is drawn on its own with its probability."));
    m_strategy->setObjectName(QStringLiteral("planStrategy"));
    m_strategy->addItem(tr("By the judge's uncertainty"), QStringLiteral("uncertainty"));
    m_strategy->addItem(tr("Uniformly"), QStringLiteral("uniform"));
    m_strategy->setToolTip(tr("The judge's uncertainty is the spread of its sampled answers or, without samples, how "
                              "far it was from the people on labelled summaries with like scores."));
    m_uniformShare->setObjectName(QStringLiteral("planUniformShare"));
    m_uniformShare->setRange(1, 100);
    m_uniformShare->setDecimals(0);
    m_uniformShare->setValue(30);
    m_uniformShare->setSuffix(QStringLiteral(" %"));
    m_uniformShare->setToolTip(tr("The share of each probability spread evenly: no summary's probability is 0."));
    m_seed->setObjectName(QStringLiteral("planSeed"));
    m_seed->setRange(0, 999999);
    m_seed->setValue(1);
    m_annotator->setObjectName(QStringLiteral("planAnnotator"));
    m_annotator->addItem(tr("Nobody in particular"), QString());
    for (const QString &person : people)
        m_annotator->addItem(person, person);

    auto *form = new QFormLayout(this);
    auto *what = new QLabel(
        tr("Which summaries the group labels next on %1, for the estimates from judge %2.").arg(dimension, judge),
        this);
    what->setTextFormat(Qt::PlainText);
    what->setWordWrap(true);
    form->addRow(what);
    form->addRow(tr("&Labels:"), m_budget);
    form->addRow(tr("&Drawn:"), m_strategy);
    form->addRow(tr("&Uniform share:"), m_uniformShare);
    form->addRow(tr("S&eed:"), m_seed);
    form->addRow(tr("&Queue of:"), m_annotator);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Plan"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

reports::PlanRequest PlanLabelsDialog::request(const std::string &humanGroup) const
{
    reports::PlanRequest r;
    r.judges = {m_judge.toStdString()};
    r.humanGroup = humanGroup;
    r.dimension = m_dimensionName.toStdString();
    r.budget = m_budget->value();
    r.strategy = m_strategy->currentData().toString().toStdString();
    r.uniformShare = m_uniformShare->value() / 100;
    r.seed = m_seed->value();
    const QString annotator = m_annotator->currentData().toString();
    if (!annotator.isEmpty())
        r.annotator = annotator.toStdString();
    return r;
}

} // namespace concord::ui
