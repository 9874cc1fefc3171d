// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/annotation_progress.h"
#include "store/study.h"

#include <QAbstractTableModel>

#include <vector>

namespace concord::ui {

class StudySession;

// The document list: one row per document of the study (Study::documentSummaries()),
// read once per reload so that scrolling never touches the database.
class DocumentListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IdColumn, CandidatesColumn, JudgementsColumn, RequirementColumn, ProgressColumn, ColumnCount };
    enum Role { DocumentIdRole = Qt::UserRole + 1, FinishedRole };

    explicit DocumentListModel(StudySession *session, QObject *parent = nullptr);

    // Re-reads the document list from the session; on failure the model is left empty.
    Status reload();

    model::Id documentId(int row) const;
    // The row of a document, or -1.
    int rowOf(model::Id documentId) const;

    // The current annotator's progress per document (empty: no annotator, the column shows "–").
    void setProgress(const std::vector<store::DocumentProgress> &progress);
    void updateProgress(const store::DocumentProgress &progress);
    bool isFinished(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    StudySession *m_session;
    std::vector<store::DocumentSummary> m_rows;
    std::map<model::Id, store::DocumentProgress> m_progress;
};

} // namespace concord::ui
