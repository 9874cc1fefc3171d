// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/assignment_report.h"

#include <QAbstractTableModel>
#include <QString>

namespace concord::ui {

// A stored assignment (reports::readAssignment or assignDocuments), one row per annotator: the documents given to
// them, how many of those are the calibration set's, and how many they had worked on before (kept).
class AssignmentModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { AnnotatorColumn, DocumentsColumn, CalibrationColumn, KeptColumn, ColumnCount };

    explicit AssignmentModel(QObject *parent = nullptr);

    void setReport(reports::AssignmentReport report);
    const reports::AssignmentReport &report() const { return m_report; }
    // One line under the table: the study's documents by how many annotators have each, and the calibration set.
    QString summary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    reports::AssignmentReport m_report;
};

} // namespace concord::ui
