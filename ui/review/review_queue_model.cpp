// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "review/review_queue_model.h"

#include <QLocale>
#include <QStringList>

namespace concord::ui {

ReviewQueueModel::ReviewQueueModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ReviewQueueModel::setItems(std::vector<reports::ReviewQueueItem> items)
{
    beginResetModel();
    m_items = std::move(items);
    endResetModel();
}

const reports::ReviewQueueItem *ReviewQueueModel::itemAt(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < m_items.size() ? &m_items[static_cast<std::size_t>(row)]
                                                                      : nullptr;
}

int ReviewQueueModel::rowOf(model::Id document) const
{
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        if (m_items[i].document == document)
            return static_cast<int>(i);
    }
    return -1;
}

QString ReviewQueueModel::statusText(const std::string &status)
{
    if (status == "open")
        return tr("open");
    if (status == "accepted")
        return tr("accepted");
    if (status == "rejected")
        return tr("rejected");
    if (status == "adjudicated")
        return tr("adjudicated");
    return QString::fromStdString(status);
}

int ReviewQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_items.size());
}

int ReviewQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReviewQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const reports::ReviewQueueItem &item = *itemAt(index.row());
    QStringList annotators;
    for (const std::string &a : item.annotators)
        annotators << QString::fromStdString(a);
    switch (role) {
    case ExactValueRole:
        if (index.column() == DisagreementColumn && item.disagreement)
            return *item.disagreement;
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case DocumentColumn:
            return QString::fromStdString(item.externalId);
        case AnnotatorsColumn:
            return annotators.join(QStringLiteral(", "));
        case DisagreementColumn:
            return item.disagreement ? QLocale().toString(*item.disagreement, 'f', 3) : QString();
        case StatusColumn:
            return statusText(item.status);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == DisagreementColumn)
            return item.disagreement
                       ? tr("Mean over %1 summary and dimension pairs rated by two or more people of the ratings' "
                            "range divided by the scale's (0: all agree, 1: the scale's ends)")
                             .arg(QLocale().toString(static_cast<qulonglong>(item.cells)))
                       : tr("No summary is rated by two or more people yet");
        if (index.column() == AnnotatorsColumn)
            return annotators.join(QStringLiteral(", "));
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == DisagreementColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant ReviewQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case DocumentColumn:
        return tr("Document");
    case AnnotatorsColumn:
        return tr("Annotators");
    case DisagreementColumn:
        return tr("Disagreement");
    case StatusColumn:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace concord::ui
