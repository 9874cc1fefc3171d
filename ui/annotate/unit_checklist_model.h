// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <QAbstractListModel>
#include <QStringList>

#include <map>
#include <optional>

namespace concord::ui {

class AnnotationEditor;

// The Pyramid checklist of one candidate: a row per semantic content unit of the document, checked
// when the summary contains it, unchecked when it does not, partly checked while not yet answered.
// Each row leads with its state in words ("present", "absent", "not answered"); an absent unit is struck
// through and one not answered is in italics. Checking writes through the editor (one transaction, one
// undo step).
class UnitChecklistModel : public QAbstractListModel {
    Q_OBJECT
public:
    explicit UnitChecklistModel(AnnotationEditor *editor, QObject *parent = nullptr);

    void setUnits(model::Id document, model::Id candidate, const QStringList &units);
    void setMarks(const std::map<int, bool> &marks);
    std::optional<bool> mark(int row) const;
    // The first unit not answered yet, or -1.
    int firstUnanswered() const;
    // "present", "absent" or "not answered", as the rows and the guidelines say it.
    static QString stateWord(std::optional<bool> mark);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    void editFailed(const QString &message);

private:
    AnnotationEditor *m_editor;
    model::Id m_document = 0;
    model::Id m_candidate = 0;
    QStringList m_units;
    std::map<int, bool> m_marks;
};

} // namespace concord::ui
