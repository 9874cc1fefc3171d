#pragma once

#include "error.h"
#include "io/import_request.h"
#include "annotate/annotation_view.h"
#include "io/study_exporter.h"
#include "model/ids.h"

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
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTableView;

namespace concord::ui {

class DocumentListModel;
class AnnotationEditor;
class GuidelinesPanel;
class JudgesView;
class StudySession;
struct StatisticsTableRequest;

// The Concord window: menus, a set of named views (for now the document browser, "annotate"),
// and the status bar. Long work (imports, exports) runs on a worker thread with its own
// connection to the study file; the window reloads when it is done.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens (or creates) a study without asking anything; the caller decides how to show a failure.
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
    QList<QWidget *> chartsOfCurrentView() const;
    bool exportChart(QWidget *chart, const QString &path);
    JudgesView *judgesView() const { return m_judgesView; }
    bool isBusy() const { return m_busyCount > 0; }

    // The named views, in menu order; showView() returns false for an unknown name.
    QStringList viewNames() const;
    QString currentViewName() const;
    bool showView(const QString &name);

    // Selects the first document (if any) in the document list and shows it.
    void selectFirstDocument();
    // ---- settings (issue 7) ----
    // Geometry, docks and toolbars, splitter sizes and the current view as the last window left
    // them (AppSettings); saved when the window closes. Returns whether a geometry was restored.
    bool restoreLayout();
    void saveLayout() const;

    // Lays the window out at size, offscreen if need be, and writes a PNG of it.
    Status saveScreenshot(const QString &path, QSize size);

    StudySession *session() const { return m_session; }
    AnnotationView *documentView() const { return m_documentView; }

    // ---- Annotate (issue 5; main_window_annotate.cpp) ----
    AnnotationEditor *annotationEditor() const { return m_editor; }
    // Makes name the annotator (remembered among the recent names); empty stops annotating.
    Status setAnnotator(const QString &name);
    // Moves to the next document (after the current one, wrapping) that is not finished.
    bool nextUnfinished();
    // At start: asks who annotates (after the event loop starts) when nobody is chosen yet.
    void askForAnnotatorIfNone();
    // Writes the annotator's package / merges another study's human judgements, on a worker thread.
    bool exportAnnotatorPackage(const QString &path, const QString &annotator);
    bool mergeAnnotations(const QString &path);
    QDockWidget *guidelinesDock() const { return m_guidelinesDock; }
    QLabel *progressLabel() const { return m_progressLabel; }
    QTableView *documentList() const { return m_documentList; }
    QLineEdit *documentFilter() const { return m_filter; }

    // Shows an error in a window-modal, non-blocking message box (tests find it as a child).
    void showError(const QString &title, const QString &text);

Q_SIGNALS:
    void errorShown(const QString &title, const QString &text);
    // After a background job (import or export) ended, successfully or not.
    void jobFinished(bool ok);

private:
    struct View {
        QString name;
        QString title;
        QWidget *widget = nullptr;
        QAction *action = nullptr;
    };

    void createActions();
    void createMenus();
    QWidget *createAnnotateView();
    void addView(const QString &name, const QString &title, QWidget *widget);

    void newStudyDialog();
    void openStudyDialog();
    void importSummEvalDialog();
    void importTableDialog();
    void exportDialog();
    void statisticsExportDialog();
    void chartExportDialog();
    void bundleExportDialog();
    void about();

    void rebuildRecentMenu();
    void addRecentFile(const QString &path);
    // Every splitter of every view, keyed "VIEW-N" (N in creation order), for the saved sizes.
    std::vector<std::pair<QString, QSplitter *>> splitters() const;

    void onStudyChanged();
    void onCurrentDocumentChanged();
    void stepDocument(int delta);
    void focusFilter();
    void updateCounts();
    void updateActions();

    // Runs work(studyPath) on a worker thread; on the GUI thread afterwards, shows the error or the
    // message and, if reload is set, reloads the views.
    void closeEvent(QCloseEvent *event) override;

    void runJob(const QString &busyText, std::function<Result<QString>(const std::string &)> work, bool reload);

    StudySession *m_session;
    DocumentListModel *m_documentModel;
    QSortFilterProxyModel *m_documentProxy;
    QTableView *m_documentList = nullptr;
    QLineEdit *m_filter = nullptr;
    AnnotationView *m_documentView = nullptr;

    // ---- Annotate (issue 5; main_window_annotate.cpp) ----
    void createAnnotateActions();
    void createAnnotateMenus();
    void onAnnotationStudyChanged();
    void onJudgementsChanged(model::Id document);
    void reloadProgress();
    void updateProgressLabel();
    void chooseAnnotatorDialog();
    void exportPackageDialog();
    void mergeAnnotationsDialog();
    QString chooseStudyTemplate();
    Status applyStudyTemplate(const QString &templateName);
    AnnotationEditor *m_editor = nullptr;
    GuidelinesPanel *m_guidelines = nullptr;
    QDockWidget *m_guidelinesDock = nullptr;
    QLabel *m_progressLabel = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_annotatorAction = nullptr;
    QAction *m_nextUnfinishedAction = nullptr;
    QAction *m_findTextAction = nullptr;
    QAction *m_exportPackageAction = nullptr;
    QAction *m_mergeAction = nullptr;
    QAction *m_markErrorAction = nullptr;
    QStackedWidget *m_views;
    std::vector<View> m_viewList;
    QLabel *m_countsLabel;
    QProgressBar *m_busyIndicator;
    int m_busyCount = 0;
    bool m_closeWhenIdle = false;

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_importSummEvalAction = nullptr;
    QAction *m_importTableAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_exportStatisticsAction = nullptr;
    QAction *m_exportChartAction = nullptr;
    QAction *m_exportBundleAction = nullptr;
    JudgesView *m_judgesView = nullptr;
    QAction *m_closeAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_findAction = nullptr;
    QAction *m_nextAction = nullptr;
    QAction *m_previousAction = nullptr;
    QAction *m_showSystemNamesAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
};

} // namespace concord::ui
