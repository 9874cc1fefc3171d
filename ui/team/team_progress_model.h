// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/team_progress.h"

#include <QAbstractTableModel>

#include <vector>

namespace concord::ui {

// The Team view's table: one row per person of reports::computeTeamProgress, in its order. Read-only.
class TeamProgressModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        AnnotatorColumn,
        AssignedColumn,
        DoneColumn,
        ProgressColumn,
        AcceptedColumn,
        RejectedColumn,
        AlphaWithoutColumn,
        CorrelationColumn,
        CompetenceColumn,
        TimePerDocumentColumn, // the median, in seconds, over documents whose time is known (reports::workTimes)
        ColumnCount
    };
    // The number behind a cell (ProgressColumn: 0 to 1), for sorting and the progress bar; empty when undefined.
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit TeamProgressModel(QObject *parent = nullptr);

    // Rows kept where the same people come back (a refresh changes numbers, not the list): a view keeps its
    // selection and scroll position while the team works.
    void setProgress(const reports::TeamProgress &progress);
    void clear();
    const reports::TeamMemberProgress *memberAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant value(const reports::TeamMemberProgress &m, int column) const;

    std::vector<reports::TeamMemberProgress> m_rows;
};

} // namespace concord::ui
