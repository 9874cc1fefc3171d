// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/ranking_model.h"

#include "annotate/annotation_editor.h"
#include "model/ranking.h"

namespace concord::ui {

using model::Id;

RankingModel::RankingModel(AnnotationEditor *editor, QObject *parent)
    : QAbstractTableModel(parent)
    , m_editor(editor)
{ }

void RankingModel::setCandidates(Id document, Id dimension, const QStringList &titles,
                                 const std::vector<Id> &candidates, const QStringList &letters)
{
    beginResetModel();
    m_document = document;
    m_dimension = dimension;
    m_titles = titles;
    m_letters = letters.size() == titles.size() ? letters : titles;
    m_candidates = candidates;
    m_ranks.clear();
    normalise();
    endResetModel();
    Q_EMIT stateChanged();
}

void RankingModel::setRanks(const std::map<Id, int> &ranks)
{
    if (ranks == m_ranks)
        return;
    m_ranks = ranks;
    normalise();
    if (!m_candidates.empty())
        Q_EMIT dataChanged(index(0, RankColumn), index(rowCount() - 1, NormalisedColumn));
    Q_EMIT stateChanged();
}

void RankingModel::normalise()
{
    // Normalises what is entered so far, so a partial ranking already shows its ties.
    m_normalised.clear();
    m_problem.clear();
    m_style.clear();
    std::vector<Id> ids;
    std::vector<int> given;
    for (const Id c : m_candidates) {
        const auto it = m_ranks.find(c);
        if (it != m_ranks.end()) {
            ids.push_back(c);
            given.push_back(it->second);
        }
    }
    if (given.empty())
        return;
    const auto result = model::normaliseRanking(given);
    if (!result) {
        m_problem = QString::fromStdString(result.error().message);
        return;
    }
    for (std::size_t i = 0; i < ids.size(); ++i)
        m_normalised[ids[i]] = result.value().ranks[i];
    switch (result.value().style) {
    case model::RankStyle::Competition:
        m_style = tr("entered as competition ranks");
        break;
    case model::RankStyle::Dense:
        m_style = tr("entered as dense ranks");
        break;
    case model::RankStyle::Both:
        m_style = tr("competition and dense forms agree");
        break;
    }
}

std::optional<int> RankingModel::rankOf(int row) const
{
    if (row < 0 || row >= rowCount())
        return std::nullopt;
    const auto it = m_ranks.find(m_candidates[static_cast<std::size_t>(row)]);
    return it == m_ranks.end() ? std::nullopt : std::optional<int>(it->second);
}

RankingModel::State RankingModel::state() const
{
    if (m_ranks.empty())
        return State::Empty;
    if (!m_problem.isEmpty())
        return State::Impossible;
    return m_ranks.size() < m_candidates.size() ? State::Incomplete : State::Complete;
}

QString RankingModel::statusText() const
{
    switch (state()) {
    case State::Empty:
        return tr("Not ranked yet");
    case State::Impossible:
        return tr("Impossible ranking: %1").arg(m_problem);
    case State::Incomplete:
        return tr("Incomplete: %1 of %2 ranked").arg(m_ranks.size()).arg(m_candidates.size());
    case State::Complete:
        break;
    }
    QStringList ranks;
    for (const Id c : m_candidates)
        ranks << QString::number(m_normalised.at(c));
    return tr("Complete (%1): %2").arg(m_style, ranks.join(QStringLiteral(", ")));
}

Status RankingModel::setRank(int row, std::optional<int> rank)
{
    if (row < 0 || row >= rowCount())
        return Error{"no such summary", {}, 0, {}};
    if (rank && (*rank < 1 || *rank > rowCount())) {
        const QString message = tr("A rank is between 1 and %1.").arg(rowCount());
        Q_EMIT editFailed(message);
        return Error{message.toStdString(), {}, 0, "rank"};
    }
    std::map<Id, int> ranks = m_ranks;
    const Id candidate = m_candidates[static_cast<std::size_t>(row)];
    if (rank)
        ranks[candidate] = *rank;
    else
        ranks.erase(candidate);
    const Status status = m_editor->setRanking(m_document, m_dimension, ranks);
    if (!status)
        Q_EMIT editFailed(QString::fromStdString(status.error().describe()));
    return status;
}

int RankingModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_candidates.size());
}

int RankingModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RankingModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Id candidate = m_candidates[static_cast<std::size_t>(index.row())];
    if (role == CandidateIdRole)
        return QVariant::fromValue<qlonglong>(candidate);
    if (role == Qt::TextAlignmentRole && index.column() != SummaryColumn)
        return QVariant(Qt::AlignCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case SummaryColumn:
        return role == Qt::ToolTipRole ? m_titles.value(index.row()) : m_letters.value(index.row());
    case RankColumn: {
        const auto it = m_ranks.find(candidate);
        if (role == Qt::ToolTipRole)
            return tr("Type 1–%1 (1 is best; equal summaries share a rank); Delete clears").arg(rowCount());
        return it == m_ranks.end() ? QVariant(QString()) : QVariant(it->second);
    }
    case NormalisedColumn: {
        if (role == Qt::ToolTipRole)
            return tr("The rank in competition form: 1 + the number of summaries ranked better");
        const auto it = m_normalised.find(candidate);
        return it == m_normalised.end() ? QVariant(QStringLiteral("–")) : QVariant(it->second);
    }
    default:
        return {};
    }
}

QVariant RankingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case SummaryColumn:
        return tr("Summary");
    case RankColumn:
        return tr("Rank");
    case NormalisedColumn:
        return tr("Normalised");
    default:
        return {};
    }
}

Qt::ItemFlags RankingModel::flags(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == RankColumn && m_editor->canEdit())
        f |= Qt::ItemIsEditable;
    return f;
}

bool RankingModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) || index.column() != RankColumn)
        return false;
    const QString text = value.toString().trimmed();
    std::optional<int> rank;
    if (!text.isEmpty()) {
        bool ok = false;
        const int r = text.toInt(&ok);
        if (!ok) {
            Q_EMIT editFailed(tr("'%1' is not a rank").arg(text));
            return false;
        }
        rank = r;
    }
    return setRank(index.row(), rank).ok();
}

} // namespace concord::ui
