// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "inspect/disagreement_model.h"

#include <QLocale>

#include <map>
#include <set>

namespace concord::ui {

DisagreementModel::DisagreementModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void DisagreementModel::setItems(std::vector<reports::DisagreementItem> items)
{
    beginResetModel();
    m_items = std::move(items);
    // Blind, a document's summaries are told apart by a number of their own (by candidate, the same in every
    // row and filter), never by their system or by the letters an annotator's cards show in Annotate.
    std::map<model::Id, std::set<model::Id>> byDocument;
    for (const auto &item : m_items)
        byDocument[item.document].insert(item.candidate);
    m_blindNumbers.clear();
    for (const auto &[document, candidates] : byDocument) {
        int number = 0;
        for (const model::Id candidate : candidates)
            m_blindNumbers[candidate] = ++number;
    }
    applyFilter();
    endResetModel();
}

QString DisagreementModel::blindLabel(model::Id candidate) const
{
    const auto it = m_blindNumbers.find(candidate);
    return it == m_blindNumbers.end() ? QString() : tr("#%1").arg(it->second);
}

void DisagreementModel::setFilter(const QString &judge, const QString &dimension, const QString &system)
{
    beginResetModel();
    m_judge = judge.toStdString();
    m_dimension = dimension.toStdString();
    m_system = system.toStdString();
    applyFilter();
    endResetModel();
}

void DisagreementModel::applyFilter()
{
    m_shown.clear();
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const auto &item = m_items[i];
        if ((m_judge.empty() || item.judgeName == m_judge) && (m_dimension.empty() || item.dimensionName == m_dimension)
            && (m_system.empty() || item.systemName == m_system))
            m_shown.push_back(i);
    }
}

const reports::DisagreementItem *DisagreementModel::itemAt(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < m_shown.size() ? &m_items[m_shown[static_cast<std::size_t>(row)]]
                                                                      : nullptr;
}

namespace {
template <typename Field> QStringList distinct(const std::vector<reports::DisagreementItem> &items, Field field)
{
    std::set<std::string> names;
    for (const auto &item : items)
        names.insert(item.*field);
    QStringList out;
    for (const auto &n : names)
        out << QString::fromStdString(n);
    return out;
}
} // namespace

QStringList DisagreementModel::judges() const
{
    return distinct(m_items, &reports::DisagreementItem::judgeName);
}
QStringList DisagreementModel::dimensions() const
{
    return distinct(m_items, &reports::DisagreementItem::dimensionName);
}
QStringList DisagreementModel::systems() const
{
    return m_showSystemNames ? distinct(m_items, &reports::DisagreementItem::systemName) : QStringList();
}

void DisagreementModel::setShowSystemNames(bool show)
{
    if (show == m_showSystemNames)
        return;
    m_showSystemNames = show;
    Q_EMIT headerDataChanged(Qt::Horizontal, SystemColumn, SystemColumn);
    if (!m_shown.empty())
        Q_EMIT dataChanged(index(0, SystemColumn), index(rowCount() - 1, SystemColumn));
}

int DisagreementModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_shown.size());
}

int DisagreementModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DisagreementModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &item = *itemAt(index.row());
    if (role == ExactValueRole) {
        switch (index.column()) {
        case DistanceColumn:
            return item.distance;
        case JudgeValueColumn:
            return item.judgeValue;
        case HumanMeanColumn:
            return item.humanMean;
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == HumanMeanColumn)
            return tr("mean of %1 ratings: %2").arg(item.humans).arg(QString::number(item.humanMean, 'g', 17));
        if (index.column() == JudgeValueColumn)
            return tr("%1's score: %2")
                .arg(QString::fromStdString(item.judgeName), QString::number(item.judgeValue, 'g', 17));
        if (index.column() == SystemColumn && !m_showSystemNames)
            return tr("Summary %1 of document %2; its system stays hidden until View > Reveal System Names")
                .arg(blindLabel(item.candidate), QString::fromStdString(item.documentName));
        // A column too narrow shortens a long name with "…": the tooltip shows it whole (and, blind,
        // no system name, as the cell shows none).
        const QString shown = data(index, Qt::DisplayRole).toString();
        return shown.isEmpty() ? QVariant() : QVariant(shown);
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == DistanceColumn || index.column() >= JudgeValueColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case DistanceColumn:
        return locale.toString(item.distance, 'f', 3);
    case JudgeColumn:
        return QString::fromStdString(item.judgeName);
    case DimensionColumn:
        return QString::fromStdString(item.dimensionName);
    case DocumentColumn:
        return QString::fromStdString(item.documentName);
    case SystemColumn:
        return m_showSystemNames ? QString::fromStdString(item.systemName) : blindLabel(item.candidate);
    case JudgeValueColumn:
        return locale.toString(item.judgeValue, 'g', 4);
    case HumanMeanColumn:
        return locale.toString(item.humanMean, 'f', 2);
    default:
        return {};
    }
}

QVariant DisagreementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case DistanceColumn:
        return tr("Distance");
    case JudgeColumn:
        return tr("Judge");
    case DimensionColumn:
        return tr("Dimension");
    case DocumentColumn:
        return tr("Document");
    case SystemColumn:
        return m_showSystemNames ? tr("System") : tr("Summary");
    case JudgeValueColumn:
        return tr("Judge's score");
    case HumanMeanColumn:
        return tr("Human mean");
    default:
        return {};
    }
}

} // namespace concord::ui
