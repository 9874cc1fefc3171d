// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace concord::ui {

class AnnotationEditor;

// One rank dimension of one document: a row per candidate in the order shown, the rank entered
// (editable; setData writes through the editor, so it is one transaction and one undo step) and the
// normalised rank. Ties are welcome in competition ("1, 2, 2, 4") or dense ("1, 2, 2, 3") form;
// an incomplete or impossible ranking is reported by status(), never changed behind the user's back.
class RankingModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SummaryColumn, RankColumn, NormalisedColumn, ColumnCount };
    enum Role { CandidateIdRole = Qt::UserRole + 1 };
    enum class State { Empty, Incomplete, Impossible, Complete };

    explicit RankingModel(AnnotationEditor *editor, QObject *parent = nullptr);

    // titles: the cards' ("Summary A"), for the tooltip; letters: what the rows and the tier chips show
    // ("A"), short enough in every language to show whole (empty: the titles).
    void setCandidates(model::Id document, model::Id dimension, const QStringList &titles,
                       const std::vector<model::Id> &candidates, const QStringList &letters = {});
    // After a reload: the same rows, new ranks (no reset, so a view keeps its current cell).
    void setRanks(const std::map<model::Id, int> &ranks);

    model::Id dimension() const { return m_dimension; }
    const std::vector<model::Id> &candidates() const { return m_candidates; }
    std::optional<int> rankOf(int row) const;
    State state() const;
    QString statusText() const;
    // Enters a rank (1..rowCount) for a row; nullopt removes it.
    Status setRank(int row, std::optional<int> rank);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    void editFailed(const QString &message);
    void stateChanged();

private:
    void normalise();

    AnnotationEditor *m_editor;
    model::Id m_document = 0;
    QStringList m_letters;
    model::Id m_dimension = 0;
    QStringList m_titles;
    std::vector<model::Id> m_candidates;
    std::map<model::Id, int> m_ranks;
    std::map<model::Id, int> m_normalised;
    QString m_problem;
    QString m_style;
};

} // namespace concord::ui
