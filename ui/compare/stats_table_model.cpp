// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/stats_table_model.h"

#include <QLocale>

#include <cmath>

namespace concord::ui {

StatsCell StatsCell::label(const QString &text)
{
    return {text, text, {}};
}

StatsCell StatsCell::number(double value, int decimals, const QString &undefinedReason)
{
    if (std::isnan(value)) {
        if (undefinedReason.isEmpty())
            return {QStringLiteral("—"), QVariant(), StatsTableModel::tr("undefined")};
        // Why, where the number would be: the reason's first words ("no variance", "too few complete
        // pairs"), the whole of it in the tooltip.
        QString brief = undefinedReason.section(QLatin1Char(':'), 0, 0).section(QStringLiteral(" ("), 0, 0).trimmed();
        if (brief.size() > 40)
            brief = brief.left(39) + QStringLiteral("…");
        return {QStringLiteral("— ") + brief, QVariant(), undefinedReason};
    }
    // Every digit in the tooltip: the table rounds, the tooltip does not.
    return {QLocale().toString(value, 'f', decimals), value, QString::number(value, 'g', 17)};
}

StatsCell StatsCell::pValue(double p, const QString &undefinedReason)
{
    constexpr int decimals = 4;
    constexpr double smallest = 1e-4;
    StatsCell cell = number(p, decimals, undefinedReason);
    if (!std::isnan(p) && p < smallest)
        cell.text = QStringLiteral("< ") + QLocale().toString(smallest, 'f', decimals);
    return cell;
}

StatsCell StatsCell::count(qulonglong value)
{
    return {QLocale().toString(value), value, {}};
}

StatsTableModel::StatsTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void StatsTableModel::setTable(const QStringList &headers, QList<QList<StatsCell>> rows)
{
    beginResetModel();
    m_headers = headers;
    m_rows = std::move(rows);
    for (auto &row : m_rows)
        row.resize(m_headers.size());
    endResetModel();
}

void StatsTableModel::clear()
{
    setTable({}, {});
}

int StatsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int StatsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_headers.size());
}

QVariant StatsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const StatsCell &cell = m_rows.at(index.row()).at(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return cell.text;
    case Qt::ToolTipRole:
        // A column too narrow shortens its text with "…" (a judge's or a system's long name): the
        // tooltip shows it whole.
        if (!cell.toolTip.isEmpty())
            return cell.toolTip;
        return cell.text.isEmpty() ? QVariant() : QVariant(cell.text);
    case ExactValueRole:
        return cell.exact;
    case Qt::TextAlignmentRole:
        return cell.exact.typeId() == QMetaType::QString
                       || (!cell.exact.isValid() && !cell.text.startsWith(QStringLiteral("—")))
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant StatsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal || section < 0 || section >= m_headers.size())
        return {};
    return m_headers.at(section);
}

} // namespace concord::ui
