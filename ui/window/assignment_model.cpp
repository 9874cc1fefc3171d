// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/assignment_model.h"

#include <QLocale>
#include <QStringList>

namespace concord::ui {

AssignmentModel::AssignmentModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void AssignmentModel::setReport(reports::AssignmentReport report)
{
    beginResetModel();
    m_report = std::move(report);
    endResetModel();
}

QString AssignmentModel::summary() const
{
    if (m_report.annotators.empty())
        return tr("Nothing is assigned: every annotator may annotate every document.");
    // "annotators → documents" pairs: no plural forms to translate, and it reads like the CLI's overlap line.
    QStringList parts;
    const QLocale locale;
    for (const auto &[annotators, documents] : m_report.documentsByOverlap)
        parts << QStringLiteral("%1 → %2").arg(locale.toString(static_cast<qulonglong>(annotators)),
                                               locale.toString(static_cast<qulonglong>(documents)));
    return tr("Documents by annotators each: %1. Calibration set: %2 of %3 documents.")
        .arg(parts.join(QStringLiteral(", ")), locale.toString(static_cast<qulonglong>(m_report.calibration)),
             locale.toString(static_cast<qulonglong>(m_report.documents)));
}

int AssignmentModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_report.annotators.size());
}

int AssignmentModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AssignmentModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &a = m_report.annotators[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == AnnotatorColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case AnnotatorColumn:
        return QString::fromStdString(a.name);
    case DocumentsColumn:
        return static_cast<qulonglong>(a.documents);
    case CalibrationColumn:
        return static_cast<qulonglong>(a.calibration);
    case KeptColumn:
        return static_cast<qulonglong>(a.kept);
    default:
        return {};
    }
}

QVariant AssignmentModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case AnnotatorColumn:
        return tr("Annotator");
    case DocumentsColumn:
        return tr("Documents");
    case CalibrationColumn:
        return tr("Calibration");
    case KeptColumn:
        return tr("Kept");
    default:
        return {};
    }
}

} // namespace concord::ui
