// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/disagreement_ranking.h"

#include <QAbstractTableModel>

#include <map>
#include <vector>

namespace concord::ui {

// The inspector's list: core's ranking of disagreements (largest first), shown through the filters
// by judge, dimension and system. No ranking here: rows keep core's order.
class DisagreementModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        DistanceColumn,
        JudgeColumn,
        DimensionColumn,
        DocumentColumn,
        SystemColumn,
        JudgeValueColumn,
        HumanMeanColumn,
        ColumnCount
    };
    enum Role { ExactValueRole = Qt::UserRole + 1 };

    explicit DisagreementModel(QObject *parent = nullptr);

    void setItems(std::vector<reports::DisagreementItem> items);
    // Empty: no filter on that field.
    void setFilter(const QString &judge, const QString &dimension, const QString &system);
    const reports::DisagreementItem *itemAt(int row) const;
    QStringList judges() const;
    QStringList dimensions() const;
    QStringList systems() const; // none while blind
    // Blind (the default, as annotators work): the system column ("Summary") shows a number per summary of
    // the document (#1, #2, …) and there is nothing to filter systems by, so no system name reaches a view,
    // tooltip or copy.
    void setShowSystemNames(bool show);
    bool showsSystemNames() const { return m_showSystemNames; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void applyFilter();
    // "#N": the summary's number among the document's, shown while blind.
    QString blindLabel(model::Id candidate) const;

    std::vector<reports::DisagreementItem> m_items;
    std::vector<std::size_t> m_shown;
    std::string m_judge, m_dimension, m_system;
    bool m_showSystemNames = false;
    std::map<model::Id, int> m_blindNumbers; // by candidate
};

} // namespace concord::ui
