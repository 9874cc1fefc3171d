// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/annotation_edit.h"

#include <QAbstractTableModel>
#include <QString>

#include <string>
#include <vector>

namespace concord::ui {

// The edits a team study's server refused, one row each, oldest first: what the edit was, the document it was
// about where known, and the server's reason.
class RefusedEditsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { WhatColumn, DocumentColumn, ReasonColumn, ColumnCount };
    enum Role { EditIdRole = Qt::UserRole + 1 };

    struct Row {
        std::string editId;
        QString what;
        QString document; // empty: not known here
        QString reason;
    };

    explicit RefusedEditsModel(QObject *parent = nullptr);

    void setRows(std::vector<Row> rows);
    const std::vector<Row> &rows() const { return m_rows; }

    // What an edit does, in a few words; dimension: its dimension's name, empty where it has none.
    static QString describe(const store::AnnotationEdit &edit, const QString &dimension);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Row> m_rows;
};

} // namespace concord::ui
