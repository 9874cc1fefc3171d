// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "window/statistics_export.h"

#include <QDialog>

class QComboBox;

namespace concord::ui {

class StudySession;

// Asks which statistics table to export: the correlation report of a rater against a human group,
// the agreement table of a group (with a judge added), the judges' pairwise verdicts against a
// group under a head-to-head rule, or a judge's estimates of the group's means (the Estimates tab's).
// The file and its format are asked after. It starts on what the
// Agreement view shows (start: its table, rater and human group), so that OK exports the numbers on screen.
class StatisticsExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit StatisticsExportDialog(StudySession *session, QWidget *parent = nullptr,
                                    const StatisticsTableRequest &start = {});

    // The request without path and style.
    StatisticsTableRequest request() const;

private:
    void updateFields();

    QComboBox *m_kind;
    QComboBox *m_rater;
    QComboBox *m_group;
    QComboBox *m_rule;
    // The Estimates tab's method, confidence, dimension and what-if, kept as the dialog started.
    reports::EstimateRequest m_estimate;
};

} // namespace concord::ui
