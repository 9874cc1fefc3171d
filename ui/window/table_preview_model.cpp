// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/table_preview_model.h"

namespace concord::ui {

namespace {

// An article may be megabytes long: a cell shows its start on one line, its tooltip a little more.
constexpr qsizetype kShownChars = 200;
constexpr qsizetype kTipChars = 2000;

QString shortened(const std::string &text, qsizetype chars)
{
    QString shown = QString::fromStdString(text.substr(0, static_cast<std::size_t>(chars) * 4));
    if (shown.size() > chars || text.size() > static_cast<std::size_t>(chars) * 4) {
        shown.truncate(chars);
        if (!shown.isEmpty() && shown.back().isHighSurrogate())
            shown.chop(1); // not half a character
        shown += QChar(0x2026);
    }
    return shown;
}

} // namespace

TablePreviewModel::TablePreviewModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void TablePreviewModel::setPreview(io::TablePreview preview)
{
    beginResetModel();
    m_preview = std::move(preview);
    endResetModel();
}

int TablePreviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_preview.rows.size());
}

int TablePreviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_preview.fields.size());
}

QVariant TablePreviewModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &cell
        = m_preview.rows[static_cast<std::size_t>(index.row())].cells[static_cast<std::size_t>(index.column())];
    if (!cell)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return shortened(*cell, kShownChars).replace(QLatin1Char('\n'), QChar(0x21B5)); // ↵: one line per row
    case Qt::ToolTipRole:
        return shortened(*cell, kTipChars);
    case Qt::EditRole:
        return QString::fromStdString(*cell);
    default:
        return {};
    }
}

QVariant TablePreviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= columnCount())
            return {};
        return QString::fromStdString(m_preview.fields[static_cast<std::size_t>(section)]);
    }
    if (section < 0 || section >= rowCount())
        return {};
    const long line = m_preview.rows[static_cast<std::size_t>(section)].line;
    return role == Qt::DisplayRole ? QVariant(QString::number(line)) : QVariant(tr("Line %1 of the file").arg(line));
}

} // namespace concord::ui
