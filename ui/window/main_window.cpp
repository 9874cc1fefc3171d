// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/main_window.h"

#include "annotate/annotate_workspace.h"
#include "annotate/annotation_view.h"
#include "common/app_settings.h"
#include "common/background_job.h"
#include "common/chart_text_fit.h"
#include "common/colour_scheme.h"
#include "common/file_dialogs.h"
#include "common/import_monitor.h"
#include "common/study_session.h"
#include "common/title_width.h"
#include "compare/agreement_view.h"
#include "inspect/disagreement_view.h"
#include "judge/judges_view.h"
#include "review/review_view.h"
#include "team/team_view.h"
#include "window/assign_dialog.h"
#include "window/chart_exporter.h"
#include "window/statistics_export.h"
#include "window/statistics_export_dialog.h"
#include "window/table_import_dialog.h"
#include "window/team_status_indicator.h"
#include "window/team_study_dialog.h"

#include "io/annotation_merger.h"
#include "io/annotator_package.h"
#include "io/bundle_writer.h"
#include "store/connection_uri.h"
#include "store/database.h"
#include "store/pg_team.h"
#include "store/study.h"
#include "store/study_check.h"
#include "store/study_files.h"
#include "store/study_template.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QChartView>
#include <QCloseEvent>
#include <QDataStream>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QInputDialog>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace concord::ui {

namespace {

// QMainWindow::saveState's version: a state saved by a window with other docks is not restored.
constexpr int layoutVersion = 1;

// Panes of zero size are collapsed, or the splitter was never laid out (its view or tab never shown):
// such sizes would hide the panes for good, so they are neither saved nor restored.
bool allPanesOpen(const QList<int> &sizes, const QSplitter *splitter)
{
    return sizes.size() == splitter->count() && std::ranges::all_of(sizes, [](int size) { return size > 0; });
}

int stretchFactor(const QSplitter *splitter, int pane)
{
    const QSizePolicy policy = splitter->widget(pane)->sizePolicy();
    return splitter->orientation() == Qt::Horizontal ? policy.horizontalStretch() : policy.verticalStretch();
}

// What QSplitter starts a pane with when no size was given: its size hint times its stretch
// factor. Stretching panes share the space in the ratio of these; setSizes() would first raise
// one below the pane's minimum, so they are given scaled up, which keeps the ratio.
int startingSize(const QSplitter *splitter, int pane)
{
    constexpr int scale = 100;
    const QSize hint = splitter->widget(pane)->sizeHint();
    const int size = std::max(1, splitter->orientation() == Qt::Horizontal ? hint.width() : hint.height());
    bool stretches = stretchFactor(splitter, pane) != 0;
    if (!stretches) {
        // With no stretch factor set, every pane stretches.
        stretches = true;
        for (int other = 0; other < splitter->count(); ++other)
            stretches = stretches && stretchFactor(splitter, other) == 0;
    }
    return stretches ? size * std::max(1, stretchFactor(splitter, pane)) * scale : size;
}

// The sizes a view built its splitter with: what it gave setSizes(), read from QSplitter's
// saveState() (a marker, a version, then these sizes), else what QSplitter starts from now.
QList<int> builtSizes(const QSplitter *splitter)
{
    QDataStream stream(splitter->saveState());
    stream.setVersion(QDataStream::Qt_5_0);
    qint32 marker = 0;
    qint32 version = 0;
    QList<int> sizes;
    stream >> marker >> version >> sizes;
    sizes.resize(splitter->count(), -1);
    for (int pane = 0; pane < sizes.size(); ++pane) {
        if (sizes.at(pane) <= 0)
            sizes[pane] = startingSize(splitter, pane);
    }
    return sizes;
}

QString errorText(const Error &error)
{
    return QString::fromStdString(error.describe());
}

QString studyFileFilter()
{
    return MainWindow::tr("Concord studies (*.concord);;All files (*)");
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_session(new StudySession(this))
    , m_views(new QStackedWidget(this))
    , m_countsLabel(new QLabel(this))
    , m_teamStatus(new TeamStatusIndicator(this))
    , m_busyIndicator(new QProgressBar(this))
    , m_cancelImportButton(new QPushButton(tr("Cancel Import"), this))
    , m_importMonitor(new ImportMonitor(this))
{
    setObjectName(QStringLiteral("mainWindow"));

    // Annotate: the document list beside the annotation view, the editor that writes every answer,
    // the guidelines; its actions join the menus below.
    m_annotate = new AnnotateWorkspace(m_session, this);
    connect(m_annotate, &AnnotateWorkspace::errorOccurred, this, &MainWindow::showError);
    connect(m_annotate, &AnnotateWorkspace::statusMessage, this,
            [this](const QString &text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(m_annotate, &AnnotateWorkspace::showRequested, this, [this] { showView(QStringLiteral("annotate")); });
    connect(m_annotate, &AnnotateWorkspace::judgementsChanged, this, &MainWindow::updateCountsInBackground);
    // A team study: the counts follow what the team commits, and the annotator's own edits once they arrived
    // (counted when made, an edit still on its way to the server would be missing).
    connect(m_session, &StudySession::contentChanged, this, &MainWindow::updateCountsInBackground);
    connect(m_session, &StudySession::editsSent, this, &MainWindow::updateCountsInBackground);
    connect(m_annotate, &AnnotateWorkspace::packageExportRequested, this, &MainWindow::exportAnnotatorPackage);
    connect(m_annotate, &AnnotateWorkspace::mergeRequested, this, &MainWindow::mergeAnnotations);
    createActions();
    setCentralWidget(m_views);
    addView(QStringLiteral("annotate"), tr("&Annotate"), m_annotate->view());
    // The Judges view: its template preview follows the document shown in Annotate.
    m_judgesView = new JudgesView(m_session, m_views);
    m_judgesView->setCurrentDocumentSource([this] { return m_annotate->annotationView()->documentId(); });
    addView(QStringLiteral("judges"), tr("&Judges"), m_judgesView);
    // The agreement dashboard and the disagreement inspector, which opens a document in Annotate.
    m_agreementView = new AgreementView(m_session);
    addView(QStringLiteral("agreement"), tr("A&greement"), m_agreementView);
    m_disagreementView = new DisagreementView(m_session);
    addView(QStringLiteral("disagreements"), tr("&Disagreements"), m_disagreementView);
    connect(m_disagreementView, &DisagreementView::openInAnnotate, this, [this](qint64 document, qint64 candidate) {
        showView(QStringLiteral("annotate"));
        m_annotate->goToCandidate(document, candidate);
    });
    // The lead's review of the annotators' work: reads only while shown, blind like the Disagreements view.
    auto *review = new ReviewView(m_session);
    addView(QStringLiteral("review"), tr("Re&view"), review);
    connect(review, &ReviewView::openInAnnotate, this, [this](qint64 document, qint64 candidate) {
        showView(QStringLiteral("annotate"));
        m_annotate->goToCandidate(document, candidate);
    });
    review->setActive(false);
    connect(m_views, &QStackedWidget::currentChanged, review,
            [this, review] { review->setActive(m_views->currentWidget() == review); });
    connect(m_annotate->actions().revealSystemNames, &QAction::toggled, review, &ReviewView::setShowSystemNames);
    // The lead's Team dashboard, last: it computes only while shown.
    addView(QStringLiteral("team"), tr("&Team"), new TeamView(m_session));
    createMenus();
    for (const auto &[key, splitter] : splitters())
        m_builtSplitterSizes.emplace_back(key, builtSizes(splitter));
    updateActiveViews();
    connect(m_views, &QStackedWidget::currentChanged, this, &MainWindow::updateActiveViews);

    m_countsLabel->setObjectName(QStringLiteral("studyCounts"));
    m_countsLabel->setTextFormat(Qt::PlainText);
    // A busy indicator for exports and merges; an import shows how much of its files it has read.
    m_busyIndicator->setObjectName(QStringLiteral("jobProgress"));
    m_busyIndicator->setMaximumWidth(160);
    showImportProgress(false);
    m_busyIndicator->hide();
    statusBar()->addPermanentWidget(m_busyIndicator);
    m_cancelImportButton->setObjectName(QStringLiteral("cancelImportButton"));
    m_cancelImportButton->hide();
    statusBar()->addPermanentWidget(m_cancelImportButton);
    connect(m_importMonitor, &ImportMonitor::progressed, m_busyIndicator, &QProgressBar::setValue);
    connect(m_cancelImportButton, &QPushButton::clicked, this, [this] {
        m_importMonitor->cancel();
        m_cancelImportButton->setEnabled(false);
    });
    m_teamStatus->follow(m_session);
    statusBar()->addPermanentWidget(m_teamStatus);
    statusBar()->addPermanentWidget(m_countsLabel);

    connect(m_session, &StudySession::studyChanged, this, &MainWindow::onStudyChanged);
    onStudyChanged();
    // Without a study, start in the document list; opening one puts the keyboard on its work.
    m_annotate->documentList()->setFocus();
}

MainWindow::~MainWindow() = default;

// ---- construction ----

void MainWindow::createActions()
{
    m_newAction = new QAction(tr("&New Study…"), this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newStudyDialog);

    m_openAction = new QAction(tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openStudyDialog);

    m_openTeamAction = new QAction(tr("Open Te&am Study…"), this);
    m_openTeamAction->setObjectName(QStringLiteral("openTeamStudyAction"));
    m_openTeamAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(m_openTeamAction, &QAction::triggered, this, [this] { openTeamStudyDialog(); });

    m_importSummEvalAction = new QAction(tr("Import &SummEval JSONL…"), this);
    m_importSummEvalAction->setObjectName(QStringLiteral("importSummEvalAction"));
    connect(m_importSummEvalAction, &QAction::triggered, this, &MainWindow::importSummEvalDialog);

    m_importTableAction = new QAction(tr("Import &Table (JSONL/CSV/TSV)…"), this);
    m_importTableAction->setObjectName(QStringLiteral("importTableAction"));
    connect(m_importTableAction, &QAction::triggered, this, &MainWindow::importTableDialog);

    m_exportAction = new QAction(tr("&Judgements (CSV, JSONL)…"), this);
    m_exportAction->setObjectName(QStringLiteral("exportJudgementsAction"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportDialog);

    m_exportStatisticsAction = new QAction(tr("Statistics &Table (CSV, Markdown, LaTeX)…"), this);
    m_exportStatisticsAction->setObjectName(QStringLiteral("exportStatisticsAction"));
    connect(m_exportStatisticsAction, &QAction::triggered, this, &MainWindow::statisticsExportDialog);
    m_exportChartAction = new QAction(tr("&Chart (PNG, SVG, PDF)…"), this);
    connect(m_exportChartAction, &QAction::triggered, this, &MainWindow::chartExportDialog);
    m_exportBundleAction = new QAction(tr("Study &Bundle…"), this);
    m_exportBundleAction->setObjectName(QStringLiteral("exportBundleAction"));
    connect(m_exportBundleAction, &QAction::triggered, this, &MainWindow::bundleExportDialog);

    // The lead's: which documents each annotator annotates (concord-cli team assign in a dialog).
    m_assignAction = new QAction(tr("Assi&gn Documents…"), this);
    m_assignAction->setObjectName(QStringLiteral("assignDocumentsAction"));
    m_assignAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(m_assignAction, &QAction::triggered, this, &MainWindow::assignDocumentsDialog);

    m_checkAction = new QAction(tr("Check &Study…"), this);
    connect(m_checkAction, &QAction::triggered, this, &MainWindow::checkStudy);

    m_closeAction = new QAction(tr("&Close"), this);
    m_closeAction->setShortcut(QKeySequence::Close);
    connect(m_closeAction, &QAction::triggered, this, &MainWindow::closeStudy);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    // No shortcut: rarely needed, and a key would be one more to clash with the views' own.
    m_resetLayoutAction = new QAction(tr("&Reset Layout"), this);
    m_resetLayoutAction->setObjectName(QStringLiteral("resetLayoutAction"));
    connect(m_resetLayoutAction, &QAction::triggered, this, &MainWindow::resetLayout);

    m_aboutAction = new QAction(tr("&About Concord"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::about);
}

void MainWindow::createMenus()
{
    const AnnotateWorkspace::Actions &annotating = m_annotate->actions();

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    file->addAction(m_openTeamAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    file->addSeparator();
    file->addAction(m_importSummEvalAction);
    file->addAction(m_importTableAction);
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(m_exportAction);
    exportMenu->addAction(m_exportStatisticsAction);
    exportMenu->addAction(m_exportChartAction);
    exportMenu->addAction(m_exportBundleAction);
    file->addSeparator();
    file->addAction(annotating.exportPackage);
    file->addAction(annotating.merge);
    file->addAction(m_assignAction);
    file->addSeparator();
    file->addAction(m_checkAction);
    file->addAction(m_closeAction);
    file->addAction(m_quitAction);

    auto *edit = new QMenu(tr("&Edit"), this);
    edit->addAction(annotating.undo);
    edit->addAction(annotating.redo);
    menuBar()->addMenu(edit);

    QMenu *document = menuBar()->addMenu(tr("&Document"));
    document->addAction(annotating.goToDocument);
    document->addAction(annotating.nextDocument);
    document->addAction(annotating.previousDocument);

    // Alt+A opens this menu, as its underlined A says (the View menu's Annotate is reached inside that menu).
    auto *annotate = new QMenu(tr("&Annotate", "menu"), this);
    annotate->setObjectName(QStringLiteral("annotateMenu"));
    annotate->addAction(annotating.chooseAnnotator);
    annotate->addSeparator();
    annotate->addAction(annotating.findInArticle);
    annotate->addAction(annotating.markError);
    annotate->addSeparator();
    annotate->addAction(annotating.nextDocument);
    annotate->addAction(annotating.previousDocument);
    annotate->addAction(annotating.nextUnfinished);
    annotate->addAction(annotating.goToDocument);
    annotate->addSeparator();
    annotate->addAction(annotating.refusedEdits);
    annotate->addAction(annotating.toggleGuidelines);
    menuBar()->addMenu(annotate);
    addAction(annotating.toggleGuidelines);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    auto *group = new QActionGroup(this);
    for (View &view : m_viewList) {
        group->addAction(view.action);
        m_viewMenu->addAction(view.action);
    }
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(annotating.revealSystemNames);
    // One switch for every view: the Disagreements view is as blind as the cards until it is revealed.
    connect(annotating.revealSystemNames, &QAction::toggled, m_disagreementView, &DisagreementView::setShowSystemNames);
    m_disagreementView->setShowSystemNames(annotating.revealSystemNames->isChecked());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_resetLayoutAction);
    m_viewMenu->addSeparator();
    ColourScheme::addMenu(m_viewMenu); // applied at once; main() applies the stored one at start

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    // Where a new annotator looks first: the guidelines of the study, beside the Annotate view.
    QAction *guidelines = help->addAction(tr("Annotation &Guidelines"));
    guidelines->setObjectName(QStringLiteral("helpGuidelines"));
    connect(guidelines, &QAction::triggered, this, [this] {
        showView(QStringLiteral("annotate"));
        m_annotate->guidelinesDock()->show();
        m_annotate->guidelinesDock()->raise();
    });
    help->addAction(m_aboutAction);

    rebuildRecentMenu();

    // The guidelines belong to Annotate: visible only with its view.
    addDockWidget(Qt::RightDockWidgetArea, m_annotate->guidelinesDock());
    connect(m_views, &QStackedWidget::currentChanged, this, [this] {
        if (currentViewName() != QStringLiteral("annotate"))
            m_annotate->guidelinesDock()->hide();
    });
    m_annotate->guidelinesDock()->hide();
    statusBar()->addPermanentWidget(m_annotate->progressLabel());
}

void MainWindow::addView(const QString &name, const QString &title, QWidget *widget)
{
    View view{name, title, widget, new QAction(title, this)};
    view.action->setCheckable(true);
    view.action->setShortcut(
        QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + static_cast<int>(m_viewList.size()))));
    view.action->setChecked(m_viewList.empty());
    m_views->addWidget(widget);
    connect(view.action, &QAction::triggered, this, [this, name] { showView(name); });
    m_viewList.push_back(view);
}

// ---- views ----

QStringList MainWindow::viewNames() const
{
    QStringList names;
    for (const View &view : m_viewList)
        names << view.name;
    return names;
}

QString MainWindow::currentViewName() const
{
    for (const View &view : m_viewList) {
        if (view.widget == m_views->currentWidget())
            return view.name;
    }
    return {};
}

bool MainWindow::showView(const QString &name)
{
    for (const View &view : m_viewList) {
        if (view.name == name) {
            m_views->setCurrentWidget(view.widget);
            view.action->setChecked(true);
            return true;
        }
    }
    return false;
}

void MainWindow::updateActiveViews()
{
    QWidget *current = m_views->currentWidget();
    m_judgesView->setActive(current == m_judgesView);
    m_agreementView->setActive(current == m_agreementView);
    m_disagreementView->setActive(current == m_disagreementView);
}

// ---- the study ----

Status MainWindow::openStudy(const QString &path)
{
    if (isBusy())
        return Error{"wait until the running import or export has finished", {}, 0, {}};
    Status status = m_session->open(path);
    if (status) {
        addRecentFile(m_session->displayName());
        annotateAsTeamLogin();
    }
    return status;
}

void MainWindow::annotateAsTeamLogin()
{
    if (!m_session->isOpen() || !m_session->isShared() || !m_session->study()->isBlind())
        return;
    auto login
        = m_session->read([](store::Study &study) { return store::PgTeam::login(*study.database().postgres()).name; });
    if (!login) {
        showError(tr("Cannot read the study"), errorText(login.error()));
        return;
    }
    const QString name = QString::fromStdString(login.value());
    // The keyboard goes to the work only in the Annotate view: an annotator has nothing else to do first.
    showView(QStringLiteral("annotate"));
    if (const Status status = setAnnotator(name); !status)
        showError(tr("Cannot annotate"),
                  tr("Your login %1 has no rater in this team study: ask its lead to add you (concord-cli team add).")
                      .arg(name));
}

Status MainWindow::createStudy(const QString &path, const QString &templateName)
{
    if (isBusy())
        return Error{"wait until the running import or export has finished", {}, 0, {}};
    Status status = m_session->create(path);
    if (status)
        addRecentFile(m_session->path());
    if (status && !templateName.isEmpty())
        status = applyStudyTemplate(templateName);
    return status;
}

void MainWindow::closeStudy()
{
    if (!isBusy())
        m_session->close();
}

void MainWindow::onStudyChanged()
{
    m_annotate->reload();
    updateCounts();
    updateActions();
    if (m_session->isOpen() && m_session->isShared()) {
        // A team study is named by its connection string, never with its password.
        setWindowTitle(tr("%1 — Concord").arg(m_session->displayName()));
        setWindowFilePath({});
    } else if (m_session->isOpen()) {
        const QFileInfo info(m_session->path());
        setWindowTitle(tr("%1 — Concord").arg(info.fileName()));
        setWindowFilePath(info.absoluteFilePath());
    } else {
        setWindowTitle(tr("Concord"));
        setWindowFilePath({});
    }
}

void MainWindow::updateCounts()
{
    ++m_countsGeneration; // read now: a recount still on its way is older
    if (!m_session->isOpen()) {
        m_countsLabel->setText(tr("No study open"));
        return;
    }
    auto counts = m_session->read([](store::Study &study) { return study.counts(); });
    if (!counts) {
        m_countsLabel->setText(tr("Counts unavailable: %1").arg(errorText(counts.error())));
        return;
    }
    showCounts(counts.value());
}

void MainWindow::updateCountsInBackground()
{
    if (!m_session->isOpen())
        return;
    if (m_countsRunning) {
        m_countsAgain = true;
        return;
    }
    m_countsRunning = true;
    const quint64 generation = ++m_countsGeneration;
    runInBackground<store::StudyCounts>(
        this,
        [path = m_session->path().toStdString()]() -> Result<store::StudyCounts> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(path, options);
            if (!study)
                return study.error();
            return study.value()->counts();
        },
        [this, generation](Result<store::StudyCounts> counts) {
            m_countsRunning = false;
            // A failed recount keeps the last counts shown: they lag by one edit at most.
            if (generation == m_countsGeneration && counts)
                showCounts(counts.value());
            if (std::exchange(m_countsAgain, false))
                updateCountsInBackground();
        });
}

void MainWindow::showCounts(const store::StudyCounts &c)
{
    // "Documents: 8" rather than "8 document(s)": English has no plural forms without a translation.
    const QLocale locale;
    const auto n = [&locale](std::int64_t value) { return locale.toString(static_cast<qlonglong>(value)); };
    m_countsLabel->setText(
        QStringList{tr("Documents: %1").arg(n(c.documents)), tr("Systems: %1").arg(n(c.systems)),
                    tr("Candidates: %1").arg(n(c.candidates)), tr("Raters: %1").arg(n(c.raters)),
                    tr("Judgements: %1").arg(n(c.ratings + c.rankings + c.errorSpans + c.pairwiseOutcomes))}
            .join(QStringLiteral(" · ")));
}

void MainWindow::updateActions()
{
    const bool open = m_session->isOpen();
    const bool idle = !isBusy();
    m_newAction->setEnabled(idle);
    m_openAction->setEnabled(idle);
    m_openTeamAction->setEnabled(idle);
    m_recentMenu->setEnabled(idle);
    m_exportChartAction->setEnabled(open);
    m_exportBundleAction->setEnabled(open && idle);
    m_checkAction->setEnabled(open);
    m_closeAction->setEnabled(open && idle);

    // What an annotator's login may not do on a team study: the server would refuse it, so it is not offered,
    // and its status tip and tool tip say why.
    const bool blind = open && m_session->study()->isBlind();
    const auto offer = [](QAction *action, bool enabled, const QString &whyNot) {
        action->setEnabled(enabled);
        action->setStatusTip(whyNot);
        action->setToolTip(whyNot); // none: the action's text, as before
    };
    offer(m_exportAction, open && idle && !blind,
          blind ? tr("An annotator exports no judgements: the team study's lead exports everyone's.") : QString());
    const QString noImport
        = blind ? tr("An annotator imports nothing: the team study's lead adds its documents and judgements.")
                : QString();
    offer(m_importSummEvalAction, open && idle && !blind, noImport);
    offer(m_importTableAction, open && idle && !blind, noImport);
    offer(m_exportStatisticsAction, open && idle && !blind,
          blind ? tr("An annotator makes no statistics: they need which system wrote each summary, which the team "
                     "study keeps from annotators.")
                : QString());
    offer(m_exportBundleAction, open && idle && !blind,
          blind ? tr("An annotator exports no study bundle: it holds everyone's judgements and the systems' names, "
                     "which the team study keeps for its lead.")
                : QString());
    // Packages and merges move other people's work: the lead's.
    offer(m_annotate->actions().exportPackage, open && !blind,
          blind ? tr("An annotator writes no annotator packages: the team study's lead hands them out.") : QString());
    offer(m_annotate->actions().merge, open && !blind,
          blind ? tr("An annotator merges no packages: the team study's lead merges them into the study.") : QString());
    offer(m_assignAction, open && idle && !blind,
          blind ? tr("An annotator assigns no documents: the team study's lead decides who annotates what.")
                : QString());
    QAction *reveal = m_annotate->actions().revealSystemNames;
    if (blind)
        reveal->setChecked(false);
    offer(reveal, !blind,
          blind ? tr("An annotator works blind: which system wrote a summary is for the team study's lead to see.")
                : QString());
}

// ---- dialogs ----

void MainWindow::newStudyDialog()
{
    QFileDialog dialog(this, tr("New Study"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilter(studyFileFilter());
    dialog.setDefaultSuffix(QStringLiteral("concord"));
    // Concord never replaces a study: Study::create refuses an existing file and says so.
    dialog.setOption(QFileDialog::DontConfirmOverwrite);
    FileDialogs::makeContentBlind(dialog);
    if (const QString dir = AppSettings().lastDirectory(AppSettings::Directory::Open); !dir.isEmpty())
        dialog.setDirectory(dir);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    AppSettings().setLastDirectory(AppSettings::Directory::Open, dialog.selectedFiles().constFirst());
    // What the study asks: a template (SummEval-style, InstruSum-style) or nothing yet.
    const QString templateName = chooseStudyTemplate();
    if (templateName.isNull())
        return;
    const Status status = createStudy(dialog.selectedFiles().constFirst(), templateName);
    if (!status)
        showError(tr("Cannot create the study"), errorText(status.error()));
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
    const QString chosen
        = QInputDialog::getItem(this, tr("New Study"), tr("What the study asks:"), titles, 0, false, &ok);
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

void MainWindow::openStudyDialog()
{
    const QString path = FileDialogs::getOpenFileName(
        this, tr("Open Study"), AppSettings().lastDirectory(AppSettings::Directory::Open), studyFileFilter());
    if (path.isEmpty())
        return;
    AppSettings().setLastDirectory(AppSettings::Directory::Open, path);
    const Status status = openStudy(path);
    if (!status)
        showError(tr("Cannot open the study"), errorText(status.error()));
}

void MainWindow::openTeamStudyDialog(const QString &startFrom)
{
    auto *dialog = new TeamStudyDialog([this](const QString &connection) { return openStudy(connection); }, this);
    dialog->setObjectName(QStringLiteral("teamStudyDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Starts from the team study open now, so that a second login or another study is one edit away.
    if (!startFrom.isEmpty())
        dialog->setConnection(startFrom);
    else if (m_session->isShared())
        dialog->setConnection(m_session->displayName());
    dialog->open();
}

void MainWindow::importSummEvalDialog()
{
    const QStringList paths = FileDialogs::getOpenFileNames(this, tr("Import SummEval JSONL"),
                                                            AppSettings().lastDirectory(AppSettings::Directory::Import),
                                                            tr("JSON Lines (*.jsonl *.json);;All files (*)"));
    if (paths.isEmpty())
        return;
    AppSettings().setLastDirectory(AppSettings::Directory::Import, paths.constFirst());
    io::ImportRequest request;
    request.kind = io::ImportRequest::Kind::SummEval;
    for (const QString &path : paths)
        request.paths.push_back(path.toStdString());
    importFiles(request);
}

void MainWindow::importTableDialog()
{
    TableImportDialog dialog(m_session->path(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    io::ImportRequest request;
    request.kind = io::ImportRequest::Kind::Table;
    request.paths = {dialog.filePath().toStdString()};
    request.format = dialog.format();
    request.mapping = dialog.mapping();
    importFiles(request);
}

void MainWindow::exportDialog()
{
    const QString csvFilter = tr("CSV, long format (*.csv)");
    const QString jsonlFilter = tr("JSON Lines (*.jsonl)");
    QString selected = csvFilter;
    QString path = FileDialogs::getSaveFileName(this, tr("Export Judgements"),
                                                AppSettings().lastDirectory(AppSettings::Directory::Export),
                                                csvFilter + QStringLiteral(";;") + jsonlFilter, &selected);
    if (path.isEmpty())
        return;
    AppSettings().setLastDirectory(AppSettings::Directory::Export, path);
    const QString suffix = QFileInfo(path).suffix().toLower();
    io::ExportFormat format = io::ExportFormat::Csv;
    if (suffix == QStringLiteral("jsonl"))
        format = io::ExportFormat::Jsonl;
    else if (suffix != QStringLiteral("csv")) {
        format = selected == jsonlFilter ? io::ExportFormat::Jsonl : io::ExportFormat::Csv;
        path += format == io::ExportFormat::Jsonl ? QStringLiteral(".jsonl") : QStringLiteral(".csv");
    }
    exportTo(path, format);
}

// ---- export: statistics tables, charts, bundles ----

void MainWindow::statisticsExportDialog()
{
    // The dialog starts on what the Agreement view shows.
    StatisticsTableRequest shown;
    switch (m_agreementView->shownTable()) {
    case AgreementView::ShownTable::Agreement:
        shown.kind = StatisticsTableRequest::Kind::Agreement;
        break;
    case AgreementView::ShownTable::Pairwise:
        shown.kind = StatisticsTableRequest::Kind::Pairwise;
        break;
    case AgreementView::ShownTable::Correlation:
        shown.kind = StatisticsTableRequest::Kind::Correlation;
        shown.rater = m_agreementView->shownJudge().toStdString();
        break;
    case AgreementView::ShownTable::Estimates:
        shown.kind = StatisticsTableRequest::Kind::Estimates;
        shown.estimate = m_agreementView->estimateRequest();
        shown.rater = shown.estimate.judge;
        break;
    }
    shown.humanGroup = m_agreementView->humanGroup().toStdString();
    StatisticsExportDialog dialog(m_session, this, shown);
    if (dialog.exec() != QDialog::Accepted)
        return;
    StatisticsTableRequest request = dialog.request();
    // Alpha at the level the Agreement view shows, so that the file and the view give one alpha.
    request.alphaLevel = m_agreementView->alphaLevel();
    QString selected;
    QString path = FileDialogs::getSaveFileName(this, tr("Export Statistics Table"),
                                                AppSettings().lastDirectory(AppSettings::Directory::Export),
                                                StatisticsExport::fileFilter(), &selected);
    if (path.isEmpty())
        return;
    AppSettings().setLastDirectory(AppSettings::Directory::Export, path);
    if (!StatisticsExport::styleFor(path)) {
        // No known suffix: take the one of the chosen filter, e.g. "Markdown (*.md)".
        const qsizetype star = selected.indexOf(QStringLiteral("*."));
        path += star >= 0 ? selected.mid(star + 1).chopped(1) : QStringLiteral(".csv");
    }
    request.path = path.toStdString();
    request.style = StatisticsExport::styleFor(path).value_or(io::TableStyle::Csv);
    exportStatistics(request);
}

bool MainWindow::exportStatistics(const StatisticsTableRequest &request)
{
    if (!m_session->isOpen() || isBusy()) {
        showError(tr("Export failed"),
                  m_session->isOpen() ? tr("Another import or export is still running.") : tr("Open a study first."));
        return false;
    }
    const QString path = QString::fromStdString(request.path);
    runJob(
        tr("Exporting statistics to %1…").arg(QFileInfo(path).fileName()),
        [request, path](const std::string &studyPath) -> Result<QString> {
            auto report = StatisticsExport::write(studyPath, request);
            if (!report)
                return report.error();
            return tr("Export done: %1 (rows: %2).").arg(path).arg(report.value().rows);
        },
        false);
    return true;
}

void MainWindow::assignDocumentsDialog()
{
    if (!m_session->isOpen() || m_session->study()->isBlind())
        return;
    AssignDialog dialog(m_session, this);
    bool stored = false;
    connect(&dialog, &AssignDialog::assignFinished, this, [&stored](bool ok) { stored = stored || ok; });
    dialog.exec();
    // Another connection wrote the assignment: the views read the study file again, as after an import, so that
    // Next Unfinished follows it. A team study's Annotate view reads it again with each document.
    if (stored && !m_session->isShared()) {
        const Status refreshed = m_session->refresh();
        if (!refreshed)
            showError(tr("Cannot read the study"), errorText(refreshed.error()));
    }
}

void MainWindow::bundleExportDialog()
{
    const QString folder = FileDialogs::getSaveFileName(this, tr("Export Study Bundle (a new folder)"),
                                                        AppSettings().lastDirectory(AppSettings::Directory::Export), {},
                                                        nullptr, QFileDialog::DontConfirmOverwrite);
    if (folder.isEmpty())
        return;
    // The bundle's parent: the new folder itself does not exist yet.
    AppSettings().setLastDirectory(AppSettings::Directory::Export, QFileInfo(folder).absolutePath());
    exportBundle(folder);
}

bool MainWindow::exportBundle(const QString &folder)
{
    if (!m_session->isOpen() || isBusy()) {
        showError(tr("Export failed"),
                  m_session->isOpen() ? tr("Another import or export is still running.") : tr("Open a study first."));
        return false;
    }
    runJob(
        tr("Writing the study bundle %1…").arg(QFileInfo(folder).fileName()),
        [folder](const std::string &studyPath) -> Result<QString> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(studyPath, options);
            if (!study)
                return study.error();
            auto report = io::BundleWriter::write(*study.value(), folder.toStdString());
            if (!report)
                return report.error();
            return tr("Study bundle written: %1").arg(folder);
        },
        false);
    return true;
}

QList<QWidget *> MainWindow::chartsOfCurrentView() const
{
    QList<QWidget *> charts;
    if (QWidget *view = m_views->currentWidget()) {
        for (QChartView *chart : view->findChildren<QChartView *>())
            if (chart->isVisibleTo(view))
                charts << chart;
    }
    return charts;
}

bool MainWindow::exportChart(QWidget *chart, const QString &path)
{
    if (const Status target = store::StudyFiles::checkWriteTarget(path.toStdString(), m_session->path().toStdString());
        !target) {
        showError(tr("Export failed"), errorText(target.error()));
        return false;
    }
    const auto *chartView = qobject_cast<QChartView *>(chart);
    // The title as set: the one drawn may be wrapped to the chart's width with line breaks.
    const QString title = chartView && chartView->chart() ? ChartTextFit::fullTitle(chartView->chart()) : QString();
    const Status status = ChartExporter::exportWidget(chart, path, title);
    if (!status) {
        showError(tr("Export failed"), errorText(status.error()));
        return false;
    }
    statusBar()->showMessage(tr("Chart exported: %1").arg(path), 10000);
    return true;
}

void MainWindow::chartExportDialog()
{
    const QList<QWidget *> charts = chartsOfCurrentView();
    if (charts.isEmpty()) {
        showError(tr("Export failed"),
                  tr("The current view shows no chart. Open the Agreement view and export from there."));
        return;
    }
    QWidget *chart = charts.constFirst();
    if (charts.size() > 1) {
        QStringList names;
        for (QWidget *c : charts) {
            const auto *view = qobject_cast<QChartView *>(c);
            const QString title = view && view->chart() ? ChartTextFit::fullTitle(view->chart()) : QString();
            names << (title.isEmpty() ? tr("Chart %1").arg(names.size() + 1) : title);
        }
        bool ok = false;
        const QString name = QInputDialog::getItem(this, tr("Export Chart"), tr("Chart:"), names, 0, false, &ok);
        if (!ok)
            return;
        chart = charts.at(std::max<qsizetype>(0, names.indexOf(name)));
    }
    QString selected;
    QString path = FileDialogs::getSaveFileName(this, tr("Export Chart"),
                                                AppSettings().lastDirectory(AppSettings::Directory::Export),
                                                ChartExporter::fileFilter(), &selected);
    if (path.isEmpty())
        return;
    AppSettings().setLastDirectory(AppSettings::Directory::Export, path);
    if (!ChartExporter::formatFor(path)) {
        const qsizetype star = selected.indexOf(QStringLiteral("*."));
        path += star >= 0 ? selected.mid(star + 1).chopped(1) : QStringLiteral(".png");
    }
    exportChart(chart, path);
}

bool MainWindow::checkStudy()
{
    if (!m_session->isOpen()) {
        showError(tr("Check failed"), tr("Open a study first."));
        return false;
    }
    // A team study's connection string may hold a password: messages name what displayName() shows.
    const QString path = m_session->displayName();
    statusBar()->showMessage(tr("Checking %1…").arg(m_session->isShared() ? path : QFileInfo(path).fileName()));
    // SQLite's integrity check reads every page: off the GUI thread, on a connection of its own.
    runInBackground<store::StudyCheckReport>(
        this, [studyPath = m_session->path().toStdString()] { return store::StudyCheck::run(studyPath); },
        [this, path](Result<store::StudyCheckReport> outcome) {
            statusBar()->clearMessage();
            if (!outcome) {
                showError(tr("Check failed"), errorText(outcome.error()));
                Q_EMIT studyChecked(false);
                return;
            }
            const auto &problems = outcome.value().problems;
            QString text;
            if (problems.empty()) {
                // A team study has no SQLite pages to check; its server keeps the data rules itself.
                text = outcome.value().shared
                           ? tr("No problem found in the team study %1: its format, the server's data rules and "
                                "every stored judgement were checked.")
                                 .arg(path)
                           : tr("No damage found in %1: SQLite's integrity and foreign key checks, the schema check "
                                "and the data rules passed.")
                                 .arg(path);
            } else {
                QStringList lines;
                for (const auto &problem : problems)
                    lines << QString::fromStdString(problem);
                text = tr("%1 is damaged. What the check found:").arg(path) + QStringLiteral("\n\n")
                       + lines.join(QLatin1Char('\n'));
            }
            auto *box = new QMessageBox(problems.empty() ? QMessageBox::Information : QMessageBox::Warning,
                                        tr("Check Study"), text, QMessageBox::Ok, this);
            box->setObjectName(QStringLiteral("checkResultBox"));
            box->setTextFormat(Qt::PlainText);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            Q_EMIT studyChecked(problems.empty());
        });
    return true;
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About Concord"),
                       tr("<h3>Concord %1</h3><p>People and LLM judges evaluate the same machine-written "
                          "summaries; Concord shows, charts and exports how far they agree.</p>")
                           .arg(QCoreApplication::applicationVersion().toHtmlEscaped()));
}

// ---- recent files ----

void MainWindow::addRecentFile(const QString &path)
{
    AppSettings().addRecentStudy(path);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    // Files moved or deleted since are dropped for good, so the menu only offers what opens.
    const QStringList files = AppSettings().recentStudies();

    m_recentMenu->clear();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString path = files.at(i);
        // Numbered mnemonics 1..9, then 0, as desktop applications do.
        // A '&' in a file name is text, not a mnemonic. A team study shows its whole connection string
        // (stored without a password): its last part alone would be just a database name.
        const QString shown = store::isConnectionString(path.toStdString()) ? path : QFileInfo(path).fileName();
        const QString name = QString(shown).replace(QLatin1Char('&'), QStringLiteral("&&"));
        const QString label = i < 10 ? QStringLiteral("&%1 %2").arg((i + 1) % 10).arg(name) : name;
        QAction *action = m_recentMenu->addAction(label);
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] {
            const Status status = openStudy(path);
            if (!status)
                showError(tr("Cannot open the study"), errorText(status.error()));
        });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent studies"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("&Clear Menu")), &QAction::triggered, this, [this] {
        AppSettings().clearRecentStudies();
        rebuildRecentMenu();
    });
}

// ---- background jobs ----

bool MainWindow::importFiles(const io::ImportRequest &request)
{
    if (!m_session->isOpen()) {
        showError(tr("Import failed"), tr("Open or create a study first."));
        return false;
    }
    if (isBusy()) {
        showError(tr("Import failed"), tr("Another import or export is still running."));
        return false;
    }
    const QString busyText
        = request.paths.size() == 1
              ? tr("Importing %1…").arg(QFileInfo(QString::fromStdString(request.paths.front())).fileName())
              : tr("Importing %1 files…").arg(request.paths.size());
    showImportProgress(true);
    runJob(
        busyText,
        [request, progress = m_importMonitor->start()](const std::string &studyPath) -> Result<QString> {
            auto report = request.run(studyPath, progress);
            if (!report)
                return report.error();
            const io::ImportReport &r = report.value();
            const QLocale locale;
            return tr("Import done. Added documents: %1, candidates: %2, ratings: %3.")
                .arg(locale.toString(static_cast<qlonglong>(r.documents)),
                     locale.toString(static_cast<qlonglong>(r.candidates)),
                     locale.toString(static_cast<qlonglong>(r.ratings)));
        },
        true);
    return true;
}

bool MainWindow::exportTo(const QString &path, io::ExportFormat format)
{
    if (!m_session->isOpen() || isBusy()) {
        showError(tr("Export failed"),
                  m_session->isOpen() ? tr("Another import or export is still running.") : tr("Open a study first."));
        return false;
    }
    const std::string out = path.toStdString();
    runJob(
        tr("Exporting to %1…").arg(QFileInfo(path).fileName()),
        [out, format, path](const std::string &studyPath) -> Result<QString> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(studyPath, options);
            if (!study)
                return study.error();
            // The file alone rebuilds the study's judgements: the items they are about come first.
            io::ExportOptions exportOptions;
            exportOptions.items = true;
            auto report = io::StudyExporter::exportTo(*study.value(), out, format, exportOptions);
            if (!report)
                return report.error();
            return tr("Export done: %1 (rows: %2).")
                .arg(path, QLocale().toString(static_cast<qlonglong>(report.value().rows)));
        },
        false);
    return true;
}

bool MainWindow::exportAnnotatorPackage(const QString &path, const QString &annotator)
{
    if (!m_session->isOpen() || isBusy()) {
        showError(tr("Export failed"),
                  m_session->isOpen() ? tr("Another import or export is still running.") : tr("Open a study first."));
        return false;
    }
    const std::string out = path.toStdString();
    const std::string rater = annotator.toStdString();
    runJob(
        tr("Writing the package for %1…").arg(annotator),
        [out, rater, path](const std::string &studyPath) -> Result<QString> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(studyPath, options);
            if (!study)
                return study.error();
            // The lead picks whom the package is for, possibly someone not yet in the study.
            auto report
                = io::AnnotatorPackage::write(*study.value(), rater, out, io::AnnotatorPackage::UnknownName::Create);
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
        showError(tr("Merge failed"),
                  m_session->isOpen() ? tr("Another import or export is still running.") : tr("Open a study first."));
        return false;
    }
    // The merge is a new transaction on the file: earlier edits cannot be undone across it.
    m_session->undoStack()->clear();
    const std::string other = path.toStdString();
    runJob(
        tr("Merging annotations from %1…").arg(QFileInfo(path).fileName()),
        [other](const std::string &studyPath) -> Result<QString> {
            auto study = store::Study::open(studyPath);
            if (!study)
                return study.error();
            auto report = io::AnnotationMerger::mergeFile(*study.value(), other);
            if (!report)
                return report.error();
            return QString::fromStdString(io::AnnotationMerger::describe(report.value()));
        },
        true,
        [this, path](const Result<QString> &outcome) {
            const QString from = tr("From %1:").arg(QDir::toNativeSeparators(path));
            if (outcome) {
                statusBar()->showMessage(outcome.value(), 10000);
                showMergeSummary(tr("Merge Summary"), from + QLatin1Char('\n') + outcome.value());
            } else {
                statusBar()->clearMessage();
                const QString text = errorText(outcome.error());
                showMergeSummary(tr("Merge failed"), from + QLatin1Char('\n') + text);
                Q_EMIT errorShown(tr("Merge failed"), text);
            }
        });
    return true;
}

void MainWindow::runJob(const QString &busyText, std::function<Result<QString>(const std::string &)> work, bool reload,
                        std::function<void(const Result<QString> &)> report)
{
    ++m_busyCount;
    updateActions();
    m_busyIndicator->show();
    statusBar()->showMessage(busyText);

    const std::string studyPath = m_session->path().toStdString();
    runInBackground<QString>(
        this, [work = std::move(work), studyPath] { return work(studyPath); },
        [this, reload, report = std::move(report)](Result<QString> outcome) {
            --m_busyCount;
            // Only an import that failed because it was asked to stop is a cancel: one that had already
            // finished when Cancel was clicked is simply done.
            const bool cancelled = m_importMonitor->finish() && !outcome;
            showImportProgress(false);
            if (!isBusy())
                m_busyIndicator->hide();
            updateActions();
            if (m_closeWhenIdle && !isBusy()) {
                close();
                return;
            }
            if (cancelled) {
                // What the user asked for, not an error: said in the status bar, the study as it was.
                statusBar()->showMessage(ImportMonitor::cancelledText(), 10000);
            } else if (report) {
                report(outcome);
                if (outcome && reload) {
                    const Status refreshed = m_session->refresh();
                    if (!refreshed)
                        showError(tr("Cannot read the study"), errorText(refreshed.error()));
                }
            } else if (outcome) {
                statusBar()->showMessage(outcome.value(), 10000);
                if (reload) {
                    const Status refreshed = m_session->refresh();
                    if (!refreshed)
                        showError(tr("Cannot read the study"), errorText(refreshed.error()));
                }
            } else {
                statusBar()->clearMessage();
                showError(reload ? tr("Import failed") : tr("Export failed"), errorText(outcome.error()));
            }
            Q_EMIT jobFinished(outcome.ok());
        });
}

void MainWindow::showImportProgress(bool shown)
{
    // Indeterminate (range 0–0) when the job does not say how far it is.
    m_busyIndicator->setRange(0, shown ? 100 : 0);
    m_busyIndicator->setValue(0);
    m_busyIndicator->setTextVisible(shown);
    m_cancelImportButton->setVisible(shown);
    m_cancelImportButton->setEnabled(shown);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (isBusy()) {
        // An import or a merge is one transaction: let the job finish (or fail) cleanly, then close.
        m_closeWhenIdle = true;
        statusBar()->showMessage(tr("Concord will close when the running job has finished…"));
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

// ---- the window's layout, kept across starts ----

std::vector<std::pair<QString, QSplitter *>> MainWindow::splitters() const
{
    std::vector<std::pair<QString, QSplitter *>> found;
    for (const View &view : m_viewList) {
        QList<QSplitter *> list = view.widget->findChildren<QSplitter *>();
        if (auto *self = qobject_cast<QSplitter *>(view.widget))
            list.prepend(self);
        for (qsizetype i = 0; i < list.size(); ++i)
            found.emplace_back(view.name + QLatin1Char('-') + QString::number(i), list.at(i));
    }
    return found;
}

bool MainWindow::restoreLayout()
{
    AppSettings settings;
    const QByteArray geometry = settings.windowGeometry();
    const bool placed = !geometry.isEmpty() && restoreGeometry(geometry);
    if (const QByteArray state = settings.windowState(); !state.isEmpty())
        restoreState(state, layoutVersion);
    for (const auto &[key, splitter] : splitters()) {
        // Sizes saved for another arrangement of panes are left alone.
        const QList<int> sizes = settings.splitterSizes(key);
        if (allPanesOpen(sizes, splitter))
            splitter->setSizes(sizes);
    }
    // After the docks: leaving Annotate hides the guidelines.
    if (const QString view = settings.currentView(); !view.isEmpty())
        showView(view);
    // Saved on a larger screen, or before the scale grew: never restored beyond this one. Before it is
    // shown only a window larger than the screen itself is made smaller (the frame is not known yet,
    // and a guess at it would shrink a window that fits a little more at every start).
    if (placed && !isMaximized() && !isFullScreen()) {
        if (const QScreen *shown = screen(); shown && !shown->availableGeometry().contains(this->geometry()))
            resizeWithinScreen(size());
        m_restoredSize = size();
    }
    return placed;
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_restoredSize.isEmpty())
        return;
    const QSize restored = std::exchange(m_restoredSize, QSize());
    // After the window system has placed the window and framed it.
    QTimer::singleShot(0, this, [this, restored] {
        const QScreen *shown = screen();
        if (shown && size() == restored && !isMaximized() && !isFullScreen()
            && !shown->availableGeometry().contains(frameGeometry()))
            resizeWithinScreen(size());
    });
}

void MainWindow::resizeWithinScreen(QSize preferred)
{
    const QScreen *screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    if (!screen) {
        resize(preferred);
        return;
    }
    const QRect available = screen->availableGeometry();
    // The window manager's frame is known once the window is shown; until then, a title bar and
    // borders as most desktops draw them.
    QMargins frame(geometry().left() - frameGeometry().left(), geometry().top() - frameGeometry().top(),
                   frameGeometry().right() - geometry().right(), frameGeometry().bottom() - geometry().bottom());
    if (frame.isNull()) {
        const int border = 4;
        frame = QMargins(border, fontMetrics().height() * 2 + border, border, border);
    }
    const QSize room = available.size().shrunkBy(frame);
    resize(preferred.boundedTo(room));
    // Back onto the screen where the frame would stick out (pos() is the frame's corner).
    QRect placed(pos(), size().grownBy(frame));
    placed.moveRight(std::min(placed.right(), available.right()));
    placed.moveBottom(std::min(placed.bottom(), available.bottom()));
    placed.moveLeft(std::max(placed.left(), available.left()));
    placed.moveTop(std::max(placed.top(), available.top()));
    if (placed.topLeft() != pos())
        move(placed.topLeft());
}

void MainWindow::saveLayout() const
{
    AppSettings settings;
    settings.setWindowGeometry(saveGeometry());
    settings.setWindowState(saveState(layoutVersion));
    // A splitter not shown this time keeps the sizes saved before.
    for (const auto &[key, splitter] : splitters()) {
        if (const QList<int> sizes = splitter->sizes(); allPanesOpen(sizes, splitter))
            settings.setSplitterSizes(key, sizes);
    }
    settings.setCurrentView(currentViewName());
}

void MainWindow::resetLayout()
{
    AppSettings().clearSplitterSizes();
    for (const auto &[key, splitter] : splitters()) {
        const auto built = std::ranges::find(m_builtSplitterSizes, key, &std::pair<QString, QList<int>>::first);
        splitter->setSizes(built != m_builtSplitterSizes.end() ? built->second : builtSizes(splitter));
    }
}

// ---- output ----

void MainWindow::showMergeSummary(const QString &title, const QString &text)
{
    // Not a message box: a summary or a list of conflicts can be longer than a screen.
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("mergeSummary"));
    dialog->setWindowTitle(title);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *box = new QPlainTextEdit(dialog);
    box->setObjectName(QStringLiteral("mergeSummaryText"));
    box->setReadOnly(true);
    box->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    box->setPlainText(text);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(box);
    layout->addWidget(buttons);
    dialog->resize(std::max(titleFitWidth(*dialog), 560), 320);
    fitTitle(*dialog);
    dialog->show(); // not modal: the user may want to look at the study while reading it
}

void MainWindow::showError(const QString &title, const QString &message)
{
    // A worker's message may quote the team study's connection string as the worker was given it.
    const QString text
        = m_session->isShared()
              ? QString::fromStdString(store::redactPassword(message.toStdString(), m_session->path().toStdString()))
              : message;
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorBox"));
    // The text may quote the user's files: never let it be read as markup.
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT errorShown(title, text);
}

Status MainWindow::saveScreenshot(const QString &path, QSize size)
{
    resize(size);
    show();
    if (!documentList()->currentIndex().isValid())
        selectFirstDocument();
    // Let layouts and pending paints settle before grabbing.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    if (const Status target = store::StudyFiles::checkWriteTarget(path.toStdString(), m_session->path().toStdString());
        !target)
        return target;
    const QPixmap pixmap = grab();
    if (pixmap.isNull())
        return Error{"could not render the window", {}, 0, {}};
    if (!pixmap.save(path, "PNG"))
        return Error{"cannot write the screenshot " + path.toStdString(), {}, 0, {}};
    return {};
}

} // namespace concord::ui
