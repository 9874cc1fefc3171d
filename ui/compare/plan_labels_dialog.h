// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/label_plan_report.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace concord::ui {

// Plan Next Labels…: how many labels, drawn how, with which seed, and for whose queue. The Estimates tab
// gives the judge, the group and the dimension; the dialog only asks what a plan adds to them.
class PlanLabelsDialog : public QDialog {
    Q_OBJECT
public:
    // people: the group's annotators, whose queue the plan may be.
    PlanLabelsDialog(const QString &judge, const QString &dimension, const QStringList &people, QWidget *parent);

    // The plan asked for, on the judge, group and dimension given.
    reports::PlanRequest request(const std::string &humanGroup) const;

private:
    QString m_judge;
    QString m_dimensionName;
    QSpinBox *m_budget;
    QComboBox *m_strategy;
    QDoubleSpinBox *m_uniformShare;
    QSpinBox *m_seed;
    QComboBox *m_annotator;
};

} // namespace concord::ui
