// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "annotate/annotate_workspace.h"
#include "annotate/annotation_view.h"
#include "error.h"
#include "io/import_request.h"
#include "io/study_exporter.h"

#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <utility>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTableView;

namespace concord::store {
struct StudyCounts;
} // namespace concord::store

namespace concord::ui {

class AgreementView;
class DisagreementView;
class ImportMonitor;
class JudgesView;
class StudySession;
class TeamStatusIndicator;
struct StatisticsTableRequest;

// The Concord window: menus, a set of named views (Annotate, Judges, Agreement, Disagreements) and
// the status bar. Long work (imports, exports, merges) runs on a worker thread with its own
// connection to the study file; the window reloads when it is done.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens (or creates) a study without asking anything; the caller decides how to show a failure.
    // path may be a team study's connection string; its password is kept neither in Recent nor in the title.
    Status openStudy(const QString &path);
    // templateName: a core StudyTemplate ("summeval", "instrusum", "empty"), or empty for none.
    Status createStudy(const QString &path, const QString &templateName = {});
    void closeStudy();

    // Starts an import off the GUI thread; false (with an error shown) if one cannot start now.
    bool importFiles(const io::ImportRequest &request);
    bool exportTo(const QString &path, io::ExportFormat format);
    // File > Export: a statistics table (CSV, Markdown, LaTeX) and a study bundle, off the GUI thread;
    // a chart of the current view as PNG, SVG or PDF (on the GUI thread: it renders widgets).
    bool exportStatistics(const StatisticsTableRequest &request);
    bool exportBundle(const QString &folder);
    // Writes the annotator's package / merges another study's human judgements, on a worker thread.
    bool exportAnnotatorPackage(const QString &path, const QString &annotator);
    bool mergeAnnotations(const QString &path);
    QList<QWidget *> chartsOfCurrentView() const;
    // Refuses a path that is the study or a file SQLite keeps beside it, like every export.
    bool exportChart(QWidget *chart, const QString &path);
    // File > Check Study: SQLite's integrity and foreign key checks and the schema check, off the GUI
    // thread; the result in a message box. False if no study is open.
    bool checkStudy();
    JudgesView *judgesView() const { return m_judgesView; }
    bool isBusy() const { return m_busyCount > 0; }
    // The running import's progress (the bar and the Cancel button in the status bar follow it).
    ImportMonitor *importMonitor() const { return m_importMonitor; }

    // The named views, in menu order; showView() returns false for an unknown name.
    QStringList viewNames() const;
    QString currentViewName() const;
    bool showView(const QString &name);

    // ---- settings ----
    // Geometry, docks and toolbars, splitter sizes and the current view as the last window left
    // them (AppSettings); saved when the window closes. Returns whether a geometry was restored.
    // A splitter with a collapsed pane (or never laid out, so all zero) is neither saved nor restored.
    bool restoreLayout();
    // Resizes the window to preferred, or less where its screen's available geometry has less room
    // (a laptop, twice the scale), and moves it so that its frame is on that screen.
    void resizeWithinScreen(QSize preferred);
    void saveLayout() const;
    // View > Reset Layout: every splitter back to the sizes it was built with; the saved ones forgotten.
    void resetLayout();

    // Lays the window out at size, offscreen if need be, and writes a PNG of it.
    Status saveScreenshot(const QString &path, QSize size);

    StudySession *session() const { return m_session; }
    // The status bar's server and unsent-edits indicator of a team study.
    TeamStatusIndicator *teamStatusIndicator() const { return m_teamStatus; }
    // File > Open Team Study…: a window-modal dialog that returns at once (tests find it as a child),
    // starting from startFrom when given, else from the team study open now.
    void openTeamStudyDialog(const QString &startFrom = {});

    // ---- Annotate (the AnnotateWorkspace) ----
    AnnotateWorkspace *annotateWorkspace() const { return m_annotate; }
    AnnotationView *annotationView() const { return m_annotate->annotationView(); }
    AnnotationEditor *annotationEditor() const { return m_annotate->editor(); }
    // Makes name, one of the study's human raters, the annotator (remembered among the recent
    // names); empty stops annotating. Never adds a rater.
    Status setAnnotator(const QString &name) { return m_annotate->setAnnotator(name); }
    // Adds a new human rater in group and makes it the annotator.
    Status createAnnotator(const QString &name, const QString &group)
    {
        return m_annotate->createAnnotator(name, group);
    }
    // Moves to the next document (after the current one, wrapping) that is not finished.
    bool nextUnfinished() { return m_annotate->nextUnfinished(); }
    // At start: asks who annotates (after the event loop starts) when nobody is chosen yet.
    void askForAnnotatorIfNone() { m_annotate->askForAnnotatorIfNone(); }
    // Selects the first document (if any) in the document list and shows it.
    void selectFirstDocument() { m_annotate->selectFirstDocument(); }
    QDockWidget *guidelinesDock() const { return m_annotate->guidelinesDock(); }
    QLabel *progressLabel() const { return m_annotate->progressLabel(); }
    QTableView *documentList() const { return m_annotate->documentList(); }
    QLineEdit *documentFilter() const { return m_annotate->documentFilter(); }

    // Shows an error in a window-modal, non-blocking message box (tests find it as a child).
    void showError(const QString &title, const QString &text);

Q_SIGNALS:
    void errorShown(const QString &title, const QString &text);
    // After a background job (import, export, merge) ended, successfully or not.
    void jobFinished(bool ok);
    // After File > Check Study: healthy, or damaged (or the check failed).
    void studyChecked(bool healthy);

protected:
    // Saves the layout; while a job runs, the window closes only once it has ended.
    void closeEvent(QCloseEvent *event) override;
    // A restored geometry is checked again once the window manager's frame is known.
    void showEvent(QShowEvent *event) override;

private:
    struct View {
        QString name;
        QString title;
        QWidget *widget = nullptr;
        QAction *action = nullptr;
    };

    void createActions();
    void createMenus();
    void addView(const QString &name, const QString &title, QWidget *widget);

    void newStudyDialog();
    void openStudyDialog();
    void importSummEvalDialog();
    void importTableDialog();
    void exportDialog();
    void statisticsExportDialog();
    void chartExportDialog();
    void bundleExportDialog();
    void assignDocumentsDialog();
    void about();
    QString chooseStudyTemplate();
    Status applyStudyTemplate(const QString &templateName);

    void rebuildRecentMenu();
    void addRecentFile(const QString &path);
    // Every splitter of every view, keyed "VIEW-N" (N in creation order), for the saved sizes.
    std::vector<std::pair<QString, QSplitter *>> splitters() const;
    // Each splitter's sizes as its view built it, by key: what View > Reset Layout brings back.
    std::vector<std::pair<QString, QList<int>>> m_builtSplitterSizes;

    void onStudyChanged();
    // An annotator's login on a team study annotates as its own rater, at once: the only one the server lets
    // it write as. A lead chooses, as on a study file.
    void annotateAsTeamLogin();
    // Only the current view reads the study: the others wait until they are shown.
    void updateActiveViews();
    void updateCounts();
    // After an edit or the team's commits: the counts read again on a worker thread, one count at a time
    // (a request while one runs counts once more after it; an older result is dropped).
    void updateCountsInBackground();
    void showCounts(const store::StudyCounts &counts);
    void updateActions();

    // Runs work(studyPath) on a worker thread; on the GUI thread afterwards, shows the error or the
    // message and, if reload is set, reloads the views. An import's work reports to m_importMonitor,
    // started before: a percentage instead of the busy indicator, and a Cancel button.
    // report, when given, tells the user the outcome instead of the status bar or an error box.
    void runJob(const QString &busyText, std::function<Result<QString>(const std::string &)> work, bool reload,
                std::function<void(const Result<QString> &)> report = {});
    // A merge's summary or its list of conflicts, in full: a read-only, scrollable text.
    void showMergeSummary(const QString &title, const QString &text);
    void showImportProgress(bool shown);

    StudySession *m_session;
    QStackedWidget *m_views;
    QLabel *m_countsLabel;
    TeamStatusIndicator *m_teamStatus;
    quint64 m_countsGeneration = 0;
    bool m_countsRunning = false;
    bool m_countsAgain = false;
    QProgressBar *m_busyIndicator;
    QPushButton *m_cancelImportButton;
    ImportMonitor *m_importMonitor;
    AnnotateWorkspace *m_annotate = nullptr;
    JudgesView *m_judgesView = nullptr;
    AgreementView *m_agreementView = nullptr;
    DisagreementView *m_disagreementView = nullptr;
    std::vector<View> m_viewList;
    int m_busyCount = 0;
    bool m_closeWhenIdle = false;
    // The size restoreLayout() gave the window, checked against the screen once shown (an empty size:
    // nothing to check; a window resized since keeps the size it was given).
    QSize m_restoredSize;

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_openTeamAction = nullptr;
    QAction *m_importSummEvalAction = nullptr;
    QAction *m_importTableAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_exportStatisticsAction = nullptr;
    QAction *m_exportChartAction = nullptr;
    QAction *m_exportBundleAction = nullptr;
    QAction *m_checkAction = nullptr;
    QAction *m_assignAction = nullptr;
    QAction *m_closeAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_resetLayoutAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
};

} // namespace concord::ui
