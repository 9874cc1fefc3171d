// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/document_list_model.h"

#include "common/study_session.h"

namespace concord::ui {

DocumentListModel::DocumentListModel(StudySession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{ }

Status DocumentListModel::reload()
{
    Status status;
    std::vector<store::DocumentSummary> rows;
    if (m_session->isOpen()) {
        auto result = m_session->read([](store::Study &study) { return study.documentSummaries(); });
        if (result)
            rows = std::move(result).value();
        else
            status = result.error();
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    return status;
}

model::Id DocumentListModel::documentId(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return 0;
    return m_rows[static_cast<std::size_t>(row)].id;
}

int DocumentListModel::rowOf(model::Id documentId) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].id == documentId)
            return static_cast<int>(i);
    }
    return -1;
}

void DocumentListModel::setProgress(const std::vector<store::DocumentProgress> &progress)
{
    m_progress.clear();
    for (const auto &p : progress)
        m_progress[p.document] = p;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, ProgressColumn), index(rowCount() - 1, ProgressColumn));
}

void DocumentListModel::updateProgress(const store::DocumentProgress &progress)
{
    m_progress[progress.document] = progress;
    const int row = rowOf(progress.document);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, ProgressColumn), index(row, ProgressColumn));
}

bool DocumentListModel::isFinished(int row) const
{
    const auto it = m_progress.find(documentId(row));
    return it != m_progress.end() && it->second.finished();
}

int DocumentListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int DocumentListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DocumentListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const store::DocumentSummary &row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn:
            return QString::fromStdString(row.externalId);
        // Numbers as numbers, so that a sort proxy orders 10 after 9.
        case CandidatesColumn:
            return static_cast<qlonglong>(row.candidates);
        case JudgementsColumn:
            return static_cast<qlonglong>(row.judgements);
        case ProgressColumn: {
            const auto it = m_progress.find(row.id);
            if (it == m_progress.end())
                return QStringLiteral("–");
            const store::DocumentProgress &p = it->second;
            if (p.rankingProblem)
                return tr("⚠ %1/%2").arg(p.answered).arg(p.asked);
            return p.finished() ? tr("✓ done") : tr("%1/%2").arg(p.answered).arg(p.asked);
        }
        case RequirementColumn:
            return row.hasRequirement ? tr("yes") : tr("no");
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == IdColumn)
            return tr("Document %1 (candidates: %2)")
                .arg(QString::fromStdString(row.externalId), QString::number(row.candidates));
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == CandidatesColumn || index.column() == JudgementsColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case FinishedRole:
        return isFinished(index.row());
    case DocumentIdRole:
        return static_cast<qlonglong>(row.id);
    default:
        return {};
    }
}

QVariant DocumentListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Document");
    case CandidatesColumn:
        return tr("Candidates");
    case JudgementsColumn:
        return tr("Judgements");
    case RequirementColumn:
        return tr("Requirement");
    case ProgressColumn:
        return tr("Progress");
    default:
        return {};
    }
}

} // namespace concord::ui
