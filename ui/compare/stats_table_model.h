// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace concord::ui {

// One cell of a statistics table: the text shown (numbers rounded as a paper prints them), the exact
// value (ExactValueRole, also what sorting uses) and a tooltip with every digit (without one, the
// tooltip is the text, whole where the column shortens it).
struct StatsCell {
    QString text;
    QVariant exact;
    QString toolTip;

    static StatsCell label(const QString &text);
    // decimals for the text; NaN shows as "—" with the reason (if any) in the tooltip.
    static StatsCell number(double value, int decimals = 4, const QString &undefinedReason = {});
    // A p-value: below the smallest number four decimals can show, "< 0.0001" rather than a "0.0000"
    // that reads as impossible; the tooltip still has every digit.
    static StatsCell pValue(double p, const QString &undefinedReason = {});
    static StatsCell count(qulonglong value);
};

// A read-only table of numbers from core: the dashboard's charts each have one beside them.
class StatsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { ExactValueRole = Qt::UserRole + 1 };

    explicit StatsTableModel(QObject *parent = nullptr);

    void setTable(const QStringList &headers, QList<QList<StatsCell>> rows);
    void clear();
    int columnOf(const QString &header) const { return static_cast<int>(m_headers.indexOf(header)); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QStringList m_headers;
    QList<QList<StatsCell>> m_rows;
};

} // namespace concord::ui
