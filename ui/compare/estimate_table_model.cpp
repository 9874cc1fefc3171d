// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/estimate_table_model.h"

#include <QLocale>

#include <cmath>

namespace concord::ui {

namespace {

constexpr int kDecimals = 3;

QString rounded(double value)
{
    return std::isnan(value) ? QStringLiteral("—") : QLocale().toString(value, 'f', kDecimals);
}

QString exact(double value)
{
    return std::isnan(value) ? EstimateTableModel::tr("undefined") : QString::number(value, 'g', 17);
}

// "3.583 [3.134, 4.032]"; without an interval the mean alone, "—" without a mean.
QString withInterval(const stats::MeanInterval &m)
{
    if (std::isnan(m.estimate))
        return QStringLiteral("—");
    if (std::isnan(m.low) || std::isnan(m.high))
        return rounded(m.estimate);
    return QStringLiteral("%1 [%2, %3]").arg(rounded(m.estimate), rounded(m.low), rounded(m.high));
}

QString intervalTip(const stats::MeanInterval &m)
{
    return EstimateTableModel::tr("%1, interval %2 to %3, standard error %4")
        .arg(exact(m.estimate), exact(m.low), exact(m.high), exact(m.standardError));
}

} // namespace

EstimateTableModel::EstimateTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

QString EstimateTableModel::methodName(stats::PpiMethod method)
{
    switch (method) {
    case stats::PpiMethod::PpiPlusPlus:
        return tr("PPI++");
    case stats::PpiMethod::Ppi:
        return tr("PPI");
    case stats::PpiMethod::Classical:
        return tr("Labels alone");
    }
    return {};
}

void EstimateTableModel::setReport(const reports::EstimateReport &report)
{
    beginResetModel();
    m_report = report;
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void EstimateTableModel::clear()
{
    beginResetModel();
    m_report.reset();
    endResetModel();
}

int EstimateTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->systems.size());
}

int EstimateTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EstimateTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const reports::SystemEstimate &e = m_report->systems.at(static_cast<std::size_t>(index.row()));
    const stats::PpiMean &m = e.mean;
    const auto column = static_cast<Column>(index.column());
    const stats::MeanInterval *interval = column == Human ? &m.human : column == Estimate ? &m.ppi : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case System:
            return QString::fromStdString(e.system);
        case Labelled:
            return QLocale().toString(static_cast<qulonglong>(m.labelled));
        case Unlabelled:
            return QLocale().toString(static_cast<qulonglong>(m.unlabelled));
        case Human:
        case Estimate:
            return withInterval(*interval);
        case LabelsSaved:
            return std::isnan(m.labelsSaved) ? QStringLiteral("—") : QLocale().toString(m.labelsSaved, 'f', 1);
        case FullDataMean:
            return rounded(e.fullDataMean);
        case Caution:
            return QString::fromStdString(m.why.empty() ? m.caution : m.why);
        case ColumnCount:
            break;
        }
        return {};
    case ExactValueRole:
        switch (column) {
        case System:
            return QString::fromStdString(e.system);
        case Labelled:
            return static_cast<qulonglong>(m.labelled);
        case Unlabelled:
            return static_cast<qulonglong>(m.unlabelled);
        case Human:
        case Estimate:
            return interval->estimate;
        case LabelsSaved:
            return m.labelsSaved;
        case FullDataMean:
            return e.fullDataMean;
        case Caution:
            return QString::fromStdString(m.why.empty() ? m.caution : m.why);
        case ColumnCount:
            break;
        }
        return {};
    case LowRole:
        return interval ? QVariant(interval->low) : QVariant();
    case HighRole:
        return interval ? QVariant(interval->high) : QVariant();
    case Qt::ToolTipRole:
        switch (column) {
        case Human:
        case Estimate:
            return intervalTip(*interval);
        case LabelsSaved:
            return tr("The judge was worth %1 labels: its interval is as narrow as %2 labels alone would make it "
                      "(lambda %3)")
                .arg(exact(m.labelsSaved), exact(m.effectiveLabels), exact(m.lambda));
        case FullDataMean:
            return std::isnan(e.fullDataMean)
                       ? tr("Only a what-if, which keeps a share of the labels, knows the mean of every label")
                       : tr("The group's mean over every label of the system: %1").arg(exact(e.fullDataMean));
        case Labelled:
            return e.noJudgeScore == 0
                       ? QVariant()
                       : QVariant(
                           tr("Labelled summaries left out for want of a score of the judge: %1").arg(e.noJudgeScore));
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::TextAlignmentRole:
        return column == System || column == Caution ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                     : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant EstimateTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (static_cast<Column>(section)) {
    case System:
        return tr("System");
    case Labelled:
        return tr("n labelled");
    case Unlabelled:
        return tr("n unlabelled");
    case Human:
        return tr("Human mean [interval]");
    case Estimate:
        return tr("%1 [interval]").arg(methodName(m_report ? m_report->request.method : stats::PpiMethod::PpiPlusPlus));
    case LabelsSaved:
        return tr("Labels saved");
    case FullDataMean:
        return tr("Full-data mean");
    case Caution:
        return tr("Caution");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace concord::ui
