#pragma once

#include "error.h"
#include "import_request.h"
#include "io/study_exporter.h"

#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <vector>

class QAction;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace concord::ui {

class DocumentListModel;
class DocumentView;
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
    Status createStudy(const QString &path);
    void closeStudy();

    // Starts an import off the GUI thread; false (with an error shown) if one cannot start now.
    bool importFiles(const ImportRequest &request);
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
    // Lays the window out at size, offscreen if need be, and writes a PNG of it.
    Status saveScreenshot(const QString &path, QSize size);

    StudySession *session() const { return m_session; }
    DocumentView *documentView() const { return m_documentView; }
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
    QStringList recentFiles() const;

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
    DocumentView *m_documentView = nullptr;
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
