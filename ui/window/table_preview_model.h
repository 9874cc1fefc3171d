// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/table_preview.h"

#include <QAbstractTableModel>

namespace concord::ui {

// The first rows of a table as the import would read them: one column per mapped field (doc_id,
// article, …, score.NAME), one row per record, headed by its line in the file.
class TablePreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TablePreviewModel(QObject *parent = nullptr);

    void setPreview(io::TablePreview preview);
    const io::TablePreview &preview() const { return m_preview; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    io::TablePreview m_preview;
};

} // namespace concord::ui
