// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/lazy_reload.h"
#include "error.h"
#include "model/ids.h"
#include "reports/disagreement_ranking.h"

#include <QList>
#include <QPair>
#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTextEdit;

namespace concord::ui {

class DisagreementModel;
class StudySession;

// The Disagreement inspector: the items where a judge and the humans are furthest apart (ranked in
// core), filterable by judge, dimension and system, with the article, the summary (the humans' error
// spans highlighted), each human's rating and explanation, and the judge's raw answers. All text from
// the study is shown as plain text. Ranking reads every rating of the study: it runs on a worker
// thread with its own read-only connection, and only while the view is active (see setActive).
class DisagreementView : public QWidget {
    Q_OBJECT
public:
    explicit DisagreementView(StudySession *session, QWidget *parent = nullptr);

    // Ranks the study's items again off the GUI thread; loaded() follows (a newer reload drops an older one).
    void reload();
    bool isLoading() const { return m_loading != 0; }
    // Inactive (not the window's current view): a study change waits until the view is active again.
    void setActive(bool active) { m_lazy.setActive(active); }
    bool isActive() const { return m_lazy.isActive(); }
    // Empty: all.
    void setFilters(const QString &judge, const QString &dimension, const QString &system);
    void selectRow(int row);
    // Off (the default): blind, as the Annotate view is until the lead reveals the systems; the
    // system column, filter and the detail heading's system are hidden.
    void setShowSystemNames(bool show);

    DisagreementModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QTextEdit *summaryView() const { return m_summary; }
    QPlainTextEdit *articleView() const { return m_article; }
    QPlainTextEdit *humansView() const { return m_humans; }
    QPlainTextEdit *judgeView() const { return m_judge; }
    // The highlighted error spans of the shown summary, as [start, end) in UTF-16 positions of its text.
    QList<QPair<int, int>> highlightedRanges() const { return m_highlights; }
    model::Id shownDocument() const { return m_document; }

    // [start, end) in code points of text to UTF-16 positions, clamped to the text.
    static QPair<int, int> toUtf16(const QString &text, int start, int end);

Q_SIGNALS:
    // The user asked to see the item's summary (candidate) in its document in the Annotate view.
    void openInAnnotate(qint64 documentId, qint64 candidateId);
    // The items of the latest reload are shown (or its error is).
    void loaded();

protected:
    void changeEvent(QEvent *event) override;

private:
    // The error spans of the summary in colours from the palette.
    void paintHighlights();
    void apply(quint64 generation, Result<std::vector<reports::DisagreementItem>> ranked);
    void onFilterChanged();
    void onCurrentChanged();
    void showDetail(int row);

    StudySession *m_session;
    DisagreementModel *m_model;
    QComboBox *m_judgeFilter;
    QComboBox *m_dimensionFilter;
    QComboBox *m_systemFilter;
    QLabel *m_systemLabel;
    QLabel *m_count;
    QTableView *m_table;
    QLabel *m_heading;
    QPlainTextEdit *m_article;
    QTextEdit *m_summary;
    QPlainTextEdit *m_humans;
    QPlainTextEdit *m_judge;
    QPushButton *m_jump;
    QList<QPair<int, int>> m_highlights;
    model::Id m_document = 0;
    model::Id m_candidate = 0;
    quint64 m_generation = 0;
    quint64 m_loading = 0; // the generation awaited, 0 when none
    LazyReload m_lazy;
};

} // namespace concord::ui
