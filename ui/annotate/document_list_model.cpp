// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/document_list_model.h"

#include "common/background_job.h"
#include "common/study_session.h"

#include <utility>

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
        auto result = m_session->read([](store::Study &study) { return study.documentSummariesWithoutJudgements(); });
        if (result)
            rows = std::move(result).value();
        else
            status = result.error();
    }
    ++m_generation;
    m_counting = 0;
    m_recountAgain = false;
    beginResetModel();
    m_rows = std::move(rows);
    m_judgementsKnown = false;
    m_judgementsSinceCount.clear();
    endResetModel();
    if (status && m_session->isOpen())
        countJudgements();
    return status;
}

void DocumentListModel::countJudgements()
{
    const quint64 generation = m_generation;
    m_counting = generation;
    runInBackground<std::map<model::Id, std::int64_t>>(
        this,
        [path = m_session->path().toStdString()]() -> Result<std::map<model::Id, std::int64_t>> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(path, options);
            if (!study)
                return study.error();
            return study.value()->judgementCounts();
        },
        [this, generation](Result<std::map<model::Id, std::int64_t>> counts) {
            if (generation != m_generation)
                return; // the list was read again since
            m_counting = 0;
            // A failed count leaves the column blank: the list itself is still right.
            if (counts) {
                for (store::DocumentSummary &row : m_rows) {
                    const auto it = counts.value().find(row.id);
                    row.judgements = it == counts.value().end() ? 0 : it->second;
                    if (const auto edited = m_judgementsSinceCount.find(row.id); edited != m_judgementsSinceCount.end())
                        row.judgements = edited->second;
                }
                m_judgementsSinceCount.clear();
                m_judgementsKnown = true;
                if (!m_rows.empty())
                    Q_EMIT dataChanged(index(0, JudgementsColumn), index(rowCount() - 1, JudgementsColumn));
            }
            Q_EMIT judgementsCounted();
            if (std::exchange(m_recountAgain, false))
                recountJudgements();
        });
}

void DocumentListModel::recountJudgements()
{
    if (!m_session->isOpen() || m_rows.empty())
        return;
    if (m_counting != 0) {
        m_recountAgain = true;
        return;
    }
    countJudgements();
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

void DocumentListModel::updateJudgements(model::Id document, std::int64_t judgements)
{
    const int row = rowOf(document);
    if (row < 0)
        return;
    m_rows[static_cast<std::size_t>(row)].judgements = judgements;
    if (m_counting != 0)
        m_judgementsSinceCount[document] = judgements;
    if (m_judgementsKnown)
        Q_EMIT dataChanged(index(row, JudgementsColumn), index(row, JudgementsColumn));
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
            return m_judgementsKnown ? QVariant(static_cast<qlonglong>(row.judgements)) : QVariant();
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
