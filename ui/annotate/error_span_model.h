// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/error_span.h"
#include "model/ids.h"

#include <QAbstractTableModel>

#include <vector>

namespace concord::ui {

class AnnotationEditor;

// The annotator's factual-error spans on one candidate: the quoted text and an optional note.
// Editing a note writes through the editor (one transaction, one undo step).
class ErrorSpanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { QuoteColumn, NoteColumn, ColumnCount };
    enum Role { SpanIdRole = Qt::UserRole + 1 };

    explicit ErrorSpanModel(AnnotationEditor *editor, QObject *parent = nullptr);

    // Resets only when the set of spans changed, so a view keeps its place while a note is edited.
    void setSpans(model::Id document, const std::vector<model::ErrorSpan> &spans);
    const std::vector<model::ErrorSpan> &spans() const { return m_spans; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    void editFailed(const QString &message);

private:
    AnnotationEditor *m_editor;
    model::Id m_document = 0;
    std::vector<model::ErrorSpan> m_spans;
};

} // namespace concord::ui
