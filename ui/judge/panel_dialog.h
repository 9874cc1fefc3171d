// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/judge_panel.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace concord::ui {

// Form Panel: tick two judges or more, give each a weight and the panel a name, choose how their scores
// combine. The judges offered are the study's judges that are not panels themselves; OK is enabled only
// for a request the panel can be formed from (a new name, two members), and the line under the table says
// what is missing.
class PanelDialog : public QDialog {
    Q_OBJECT
public:
    PanelDialog(const QStringList &judges, const QStringList &takenNames, QWidget *parent = nullptr);

    reports::PanelRequest request() const;
    QTableWidget *judgeTable() const { return m_judges; }

    enum Column { JudgeColumn, WeightColumn };

private:
    void updateState();

    QStringList m_taken;
    QLineEdit *m_name;
    QTableWidget *m_judges;
    QComboBox *m_combine;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace concord::ui
