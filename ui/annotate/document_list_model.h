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
// read once per reload so that scrolling never touches the database. The judgement counts read every
// rating of the study: they are counted on a worker thread with a read-only connection of its own and
// fill their column when done (blank until then), so the list shows at once on a study of millions.
class DocumentListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IdColumn, CandidatesColumn, JudgementsColumn, RequirementColumn, ProgressColumn, ColumnCount };
    enum Role { DocumentIdRole = Qt::UserRole + 1, FinishedRole };

    explicit DocumentListModel(StudySession *session, QObject *parent = nullptr);

    // Re-reads the document list from the session, then counts the judgements off the GUI thread
    // (judgementsCounted() follows); on failure the model is left empty.
    Status reload();
    bool isCountingJudgements() const { return m_counting != 0; }
    // Others committed judgements (a team study): the counts read again off the GUI thread, the rows kept,
    // one count at a time (asked while one runs, once more after it).
    void recountJudgements();

    model::Id documentId(int row) const;
    // The row of a document, or -1.
    int rowOf(model::Id documentId) const;

    // The current annotator's progress per document (empty: no annotator, the column shows "–").
    void setProgress(const std::vector<store::DocumentProgress> &progress);
    void updateProgress(const store::DocumentProgress &progress);
    bool isFinished(int row) const;
    // A document's judgement count read again after an edit; kept over a count still running, which
    // may have read the study before the edit.
    void updateJudgements(model::Id document, std::int64_t judgements);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // The judgement counts of the latest reload are in their column.
    void judgementsCounted();

private:
    void countJudgements();

    StudySession *m_session;
    std::vector<store::DocumentSummary> m_rows;
    std::map<model::Id, store::DocumentProgress> m_progress;
    std::map<model::Id, std::int64_t> m_judgementsSinceCount; // edited while the count ran
    bool m_judgementsKnown = false;
    quint64 m_generation = 0;
    quint64 m_counting = 0; // the generation awaited, 0 when none
    bool m_recountAgain = false;
};

} // namespace concord::ui
