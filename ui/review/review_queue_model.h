// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/review_report.h"

#include <QAbstractTableModel>

#include <vector>

namespace concord::ui {

// The lead's review queue as core orders it (most disputed first, seeded random, or by annotator): rows keep
// core's order, nothing is computed here.
class ReviewQueueModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { DocumentColumn, AnnotatorsColumn, DisagreementColumn, StatusColumn, ColumnCount };
    enum Role { ExactValueRole = Qt::UserRole + 1 };

    explicit ReviewQueueModel(QObject *parent = nullptr);

    void setItems(std::vector<reports::ReviewQueueItem> items);
    const reports::ReviewQueueItem *itemAt(int row) const;
    // The row of a document, or -1.
    int rowOf(model::Id document) const;

    // The status as the window says it (open, accepted, rejected, adjudicated).
    static QString statusText(const std::string &status);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<reports::ReviewQueueItem> m_items;
};

} // namespace concord::ui
