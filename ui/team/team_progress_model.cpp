// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "team/team_progress_model.h"

#include <QLocale>

namespace concord::ui {

namespace {

QVariant optional(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant();
}

// 95 s -> "1:35"; an hour and more as "1:02:05". Minutes and seconds read the same in every language.
QString minutesAndSeconds(double seconds)
{
    const auto whole = static_cast<qint64>(seconds + 0.5);
    const auto two = [](qint64 n) { return QStringLiteral("%1").arg(n, 2, 10, QLatin1Char('0')); };
    if (whole >= 3600)
        return QString::number(whole / 3600) + QLatin1Char(':') + two(whole / 60 % 60) + QLatin1Char(':')
               + two(whole % 60);
    return QString::number(whole / 60) + QLatin1Char(':') + two(whole % 60);
}

} // namespace

TeamProgressModel::TeamProgressModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void TeamProgressModel::setProgress(const reports::TeamProgress &progress)
{
    bool samePeople = progress.annotators.size() == m_rows.size();
    for (std::size_t i = 0; samePeople && i < m_rows.size(); ++i)
        samePeople = m_rows[i].rater == progress.annotators[i].rater;
    if (!samePeople) {
        beginResetModel();
        m_rows = progress.annotators;
        endResetModel();
        return;
    }
    m_rows = progress.annotators;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void TeamProgressModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

const reports::TeamMemberProgress *TeamProgressModel::memberAt(int row) const
{
    return row >= 0 && row < rowCount() ? &m_rows[static_cast<std::size_t>(row)] : nullptr;
}

int TeamProgressModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int TeamProgressModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TeamProgressModel::value(const reports::TeamMemberProgress &m, int column) const
{
    const auto &q = m.quality;
    switch (column) {
    case AnnotatorColumn:
        return QString::fromStdString(m.name);
    case AssignedColumn:
        return m.assigned;
    case DoneColumn:
        return m.assignedFinished;
    case ProgressColumn:
        return optional(m.progress());
    case AcceptedColumn:
        return m.accepted;
    case RejectedColumn:
        return m.rejected;
    case AlphaWithoutColumn:
        return q ? optional(q->alphaWithout) : QVariant();
    case CorrelationColumn:
        return q ? optional(q->correlationWithOthers) : QVariant();
    case CompetenceColumn:
        return q ? optional(q->competence) : QVariant();
    case TimePerDocumentColumn:
        return m.time ? optional(m.time->medianSecondsPerDocument) : QVariant();
    default:
        return {};
    }
}

QVariant TeamProgressModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const reports::TeamMemberProgress &m = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    if (role == ValueRole)
        return value(m, column);
    if (role == Qt::TextAlignmentRole)
        return column == AnnotatorColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == AnnotatorColumn && !m.group.empty())
        return tr("Group: %1").arg(QString::fromStdString(m.group));
    if (role == Qt::ToolTipRole && column == TimePerDocumentColumn)
        return m.time ? tr("The median over the documents whose time is known (%1); %2 of work in all")
                            .arg(QLocale().toString(static_cast<qulonglong>(m.time->timedDocuments)),
                                 minutesAndSeconds(static_cast<double>(m.time->activeSeconds)))
                      : tr("No edit of theirs was made in the Annotate view");
    if (role != Qt::DisplayRole)
        return {};
    const QVariant v = value(m, column);
    const QLocale locale;
    switch (column) {
    case AnnotatorColumn:
    case AssignedColumn:
    case DoneColumn:
    case AcceptedColumn:
    case RejectedColumn:
        return v;
    case ProgressColumn:
        // A dash, not 0 %: nothing assigned is no progress to measure.
        return v.isValid() ? locale.toString(v.toDouble() * 100, 'f', 0) + locale.percent() : QStringLiteral("—");
    case TimePerDocumentColumn:
        return v.isValid() ? minutesAndSeconds(v.toDouble()) : QStringLiteral("—");
    default:
        return v.isValid() ? locale.toString(v.toDouble(), 'f', 3) : QStringLiteral("—");
    }
}

QVariant TeamProgressModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case AnnotatorColumn:
        return tr("Annotator");
    case AssignedColumn:
        return tr("Assigned");
    case DoneColumn:
        return tr("Done");
    case ProgressColumn:
        return tr("Progress");
    case AcceptedColumn:
        return tr("Accepted");
    case RejectedColumn:
        return tr("Rejected");
    case AlphaWithoutColumn:
        return tr("Alpha without");
    case CorrelationColumn:
        return tr("r with others");
    case CompetenceColumn:
        return tr("Competence");
    case TimePerDocumentColumn:
        return tr("Time per document");
    default:
        return {};
    }
}

} // namespace concord::ui
