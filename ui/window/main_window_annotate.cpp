// MainWindow's Annotate wiring (issue 5): annotator, progress, undo/redo, navigation to unfinished
// documents, guidelines, annotator packages and merging. Kept apart from main_window.cpp.
#include "window/main_window.h"

#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/annotator_dialog.h"
#include "annotate/candidate_card.h"
#include "window/document_list_model.h"
#include "annotate/guidelines_panel.h"
#include "common/study_session.h"

#include "io/annotation_merger.h"
#include "io/annotator_package.h"
#include "store/annotation_progress.h"
#include "store/study.h"
#include "store/study_template.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>

namespace concord::ui {

namespace {

QString errorText(const Error &error)
{
    return QString::fromStdString(error.describe());
}

} // namespace

void MainWindow::createAnnotateActions()
{
    m_undoAction = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcuts(QKeySequence::Undo);
    m_redoAction = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcuts(QKeySequence::Redo);

    m_annotatorAction = new QAction(tr("Choose &Annotator…"), this);
    m_annotatorAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(m_annotatorAction, &QAction::triggered, this, &MainWindow::chooseAnnotatorDialog);

    m_nextUnfinishedAction = new QAction(tr("Next &Unfinished Document"), this);
    m_nextUnfinishedAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(m_nextUnfinishedAction, &QAction::triggered, this, [this] { nextUnfinished(); });

    m_findTextAction = new QAction(tr("&Find in Article…"), this);
    m_findTextAction->setShortcut(QKeySequence::Find);
    connect(m_findTextAction, &QAction::triggered, this, [this] {
        showView(QStringLiteral("annotate"));
        m_documentView->startFind();
    });

    // The card's own E shortcut works where the text has the focus; this one shows it in the menu.
    m_markErrorAction = new QAction(tr("&Mark Selection as Factual Error"), this);
    m_markErrorAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_markErrorAction, &QAction::triggered, this, [this] {
        for (auto *card : m_documentView->cards())
            if (card->textView()->hasFocus() || card->textView()->textCursor().hasSelection()) {
                if (card->markSelection())
                    return;
            }
        statusBar()->showMessage(tr("Select the wrong words in a summary first."), 5000);
    });

    m_exportPackageAction = new QAction(tr("Export Annotator &Package…"), this);
    connect(m_exportPackageAction, &QAction::triggered, this, &MainWindow::exportPackageDialog);
    m_mergeAction = new QAction(tr("&Merge Annotations…"), this);
    connect(m_mergeAction, &QAction::triggered, this, &MainWindow::mergeAnnotationsDialog);

    connect(m_editor, &AnnotationEditor::judgementsChanged, this, &MainWindow::onJudgementsChanged);
    connect(m_editor, &AnnotationEditor::annotatorChanged, this, [this] {
        reloadProgress();
        if (m_session->isOpen())
            m_session->undoStack()->clear();
    });
    connect(m_session, &StudySession::writeFailed, this,
            [this](const QString &message) { showError(tr("The change was not saved"), message); });
}

void MainWindow::createAnnotateMenus()
{
    QMenu *edit = new QMenu(tr("&Edit"), this);
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    // Edit goes after File, as everywhere.
    const auto menus = menuBar()->actions();
    menuBar()->insertMenu(menus.value(1), edit);

    QMenu *file = nullptr;
    for (QAction *a : menus)
        if (a->menu() && a->menu()->title() == tr("&File"))
            file = a->menu();
    if (file) {
        QAction *before = m_closeAction;
        file->insertAction(before, m_exportPackageAction);
        file->insertAction(before, m_mergeAction);
        file->insertSeparator(before);
    }

    QMenu *annotate = new QMenu(tr("A&nnotate"), this);
    annotate->addAction(m_annotatorAction);
    annotate->addSeparator();
    annotate->addAction(m_findTextAction);
    annotate->addAction(m_markErrorAction);
    annotate->addSeparator();
    annotate->addAction(m_nextAction);
    annotate->addAction(m_previousAction);
    annotate->addAction(m_nextUnfinishedAction);
    annotate->addAction(m_findAction);
    menuBar()->insertMenu(menus.value(2), annotate);

    m_guidelines = new GuidelinesPanel(this);
    m_guidelinesDock = new QDockWidget(tr("Guidelines"), this);
    m_guidelinesDock->setObjectName(QStringLiteral("guidelinesDock"));
    m_guidelinesDock->setWidget(m_guidelines);
    addDockWidget(Qt::RightDockWidgetArea, m_guidelinesDock);
    QAction *toggle = m_guidelinesDock->toggleViewAction();
    toggle->setText(tr("&Guidelines"));
    toggle->setShortcut(QKeySequence(Qt::Key_F1));
    annotate->addSeparator();
    annotate->addAction(toggle);
    addAction(toggle);
    // Visible only with the Annotate view.
    connect(m_views, &QStackedWidget::currentChanged, this, [this] {
        if (currentViewName() != QStringLiteral("annotate"))
            m_guidelinesDock->hide();
    });
    m_guidelinesDock->hide();

    m_progressLabel = new QLabel(this);
    m_progressLabel->setObjectName(QStringLiteral("annotationProgress"));
    m_progressLabel->setTextFormat(Qt::PlainText);
    statusBar()->addPermanentWidget(m_progressLabel);
    updateProgressLabel();
}

Status MainWindow::setAnnotator(const QString &name)
{
    const Status status = m_editor->setAnnotator(name);
    if (status && !name.trimmed().isEmpty())
        AnnotatorDialog::remember(name);
    return status;
}

void MainWindow::askForAnnotatorIfNone()
{
    if (m_session->isOpen() && m_editor->rater() == 0)
        QTimer::singleShot(0, this, &MainWindow::chooseAnnotatorDialog);
}

void MainWindow::chooseAnnotatorDialog()
{
    if (!m_session->isOpen())
        return;
    QStringList humans;
    auto raters = m_session->read([](store::Study &study) { return study.raters(); });
    if (raters)
        for (const auto &r : raters.value())
            if (r.kind == model::RaterKind::Human)
                humans << QString::fromStdString(r.name);
    AnnotatorDialog dialog(humans, m_editor->annotatorName(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Status status = setAnnotator(dialog.name());
    if (!status)
        showError(tr("Cannot annotate under that name"), errorText(status.error()));
}

void MainWindow::onAnnotationStudyChanged()
{
    const Status status = m_documentView->reloadStudy();
    if (!status && m_session->isOpen())
        showError(tr("Cannot read what the study asks"), errorText(status.error()));
    if (m_guidelines)
        m_guidelines->setGuidelines(m_documentView->plan(), [&] {
            auto dims = m_session->read([](store::Study &study) { return study.dimensions(); });
            return dims ? dims.value() : std::vector<model::Dimension>{};
        }());
    const bool open = m_session->isOpen();
    for (QAction *a : {m_annotatorAction, m_exportPackageAction, m_mergeAction, m_nextUnfinishedAction})
        if (a)
            a->setEnabled(open);
    reloadProgress();
}

void MainWindow::reloadProgress()
{
    const model::Id rater = m_editor->rater();
    if (!m_session->isOpen() || rater == 0) {
        m_documentModel->setProgress({});
        updateProgressLabel();
        return;
    }
    auto progress = m_session->read([&](store::Study &study) {
        return store::AnnotationProgress(store::AnnotationPlan::of(study), study.dimensions()).read(study, rater);
    });
    m_documentModel->setProgress(progress ? progress.value() : std::vector<store::DocumentProgress>{});
    updateProgressLabel();
}

void MainWindow::onJudgementsChanged(model::Id document)
{
    const model::Id rater = m_editor->rater();
    auto one = m_session->read([&](store::Study &study) {
        return store::AnnotationProgress(m_documentView->plan(), study.dimensions()).readOne(study, rater, document);
    });
    if (one)
        m_documentModel->updateProgress(one.value());
    updateProgressLabel();
    // An undo or redo of another document's answer brings that document into view.
    if (document != m_documentView->documentId()) {
        m_filter->clear();
        const int row = m_documentModel->rowOf(document);
        if (row >= 0)
            m_documentList->selectionModel()->setCurrentIndex(m_documentProxy->mapFromSource(m_documentModel->index(row, 0)),
                                                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
}

void MainWindow::updateProgressLabel()
{
    if (!m_progressLabel)
        return;
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

bool MainWindow::nextUnfinished()
{
    const int rows = m_documentProxy->rowCount();
    if (rows == 0)
        return false;
    const QModelIndex current = m_documentList->selectionModel()->currentIndex();
    const int start = current.isValid() ? current.row() : -1;
    for (int step = 1; step <= rows; ++step) {
        const int row = (start + step) % rows;
        const QModelIndex index = m_documentProxy->index(row, 0);
        if (index.data(DocumentListModel::FinishedRole).toBool())
            continue;
        m_documentList->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_documentList->scrollTo(index);
        return true;
    }
    statusBar()->showMessage(tr("Every document is finished."), 5000);
    return false;
}

QString MainWindow::chooseStudyTemplate()
{
    QStringList titles;
    QStringList names;
    for (const auto &t : store::StudyTemplate::all()) {
        names << QString::fromStdString(t.name);
        if (t.name == "summeval")
            titles << tr("SummEval-style: coherence, consistency, fluency, relevance (1–5)");
        else if (t.name == "instrusum")
            titles << tr("InstruSum-style: rankings with ties, error spans, explanation");
        else
            titles << tr("Empty: the dimensions come with the data");
    }
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("New Study"), tr("What the study asks:"), titles, 0, false, &ok);
    if (!ok)
        return {};
    return names.value(static_cast<int>(titles.indexOf(chosen)), QStringLiteral("empty"));
}

Status MainWindow::applyStudyTemplate(const QString &templateName)
{
    const auto *t = store::StudyTemplate::find(templateName.toStdString());
    if (!t)
        return Error{"no study template named '" + templateName.toStdString() + "'", {}, 0, {}};
    const Status status = store::StudyTemplate::apply(*m_session->study(), *t);
    if (status)
        m_session->refresh().ok();
    return status;
}

bool MainWindow::exportAnnotatorPackage(const QString &path, const QString &annotator)
{
    if (!m_session->isOpen() || isBusy()) {
        showError(tr("Export failed"), m_session->isOpen() ? tr("Another import or export is still running.") : tr("Open a study first."));
        return false;
    }
    const std::string out = path.toStdString();
    const std::string rater = annotator.toStdString();
    runJob(tr("Writing the package for %1…").arg(annotator),
           [out, rater, path](const std::string &studyPath) -> Result<QString> {
               store::OpenOptions options;
               options.readOnly = true;
               auto study = store::Study::open(studyPath, options);
               if (!study)
                   return study.error();
               auto report = io::AnnotatorPackage::write(*study.value(), rater, out);
               if (!report)
                   return report.error();
               return tr("Annotator package written: %1").arg(path);
           },
           false);
    return true;
}

bool MainWindow::mergeAnnotations(const QString &path)
{
    if (!m_session->isOpen() || isBusy()) {
        showError(tr("Merge failed"), m_session->isOpen() ? tr("Another import or export is still running.") : tr("Open a study first."));
        return false;
    }
    // The merge is a new transaction on the file: earlier edits cannot be undone across it.
    m_session->undoStack()->clear();
    const std::string other = path.toStdString();
    runJob(tr("Merging annotations from %1…").arg(QFileInfo(path).fileName()),
           [other](const std::string &studyPath) -> Result<QString> {
               auto study = store::Study::open(studyPath);
               if (!study)
                   return study.error();
               auto report = io::AnnotationMerger::mergeFile(*study.value(), other);
               if (!report)
                   return report.error();
               return QString::fromStdString(io::AnnotationMerger::describe(report.value()));
           },
           true);
    return true;
}

void MainWindow::exportPackageDialog()
{
    if (!m_session->isOpen())
        return;
    QStringList humans;
    auto raters = m_session->read([](store::Study &study) { return study.raters(); });
    if (raters)
        for (const auto &r : raters.value())
            if (r.kind == model::RaterKind::Human)
                humans << QString::fromStdString(r.name);
    if (humans.isEmpty()) {
        showError(tr("Export failed"), tr("The study has no annotator yet: choose one first (Ctrl+Shift+A)."));
        return;
    }
    bool ok = false;
    const int current = std::max(0, static_cast<int>(humans.indexOf(m_editor->annotatorName())));
    const QString annotator = QInputDialog::getItem(this, tr("Export Annotator Package"), tr("Annotator:"), humans, current, false, &ok);
    if (!ok)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Annotator Package"),
                                                      annotator + QStringLiteral(".concord"), // not translated: a file suffix
                                                      tr("Concord studies (*.concord)"));
    if (!path.isEmpty())
        exportAnnotatorPackage(path, annotator);
}

void MainWindow::mergeAnnotationsDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Merge Annotations"), {}, tr("Concord studies (*.concord)"));
    if (!path.isEmpty())
        mergeAnnotations(path);
}

} // namespace concord::ui
