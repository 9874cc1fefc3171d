// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "annotate/refused_edits_model.h"
#include "error.h"
#include "model/ids.h"

#include <QObject>
#include <QString>

#include <set>
#include <utility>
#include <vector>

class QAction;
class QDockWidget;
class QInputDialog;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QWidget;

namespace concord::ui {

class AnnotationEditor;
class AnnotationView;
class DocumentListModel;
class GuidelinesPanel;
class StudySession;

// Everything of annotating apart from the window: the Annotate view (the document list, filtered by
// id and showing the annotator's progress, beside the AnnotationView), the annotator and the editor
// that writes every answer, the guidelines dock, the progress line and the actions of annotating.
// The window places the view, dock, label and actions in its views, menus and status bar; what only
// the window can do (show an error or a status line, bring the Annotate view forward, run an
// annotator-package or merge job) the workspace asks for with its signals.
class AnnotateWorkspace : public QObject {
    Q_OBJECT
public:
    // window: where the dock, the progress label, the actions and the dialogs belong.
    AnnotateWorkspace(StudySession *session, QWidget *window);

    struct Actions {
        QAction *undo = nullptr;
        QAction *redo = nullptr;
        QAction *chooseAnnotator = nullptr;
        QAction *findInArticle = nullptr;
        QAction *markError = nullptr;
        QAction *goToDocument = nullptr;
        QAction *nextDocument = nullptr;
        QAction *previousDocument = nullptr;
        QAction *nextUnfinished = nullptr;
        QAction *revealSystemNames = nullptr; // checkable
        QAction *toggleGuidelines = nullptr;  // the dock's own toggle
        QAction *exportPackage = nullptr;
        QAction *merge = nullptr;
        QAction *refusedEdits = nullptr; // a team study's edits the server refused
    };
    const Actions &actions() const { return m_actions; }

    // The Annotate view: the document list beside the annotation view (a splitter, "annotateView").
    QSplitter *view() const { return m_view; }
    AnnotationView *annotationView() const { return m_annotationView; }
    AnnotationEditor *editor() const { return m_editor; }
    QDockWidget *guidelinesDock() const { return m_guidelinesDock; }
    QLabel *progressLabel() const { return m_progressLabel; }
    QTableView *documentList() const { return m_documentList; }
    QLineEdit *documentFilter() const { return m_filter; }

    // After the study was opened, closed or changed: re-reads the documents, what the study asks and
    // the annotator's progress, keeping the shown document in view (a study just opened starts at the
    // annotator's first unfinished document).
    void reload();

    // Makes name, one of the study's human raters, the annotator (remembered among the recent
    // names); empty stops annotating. Never adds a rater.
    Status setAnnotator(const QString &name);
    // Shows the work of name, one of the study's human raters, read only (a lead looking at an annotator's work):
    // nothing can be changed until an annotator is chosen again.
    Status viewAnnotator(const QString &name);
    // Adds a new human rater in group and makes it the annotator (remembered among the recent names).
    Status createAnnotator(const QString &name, const QString &group);
    // At start: asks who annotates (after the event loop starts) when nobody is chosen yet.
    void askForAnnotatorIfNone();
    // Moves to the next document (after the current one, wrapping) that is not finished.
    bool nextUnfinished();
    // The documents assigned to the annotator (empty: no assignment, every document is theirs).
    std::set<model::Id> assignedDocuments() const;
    // Selects the first document (if any) in the list and shows it.
    void selectFirstDocument();
    // Selects the annotator's first unfinished document (the first one when there is none, or no
    // annotator) and shows it: where a study just opened, or a new annotator, starts.
    void selectWhereTheWorkIs();
    // Selects document in the list (clearing the filter), which shows it.
    void goToDocument(model::Id document);
    // Puts the keyboard on the shown document's work (the first unfinished card's first rating).
    void focusWork();
    // Shows document and marks its card of candidate (see AnnotationView::markCandidate).
    bool goToCandidate(model::Id document, model::Id candidate);

    // File > Export Annotator Package's question, not yet shown: which annotator the package is for,
    // one of the study's human raters or a new name. Owned by the caller.
    QInputDialog *createPackageExportDialog(QWidget *parent);

Q_SIGNALS:
    void errorOccurred(const QString &title, const QString &text);
    void statusMessage(const QString &text, int timeoutMs);
    // The Annotate view should be the current one; sent before the workspace moves the keyboard there.
    void showRequested();
    // File > Export Annotator Package and File > Merge Annotations, once their dialogs are answered.
    void packageExportRequested(const QString &path, const QString &annotator);
    void mergeRequested(const QString &path);
    // An edit, undo or redo changed the document's judgements (its list row is already up to date).
    void judgementsChanged(model::Id document);

private:
    void createActions();
    void createView();
    void createGuidelines();
    void onCurrentDocumentChanged();
    void onDocumentShown(model::Id document);
    void onDocumentUnavailable(model::Id document, const QString &why, bool offline);
    // The document's progress and count in the list, after an edit (or with edits still on their way).
    void updateDocument(model::Id document);
    void updateDocumentsWithEditsOnTheirWay();
    void onJudgementsChanged(model::Id document);
    void stepDocument(int delta);
    void focusFilter();
    void reloadProgress();
    // The team committed work: the list's judgement counts and the annotator's progress read again on
    // worker threads, one read at a time, without touching the document shown.
    void followTeamWork();
    void updateProgressLabel();
    void chooseAnnotatorDialog();
    void exportPackageDialog();
    void mergeAnnotationsDialog();
    void refusedEditsDialog();
    // The refused edits as the dialog lists them, described from what the window knows (no server asked).
    std::vector<RefusedEditsModel::Row> refusedEditRows();

    StudySession *m_session;
    QWidget *m_window;
    AnnotationEditor *m_editor;
    DocumentListModel *m_documentModel;
    QSortFilterProxyModel *m_documentProxy;
    Actions m_actions;
    QSplitter *m_view = nullptr;
    QLineEdit *m_filter = nullptr;
    QTableView *m_documentList = nullptr;
    AnnotationView *m_annotationView = nullptr;
    GuidelinesPanel *m_guidelines = nullptr;
    QDockWidget *m_guidelinesDock = nullptr;
    QLabel *m_progressLabel = nullptr;
    quint64 m_progressGeneration = 0; // a read on a worker older than the progress shown is dropped
    bool m_progressRunning = false;
    bool m_progressAgain = false;
    QString m_listedStudy;         // the study whose documents the list holds
    model::Id m_startDocument = 0; // the document the study opened at, until the annotator moves on
    // The documents the lead assigned to the annotator, as read when the annotator was chosen; empty: none
    // assigned, every document is theirs to annotate.
    std::set<model::Id> m_assigned;
    // What happens once the document asked for is shown (a team study's arrives later): the keyboard goes to its
    // work, or to the card of a candidate (document, candidate).
    bool m_focusWhenShown = false;
    std::pair<model::Id, model::Id> m_markWhenShown;
    // Refused edits were entered again: the document shown is read again once they have arrived.
    bool m_rereadWhenSent = false;
};

} // namespace concord::ui
