// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/annotate_workspace.h"

#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/annotator_dialog.h"
#include "annotate/candidate_card.h"
#include "annotate/document_list_model.h"
#include "annotate/focus_mark.h"
#include "annotate/guidelines_panel.h"
#include "annotate/refused_edits_dialog.h"
#include "common/background_job.h"
#include "common/file_dialogs.h"
#include "common/header_width.h"
#include "common/study_session.h"
#include "common/title_width.h"

#include "store/annotation_plan.h"
#include "store/annotation_progress.h"
#include "store/database.h"
#include "store/pg_team.h"
#include "store/study.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <utility>

namespace concord::ui {

namespace {

QString errorText(const Error &error)
{
    return QString::fromStdString(error.describe());
}

} // namespace

AnnotateWorkspace::AnnotateWorkspace(StudySession *session, QWidget *window)
    : QObject(window)
    , m_session(session)
    , m_window(window)
    ,
    // The editor writes every answer, through the session's connection and undo stack.
    m_editor(new AnnotationEditor(session, this))
    , m_documentModel(new DocumentListModel(session, this))
    , m_documentProxy(new QSortFilterProxyModel(this))
{
    m_documentProxy->setSourceModel(m_documentModel);
    m_documentProxy->setFilterKeyColumn(DocumentListModel::IdColumn);
    m_documentProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    // The actions first: the progress follows an edit before the view re-reads it.
    createActions();
    createView();
    createGuidelines();

    m_progressLabel = new QLabel(m_window);
    m_progressLabel->setObjectName(QStringLiteral("annotationProgress"));
    m_progressLabel->setTextFormat(Qt::PlainText);
    updateProgressLabel();
}

// ---- construction ----

void AnnotateWorkspace::createActions()
{
    Actions &a = m_actions;
    a.undo = m_session->undoStack()->createUndoAction(m_window, tr("&Undo"));
    a.undo->setShortcuts(QKeySequence::Undo);
    a.redo = m_session->undoStack()->createRedoAction(m_window, tr("&Redo"));
    a.redo->setShortcuts(QKeySequence::Redo);

    a.chooseAnnotator = new QAction(tr("Choose &Annotator…"), m_window);
    a.chooseAnnotator->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(a.chooseAnnotator, &QAction::triggered, this, &AnnotateWorkspace::chooseAnnotatorDialog);

    a.nextUnfinished = new QAction(tr("Next &Unfinished Document"), m_window);
    a.nextUnfinished->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(a.nextUnfinished, &QAction::triggered, this, [this] { nextUnfinished(); });

    a.findInArticle = new QAction(tr("&Find in Article…"), m_window);
    a.findInArticle->setShortcut(QKeySequence::Find);
    connect(a.findInArticle, &QAction::triggered, this, [this] {
        Q_EMIT showRequested();
        m_annotationView->startFind();
    });

    // The card's own E shortcut works where the text has the focus; this one shows it in the menu.
    a.markError = new QAction(tr("&Mark Selection as Factual Error"), m_window);
    a.markError->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(a.markError, &QAction::triggered, this, [this] {
        for (auto *card : m_annotationView->cards())
            if (card->textView()->hasFocus() || card->textView()->textCursor().hasSelection()) {
                if (card->markSelection())
                    return;
            }
        Q_EMIT statusMessage(tr("Select the wrong words in a summary first."), 5000);
    });

    a.exportPackage = new QAction(tr("Export Annotator &Package…"), m_window);
    connect(a.exportPackage, &QAction::triggered, this, &AnnotateWorkspace::exportPackageDialog);
    a.merge = new QAction(tr("&Merge Annotations…"), m_window);
    connect(a.merge, &QAction::triggered, this, &AnnotateWorkspace::mergeAnnotationsDialog);

    // Ctrl+F finds in the article; going to a document by its id is Ctrl+G.
    a.goToDocument = new QAction(tr("&Go to Document…"), m_window);
    a.goToDocument->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    connect(a.goToDocument, &QAction::triggered, this, &AnnotateWorkspace::focusFilter);

    a.nextDocument = new QAction(tr("&Next Document"), m_window);
    a.nextDocument->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Down), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
    connect(a.nextDocument, &QAction::triggered, this, [this] { stepDocument(1); });

    a.previousDocument = new QAction(tr("&Previous Document"), m_window);
    a.previousDocument->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Up), QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
    connect(a.previousDocument, &QAction::triggered, this, [this] { stepDocument(-1); });

    // Annotators work blind; the study lead reveals the systems to adjudicate.
    a.refusedEdits = new QAction(tr("Refused &Edits…"), m_window);
    a.refusedEdits->setStatusTip(tr("The edits the team study's server refused, with its reasons: enter them again "
                                    "or drop them."));
    a.refusedEdits->setEnabled(false);
    connect(a.refusedEdits, &QAction::triggered, this, &AnnotateWorkspace::refusedEditsDialog);
    // Offered while there are some; the status bar counts them.
    const auto followRefused = [this] { m_actions.refusedEdits->setEnabled(m_session->teamStatus().refusedEdits > 0); };
    connect(m_session, &StudySession::sendStateChanged, this, followRefused);
    connect(m_session, &StudySession::studyChanged, this, followRefused);

    a.revealSystemNames = new QAction(tr("Reveal &System Names (Adjudication)"), m_window);
    a.revealSystemNames->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    a.revealSystemNames->setCheckable(true);
    a.revealSystemNames->setChecked(false);

    connect(m_editor, &AnnotationEditor::keptForgotten, this, [this] {
        if (m_annotationView->documentId() == 0)
            return;
        updateDocument(m_annotationView->documentId());
        updateProgressLabel();
    });
    connect(m_editor, &AnnotationEditor::judgementsChanged, this, &AnnotateWorkspace::onJudgementsChanged);
    connect(m_editor, &AnnotationEditor::annotatorChanged, this, [this] {
        reloadProgress();
        if (m_session->isOpen())
            m_session->undoStack()->clear();
        // The document shown since the study was opened was chosen before anyone annotated: the annotator
        // starts where their work is left. Not while another study is on its way in (its list not yet read).
        if (m_startDocument != 0 && m_startDocument == m_annotationView->requestedDocument()
            && m_listedStudy == m_session->path()) {
            selectWhereTheWorkIs();
            m_startDocument = m_annotationView->requestedDocument();
            // A team study's document may still be on its way: the keyboard goes to its work once it is shown.
            if (m_annotationView->documentId() == m_annotationView->requestedDocument())
                focusWork();
            else
                m_focusWhenShown = true;
        }
    });
    connect(m_session, &StudySession::contentChanged, this, &AnnotateWorkspace::followTeamWork);
    connect(m_session, &StudySession::editsSent, this, [this] {
        if (!m_rereadWhenSent || m_session->unsentEdits() > 0)
            return;
        m_rereadWhenSent = false;
        if (m_annotationView->documentId() != 0)
            m_annotationView->showDocument(m_annotationView->documentId()).ok();
    });
    connect(m_session, &StudySession::writeFailed, this,
            [this](const QString &message) { Q_EMIT errorOccurred(tr("The change was not saved"), message); });
}

void AnnotateWorkspace::createView()
{
    m_view = new QSplitter(Qt::Horizontal);
    m_view->setObjectName(QStringLiteral("annotateView"));

    auto *listPane = new QWidget(m_view);
    listPane->setObjectName(QStringLiteral("documentPane"));
    auto *listLayout = new QVBoxLayout(listPane);
    // Room for the frame that shows the keyboard is in the list (or its filter).
    listLayout->setContentsMargins(3, 3, 3, 3);
    m_filter = new QLineEdit(listPane);
    m_filter->setObjectName(QStringLiteral("documentFilter"));
    // Reached by Ctrl+G or a click, not by Tab: Tab past the document's last question lands on the list,
    // where typing cannot hide the list behind a filter nobody meant to type.
    m_filter->setFocusPolicy(Qt::ClickFocus);
    m_filter->setPlaceholderText(tr("Go to document (Ctrl+G)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_documentProxy, &QSortFilterProxyModel::setFilterFixedString);
    // Enter in the filter: one document found is gone to (the list whole again, the keyboard on its first
    // question); several go on to the list to choose from, so the keyboard never has to leave the home row.
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        if (m_documentProxy->rowCount() == 1) {
            goToDocument(m_documentProxy->index(0, 0).data(DocumentListModel::DocumentIdRole).toLongLong());
            focusWork();
            return;
        }
        m_documentList->setFocus();
        if (!m_documentList->currentIndex().isValid())
            stepDocument(1);
    });

    m_documentList = new QTableView(listPane);
    m_documentList->setObjectName(QStringLiteral("documentList"));
    m_documentList->setModel(m_documentProxy);
    m_documentList->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_documentList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_documentList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_documentList->setAlternatingRowColors(true);
    m_documentList->setWordWrap(false);
    // Tab leaves the list for the document (arrows move inside it): a table must not trap the keyboard.
    m_documentList->setTabKeyNavigation(false);
    m_documentList->verticalHeader()->hide();
    // Fixed row heights and column widths: sizing to contents would visit every row of a big study.
    m_documentList->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_documentList->verticalHeader()->setDefaultSectionSize(m_documentList->fontMetrics().height() + 8);
    QHeaderView *header = m_documentList->horizontalHeader();
    header->setStretchLastSection(true);
    const int digitWidth = m_documentList->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    header->resizeSection(DocumentListModel::IdColumn, digitWidth * 13);
    header->resizeSection(DocumentListModel::CandidatesColumn, digitWidth * 11);
    header->resizeSection(DocumentListModel::JudgementsColumn, digitWidth * 11);
    // Progress is what an annotator looks for: shown next to the name, in sight at the pane's default width.
    header->moveSection(header->visualIndex(DocumentListModel::ProgressColumn), 1);
    header->resizeSection(DocumentListModel::ProgressColumn, digitWidth * 10);
    // No sort until the user asks for one: the study's own order first.
    header->setSortIndicator(-1, Qt::AscendingOrder);
    m_documentList->setSortingEnabled(true);
    // After the sort indicator, which takes room in every title.
    widenSectionsToTitles(header);
    connect(m_documentList->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &AnnotateWorkspace::onCurrentDocumentChanged);
    listLayout->addWidget(m_filter);
    listLayout->addWidget(m_documentList, 1);

    m_annotationView = new AnnotationView(m_session, m_editor, m_view);
    m_annotationView->setObjectName(QStringLiteral("documentView"));
    connect(m_actions.revealSystemNames, &QAction::toggled, m_annotationView, &AnnotationView::setShowSystemNames);
    connect(m_annotationView, &AnnotationView::editFailed, this,
            [this](const QString &message) { Q_EMIT errorOccurred(tr("The change was not saved"), message); });
    connect(m_annotationView, &AnnotationView::documentShown, this, &AnnotateWorkspace::onDocumentShown);
    connect(m_annotationView, &AnnotationView::documentUnavailable, this, &AnnotateWorkspace::onDocumentUnavailable);

    m_view->addWidget(listPane);
    new FocusMark(listPane);
    m_view->addWidget(m_annotationView);
    m_view->setStretchFactor(0, 0);
    m_view->setStretchFactor(1, 1);
    // The list's pane as wide as its counting columns (titles measured in the user's language, the frame, the
    // margins and the scroll bar, always there so that a long study's list is as wide as a short one's); the
    // requirement's column, last, starts at the edge. At the pane's old fixed width the titles had been cut at
    // "Judgemen".
    m_documentList->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    int columns = 0;
    for (int visual = 0; visual < header->count() - 1; ++visual)
        if (!header->isSectionHidden(header->logicalIndex(visual)))
            columns += header->sectionSize(header->logicalIndex(visual));
    const QMargins margins = listLayout->contentsMargins();
    const int whole = columns + 2 * m_documentList->frameWidth()
                      + m_documentList->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_documentList)
                      + margins.left() + margins.right();
    m_view->setSizes({std::max(digitWidth * 48, whole), 1000});
    m_view->setChildrenCollapsible(false);
}

void AnnotateWorkspace::createGuidelines()
{
    m_guidelines = new GuidelinesPanel(m_window);
    m_guidelinesDock = new QDockWidget(tr("Guidelines"), m_window);
    m_guidelinesDock->setObjectName(QStringLiteral("guidelinesDock"));
    m_guidelinesDock->setWidget(m_guidelines);
    // However narrow the window, the dock's title stays whole beside its float and close buttons.
    const QFontMetrics metrics(m_guidelinesDock->font());
    const int button = metrics.height() + 8;
    m_guidelines->setMinimumWidth(metrics.horizontalAdvance(m_guidelinesDock->windowTitle()) + 3 * button + 16);
    m_actions.toggleGuidelines = m_guidelinesDock->toggleViewAction();
    m_actions.toggleGuidelines->setText(tr("&Guidelines"));
    m_actions.toggleGuidelines->setShortcut(QKeySequence(Qt::Key_F1));
}

// ---- the study and the annotator ----

void AnnotateWorkspace::reload()
{
    // Another study's documents share ids with this one's: only the same study keeps the one shown.
    const bool sameStudy = m_listedStudy == m_session->path();
    m_listedStudy = m_session->path();
    const model::Id shown = sameStudy ? m_annotationView->documentId() : 0;
    const Status status = m_documentModel->reload();
    if (!status)
        Q_EMIT errorOccurred(tr("Cannot read the study"), errorText(status.error()));

    const Status asked = m_annotationView->reloadStudy();
    if (!asked && m_session->isOpen())
        Q_EMIT errorOccurred(tr("Cannot read what the study asks"), errorText(asked.error()));
    m_guidelines->setGuidelines(m_annotationView->plan(), [&] {
        auto dims = m_session->read([](store::Study &study) { return study.dimensions(); });
        return dims ? dims.value() : std::vector<model::Dimension>{};
    }());
    const bool open = m_session->isOpen();
    for (QAction *a : {m_actions.exportPackage, m_actions.merge})
        a->setEnabled(open);
    // A reviewer's login opens no document here (the view's banner says why): nothing to move through, and nobody
    // to choose, since whoever is chosen nothing is opened or written for a reviewer.
    const bool reviewer = m_editor->isReviewer();
    const QString noChooser
        = reviewer ? tr("A reviewer's login chooses no annotator: nothing is annotated or opened for it here. Review "
                        "the team's work in the Review view (Ctrl+5).")
                   : QString();
    m_actions.chooseAnnotator->setEnabled(open && !reviewer);
    m_actions.chooseAnnotator->setToolTip(noChooser); // none: the action's text, as before
    m_actions.chooseAnnotator->setStatusTip(noChooser);
    m_actions.nextUnfinished->setEnabled(open && !reviewer);
    for (QAction *a : {m_actions.nextDocument, m_actions.previousDocument, m_actions.goToDocument})
        a->setEnabled(!reviewer);
    m_documentList->setEnabled(!reviewer);
    m_filter->setEnabled(!reviewer);
    reloadProgress();

    // Keep the document in view after a reload (an import), else start where the annotator's work is.
    const int sourceRow = shown != 0 ? m_documentModel->rowOf(shown) : -1;
    const QModelIndex proxyIndex
        = sourceRow >= 0 ? m_documentProxy->mapFromSource(m_documentModel->index(sourceRow, 0)) : QModelIndex();
    if (proxyIndex.isValid()) {
        m_documentList->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect
                                                                          | QItemSelectionModel::Rows);
        // The same document may have new candidates.
        const Status shownStatus = m_annotationView->showDocument(shown);
        if (!shownStatus)
            Q_EMIT errorOccurred(tr("Cannot show the document"), errorText(shownStatus.error()));
    } else if (reviewer) {
        m_documentList->selectionModel()->clearCurrentIndex();
        m_annotationView->clear();
        m_startDocument = 0;
    } else {
        m_annotationView->clear();
        selectWhereTheWorkIs();
        m_startDocument = m_annotationView->requestedDocument();
        // A study just opened: the keyboard starts where the work is.
        focusWork();
    }
}

void AnnotateWorkspace::focusWork()
{
    // Only where the keyboard can see it: never into a view behind another one.
    if (m_annotationView->documentId() != 0 && m_view->isVisibleTo(m_window))
        m_annotationView->focusFirstQuestion();
}

Status AnnotateWorkspace::setAnnotator(const QString &name)
{
    const Status status = m_editor->setAnnotator(name);
    // A team study's annotator is its login, never a name to propose for a study file.
    if (status && !name.trimmed().isEmpty() && !m_session->isShared())
        AnnotatorDialog::remember(name);
    return status;
}

Status AnnotateWorkspace::createAnnotator(const QString &name, const QString &group)
{
    const Status status = m_editor->createAnnotator(name, group);
    if (status && !m_session->isShared())
        AnnotatorDialog::remember(name);
    return status;
}

void AnnotateWorkspace::askForAnnotatorIfNone()
{
    if (m_session->isOpen() && m_editor->rater() == 0 && !m_editor->isReviewer())
        QTimer::singleShot(0, this, &AnnotateWorkspace::chooseAnnotatorDialog);
}

void AnnotateWorkspace::chooseAnnotatorDialog()
{
    if (!m_session->isOpen() || m_editor->isReviewer())
        return;
    auto raters = m_session->read([](store::Study &study) { return study.raters(); });
    if (!raters) {
        Q_EMIT errorOccurred(tr("Cannot read the study"), errorText(raters.error()));
        return;
    }
    QString current = m_editor->rater() != 0 ? m_editor->annotatorName() : AnnotatorDialog::recentNames().value(0);
    // On a team study the login is who annotates (its own rater, when the study has one), and the server says
    // whether it may add a rater.
    std::optional<store::TeamLogin> login;
    if (m_session->isShared()) {
        auto read
            = m_session->read([](store::Study &study) { return store::PgTeam::login(*study.database().postgres()); });
        if (!read) {
            Q_EMIT errorOccurred(tr("Cannot read the study"), errorText(read.error()));
            return;
        }
        login = read.value();
        if (m_editor->rater() == 0)
            current = QString::fromStdString(login->name);
    }
    AnnotatorDialog dialog(raters.value(), current, m_window);
    if (login)
        dialog.setNewRaterAllowed(login->mayAddRaters);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // A lead who chooses another member of the team looks at their work, read only: what the lead's window
    // shows of it follows what that annotator commits, and a stray key changes nothing of it.
    if (login && login->lead && !dialog.isNewRater()
        && dialog.name().trimmed() != QString::fromStdString(login->name)) {
        const Status viewing = viewAnnotator(dialog.name());
        if (!viewing)
            Q_EMIT errorOccurred(tr("Cannot show that annotator's work"), errorText(viewing.error()));
        return;
    }
    const Status status
        = dialog.isNewRater() ? createAnnotator(dialog.name(), dialog.group()) : setAnnotator(dialog.name());
    if (!status)
        Q_EMIT errorOccurred(tr("Cannot annotate under that name"), errorText(status.error()));
}

Status AnnotateWorkspace::viewAnnotator(const QString &name)
{
    return m_editor->setAnnotator(name, AnnotationEditor::Access::ReadOnly);
}

// ---- progress ----

void AnnotateWorkspace::reloadProgress()
{
    ++m_progressGeneration;
    const model::Id rater = m_editor->rater();
    // A reviewer's own rater annotates nothing here: its progress would say nothing, and is not read.
    if (!m_session->isOpen() || rater == 0 || m_editor->isReviewer()) {
        m_assigned.clear();
        m_documentModel->setProgress({});
        updateProgressLabel();
        return;
    }
    auto progress = m_session->read([&](store::Study &study) {
        return store::AnnotationProgress(store::AnnotationPlan::of(study), study.dimensions()).read(study, rater);
    });
    m_documentModel->setProgress(progress ? progress.value() : std::vector<store::DocumentProgress>{});
    // Read with the progress, when the study opens or the annotator changes; a team study's is read again with
    // each document shown (AnnotationView::assignedDocuments).
    auto assigned = m_session->read([&](store::Study &study) { return study.assignedDocuments(rater); });
    m_assigned.clear();
    if (assigned)
        m_assigned.insert(assigned.value().begin(), assigned.value().end());
    updateDocumentsWithEditsOnTheirWay();
    updateProgressLabel();
}

void AnnotateWorkspace::updateDocumentsWithEditsOnTheirWay()
{
    // The study's rows lack the edits still on their way to a team study's server: the document on screen
    // is counted from the editor's judgements, which have them, without asking the server. (Another
    // document's row may lag until it is next edited or the list is read again.)
    const model::Id shown = m_annotationView->documentId();
    if (shown != 0 && m_editor->documentsWithEditsOnTheirWay().contains(shown))
        updateDocument(shown);
}

void AnnotateWorkspace::followTeamWork()
{
    m_documentModel->recountJudgements();
    const model::Id rater = m_editor->rater();
    if (!m_session->isOpen() || rater == 0 || m_editor->isReviewer())
        return;
    if (m_progressRunning) {
        m_progressAgain = true;
        return;
    }
    m_progressRunning = true;
    const quint64 generation = ++m_progressGeneration;
    // Shared, not by value: GCC 12 takes a vector inside the job's Result for a stack object it frees.
    using Progress = std::shared_ptr<const std::vector<store::DocumentProgress>>;
    runInBackground<Progress>(
        this,
        [path = m_session->path().toStdString(), rater]() -> Result<Progress> {
            store::OpenOptions options;
            options.readOnly = true;
            auto opened = store::Study::open(path, options);
            if (!opened)
                return opened.error();
            store::Study &study = *opened.value();
            return std::make_shared<const std::vector<store::DocumentProgress>>(
                store::AnnotationProgress(store::AnnotationPlan::of(study), study.dimensions()).read(study, rater));
        },
        [this, generation](Result<Progress> progress) {
            m_progressRunning = false;
            // A failed read keeps the progress shown; the next commit reads again.
            if (generation == m_progressGeneration && progress) {
                m_documentModel->setProgress(*progress.value());
                updateDocumentsWithEditsOnTheirWay();
                updateProgressLabel();
            }
            if (std::exchange(m_progressAgain, false))
                followTeamWork();
        });
}

void AnnotateWorkspace::updateDocument(model::Id document)
{
    const model::Id rater = m_editor->rater();
    // Only the edited document is read again: its progress and its judgement count. On a team study they
    // follow from the editor's judgements of it (kept, or read with its edits still on their way laid over
    // them): the server may not have the edit yet. An annotator's blind session sees no one else's
    // judgements, so its count follows too; a lead's counts everyone's, and lags until the edit arrives.
    Result<std::pair<store::DocumentProgress, std::int64_t>> one = Error{};
    const store::AnnotatorJudgements *kept = m_editor->kept(document);
    const bool shown = document == m_annotationView->documentId();
    if (m_session->isShared() && shown && (kept || rater == 0)) {
        // The document shown: everything is at hand, nothing is asked of the server.
        const store::AnnotatorJudgements none;
        const store::AnnotatorJudgements &judgements = kept ? *kept : none;
        const store::AnnotationProgress progress(m_annotationView->plan(), m_annotationView->dimensions());
        const store::DocumentProgress p = progress.of(store::AnnotationProgress::tallyOf(
            judgements, document, m_annotationView->candidateCount(), m_annotationView->unitCount()));
        if (rater != 0)
            m_documentModel->updateProgress(p);
        if (const auto count = m_annotationView->sharedJudgementCount())
            m_documentModel->updateJudgements(document, *count);
        return;
    }
    if (m_session->isShared()) {
        auto judgements = m_editor->judgements(document);
        one = m_session->read([&](store::Study &study) {
            if (!judgements)
                throw Failure(judgements.error());
            store::AnnotatorTally sizes;
            if (shown) {
                sizes.candidates = m_annotationView->candidateCount();
                sizes.units = m_annotationView->unitCount();
            } else {
                sizes = study.annotatorTallies(rater, document).at(0);
            }
            const store::AnnotationProgress progress(m_annotationView->plan(), m_annotationView->dimensions());
            const store::DocumentProgress p = progress.of(
                store::AnnotationProgress::tallyOf(judgements.value(), document, sizes.candidates, sizes.units));
            return std::pair(p, study.isBlind() ? store::AnnotationProgress::judgementCount(judgements.value())
                                                : study.judgementCount(document));
        });
    } else {
        one = m_session->read([&](store::Study &study) {
            return std::pair(
                store::AnnotationProgress(m_annotationView->plan(), study.dimensions()).readOne(study, rater, document),
                study.judgementCount(document));
        });
    }
    if (one) {
        m_documentModel->updateProgress(one.value().first);
        m_documentModel->updateJudgements(document, one.value().second);
    }
}

void AnnotateWorkspace::onJudgementsChanged(model::Id document)
{
    ++m_progressGeneration; // this edit's progress is newer than a read still running
    updateDocument(document);
    updateProgressLabel();
    Q_EMIT judgementsChanged(document);
    // An undo or redo of another document's answer brings that document into view.
    if (document != m_annotationView->documentId())
        goToDocument(document);
}

void AnnotateWorkspace::updateProgressLabel()
{
    // A reviewer finishes no documents here: the line says where their work is instead.
    if (m_editor->isReviewer()) {
        m_progressLabel->setText(tr("Reviewer: nothing to annotate here, review in the Review view (Ctrl+5)"));
        return;
    }
    if (!m_session->isOpen() || m_editor->rater() == 0) {
        m_progressLabel->setText(m_session->isOpen() ? tr("No annotator (Ctrl+Shift+A)") : QString());
        return;
    }
    int finished = 0;
    for (int row = 0; row < m_documentModel->rowCount(); ++row)
        if (m_documentModel->isFinished(row))
            ++finished;
    m_progressLabel->setText(tr("%1: %2 of %3 documents finished")
                                 .arg(m_editor->annotatorName())
                                 .arg(finished)
                                 .arg(m_documentModel->rowCount()));
}

// ---- moving through the documents ----

void AnnotateWorkspace::onCurrentDocumentChanged()
{
    const QModelIndex current = m_documentList->selectionModel()->currentIndex();
    if (!current.isValid()) {
        m_annotationView->clear();
        return;
    }
    const auto id = current.data(DocumentListModel::DocumentIdRole).toLongLong();
    if (id == m_annotationView->requestedDocument())
        return;
    // The keyboard goes on to the document's work once it is shown (a team study's when its read arrives),
    // unless it is browsing the list (or its filter).
    QWidget *focus = QApplication::focusWidget();
    const bool browsing = focus && (focus == m_documentList || focus == m_filter);
    m_focusWhenShown = !browsing;
    if (id != m_startDocument)
        m_startDocument = 0; // the annotator moved on: a later annotator keeps what is shown
    const Status status = m_annotationView->showDocument(id);
    if (!status) {
        m_focusWhenShown = false;
        Q_EMIT errorOccurred(tr("Cannot show the document"), errorText(status.error()));
    }
}

void AnnotateWorkspace::onDocumentShown(model::Id document)
{
    // A team study's row follows from what was read, without asking the server again.
    if (m_session->isShared())
        updateDocument(document);
    if (m_markWhenShown.first == document) {
        m_annotationView->markCandidate(m_markWhenShown.second);
        m_focusWhenShown = false;
    }
    m_markWhenShown = {};
    if (std::exchange(m_focusWhenShown, false))
        focusWork();
}

void AnnotateWorkspace::onDocumentUnavailable(model::Id document, const QString &why, bool offline)
{
    m_focusWhenShown = false;
    m_markWhenShown = {};
    // The list goes back to the document shown, where annotating goes on.
    const model::Id shown = m_annotationView->documentId();
    if (shown != document && shown != 0) {
        const int row = m_documentModel->rowOf(shown);
        if (row >= 0) {
            const QModelIndex index = m_documentProxy->mapFromSource(m_documentModel->index(row, 0));
            if (index.isValid())
                m_documentList->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                                             | QItemSelectionModel::Rows);
        }
    }
    // Offline, the view's banner says so for as long as it lasts: one line in the status bar, no dialog at
    // every move.
    if (offline) {
        Q_EMIT statusMessage(why, 5000);
        return;
    }
    Q_EMIT errorOccurred(tr("Cannot open the document"), why);
}

void AnnotateWorkspace::selectFirstDocument()
{
    if (m_documentProxy->rowCount() == 0)
        return;
    m_documentList->selectionModel()->setCurrentIndex(m_documentProxy->index(0, 0),
                                                      QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

std::set<model::Id> AnnotateWorkspace::assignedDocuments() const
{
    // A team study's as read with the document shown, once one of this annotator's has been; the lead may
    // have assigned again since the study was opened.
    if (m_session->isShared() && m_annotationView->documentId() != 0 && !m_annotationView->assignedDocuments().empty())
        return {m_annotationView->assignedDocuments().begin(), m_annotationView->assignedDocuments().end()};
    return m_assigned;
}

void AnnotateWorkspace::selectWhereTheWorkIs()
{
    const int rows = m_documentProxy->rowCount();
    // An annotator with an assignment starts at their own first unfinished document.
    const std::set<model::Id> assigned = assignedDocuments();
    if (m_editor->rater() != 0)
        for (int row = 0; row < rows; ++row) {
            const QModelIndex index = m_documentProxy->index(row, 0);
            if (index.data(DocumentListModel::FinishedRole).toBool())
                continue;
            if (!assigned.empty() && !assigned.contains(index.data(DocumentListModel::DocumentIdRole).toLongLong()))
                continue;
            m_documentList->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                                         | QItemSelectionModel::Rows);
            m_documentList->scrollTo(index);
            return;
        }
    // Nobody annotating, or every document finished: the first, to read or revise.
    selectFirstDocument();
}

void AnnotateWorkspace::goToDocument(model::Id document)
{
    m_filter->clear();
    const int row = m_documentModel->rowOf(document);
    if (row >= 0)
        m_documentList->selectionModel()->setCurrentIndex(
            m_documentProxy->mapFromSource(m_documentModel->index(row, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

bool AnnotateWorkspace::goToCandidate(model::Id document, model::Id candidate)
{
    goToDocument(document);
    // Selecting the row shows a study file's document at once; a team study's is marked once its read arrives.
    // A document the list does not hold shows nothing.
    if (m_annotationView->documentId() == document)
        return m_annotationView->markCandidate(candidate);
    if (m_annotationView->requestedDocument() != document)
        return false;
    m_markWhenShown = {document, candidate};
    return true;
}

void AnnotateWorkspace::stepDocument(int delta)
{
    const int rows = m_documentProxy->rowCount();
    if (rows == 0)
        return;
    const QModelIndex current = m_documentList->selectionModel()->currentIndex();
    const int row = current.isValid() ? std::clamp(current.row() + delta, 0, rows - 1) : 0;
    const QModelIndex target = m_documentProxy->index(row, 0);
    m_documentList->selectionModel()->setCurrentIndex(target,
                                                      QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_documentList->scrollTo(target);
}

void AnnotateWorkspace::focusFilter()
{
    Q_EMIT showRequested();
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

bool AnnotateWorkspace::nextUnfinished()
{
    const int rows = m_documentProxy->rowCount();
    if (rows == 0)
        return false;
    const QModelIndex current = m_documentList->selectionModel()->currentIndex();
    const int start = current.isValid() ? current.row() : -1;
    // A label plan made for this annotator comes first: its documents, in the list's order from here.
    const model::Id rater = m_editor->rater();
    if (rater != 0) {
        // A team study's plan as read with the document shown: the server is not asked on the GUI thread.
        auto planned = m_session->isShared()
                           ? Result<std::vector<model::Id>>(m_annotationView->plannedDocuments())
                           : m_session->read([rater](store::Study &study) { return study.plannedDocuments(rater); });
        if (planned && !planned.value().empty()) {
            const std::set<model::Id> queue(planned.value().begin(), planned.value().end());
            for (int step = 1; step <= rows; ++step) {
                const QModelIndex index = m_documentProxy->index((start + step) % rows, 0);
                if (!queue.contains(index.data(DocumentListModel::DocumentIdRole).toLongLong()))
                    continue;
                m_documentList->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                                             | QItemSelectionModel::Rows);
                m_documentList->scrollTo(index);
                Q_EMIT statusMessage(
                    tr("A document your label plan asks for (%1 in the plan still to label).").arg(queue.size()), 5000);
                return true;
            }
        }
    }
    // Then the documents assigned to the annotator, when the lead assigned any: only those.
    const std::set<model::Id> assigned = rater != 0 ? assignedDocuments() : std::set<model::Id>{};
    for (int step = 1; step <= rows; ++step) {
        const int row = (start + step) % rows;
        const QModelIndex index = m_documentProxy->index(row, 0);
        if (index.data(DocumentListModel::FinishedRole).toBool())
            continue;
        if (!assigned.empty() && !assigned.contains(index.data(DocumentListModel::DocumentIdRole).toLongLong()))
            continue;
        m_documentList->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                                     | QItemSelectionModel::Rows);
        m_documentList->scrollTo(index);
        return true;
    }
    Q_EMIT statusMessage(
        assigned.empty() ? tr("Every document is finished.") : tr("Every document assigned to you is finished."), 5000);
    return false;
}

// ---- annotator packages and merging ----

QInputDialog *AnnotateWorkspace::createPackageExportDialog(QWidget *parent)
{
    QStringList humans;
    auto raters = m_session->read([](store::Study &study) { return study.raters(); });
    if (raters)
        for (const auto &r : raters.value())
            if (r.kind == model::RaterKind::Human)
                humans << QString::fromStdString(r.name);
    auto *dialog = new QInputDialog(parent);
    dialog->setWindowTitle(tr("Export Annotator Package"));
    dialog->setLabelText(tr("Annotator:"));
    dialog->setComboBoxItems(humans);
    // The lead writes packages without being an annotator: any name, a new one stays in the package.
    dialog->setComboBoxEditable(true);
    const int current = static_cast<int>(humans.indexOf(m_editor->annotatorName()));
    dialog->setTextValue(current >= 0 ? humans.at(current) : humans.value(0));
    fitTitle(*dialog);
    return dialog;
}

void AnnotateWorkspace::exportPackageDialog()
{
    if (!m_session->isOpen())
        return;
    std::unique_ptr<QInputDialog> dialog(createPackageExportDialog(m_window));
    if (dialog->exec() != QDialog::Accepted)
        return;
    const QString annotator = dialog->textValue().trimmed();
    if (annotator.isEmpty())
        return;
    const QString path
        = FileDialogs::getSaveFileName(m_window, tr("Export Annotator Package"),
                                       annotator + QStringLiteral(".concord"), // not translated: a file suffix
                                       tr("Concord studies (*.concord)"));
    if (!path.isEmpty())
        Q_EMIT packageExportRequested(path, annotator);
}

std::vector<RefusedEditsModel::Row> AnnotateWorkspace::refusedEditRows()
{
    std::vector<RefusedEditsModel::Row> rows;
    auto refused = m_session->refusedEdits();
    if (!refused) {
        Q_EMIT errorOccurred(tr("Cannot read the refused edits"), errorText(refused.error()));
        return rows;
    }
    QMap<model::Id, QString> dimensions;
    for (const auto &d : m_annotationView->dimensions())
        dimensions.insert(d.id, QString::fromStdString(d.name));
    for (const auto &[edit, reason] : refused.value()) {
        RefusedEditsModel::Row row;
        row.editId = edit.id;
        row.what = RefusedEditsModel::describe(edit, dimensions.value(edit.dimension));
        const model::Id document
            = edit.document != 0 ? edit.document : m_annotationView->documentOfCandidate(edit.candidate);
        const int listed = document != 0 ? m_documentModel->rowOf(document) : -1;
        if (listed >= 0)
            row.document = m_documentModel->index(listed, DocumentListModel::IdColumn).data().toString();
        row.reason = QString::fromStdString(reason);
        rows.push_back(std::move(row));
    }
    return rows;
}

void AnnotateWorkspace::refusedEditsDialog()
{
    auto *dialog = new RefusedEditsDialog(
        m_session, [this] { return refusedEditRows(); }, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    // Entered again: once they have arrived, the document shown is read again to show them.
    connect(dialog, &RefusedEditsDialog::enteredAgain, this, [this] { m_rereadWhenSent = true; });
    dialog->show();
}

void AnnotateWorkspace::mergeAnnotationsDialog()
{
    const QString path
        = FileDialogs::getOpenFileName(m_window, tr("Merge Annotations"), {}, tr("Concord studies (*.concord)"));
    if (!path.isEmpty())
        Q_EMIT mergeRequested(path);
}

} // namespace concord::ui
