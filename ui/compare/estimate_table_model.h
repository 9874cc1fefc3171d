// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/estimate_report.h"

#include <QAbstractTableModel>

#include <optional>

namespace concord::ui {

// The Estimates tab's table: one row per system of a reports::EstimateReport, in the report's order, with
// its labelled and unlabelled summaries, the labels' own mean and the chosen method's mean with their
// intervals, the labels the judge was worth, the full-data mean of a what-if and the caution. The text
// rounds; ExactValueRole holds every digit (a count, an estimate or the number of labels), LowRole and
// HighRole an interval's ends.
class EstimateTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { System, Labelled, Unlabelled, Human, Estimate, LabelsSaved, FullDataMean, Caution, ColumnCount };
    enum Role { ExactValueRole = Qt::UserRole + 1, LowRole, HighRole };

    explicit EstimateTableModel(QObject *parent = nullptr);

    void setReport(const reports::EstimateReport &report);
    void clear();
    const std::optional<reports::EstimateReport> &report() const { return m_report; }

    // The name of a method as the tab shows it: "PPI++", "PPI" or "Labels alone".
    static QString methodName(stats::PpiMethod method);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<reports::EstimateReport> m_report;
};

} // namespace concord::ui
