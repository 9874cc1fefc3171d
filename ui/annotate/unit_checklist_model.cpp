// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/unit_checklist_model.h"

#include "annotate/annotation_editor.h"

#include <QFont>

namespace concord::ui {

UnitChecklistModel::UnitChecklistModel(AnnotationEditor *editor, QObject *parent)
    : QAbstractListModel(parent)
    , m_editor(editor)
{ }

void UnitChecklistModel::setUnits(model::Id document, model::Id candidate, const QStringList &units)
{
    beginResetModel();
    m_document = document;
    m_candidate = candidate;
    m_units = units;
    m_marks.clear();
    endResetModel();
}

void UnitChecklistModel::setMarks(const std::map<int, bool> &marks)
{
    if (marks == m_marks)
        return;
    m_marks = marks;
    if (!m_units.isEmpty())
        Q_EMIT dataChanged(
            index(0), index(rowCount() - 1),
            {Qt::DisplayRole, Qt::AccessibleTextRole, Qt::FontRole, Qt::CheckStateRole, Qt::ToolTipRole});
}

std::optional<bool> UnitChecklistModel::mark(int row) const
{
    const auto it = m_marks.find(row);
    return it == m_marks.end() ? std::nullopt : std::optional<bool>(it->second);
}

int UnitChecklistModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_units.size());
}

int UnitChecklistModel::firstUnanswered() const
{
    for (int row = 0; row < rowCount(); ++row)
        if (!mark(row))
            return row;
    return -1;
}

QString UnitChecklistModel::stateWord(std::optional<bool> mark)
{
    return !mark ? tr("not answered") : (*mark ? tr("present") : tr("absent"));
}

QVariant UnitChecklistModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto m = mark(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        // The state in words first, where a long unit's "…" never reaches: a half-filled box and an
        // empty one alone are told apart by few.
        return tr("%1: %2").arg(stateWord(m), m_units.at(index.row()));
    case Qt::FontRole: {
        // Not answered in italics, absent struck through: apart in shape as well, in light and dark.
        if (m && *m)
            return {};
        QFont font;
        font.setItalic(!m);
        font.setStrikeOut(m.has_value());
        return font;
    }
    case Qt::CheckStateRole:
        return !m ? Qt::PartiallyChecked : (*m ? Qt::Checked : Qt::Unchecked);
    case Qt::ToolTipRole:
        // The unit whole (the list shortens long ones), then its mark.
        return QString(m_units.at(index.row()) + QStringLiteral("\n\n")
                       + (!m ? tr("Not answered yet: Y or 1 marks it present, N or 0 absent")
                             : (*m ? tr("Present: the summary contains this unit")
                                   : tr("Absent: the summary does not contain this unit"))));
    default:
        return {};
    }
}

Qt::ItemFlags UnitChecklistModel::flags(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (m_editor->canEdit())
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool UnitChecklistModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const auto state = static_cast<Qt::CheckState>(value.toInt());
    const std::optional<bool> present
        = state == Qt::PartiallyChecked ? std::nullopt : std::optional<bool>(state == Qt::Checked);
    const Status status = m_editor->setUnitMark(m_document, m_candidate, index.row(), present);
    if (!status)
        Q_EMIT editFailed(QString::fromStdString(status.error().describe()));
    return status.ok();
}

} // namespace concord::ui
