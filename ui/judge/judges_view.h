// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/lazy_reload.h"
#include "judge/run_plan.h"
#include "judge/runner.h"
#include "model/ids.h"
#include "reports/judge_panel.h"

#include <QString>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;
class QTimer;

namespace concord::ui {

class ImportMonitor;
class JudgeCallModel;
class JudgePlanBox;
class JudgeRun;
class JudgeSettingsForm;
class StudySession;
class TemplateEditor;

// The "judges" view: the settings (JudgeSettingsForm: provider, protocol, dimensions); cost
// estimate; run, cancel and resume in the background; the calls browser; recorded-judgement
// import; the prompt-template editor. While inactive (not the window's current view) a study change
// reads nothing until the view is active again; the calls are read on a worker thread.
class JudgesView : public QWidget {
    Q_OBJECT
public:
    explicit JudgesView(StudySession *session, QWidget *parent = nullptr);
    ~JudgesView() override;

    // Where the template preview takes its item from (the Annotate view's document); 0 or unset: the first.
    void setCurrentDocumentSource(std::function<model::Id()> source);

    // The provider and options the fields describe; an error names the field to fix.
    Result<judge::ProviderConfig> providerConfig() const;
    judge::RunOptions runOptions() const;

    bool estimate();
    bool startRun(); // also resumes: a rerun sends only what is missing
    // Resumes the study's last interrupted run (its process was killed or failed) as it was started.
    bool resumeInterrupted();
    // Polls the study's batches with their providers on the run's thread, storing what has ended.
    bool fetchBatchResults();
    // While batches wait, they are polled on their own every interval (when no run, import or poll is going), a
    // failure said in the status line rather than a message box, and the study reloaded only when a batch was fetched.
    static constexpr int batchPollIntervalMs = 5 * 60 * 1000;
    void setBatchPollInterval(int ms);
    // The run plan: the judge the settings describe added to it (false, with the reason shown, when they cannot be
    // run or a judge of that name is in it already); the plan's judges estimated or run together (judge::RunPlan),
    // with one progress in the run's bar and Cancel stopping them all. runFinished() follows a plan's run too, ok
    // when every judge's run ended.
    bool addToPlan();
    bool estimatePlan();
    bool startPlan();
    JudgePlanBox *planBox() const { return m_planBox; }
    // Cancel: stops the run, or the recorded import (which then keeps nothing).
    void cancelRun();
    bool isRunning() const;
    // Inactive: a study change waits until the view is active again.
    void setActive(bool active) { m_lazy.setActive(active); }
    bool isActive() const { return m_lazy.isActive(); }
    // The calls of the chosen judge are being read (callsLoaded() follows).
    bool isLoadingCalls() const { return m_callsLoading != 0; }
    // The template preview's item is being planned and read (previewUpdated() follows).
    bool isPreviewing() const { return m_previewing != 0; }
    // How often at most the calls table reads the calls a run has stored since.
    static constexpr int liveCallsIntervalMs = 200;
    // Imports a JSONL file of recorded answers off the GUI thread, its progress in the run's bar and
    // Cancel stopping it; errors are shown in a message box. Not while a run is going.
    bool importRecorded(const QString &path, const QString &protocol, const QString &rater, const QString &model);
    ImportMonitor *importMonitor() const { return m_importMonitor; }
    // Forms a panel of judges off the GUI thread (reports::formPanel), its outcome in the status line or an
    // error box; panelFormed() follows. Not while a run or an import is going.
    bool formPanel(const reports::PanelRequest &request);

    judge::RunProgress lastProgress() const { return m_lastProgress; }
    QString progressText() const;
    JudgeCallModel *callModel() const { return m_callModel; }
    QSortFilterProxyModel *callProxy() const { return m_textProxy; }
    TemplateEditor *templateEditor() const { return m_templateEditor; }

    // Saved provider profiles.
    void saveProvider();
    void loadProvider(const QString &name);
    static QStringList savedProviders();

Q_SIGNALS:
    void runFinished(bool ok);
    void estimateFinished(bool ok);
    void importFinished(bool ok);
    void panelFormed(bool ok);
    void batchesPolled(bool ok);
    // The calls of the latest reload are in callModel() (or the error was shown).
    void callsLoaded();
    // The template preview and the plan's problem (if any) are up to date.
    void previewUpdated();
    void errorShown(const QString &title, const QString &text);

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *createSettingsPane();
    QWidget *createCallsPane();
    void onStudyChanged();
    void onProtocolChanged();
    void onProgress(const judge::RunProgress &progress);
    void onRunFinished(bool ok, const judge::RunProgress &progress, const QString &error);
    void onEstimated(bool ok, const judge::CostEstimate &estimate, const QString &error);
    // The buttons as they now are; when the estimate (a judge's or the plan's) failed, why, and true.
    bool estimateFailed(bool ok, const QString &error);
    void onPlanProgress(const judge::PlanProgress &progress);
    void onPlanFinished(bool ok, const judge::PlanProgress &progress, const QString &error);
    void onPlanEstimated(bool ok, const judge::PlanEstimate &estimate, const QString &error);
    // Why the settings cannot be run as they are (the first problem), or empty.
    QString runProblem(const Result<judge::ProviderConfig> &config) const;
    // After a run or a plan: every view reloaded from the study, the judge's calls shown, the estimate made again.
    void afterRun(bool ok, const QString &failure);
    void reloadCalls();
    // While a run goes on: the running judge's calls in the table, followed as they are stored.
    void followRunningJudge();
    void readLiveCalls();
    void updateDetail();
    void updatePreview();
    void updateButtons();
    void updateInterrupted();
    void onBatchesPolled(bool ok, const QString &summary, int fetched);
    void pollBatchesOnTime();
    void importDialog();
    void panelDialog();
    static QString panelTip();
    void showError(const QString &title, const QString &text);

    StudySession *m_session;
    JudgeRun *m_run;
    JudgeCallModel *m_callModel;
    QSortFilterProxyModel *m_validityProxy;
    QSortFilterProxyModel *m_textProxy;
    std::function<model::Id()> m_currentDocument;
    judge::RunProgress m_lastProgress;
    QString m_runningRater;
    bool m_lastCancelled = false;
    bool m_estimateShown = false; // an estimate is on show: a finished run makes it again
    bool m_importing = false;
    ImportMonitor *m_importMonitor = nullptr;

    JudgeSettingsForm *m_settings = nullptr;
    JudgePlanBox *m_planBox = nullptr;
    bool m_planEstimateShown = false; // the estimate on show is the plan's
    QWidget *m_runBar = nullptr;      // the run's status, progress and buttons, below the scrolling settings
    QPushButton *m_estimateButton = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QPushButton *m_importButton = nullptr;
    QPushButton *m_panelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_estimate = nullptr;
    QLabel *m_planProblem = nullptr;
    QLabel *m_interrupted = nullptr;
    QPushButton *m_resumeInterruptedButton = nullptr;
    QLabel *m_waitingBatches = nullptr; // batches with their providers, not fetched yet
    QPushButton *m_fetchBatchesButton = nullptr;
    bool m_hasWaitingBatches = false;
    QTimer *m_batchPollTimer = nullptr; // the next poll of the waiting batches
    bool m_pollingOnTime = false;       // the poll under way was the timer's, not the user's
    qint64 m_interruptedRun = 0;

    QTabWidget *m_tabs = nullptr;
    QComboBox *m_callRater = nullptr;
    QComboBox *m_validity = nullptr;
    QLineEdit *m_callFilter = nullptr;
    QTableView *m_calls = nullptr;
    QPlainTextEdit *m_detail = nullptr;
    TemplateEditor *m_templateEditor = nullptr;
    quint64 m_callsGeneration = 0;
    quint64 m_callsLoading = 0;    // the generation awaited, 0 when none
    QTimer *m_liveTimer = nullptr; // the next read of a run's new calls
    quint64 m_liveRead = 0;        // the read awaited, 0 when none
    quint64 m_liveReads = 0;
    std::size_t m_liveSeen = 0; // the run's calls done or failed when they were last read
    quint64 m_previewGeneration = 0;
    quint64 m_previewing = 0; // the generation awaited, 0 when none
    LazyReload m_lazy;
};

} // namespace concord::ui
