// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/error_span_model.h"

#include "annotate/annotation_editor.h"

namespace concord::ui {

ErrorSpanModel::ErrorSpanModel(AnnotationEditor *editor, QObject *parent)
    : QAbstractTableModel(parent)
    , m_editor(editor)
{ }

void ErrorSpanModel::setSpans(model::Id document, const std::vector<model::ErrorSpan> &spans)
{
    bool sameRows = document == m_document && spans.size() == m_spans.size();
    for (std::size_t i = 0; sameRows && i < spans.size(); ++i)
        sameRows = spans[i].id == m_spans[i].id;
    if (sameRows) {
        m_spans = spans;
        if (!m_spans.empty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_document = document;
    m_spans = spans;
    endResetModel();
}

int ErrorSpanModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_spans.size());
}

int ErrorSpanModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ErrorSpanModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto &span = m_spans[static_cast<std::size_t>(index.row())];
    if (role == SpanIdRole)
        return QVariant::fromValue<qlonglong>(span.id);
    if (role == Qt::ToolTipRole && index.column() == QuoteColumn)
        return tr("Characters %1–%2").arg(span.start + 1).arg(span.end);
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    if (index.column() == QuoteColumn)
        return QString::fromStdString(span.quote);
    if (index.column() == NoteColumn)
        return QString::fromStdString(span.note);
    return {};
}

QVariant ErrorSpanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    if (section == QuoteColumn)
        return tr("Factual error");
    if (section == NoteColumn)
        return tr("Note (optional)");
    return {};
}

Qt::ItemFlags ErrorSpanModel::flags(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == NoteColumn && m_editor->canEdit())
        f |= Qt::ItemIsEditable;
    return f;
}

bool ErrorSpanModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) || index.column() != NoteColumn)
        return false;
    const Status status
        = m_editor->setErrorSpanNote(m_document, m_spans[static_cast<std::size_t>(index.row())].id, value.toString());
    if (!status)
        Q_EMIT editFailed(QString::fromStdString(status.error().describe()));
    return status.ok();
}

} // namespace concord::ui
