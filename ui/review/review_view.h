// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/lazy_reload.h"
#include "error.h"
#include "model/ids.h"
#include "reports/review_report.h"
#include "reports/review_sheet.h"

#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;
class QTableWidget;
class QToolButton;

namespace concord::ui {

class AdjudicateDialog;
class ErrorLabel;
class RejectDialog;
class ReviewQueueModel;
class StudySession;

// The lead's review: the queue of documents people worked on (core's order: most disputed first, seeded
// random, or by annotator), and for the chosen document every annotator's ratings side by side; the chosen
// annotator's work accepted or rejected (with a comment, sent back or to another person), or the document
// adjudicated. Reads and writes run on worker threads with their own connection; an annotator's session on a
// team study is offered none of it (the server would refuse), and the view says why.
class ReviewView : public QWidget {
    Q_OBJECT
public:
    explicit ReviewView(StudySession *session, QWidget *parent = nullptr);

    // Reads the queue again off the GUI thread; loaded() follows (a newer reload drops an older one).
    void reload();
    bool isLoading() const { return m_loading != 0; }
    bool isWriting() const { return m_writing; }
    // Inactive (not the window's current view): a study change, or the team's commits, wait until the view is
    // active again.
    void setActive(bool active);
    bool isActive() const { return m_lazy.isActive(); }
    // Off (the default): summaries are "Summary 1..n", as blind as the Annotate view until names are revealed.
    void setShowSystemNames(bool show);
    // Who decides on a study file (a team study's server records the login whatever is given).
    void setReviewer(const QString &reviewer) { m_reviewer = reviewer; }
    QString reviewer() const { return m_reviewer; }

    void selectRow(int row);
    model::Id shownDocument() const { return m_sheet ? m_sheet->document : 0; }
    QString errorText() const;
    QString infoText() const;

    ReviewQueueModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QTableWidget *ratingsTable() const { return m_ratings; }
    QComboBox *orderBox() const { return m_order; }
    QSpinBox *seedBox() const { return m_seed; }
    QComboBox *annotatorFilter() const { return m_annotatorFilter; }
    QComboBox *dimensionFilter() const { return m_dimensionFilter; }
    QComboBox *annotatorChoice() const { return m_annotatorChoice; }
    QAction *acceptAction() const { return m_accept; }
    QAction *rejectAction() const { return m_reject; }
    QAction *adjudicateAction() const { return m_adjudicate; }
    QAction *nextAction() const { return m_next; }
    QAction *openInAnnotateAction() const { return m_open; }
    // The dialog open now, if any.
    RejectDialog *rejectDialog() const;
    AdjudicateDialog *adjudicateDialog() const;

Q_SIGNALS:
    // The user asked to see the document in the Annotate view (candidate 0: its first summary).
    void openInAnnotate(qint64 documentId, qint64 candidateId);
    // The queue of the latest reload is shown (or its error is).
    void loaded();
    // The chosen document's ratings are shown (or why they cannot be).
    void sheetLoaded();
    // A decision or adjudication was written (ok), or refused (the error label says why).
    void decisionFinished(bool ok);

private:
    struct Queue {
        std::vector<reports::ReviewQueueItem> items;
        QStringList people;     // who work may be sent to
        QStringList dimensions; // the study's Likert dimensions
    };
    bool isAnnotatorSession() const;
    reports::ReviewQueueRequest request() const;
    // Starts a read of the queue, the rows shown kept until it is applied.
    void read();
    // The team committed work: read again with the rows of now kept on screen, one read at a time (a new one
    // would drop the running one, and a steady stream of commits would never let a result through).
    void followContent();
    void onRead(quint64 generation, Result<Queue> queue);
    void apply(quint64 generation, Result<Queue> queue);
    // Makes a running read of a document's ratings give up its result.
    void dropSheetRead();
    void onCurrentChanged();
    void loadSheet(model::Id document);
    void showSheet();
    void updateActions();
    void showError(const QString &text);
    QString errorLine(const Error &error) const;
    void accept();
    void reject();
    void adjudicate();
    void next(int step);
    // Runs write on a worker with its own connection, then reloads through the session.
    void write(std::function<Status(store::Study &)> write);

    StudySession *m_session;
    ReviewQueueModel *m_model;
    QComboBox *m_order;
    QLabel *m_seedLabel;
    QSpinBox *m_seed;
    QComboBox *m_annotatorFilter;
    QComboBox *m_dimensionFilter;
    QLabel *m_info;
    ErrorLabel *m_error;
    QTableView *m_table;
    QLabel *m_heading;
    QTableWidget *m_ratings;
    QComboBox *m_annotatorChoice;
    QAction *m_accept;
    QAction *m_reject;
    QAction *m_adjudicate;
    QAction *m_next;
    QAction *m_previous;
    QAction *m_open;
    QPointer<RejectDialog> m_rejectDialog;
    QPointer<AdjudicateDialog> m_adjudicateDialog;
    QStringList m_people;
    std::optional<reports::ReviewSheet> m_sheet;
    model::Id m_wanted = 0; // the document to show again after a reload
    int m_wantedRow = 0;
    QString m_reviewer;
    bool m_showSystemNames = false;
    bool m_writing = false;
    quint64 m_generation = 0;
    quint64 m_loading = 0;         // the generation awaited, 0 when none
    int m_running = 0;             // queue reads not finished, stale ones too
    bool m_contentPending = false; // the team's commits arrived while reading or hidden: once more after it
    quint64 m_sheetGeneration = 0;
    model::Id m_sheetReading = 0; // the document whose ratings are being read, 0 when none
    bool m_sheetPending = false;  // its ratings once more after that read
    LazyReload m_lazy;
};

} // namespace concord::ui
