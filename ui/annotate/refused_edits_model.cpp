// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/refused_edits_model.h"

#include <QLocale>

namespace concord::ui {

using Kind = store::AnnotationEdit::Kind;

RefusedEditsModel::RefusedEditsModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void RefusedEditsModel::setRows(std::vector<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

QString RefusedEditsModel::describe(const store::AnnotationEdit &edit, const QString &dimension)
{
    const QString on = dimension.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(dimension);
    switch (edit.kind) {
    case Kind::SetRating:
        return tr("Rating %1").arg(QLocale().toString(edit.value)) + on;
    case Kind::ClearRating:
        return tr("Rating cleared") + on;
    case Kind::SetRanking:
        return (edit.ranks.empty() ? tr("Ranking removed") : tr("Ranking")) + on;
    case Kind::AddErrorSpan:
        return tr("Error span “%1”").arg(QString::fromStdString(edit.quote));
    case Kind::RemoveErrorSpan:
        return tr("Error span “%1” removed").arg(QString::fromStdString(edit.quote));
    case Kind::SetErrorSpanNote:
        return tr("Note on error span “%1”").arg(QString::fromStdString(edit.quote));
    case Kind::SetExplanation:
        return (edit.text.empty() ? tr("Explanation removed") : tr("Explanation")) + on;
    case Kind::SetUnitMark:
        return edit.present ? tr("Unit %1 present").arg(edit.unit + 1) : tr("Unit %1 absent").arg(edit.unit + 1);
    case Kind::ClearUnitMark:
        return tr("Unit %1 not answered").arg(edit.unit + 1);
    case Kind::SetPresentationOrder:
        return tr("Order of the summaries");
    }
    return {};
}

int RefusedEditsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RefusedEditsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RefusedEditsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const Row &row = m_rows[static_cast<std::size_t>(index.row())];
    if (role == EditIdRole)
        return QString::fromStdString(row.editId);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case WhatColumn:
        return row.what;
    case DocumentColumn:
        return row.document.isEmpty() ? QStringLiteral("—") : row.document;
    case ReasonColumn:
        return row.reason;
    default:
        return {};
    }
}

QVariant RefusedEditsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WhatColumn:
        return tr("Edit");
    case DocumentColumn:
        return tr("Document");
    case ReasonColumn:
        return tr("Why the server refused it");
    default:
        return {};
    }
}

} // namespace concord::ui
