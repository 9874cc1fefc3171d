// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/judges_view.h"

#include "common/app_settings.h"
#include "common/background_job.h"
#include "common/file_dialogs.h"
#include "common/flow_layout.h"
#include "common/header_width.h"
#include "common/import_monitor.h"
#include "common/study_session.h"
#include "judge/judge_call_model.h"
#include "judge/judge_plan_box.h"
#include "judge/judge_run.h"
#include "judge/judge_settings_form.h"
#include "judge/panel_dialog.h"
#include "judge/template_editor.h"

#include "judge/protocol.h"
#include "judge/recorded_import.h"
#include "judge/unit_context.h"
#include "judge/work_planner.h"
#include "reports/judge_panel.h"
#include "store/study.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTime>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <utility>

namespace concord::ui {

namespace {

QString seconds(double s)
{
    if (!std::isfinite(s))
        return QStringLiteral("–");
    const auto total = static_cast<long long>(std::llround(s));
    if (total >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(total / 3600)
            .arg(total / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(total % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

JudgesView::JudgesView(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_run(new JudgeRun(this))
    , m_callModel(new JudgeCallModel(this))
    , m_validityProxy(new QSortFilterProxyModel(this))
    , m_textProxy(new QSortFilterProxyModel(this))
    , m_lazy([this] { onStudyChanged(); },
             [this] {
                 ++m_callsGeneration;
                 ++m_previewGeneration;
                 m_callsLoading = 0;
                 m_previewing = 0;
             })
{
    setObjectName(QStringLiteral("judgesView"));
    m_validityProxy->setSourceModel(m_callModel);
    m_validityProxy->setFilterRole(JudgeCallModel::ValidityRole);
    m_validityProxy->setFilterKeyColumn(JudgeCallModel::IdColumn);
    m_textProxy->setSourceModel(m_validityProxy);
    // The text filter searches the whole call (prompt, answer, reason), not the shortened cells.
    m_textProxy->setFilterRole(JudgeCallModel::DetailRole);
    m_textProxy->setFilterKeyColumn(JudgeCallModel::IdColumn);
    m_textProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(createCallsPane(), tr("&Calls"));
    m_templateEditor = new TemplateEditor(m_tabs);
    m_tabs->addTab(m_templateEditor, tr("Prompt &Template"));

    // The settings scroll; the run's controls stay below them, in sight and in place while a run goes on (at
    // the foot of the scrolling settings they had been cut off, and a run's growing status moved Cancel).
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(left);
    scroll->setObjectName(QStringLiteral("settingsScroll"));
    scroll->setWidget(createSettingsPane());
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    left->setMinimumWidth(360);
    leftLayout->addWidget(scroll, 1);
    leftLayout->addWidget(m_runBar);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_run, &JudgeRun::progressed, this, &JudgesView::onProgress);
    // The calls table follows a run as its calls are stored, at most every liveCallsIntervalMs and one read at a
    // time: a fast run's hundreds of answers a second reach it in batches, the window stays responsive.
    m_liveTimer = new QTimer(this);
    m_liveTimer->setSingleShot(true);
    m_liveTimer->setInterval(liveCallsIntervalMs);
    connect(m_liveTimer, &QTimer::timeout, this, &JudgesView::readLiveCalls);
    m_batchPollTimer = new QTimer(this);
    m_batchPollTimer->setSingleShot(true);
    m_batchPollTimer->setInterval(batchPollIntervalMs);
    connect(m_batchPollTimer, &QTimer::timeout, this, &JudgesView::pollBatchesOnTime);
    // A recorded import shows how much of its file it has read in the run's bar.
    m_importMonitor = new ImportMonitor(this);
    connect(m_importMonitor, &ImportMonitor::progressed, m_progress, &QProgressBar::setValue);
    connect(m_run, &JudgeRun::finished, this, &JudgesView::onRunFinished);
    connect(m_run, &JudgeRun::estimated, this, &JudgesView::onEstimated);
    connect(m_run, &JudgeRun::planProgressed, this, &JudgesView::onPlanProgress);
    connect(m_run, &JudgeRun::planFinished, this, &JudgesView::onPlanFinished);
    connect(m_run, &JudgeRun::planEstimated, this, &JudgesView::onPlanEstimated);
    connect(m_session, &StudySession::studyChanged, this, [this] {
        // Whether the login may run judges at all is known at once, even while the view waits to read.
        updateButtons();
        m_lazy.request();
    });

    onProtocolChanged();
    m_lazy.request();
}

JudgesView::~JudgesView() = default;

QWidget *JudgesView::createSettingsPane()
{
    auto *pane = new QWidget;
    auto *layout = new QVBoxLayout(pane);

    m_settings = new JudgeSettingsForm(pane);
    layout->addWidget(m_settings);
    m_planBox = new JudgePlanBox(pane);
    layout->addWidget(m_planBox);

    // The run bar: what the run says above, its buttons at the foot, which a longer text never moves.
    m_runBar = new QWidget;
    m_runBar->setObjectName(QStringLiteral("runBar"));
    auto *bar = new QVBoxLayout(m_runBar);
    // What makes the chosen protocol and dimensions impossible, said before anything can be paid for.
    m_planProblem = new QLabel(m_runBar);
    m_planProblem->setObjectName(QStringLiteral("planProblem"));
    m_planProblem->setVisible(false);
    m_status = new QLabel(tr("No run yet."), m_runBar);
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_estimate = new QLabel(m_runBar);
    m_estimate->setObjectName(QStringLiteral("estimateText"));
    for (QLabel *label : {m_planProblem, m_status, m_estimate}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        bar->addWidget(label);
    }
    m_progress = new QProgressBar(m_runBar);
    m_progress->setObjectName(QStringLiteral("runProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    bar->addWidget(m_progress);
    auto *buttons = new QHBoxLayout;
    m_estimateButton = new QPushButton(tr("&Estimate Cost"), m_runBar);
    m_estimateButton->setObjectName(QStringLiteral("estimateButton"));
    m_runButton = new QPushButton(tr("&Run"), m_runBar);
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_cancelButton = new QPushButton(tr("Ca&ncel"), m_runBar);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    buttons->addWidget(m_estimateButton);
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);
    bar->addLayout(buttons);

    // A run left behind by a killed or failed process: said, and resumable as it was started.
    m_interrupted = new QLabel(pane);
    m_interrupted->setObjectName(QStringLiteral("interruptedRuns"));
    m_interrupted->setTextFormat(Qt::PlainText);
    m_interrupted->setWordWrap(true);
    m_interrupted->setVisible(false);
    layout->addWidget(m_interrupted);
    m_resumeInterruptedButton = new QPushButton(tr("Resume &Interrupted Run"), pane);
    m_resumeInterruptedButton->setObjectName(QStringLiteral("resumeInterruptedButton"));
    m_resumeInterruptedButton->setVisible(false);
    layout->addWidget(m_resumeInterruptedButton);

    // Batches a run sent to a provider's batch API: shown whenever the study has some, however long ago.
    m_waitingBatches = new QLabel(pane);
    m_waitingBatches->setObjectName(QStringLiteral("waitingBatches"));
    m_waitingBatches->setTextFormat(Qt::PlainText);
    m_waitingBatches->setWordWrap(true);
    m_waitingBatches->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_waitingBatches->setVisible(false);
    layout->addWidget(m_waitingBatches);
    m_fetchBatchesButton = new QPushButton(tr("Fetch Batch Results"), pane);
    m_fetchBatchesButton->setObjectName(QStringLiteral("fetchBatchesButton"));
    m_fetchBatchesButton->setVisible(false);
    layout->addWidget(m_fetchBatchesButton);

    m_importButton = new QPushButton(tr("&Import Recorded Judgements…"), pane);
    m_importButton->setObjectName(QStringLiteral("importRecordedButton"));
    layout->addWidget(m_importButton);
    m_panelButton = new QPushButton(tr("Form Panel of Jud&ges…"), pane);
    m_panelButton->setObjectName(QStringLiteral("formPanelButton"));
    layout->addWidget(m_panelButton);
    layout->addStretch(1);

    connect(m_settings, &JudgeSettingsForm::protocolChanged, this, &JudgesView::onProtocolChanged);
    connect(m_settings, &JudgeSettingsForm::dimensionsChanged, this, &JudgesView::updatePreview);
    connect(m_settings, &JudgeSettingsForm::errorOccurred, this, &JudgesView::showError);
    connect(m_estimateButton, &QPushButton::clicked, this, &JudgesView::estimate);
    connect(m_runButton, &QPushButton::clicked, this, &JudgesView::startRun);
    connect(m_cancelButton, &QPushButton::clicked, this, &JudgesView::cancelRun);
    connect(m_resumeInterruptedButton, &QPushButton::clicked, this, &JudgesView::resumeInterrupted);
    connect(m_fetchBatchesButton, &QPushButton::clicked, this, &JudgesView::fetchBatchResults);
    connect(m_run, &JudgeRun::batchesPolled, this, &JudgesView::onBatchesPolled);
    connect(m_importButton, &QPushButton::clicked, this, &JudgesView::importDialog);
    connect(m_planBox, &JudgePlanBox::addRequested, this, &JudgesView::addToPlan);
    connect(m_planBox, &JudgePlanBox::estimateRequested, this, &JudgesView::estimatePlan);
    connect(m_planBox, &JudgePlanBox::runRequested, this, &JudgesView::startPlan);
    connect(m_panelButton, &QPushButton::clicked, this, &JudgesView::panelDialog);
    return pane;
}

QWidget *JudgesView::createCallsPane()
{
    auto *pane = new QWidget;
    // On a narrow screen the filters go on in a second row rather than widen the window.
    auto *filters = new FlowLayout;
    m_callRater = new QComboBox(pane);
    m_callRater->setObjectName(QStringLiteral("callRater"));
    m_callRater->setMinimumContentsLength(16);
    m_validity = new QComboBox(pane);
    m_validity->setObjectName(QStringLiteral("callValidity"));
    m_validity->addItem(tr("All calls"), QString());
    m_validity->addItem(tr("Valid only"), QStringLiteral("valid"));
    m_validity->addItem(tr("Invalid only"), QStringLiteral("invalid"));
    m_callFilter = new QLineEdit(pane);
    m_callFilter->setObjectName(QStringLiteral("callFilter"));
    m_callFilter->setPlaceholderText(tr("Filter prompts, answers and reasons"));
    m_callFilter->setClearButtonEnabled(true);
    filters->addPair(new QLabel(tr("Judge:"), pane), m_callRater);
    filters->addWidget(m_validity);
    filters->addWidget(m_callFilter);

    m_calls = new QTableView(pane);
    m_calls->setObjectName(QStringLiteral("callsTable"));
    m_calls->setModel(m_textProxy);
    m_calls->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_calls->setSelectionMode(QAbstractItemView::SingleSelection);
    m_calls->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_calls->setWordWrap(false);
    m_calls->setAlternatingRowColors(true);
    m_calls->verticalHeader()->hide();
    m_calls->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_calls->verticalHeader()->setDefaultSectionSize(m_calls->fontMetrics().height() + 6);
    m_calls->horizontalHeader()->setStretchLastSection(true);
    const int em = m_calls->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    m_calls->setColumnWidth(JudgeCallModel::IdColumn, em * 4);
    m_calls->setColumnWidth(JudgeCallModel::ReasonColumn, em * 12);
    m_calls->setColumnWidth(JudgeCallModel::PromptColumn, em * 16);
    m_calls->setColumnWidth(JudgeCallModel::AnswerColumn, em * 16);
    widenSectionsToTitles(m_calls->horizontalHeader());
    m_detail = new QPlainTextEdit(pane);
    m_detail->setObjectName(QStringLiteral("callDetail"));
    m_detail->setReadOnly(true);
    m_detail->setPlaceholderText(tr("Select a call to see its prompt and raw answer."));

    auto *splitter = new QSplitter(Qt::Vertical, pane);
    splitter->addWidget(m_calls);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(pane);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);

    connect(m_callRater, &QComboBox::currentIndexChanged, this, &JudgesView::reloadCalls);
    connect(m_validity, &QComboBox::currentIndexChanged, this, [this] {
        const QString wanted = m_validity->currentData().toString();
        m_validityProxy->setFilterRegularExpression(
            wanted.isEmpty() ? QRegularExpression() : QRegularExpression(QStringLiteral("^%1$").arg(wanted)));
    });
    connect(m_callFilter, &QLineEdit::textChanged, m_textProxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_calls->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &JudgesView::updateDetail);
    connect(m_textProxy, &QAbstractItemModel::modelReset, this, &JudgesView::updateDetail);
    return pane;
}

void JudgesView::setCurrentDocumentSource(std::function<model::Id()> source)
{
    m_currentDocument = std::move(source);
    updatePreview();
}

// ---- provider profiles and what the fields say ----

QStringList JudgesView::savedProviders()
{
    return JudgeSettingsForm::savedProviders();
}

void JudgesView::saveProvider()
{
    m_settings->saveProvider();
}

void JudgesView::loadProvider(const QString &name)
{
    m_settings->loadProvider(name);
}

Result<judge::ProviderConfig> JudgesView::providerConfig() const
{
    return m_settings->providerConfig();
}

judge::RunOptions JudgesView::runOptions() const
{
    judge::RunOptions options = m_settings->runOptions();
    if (const auto custom = m_templateEditor->customTemplate()) {
        options.templateText = custom->text;
        options.templateName = custom->name;
        options.templateVersion = custom->version;
    }
    return options;
}

// ---- actions ----

bool JudgesView::estimate()
{
    if (!m_session->isOpen() || isRunning())
        return false;
    const auto config = providerConfig();
    if (!config) {
        showError(tr("Cannot estimate"), QString::fromStdString(config.error().describe()));
        return false;
    }
    if (!m_run->estimate(m_session->path(), config.value(), runOptions(), m_settings->examplesRequest()))
        return false;
    m_estimate->setText(tr("Estimating…"));
    updateButtons();
    return true;
}

bool JudgesView::startRun()
{
    if (!m_session->isOpen() || isRunning())
        return false;
    const auto config = providerConfig();
    if (const QString problem = runProblem(config); !problem.isEmpty()) {
        showError(tr("Cannot run the judge"), problem);
        return false;
    }
    const judge::RunOptions options = runOptions();
    saveProvider();
    if (!m_run->start(m_session->path(), config.value(), options, m_settings->examplesRequest()))
        return false;
    m_runningRater = QString::fromStdString(options.raterName);
    m_lastProgress = {};
    followRunningJudge();
    m_progress->setRange(0, 0); // busy until the plan is known
    m_status->setText(tr("Starting…"));
    updateButtons();
    return true;
}

QString JudgesView::runProblem(const Result<judge::ProviderConfig> &config) const
{
    if (!config)
        return QString::fromStdString(config.error().describe());
    // Checked here, before anything starts, so the message names the variable to export.
    if (const QString problem = m_settings->apiKeyProblem(); !problem.isEmpty())
        return problem;
    if (!m_templateEditor->problem().isEmpty() && m_templateEditor->isCustom())
        return tr("The edited prompt template has an error: %1").arg(m_templateEditor->problem());
    return {};
}

bool JudgesView::addToPlan()
{
    if (!m_session->isOpen() || isRunning())
        return false;
    const auto config = providerConfig();
    QString problem = runProblem(config);
    // The protocol and dimensions chosen cannot be judged (said in the run bar): nothing to add.
    if (problem.isEmpty())
        problem = m_planProblem->text();
    if (problem.isEmpty())
        problem = m_planBox->add({{config.value(), runOptions()}, m_settings->examplesRequest()});
    if (!problem.isEmpty()) {
        showError(tr("Cannot add the judge to the plan"), problem);
        return false;
    }
    saveProvider();
    m_status->setText(tr("Judges in the plan: %1.").arg(m_planBox->size()));
    return true;
}

bool JudgesView::estimatePlan()
{
    if (!m_session->isOpen() || isRunning() || m_planBox->size() == 0)
        return false;
    if (!m_run->estimatePlan(m_session->path(), m_planBox->judges()))
        return false;
    m_estimate->setText(tr("Estimating the plan…"));
    updateButtons();
    return true;
}

bool JudgesView::startPlan()
{
    if (!m_session->isOpen() || isRunning() || m_planBox->size() == 0)
        return false;
    if (!m_run->startPlan(m_session->path(), m_planBox->judges()))
        return false;
    // The calls table follows the plan's first judge; the others are a choice of the judge box away.
    const PlanEntry &first = m_planBox->judges().front();
    m_runningRater = QString::fromStdString(judge::judgeName(first.judge.provider, first.judge.options));
    m_lastProgress = {};
    followRunningJudge();
    m_progress->setRange(0, 0);
    m_status->setText(tr("Starting the plan's %1 judges…").arg(m_planBox->size()));
    updateButtons();
    return true;
}

void JudgesView::onPlanProgress(const judge::PlanProgress &progress)
{
    QStringList lines;
    const QLocale locale;
    for (const judge::JudgeOutcome &j : progress.judges)
        lines << tr("%1: %2 of %3 calls done, %4 failed")
                     .arg(QString::fromStdString(j.name), locale.toString(static_cast<qulonglong>(j.progress.done)),
                          locale.toString(static_cast<qulonglong>(j.progress.total)),
                          locale.toString(static_cast<qulonglong>(j.progress.failed)));
    onProgress(progress.total);
    m_status->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n') + progressText());
}

void JudgesView::onPlanFinished(bool ok, const judge::PlanProgress &progress, const QString &error)
{
    m_liveTimer->stop();
    m_liveRead = 0;
    m_progress->setRange(0, 1);
    QStringList failures;
    if (ok) {
        const judge::RunProgress &total = progress.total;
        m_lastProgress = total;
        m_progress->setRange(0, std::max(1, static_cast<int>(std::min<std::size_t>(total.total, INT_MAX))));
        m_progress->setValue(static_cast<int>(std::min<std::size_t>(total.done + total.failed, total.total)));
        QStringList lines;
        const QLocale locale;
        for (const judge::JudgeOutcome &j : progress.judges) {
            const QString name = QString::fromStdString(j.name);
            const judge::RunProgress &p = j.progress;
            if (!j.error.empty()) {
                failures << tr("%1: %2").arg(name, QString::fromStdString(j.error));
                lines << tr("%1: failed: %2").arg(name, QString::fromStdString(j.error));
            } else if (p.batched > 0) {
                lines << tr("%1: %2 requests submitted in %3 batches (%4 answered before)")
                             .arg(name, locale.toString(static_cast<qulonglong>(p.batched)),
                                  locale.toString(static_cast<qulonglong>(p.batches)),
                                  locale.toString(static_cast<qulonglong>(p.cached)));
            } else {
                lines << tr("%1: %2 of %3 calls done (%4 cached), %5 failed%6")
                             .arg(name, locale.toString(static_cast<qulonglong>(p.done)),
                                  locale.toString(static_cast<qulonglong>(p.total)),
                                  locale.toString(static_cast<qulonglong>(p.cached)),
                                  locale.toString(static_cast<qulonglong>(p.failed)),
                                  p.cancelled ? tr(", cancelled") : QString());
            }
        }
        const QString head
            = total.cancelled       ? tr("Plan cancelled: running it again sends only what is missing.")
              : !failures.isEmpty() ? tr("Plan ended: %1 of %2 judges failed; the others ran to their end.")
                                          .arg(failures.size())
                                          .arg(progress.judges.size())
              : total.batched > 0
                  ? tr("Plan submitted: Fetch Batch Results stores the batches' answers once they are done.")
              : total.failed ? tr("Plan finished, with failed calls (running it again retries them).")
                             : tr("Plan finished.");
        m_status->setText(head + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
    } else {
        m_status->setText(tr("The plan did not start: %1").arg(error));
    }
    afterRun(ok && failures.isEmpty(), !ok ? error : failures.isEmpty() ? QString() : failures.join(QLatin1Char('\n')));
}

void JudgesView::onPlanEstimated(bool ok, const judge::PlanEstimate &e, const QString &error)
{
    if (estimateFailed(ok, error))
        return;
    const QLocale locale;
    QStringList lines;
    for (std::size_t i = 0; i < e.judges.size() && i < e.names.size(); ++i) {
        const judge::CostEstimate &c = e.judges[i];
        lines << tr("%1: %2 calls to send (%3 already answered), cost ~%4, through a batch API ~%5")
                     .arg(QString::fromStdString(e.names[i]), locale.toString(static_cast<qulonglong>(c.calls)),
                          locale.toString(static_cast<qulonglong>(c.alreadyAnswered)),
                          JudgeSettingsForm::formatCost(c.cost), JudgeSettingsForm::formatCost(c.batchCost));
    }
    lines << tr("All %1 judges: %2 calls to send (%3 already answered), cost ~%4 (at most %5); through a batch API "
                "~%6 (at most %7)")
                 .arg(locale.toString(static_cast<qulonglong>(e.judges.size())),
                      locale.toString(static_cast<qulonglong>(e.total.calls)),
                      locale.toString(static_cast<qulonglong>(e.total.alreadyAnswered)),
                      JudgeSettingsForm::formatCost(e.total.cost), JudgeSettingsForm::formatCost(e.total.costMax),
                      JudgeSettingsForm::formatCost(e.total.batchCost),
                      JudgeSettingsForm::formatCost(e.total.batchCostMax));
    if (!e.total.fallback.empty())
        lines << tr("Note: %1").arg(QString::fromStdString(e.total.fallback));
    m_estimate->setText(lines.join(QLatin1Char('\n')));
    m_estimateShown = true;
    m_planEstimateShown = true;
    Q_EMIT estimateFinished(true);
}

bool JudgesView::resumeInterrupted()
{
    if (!m_session->isOpen() || isRunning() || m_interruptedRun == 0)
        return false;
    const auto resumed = judge::resumeSettings(m_session->path().toStdString(), m_interruptedRun);
    if (!resumed) {
        showError(tr("Cannot resume the run"), QString::fromStdString(resumed.error().describe()));
        return false;
    }
    if (!m_run->start(m_session->path(), resumed.value().provider, resumed.value().options))
        return false;
    m_runningRater = QString::fromStdString(resumed.value().options.raterName);
    m_lastProgress = {};
    followRunningJudge();
    m_progress->setRange(0, 0);
    m_status->setText(tr("Resuming run %1…").arg(m_interruptedRun));
    updateButtons();
    return true;
}

void JudgesView::cancelRun()
{
    if (m_importing) {
        m_importMonitor->cancel();
        m_status->setText(tr("Cancelling…"));
        return;
    }
    if (!isRunning())
        return;
    m_run->cancel();
    m_status->setText(tr("Cancelling…"));
}

bool JudgesView::fetchBatchResults()
{
    if (!m_session->isOpen() || isRunning())
        return false;
    if (!m_run->pollBatches(m_session->path()))
        return false;
    m_pollingOnTime = false;
    m_batchPollTimer->stop();
    m_status->setText(tr("Asking the providers about the study's batches…"));
    updateButtons();
    return true;
}

void JudgesView::setBatchPollInterval(int ms)
{
    m_batchPollTimer->setInterval(ms);
    if (m_batchPollTimer->isActive())
        m_batchPollTimer->start();
}

void JudgesView::pollBatchesOnTime()
{
    const bool blind = m_session->isOpen() && m_session->study()->isBlind();
    if (!m_hasWaitingBatches || blind || !m_session->isOpen())
        return;
    // Busy with a run or an import: asked again after the next interval.
    if (isRunning() || m_importing || !m_run->pollBatches(m_session->path())) {
        m_batchPollTimer->start();
        return;
    }
    m_pollingOnTime = true;
    updateButtons();
}

void JudgesView::onBatchesPolled(bool ok, const QString &summary, int fetched)
{
    const bool onTime = std::exchange(m_pollingOnTime, false);
    m_status->setText(onTime ? tr("Batches polled on their own at %1:").arg(QTime::currentTime().toString(u"HH:mm"))
                                   + QLatin1Char('\n') + summary
                             : summary);
    updateButtons();
    // A poll on time that stored nothing leaves the study, and every view reading it, as it was.
    if (!onTime || fetched > 0) {
        const Status refreshed = m_session->isOpen() ? m_session->refresh() : Status{};
        if (!refreshed)
            showError(tr("Cannot read the study"), QString::fromStdString(refreshed.error().describe()));
    }
    updateInterrupted();
    // The user asked: a failure is shown. On time (the network down, a provider failing for a while): said in the
    // status line, asked again later, rather than a message box every few minutes.
    if (!ok && !onTime)
        showError(tr("Some batches could not be polled"), summary);
    Q_EMIT batchesPolled(ok);
}

bool JudgesView::isRunning() const
{
    return m_run->isRunning();
}

QString JudgesView::progressText() const
{
    const judge::RunProgress &p = m_lastProgress;
    const QLocale locale;
    const double invalidRate = p.done ? 100.0 * static_cast<double>(p.invalid) / static_cast<double>(p.done) : 0.0;
    QString text
        = tr("%1 of %2 calls done (%3 cached), %4 failed, %5 retries, %6 in flight\n"
             "invalid %7%, tokens %8 in + %9 out, cost so far %10\nelapsed %11, ETA %12")
              .arg(locale.toString(static_cast<qulonglong>(p.done)), locale.toString(static_cast<qulonglong>(p.total)),
                   locale.toString(static_cast<qulonglong>(p.cached)),
                   locale.toString(static_cast<qulonglong>(p.failed)),
                   locale.toString(static_cast<qulonglong>(p.retries)),
                   locale.toString(static_cast<qulonglong>(p.inFlight)), locale.toString(invalidRate, 'f', 1),
                   locale.toString(p.tokensIn), locale.toString(p.tokensOut))
              .arg(JudgeSettingsForm::formatCost(p.costBefore + p.cost), seconds(p.elapsedSeconds),
                   seconds(p.etaSeconds));
    // The cost so far is the run's calls' as the study recorded them, the earlier part's too: a resume (after a
    // cancel, or of a run another process had started) counts what was paid before it, not only its own part.
    if (p.costBefore > 0)
        text += QLatin1Char('\n')
                + tr("The cost so far includes %1 paid earlier for calls this judge had answered.")
                      .arg(JudgeSettingsForm::formatCost(p.costBefore));
    if (p.reaskLimit > 0)
        text += QLatin1Char('\n')
                + tr("Re-asking (up to %1 times): %2 of %3 first answers invalid, %4 re-asks, %5 recovered; %6 "
                     "invalid after re-asking")
                      .arg(locale.toString(p.reaskLimit), locale.toString(static_cast<qulonglong>(p.invalidFirst)),
                           locale.toString(static_cast<qulonglong>(p.firstAnswers)),
                           locale.toString(static_cast<qulonglong>(p.reasked)),
                           locale.toString(static_cast<qulonglong>(p.reaskRecovered)),
                           locale.toString(
                               static_cast<qulonglong>(p.invalidFirst - std::min(p.invalidFirst, p.reaskRecovered))));
    // How the units were scored, where a protocol can only be scored properly from token probabilities.
    if (p.protocol == judge::Protocol::Geval)
        text += QLatin1Char('\n')
                + tr("G-Eval: %1 units by token probabilities, %2 by the mean of %3 samples")
                      .arg(locale.toString(static_cast<qulonglong>(p.unitsByLogprobs)),
                           locale.toString(static_cast<qulonglong>(p.unitsBySamples)),
                           locale.toString(p.samplesPerUnit));
    else if (p.protocol == judge::Protocol::LlmScore)
        text += QLatin1Char('\n')
                + tr("LLMScore: %1 units by token probabilities, %2 by a single answer without them")
                      .arg(locale.toString(static_cast<qulonglong>(p.unitsByLogprobs)),
                           locale.toString(static_cast<qulonglong>(p.unitsBySingle)));
    else if (judge::takesRepeats(p.protocol) && p.samplesPerUnit > 1)
        text += QLatin1Char('\n')
                + tr("Each summary asked %1 times: %2 units by the mean of %1 answers")
                      .arg(locale.toString(p.samplesPerUnit),
                           locale.toString(static_cast<qulonglong>(p.unitsBySamples)));
    if (!p.fallback.empty())
        text += QLatin1Char('\n') + tr("Note: %1").arg(QString::fromStdString(p.fallback));
    if (!p.notice.empty())
        text += QLatin1Char('\n') + tr("Note: %1").arg(QString::fromStdString(p.notice));
    if (!p.status.empty())
        text += QLatin1Char('\n')
                + tr("The study is busy (another program is writing to it): waiting, the answers are kept…");
    return text;
}

void JudgesView::onProgress(const judge::RunProgress &progress)
{
    m_lastProgress = progress;
    const int total = static_cast<int>(std::min<std::size_t>(progress.total, INT_MAX));
    if (total > 0) {
        m_progress->setRange(0, total);
        m_progress->setValue(static_cast<int>(std::min<std::size_t>(progress.done + progress.failed, progress.total)));
    }
    m_status->setText(progressText());
    if (isRunning() && progress.done + progress.failed != m_liveSeen && m_liveRead == 0 && !m_liveTimer->isActive())
        m_liveTimer->start();
}

void JudgesView::onRunFinished(bool ok, const judge::RunProgress &progress, const QString &error)
{
    // The reload below reads every call; a read of the last ones still on its way is dropped.
    m_liveTimer->stop();
    m_liveRead = 0;
    m_progress->setRange(0, 1);
    if (ok) {
        m_lastProgress = progress;
        m_lastCancelled = progress.cancelled;
        const int total = static_cast<int>(std::min<std::size_t>(progress.total, INT_MAX));
        m_progress->setRange(0, std::max(1, total));
        m_progress->setValue(static_cast<int>(std::min<std::size_t>(progress.done + progress.failed, progress.total)));
        if (progress.batched > 0)
            m_status->setText(tr("Submitted %1 requests in %2 batches to the provider's batch API (%3 answered "
                                 "before). Fetch Batch Results stores the answers once the batches are done.")
                                  .arg(progress.batched)
                                  .arg(progress.batches)
                                  .arg(progress.cached));
        else
            m_status->setText((progress.cancelled ? tr("Cancelled: Resume sends only what is missing.")
                               : progress.failed  ? tr("Finished, with failed calls (Resume retries them).")
                                                  : tr("Finished."))
                              + QLatin1Char('\n') + progressText());
    } else {
        m_status->setText(tr("The run did not start: %1").arg(error));
    }
    afterRun(ok, ok ? QString() : error);
}

void JudgesView::afterRun(bool ok, const QString &failure)
{
    updateButtons();
    // The runner wrote through its own connection: reload every view, then show this judge's calls.
    const Status refreshed = m_session->isOpen() ? m_session->refresh() : Status{};
    if (!refreshed)
        showError(tr("Cannot read the study"), QString::fromStdString(refreshed.error().describe()));
    const int index = m_callRater->findText(m_runningRater);
    if (index >= 0)
        m_callRater->setCurrentIndex(index);
    if (!failure.isEmpty())
        showError(tr("The judge run failed"), failure);
    // An estimate made before the run counted what was answered then (after a cancel it still said "0 already
    // answered"): it is made again for what is left.
    if (ok && m_estimateShown)
        m_planEstimateShown ? estimatePlan() : estimate();
    Q_EMIT runFinished(ok);
}

bool JudgesView::estimateFailed(bool ok, const QString &error)
{
    updateButtons();
    if (ok)
        return false;
    m_estimate->setText(tr("No estimate: %1").arg(error));
    showError(tr("Cannot estimate"), error);
    Q_EMIT estimateFinished(false);
    return true;
}

void JudgesView::onEstimated(bool ok, const judge::CostEstimate &e, const QString &error)
{
    if (estimateFailed(ok, error))
        return;
    const QLocale locale;
    QString text
        = tr("Estimate: %1 calls to send (%2 already answered), ~%3 tokens in, ~%4 out (at most %5); "
             "cost ~%6 (at most %7)")
              .arg(locale.toString(static_cast<qulonglong>(e.calls)),
                   locale.toString(static_cast<qulonglong>(e.alreadyAnswered)), locale.toString(e.tokensIn, 'f', 0),
                   locale.toString(e.tokensOutExpected, 'f', 0), locale.toString(e.tokensOutMax, 'f', 0),
                   JudgeSettingsForm::formatCost(e.cost), JudgeSettingsForm::formatCost(e.costMax));
    text += QLatin1Char('\n')
            + tr("Through a batch API: cost ~%1 (at most %2), %3% of the online price")
                  .arg(JudgeSettingsForm::formatCost(e.batchCost), JudgeSettingsForm::formatCost(e.batchCostMax))
                  .arg(e.batchPriceFactor * 100, 0, 'f', 0);
    if (!e.fallback.empty())
        text += QLatin1Char('\n') + tr("Note: %1").arg(QString::fromStdString(e.fallback));
    m_estimate->setText(text);
    m_estimateShown = true;
    m_planEstimateShown = false;
    Q_EMIT estimateFinished(true);
}

void JudgesView::updateButtons()
{
    const bool open = m_session->isOpen();
    const bool busy = isRunning();
    const bool planned = m_planProblem->text().isEmpty();
    // An annotator's login on a team study may not read or write judge records: the server would refuse a
    // run, its estimate (which counts the calls already answered) and an import, so they are not offered.
    const bool blind = open && m_session->study()->isBlind();
    const QString whyNot
        = blind ? tr("An annotator runs no judges: the team study's judge records are for its lead.") : QString();
    // A run and a recorded import share the bar and Cancel: one at a time.
    m_estimateButton->setEnabled(open && !busy && !m_importing && planned && !blind);
    m_runButton->setEnabled(open && !busy && !m_importing && planned && !blind);
    m_runButton->setText(m_lastCancelled ? tr("&Resume") : tr("&Run"));
    m_cancelButton->setEnabled(busy || m_importing);
    m_importButton->setEnabled(open && !busy && !m_importing && !blind);
    for (QPushButton *button : {m_estimateButton, m_runButton, m_importButton})
        button->setToolTip(whyNot);
    m_panelButton->setEnabled(open && !busy && !m_importing && !blind);
    m_panelButton->setToolTip(blind ? whyNot : panelTip());
    m_resumeInterruptedButton->setEnabled(open && !busy && m_interruptedRun != 0);
    m_fetchBatchesButton->setEnabled(open && !busy && !blind && m_hasWaitingBatches);
    m_planBox->setActionsEnabled(open && !busy && !m_importing && !blind, whyNot);
}

void JudgesView::updateInterrupted()
{
    m_interruptedRun = 0;
    std::optional<store::JudgeRunRow> last;
    // A run whose batches are with the provider waits rather than being interrupted: shown with its batches.
    std::vector<model::JudgeBatch> waiting;
    if (m_session->isOpen())
        if (auto batches = m_session->read([](store::Study &s) { return s.judgeBatches(); }))
            for (auto &b : batches.value())
                if (b.state != "fetched")
                    waiting.push_back(std::move(b));
    const auto waits = [&waiting](model::Id run) {
        return std::any_of(waiting.begin(), waiting.end(),
                           [run](const model::JudgeBatch &b) { return b.runId == run; });
    };
    if (m_session->isOpen())
        if (auto runs = m_session->read([](store::Study &s) { return s.judgeRuns(); }))
            for (auto &r : runs.value())
                if (r.status == "interrupted" && !waits(r.id))
                    last = std::move(r);
    m_hasWaitingBatches = !waiting.empty();
    if (m_hasWaitingBatches) {
        std::size_t requests = 0;
        for (const auto &b : waiting)
            requests += b.requests;
        m_waitingBatches->setText(
            tr("%1 batches (%2 requests) wait with their providers, the first submitted %3. Fetch Batch Results asks "
               "where they stand and stores the answers of every batch that has ended.")
                .arg(waiting.size())
                .arg(requests)
                .arg(QString::fromStdString(waiting.front().submittedAt))
            + QLatin1Char(' ')
            + tr("While the study is open they are asked about every %1 minutes on their own.")
                  .arg(std::max(1, m_batchPollTimer->interval() / 60000)));
    }
    m_waitingBatches->setVisible(m_hasWaitingBatches);
    m_fetchBatchesButton->setVisible(m_hasWaitingBatches);
    if (!m_hasWaitingBatches)
        m_batchPollTimer->stop();
    else if (!m_batchPollTimer->isActive() && !m_pollingOnTime)
        m_batchPollTimer->start();
    if (last) {
        m_interruptedRun = last->id;
        m_interrupted->setText(tr("Run %1 of %2 (%3) was interrupted: its program was stopped or failed. Started %4; "
                                  "%5 calls stored. Resume sends only what is missing.")
                                   .arg(last->id)
                                   .arg(QString::fromStdString(last->raterName), QString::fromStdString(last->protocol),
                                        QString::fromStdString(last->startedAt))
                                   .arg(last->calls));
    }
    m_interrupted->setVisible(last.has_value());
    m_resumeInterruptedButton->setVisible(last.has_value());
}

// ---- study contents ----

void JudgesView::onStudyChanged()
{
    // Dimensions: the form keeps what was checked.
    std::vector<model::Dimension> dimensions;
    if (m_session->isOpen()) {
        if (auto dims = m_session->read([](store::Study &s) { return s.dimensions(); }))
            dimensions = std::move(dims.value());
    }
    m_settings->setDimensions(dimensions);
    if (!m_session->isOpen())
        m_settings->setRaters({});
    const QString currentRater = m_callRater->currentText();
    const QSignalBlocker blocker(m_callRater);
    m_callRater->clear();
    if (m_session->isOpen()) {
        const auto raters = m_session->read([](store::Study &s) { return s.raters(); });
        if (raters)
            m_settings->setRaters(raters.value());
        if (raters) {
            for (const model::Rater &r : raters.value())
                if (r.kind == model::RaterKind::Judge)
                    m_callRater->addItem(QString::fromStdString(r.name), static_cast<qlonglong>(r.id));
        }
    }
    const int index = m_callRater->findText(currentRater);
    m_callRater->setCurrentIndex(index >= 0 ? index : (m_callRater->count() > 0 ? 0 : -1));
    reloadCalls();
    updatePreview();
    updateInterrupted();
    updateButtons();
}

void JudgesView::onProtocolChanged()
{
    m_templateEditor->setProtocol(m_settings->protocolName());
    updatePreview();
}

void JudgesView::reloadCalls()
{
    const quint64 generation = ++m_callsGeneration;
    if (!m_session->isOpen() || m_callRater->currentIndex() < 0) {
        m_callsLoading = 0;
        m_callModel->clear();
        Q_EMIT callsLoaded();
        return;
    }
    const model::Id rater = m_callRater->currentData().toLongLong();
    struct Loaded {
        std::vector<model::JudgeCall> calls;
        QHash<model::Id, QString> documents;
        QHash<model::Id, QString> dimensions;
        std::optional<judge::ProviderKind> provider;
    };
    m_callsLoading = generation;
    m_callModel->clear();
    // A judge of a large study has many calls, each with its prompt and answer: read them off the GUI
    // thread, on a read-only connection of their own.
    runInBackground<Loaded>(
        this,
        [rater, path = m_session->path().toStdString()]() -> Result<Loaded> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(path, options);
            if (!study)
                return study.error();
            store::Study &s = *study.value();
            Loaded l;
            l.calls = s.callsOfRater(rater, false);
            for (const model::Rater &r : s.raters())
                if (r.id == rater)
                    l.provider = judge::providerKindFromString(r.provider);
            for (const store::DocumentSummary &d : s.documentSummariesWithoutJudgements())
                l.documents.insert(d.id, QString::fromStdString(d.externalId));
            for (const model::Dimension &d : s.dimensions())
                l.dimensions.insert(d.id, QString::fromStdString(d.name));
            return l;
        },
        [this, generation](Result<Loaded> loaded) {
            if (generation != m_callsGeneration)
                return; // a newer reload is on its way
            m_callsLoading = 0;
            if (!loaded) {
                m_callModel->clear();
                showError(tr("Cannot read the calls"), QString::fromStdString(loaded.error().describe()));
            } else {
                Loaded &l = loaded.value();
                m_callModel->setCalls(std::move(l.calls), std::move(l.documents), std::move(l.dimensions), l.provider);
            }
            Q_EMIT callsLoaded();
        });
}

void JudgesView::followRunningJudge()
{
    m_liveSeen = 0;
    m_liveRead = 0;
    m_liveTimer->stop();
    // A judge the study has already: its calls are shown now, and those the run stores are added to them. A new
    // one is chosen once the run has stored it (readLiveCalls).
    const int index = m_callRater->findText(m_runningRater);
    if (index >= 0)
        m_callRater->setCurrentIndex(index);
}

void JudgesView::readLiveCalls()
{
    // A full read on its way shows what is stored; the next progress asks again for what comes after.
    if (!isRunning() || !m_session->isOpen() || !isActive() || m_callsLoading != 0 || m_liveRead != 0)
        return;
    const bool shown = m_callRater->currentIndex() >= 0 && m_callRater->currentText() == m_runningRater;
    // The user chose another judge while the run goes on: the table stays on it.
    if (!shown && m_callRater->findText(m_runningRater) >= 0)
        return;
    m_liveSeen = m_lastProgress.done + m_lastProgress.failed;
    const quint64 read = ++m_liveReads;
    m_liveRead = read;
    const quint64 generation = m_callsGeneration;
    const model::Id rater = shown ? m_callRater->currentData().toLongLong() : 0;
    const model::Id after = m_callModel->lastId();
    struct Live {
        model::Id rater = 0; // the running judge's id, once the run has stored it
        std::vector<model::JudgeCall> calls;
    };
    runInBackground<Live>(
        this,
        [path = m_session->path().toStdString(), name = m_runningRater.toStdString(), rater, after]() -> Result<Live> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(path, options);
            if (!study)
                return study.error();
            store::Study &s = *study.value();
            Live l;
            if (rater != 0) {
                l.rater = rater;
                l.calls = s.callsOfRater(rater, false, after);
                return l;
            }
            for (const model::Rater &r : s.raters())
                if (r.kind == model::RaterKind::Judge && r.name == name)
                    l.rater = r.id;
            return l;
        },
        [this, read, generation, rater, after](Result<Live> live) {
            if (read != m_liveRead)
                return; // the run ended, and the calls are read whole
            m_liveRead = 0;
            // A read that fails here (the study busy a moment) is tried again; the run's end reads the calls whole
            // and says what fails then.
            if (!live)
                m_liveSeen = std::numeric_limits<std::size_t>::max();
            else if (rater == 0 && live.value().rater != 0 && m_callRater->findText(m_runningRater) < 0) {
                // The judge is new: listed and chosen, which reads the calls it has so far.
                m_callRater->addItem(m_runningRater, static_cast<qlonglong>(live.value().rater));
                m_callRater->setCurrentIndex(m_callRater->count() - 1);
            } else if (rater != 0 && generation == m_callsGeneration && m_callsLoading == 0
                       && m_callModel->lastId() == after && m_callRater->currentData().toLongLong() == rater) {
                m_callModel->appendCalls(std::move(live.value().calls));
            }
            if (isRunning() && m_lastProgress.done + m_lastProgress.failed != m_liveSeen)
                m_liveTimer->start();
        });
}

void JudgesView::updateDetail()
{
    const QModelIndex current = m_calls->selectionModel()->currentIndex();
    m_detail->setPlainText(current.isValid() ? current.data(JudgeCallModel::DetailRole).toString() : QString());
}

void JudgesView::updatePreview()
{
    if (!m_templateEditor)
        return;
    const quint64 generation = ++m_previewGeneration;
    if (!m_session->isOpen()) {
        m_previewing = 0;
        m_templateEditor->setPreviewValues({}, {});
        m_planProblem->clear();
        m_planProblem->setVisible(false);
        Q_EMIT previewUpdated();
        return;
    }
    const judge::Protocol protocol = m_settings->protocol();
    judge::PlanRequest plan;
    plan.protocol = protocol;
    plan.dimensions = m_settings->checkedDimensions();
    const model::Id wanted = m_currentDocument ? m_currentDocument() : 0;
    struct Preview {
        std::map<std::string, std::string> values;
        QString label;
        QString problem;
    };
    m_previewing = generation;
    // Planning walks the whole study (a large one takes seconds): on a worker thread, with a read-only
    // connection of its own.
    runInBackground<Preview>(
        this,
        [path = m_session->path().toStdString(), protocol, plan, wanted]() -> Result<Preview> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(path, options);
            if (!study)
                return study.error();
            store::Study &s = *study.value();
            // The current document's first unit.
            auto planned = judge::planWork(s, plan);
            if (!planned)
                return Preview{{}, {}, QString::fromStdString(planned.error().message)};
            const std::vector<judge::WorkUnit> &units = planned.value();
            auto it = std::find_if(units.begin(), units.end(),
                                   [&](const judge::WorkUnit &u) { return u.document == wanted; });
            if (it == units.end())
                it = units.begin();
            if (it == units.end())
                return Preview{};
            const judge::UnitContext context = judge::UnitContext::load(s, protocol, *it);
            Preview p;
            p.values = context.promptValues();
            p.label = tr("document %1").arg(QString::fromStdString(context.document.externalId));
            if (context.dimension)
                p.label += tr(", %1").arg(QString::fromStdString(context.dimension->name));
            return p;
        },
        [this, generation](Result<Preview> preview) {
            if (generation != m_previewGeneration)
                return; // the settings or the study changed since
            m_previewing = 0;
            if (preview)
                m_templateEditor->setPreviewValues(preview.value().values, preview.value().label);
            else
                m_templateEditor->setPreviewValues({}, {});
            const QString problem = preview ? preview.value().problem : QString();
            m_planProblem->setText(problem.isEmpty() ? QString() : tr("Cannot run: %1").arg(problem));
            m_planProblem->setVisible(!problem.isEmpty());
            updateButtons();
            Q_EMIT previewUpdated();
        });
}

void JudgesView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // A pending study change is read when the window makes the view active, preview included.
    if (!m_lazy.isStale())
        updatePreview();
}

// ---- recorded judgements ----

void JudgesView::importDialog()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Import Recorded Judgements"));
    auto *form = new QFormLayout(&dialog);
    auto *file = new QLineEdit(&dialog);
    auto *browse = new QPushButton(tr("Browse…"), &dialog);
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(file, 1);
    fileRow->addWidget(browse);
    // A label of a layout has no buddy of its own, and without one its "&" is shown, not a shortcut.
    auto *fileLabel = new QLabel(tr("&File (JSONL):"), &dialog);
    fileLabel->setBuddy(file);
    form->addRow(fileLabel, fileRow);
    auto *protocol = new QComboBox(&dialog);
    protocol->addItems(m_settings->protocolNames());
    protocol->setCurrentIndex(m_settings->protocolIndex());
    form->addRow(tr("&Protocol:"), protocol);
    auto *rater = new QLineEdit(&dialog);
    form->addRow(tr("&Judge name:"), rater);
    auto *modelName = new QLineEdit(&dialog);
    modelName->setPlaceholderText(tr("optional"));
    form->addRow(tr("&Model:"), modelName);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(browse, &QPushButton::clicked, &dialog, [&] {
        const QString path = FileDialogs::getOpenFileName(&dialog, tr("Recorded Judgements"),
                                                          AppSettings().lastDirectory(AppSettings::Directory::Import),
                                                          tr("JSON Lines (*.jsonl *.json);;All files (*)"));
        if (path.isEmpty())
            return;
        AppSettings().setLastDirectory(AppSettings::Directory::Import, path);
        file->setText(path);
    });
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    importRecorded(file->text().trimmed(), protocol->currentText(), rater->text().trimmed(),
                   modelName->text().trimmed());
}

bool JudgesView::importRecorded(const QString &path, const QString &protocol, const QString &rater,
                                const QString &model)
{
    if (!m_session->isOpen() || m_importing || isRunning())
        return false;
    const auto p = judge::protocolFromString(protocol.toStdString());
    if (path.isEmpty() || rater.isEmpty() || !p) {
        showError(tr("Import failed"), tr("Give a file, a protocol and the judge's name."));
        return false;
    }
    judge::RecordedImportRequest request;
    request.protocol = *p;
    request.rater = rater.toStdString();
    request.model = model.toStdString();
    request.path = path.toStdString();
    m_importing = true;
    m_progress->setRange(0, 100);
    updateButtons();
    runInBackground<QString>(
        this,
        [request, studyPath = m_session->path().toStdString(),
         progress = m_importMonitor->start()]() -> Result<QString> {
            auto study = store::Study::open(studyPath);
            if (!study)
                return study.error();
            auto report = judge::importRecordedJudgements(*study.value(), request,
                                                          io::ImportProgress(progress, {request.path}));
            if (!report)
                return report.error();
            // The panels this judge is a member of follow the imported scores.
            if (const auto panels = reports::refreshPanels(*study.value()); !panels) {
                Error error = panels.error();
                error.message
                    = "the recorded judgements are imported, but the panels were not recomputed: " + error.message;
                return error;
            }
            const QLocale locale;
            QString summary = tr("Imported %1 recorded judgements (%2 valid, %3 invalid).")
                                  .arg(locale.toString(static_cast<qulonglong>(report.value().lines)),
                                       locale.toString(static_cast<qulonglong>(report.value().valid)),
                                       locale.toString(static_cast<qulonglong>(report.value().invalid)));
            // Repeats are not hidden: the later answer counts, the earlier ones stay as calls.
            if (report.value().repeats > 0)
                summary
                    += QLatin1Char(' ')
                       + tr("%1 of them answer a unit answered earlier in the file: the later answer is the judgement, "
                            "the earlier ones stay as calls.")
                             .arg(locale.toString(static_cast<qulonglong>(report.value().repeats)));
            return summary;
        },
        [this, rater](Result<QString> outcome) {
            // A failure after Cancel is the cancel; an import that finished first is simply done.
            const bool cancelled = m_importMonitor->finish() && !outcome;
            m_importing = false;
            m_progress->setRange(0, 1);
            m_progress->setValue(0);
            updateButtons();
            if (cancelled) {
                m_status->setText(ImportMonitor::cancelledText());
                Q_EMIT importFinished(false);
                return;
            }
            if (!outcome) {
                showError(tr("Import failed"), QString::fromStdString(outcome.error().describe()));
                Q_EMIT importFinished(false);
                return;
            }
            m_status->setText(outcome.value());
            const Status refreshed = m_session->refresh();
            if (!refreshed)
                showError(tr("Cannot read the study"), QString::fromStdString(refreshed.error().describe()));
            const int index = m_callRater->findText(rater);
            if (index >= 0)
                m_callRater->setCurrentIndex(index);
            Q_EMIT importFinished(true);
        });
    return true;
}

// ---- panels ----

QString JudgesView::panelTip()
{
    return tr("A judge of its own whose score of a summary combines several judges' scores");
}

void JudgesView::panelDialog()
{
    if (!m_session->isOpen())
        return;
    // The study's raters: a handful of rows, read as the dialog opens.
    QStringList judges;
    QStringList taken;
    for (const model::Rater &r : m_session->study()->raters()) {
        taken << QString::fromStdString(r.name);
        if (r.kind == model::RaterKind::Judge && r.protocol != "panel")
            judges << QString::fromStdString(r.name);
    }
    PanelDialog dialog(judges, taken, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    formPanel(dialog.request());
}

bool JudgesView::formPanel(const reports::PanelRequest &request)
{
    if (!m_session->isOpen() || m_importing || isRunning())
        return false;
    // Shares the import's flag: one writer of judgements at a time; Cancel has nothing to stop (one transaction).
    m_importing = true;
    updateButtons();
    m_cancelButton->setEnabled(false);
    runInBackground<reports::PanelReport>(
        this,
        [request, studyPath = m_session->path().toStdString()]() -> Result<reports::PanelReport> {
            auto study = store::Study::open(studyPath);
            if (!study)
                return study.error();
            return reports::formPanel(*study.value(), request);
        },
        [this](Result<reports::PanelReport> outcome) {
            m_importing = false;
            updateButtons();
            if (!outcome) {
                showError(tr("Cannot form the panel"), QString::fromStdString(outcome.error().describe()));
                Q_EMIT panelFormed(false);
                return;
            }
            std::size_t scored = 0;
            std::size_t left = 0;
            for (const reports::PanelDimension &d : outcome.value().dimensions) {
                scored += d.scored;
                left += d.incomplete + d.tied;
            }
            const QLocale locale;
            m_status->setText(tr("Panel '%1' formed: %2 judgements; %3 left out (a member's judgement missing, or the "
                                 "votes tied).")
                                  .arg(QString::fromStdString(outcome.value().request.name),
                                       locale.toString(static_cast<qulonglong>(scored)),
                                       locale.toString(static_cast<qulonglong>(left))));
            const Status refreshed = m_session->refresh();
            if (!refreshed)
                showError(tr("Cannot read the study"), QString::fromStdString(refreshed.error().describe()));
            Q_EMIT panelFormed(true);
        });
    return true;
}

void JudgesView::showError(const QString &title, const QString &text)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("judgeErrorBox"));
    // Errors quote files and model answers: never read them as markup.
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT errorShown(title, text);
}

} // namespace concord::ui
