// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/agreement_view.h"

#include "common/background_job.h"
#include "common/chart_style.h"
#include "common/flow_layout.h"
#include "common/menu_tool_button.h"
#include "common/natural_order.h"
#include "common/study_session.h"
#include "compare/agreement_charts.h"
#include "compare/calibration_panel.h"
#include "compare/estimates_panel.h"
#include "compare/judge_card_panel.h"
#include "compare/judge_comparison_panel.h"
#include "compare/rankings_panel.h"
#include "compare/stats_table_model.h"
#include "compare/versions_panel.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QMenu>
#include <QProgressBar>
#include <QScatterSeries>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>

namespace concord::ui {

namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QString exact(double value)
{
    return std::isnan(value) ? AgreementView::tr("undefined") : QString::number(value, 'g', 17);
}

QString methodName(stats::CorrelationMethod method)
{
    switch (method) {
    case stats::CorrelationMethod::Pearson:
        return AgreementView::tr("Pearson r");
    case stats::CorrelationMethod::Spearman:
        return AgreementView::tr("Spearman ρ");
    case stats::CorrelationMethod::KendallB:
        return AgreementView::tr("Kendall τb");
    case stats::CorrelationMethod::KendallC:
        return AgreementView::tr("Kendall τc");
    case stats::CorrelationMethod::Acc:
        return AgreementView::tr("Pairwise accuracy");
    case stats::CorrelationMethod::AccEq:
        return AgreementView::tr("Tie-calibrated accuracy (acc_eq)");
    case stats::CorrelationMethod::Spa:
        return AgreementView::tr("Soft pairwise accuracy (SPA)");
    }
    return {};
}

QString levelName(reports::Level level)
{
    switch (level) {
    case reports::Level::Dataset:
        return AgreementView::tr("dataset");
    case reports::Level::System:
        return AgreementView::tr("system");
    case reports::Level::Summary:
        return AgreementView::tr("summary");
    case reports::Level::PerSystem:
        return AgreementView::tr("per system");
    case reports::Level::Meta:
        return AgreementView::tr("meta");
    }
    return {};
}

// A table row's level as core names it ("per-system"), in the user's language: the tables had shown core's word.
QString levelCell(const std::string &level)
{
    const std::optional<reports::Level> parsed = reports::levelFromString(level);
    if (!parsed)
        return qs(level);
    // The combo box's "per system" reads as a choice; a row keeps core's hyphen, as the exports write it.
    return *parsed == reports::Level::PerSystem ? AgreementView::tr("per-system") : levelName(*parsed);
}

QString ruleName(stats::PairwiseRule rule)
{
    switch (rule) {
    case stats::PairwiseRule::AgreeOrTie:
        return AgreementView::tr("agree-or-tie: a win needs both orders");
    case stats::PairwiseRule::Points:
        return AgreementView::tr("points: each order counts half a document");
    }
    return {};
}

// The same words as the exported table's level column and the CLI, translated.
QString measurementLevelName(stats::MeasurementLevel level)
{
    switch (level) {
    case stats::MeasurementLevel::Nominal:
        return AgreementView::tr("nominal");
    case stats::MeasurementLevel::Ordinal:
        return AgreementView::tr("ordinal");
    case stats::MeasurementLevel::Interval:
        return AgreementView::tr("interval");
    case stats::MeasurementLevel::Ratio:
        return AgreementView::tr("ratio");
    }
    return {};
}

using ForestPoint = AgreementCharts::ForestPoint;
using ForestGroup = AgreementCharts::ForestGroup;
using ForestReference = AgreementCharts::ForestReference;

QTableView *tableFor(StatsTableModel *model, const QString &name)
{
    auto *table = new QTableView;
    table->setObjectName(name);
    table->setModel(model);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setStretchLastSection(true);
    // Fixed widths: sizing to contents visits every row on every refresh, on the GUI thread.
    table->horizontalHeader()->setDefaultSectionSize(
        table->fontMetrics().horizontalAdvance(QStringLiteral("consistency00")));
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // Uncut headers: each column at least as wide as its header text (only the header is measured,
    // not the rows, so this stays cheap on large tables).
    QObject::connect(model, &QAbstractItemModel::modelReset, table, [table] {
        QHeaderView *header = table->horizontalHeader();
        for (int section = 0; section < header->count(); ++section)
            header->resizeSection(section, std::max(header->defaultSectionSize(), header->sectionSizeHint(section)));
    });
    return table;
}

QString ciText(double low, double high)
{
    if (std::isnan(low) || std::isnan(high))
        return {};
    return AgreementView::tr(", 95% CI [%1, %2]").arg(exact(low), exact(high));
}

// acc_eq's calibrated tie threshold: the metric gap below which two summaries count as tied.
QString epsilonText(double epsilon)
{
    if (std::isnan(epsilon))
        return {};
    return AgreementView::tr(", tie threshold ε = %1").arg(exact(epsilon));
}

} // namespace

AgreementView::AgreementView(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_group(new QComboBox(this))
    , m_judges(new MenuToolButton(this))
    , m_level(new QComboBox(this))
    , m_method(new QComboBox(this))
    , m_bootstrap(new QCheckBox(tr("Bootstrap CIs (1,000 resamples)"), this))
    , m_busy(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_scatterJudge(new QComboBox)
    , m_scatterDimension(new QComboBox)
    , m_perSystemJudge(new QComboBox)
    , m_perSystemDimension(new QComboBox)
    , m_pairwiseRule(new QComboBox)
    , m_pairwiseShown(new QComboBox)
    , m_alphaLevel(new QComboBox)
    , m_correlationChart(new QChartView)
    , m_scatterChart(new QChartView)
    , m_perSystemChart(new QChartView)
    , m_metaChart(new QChartView)
    , m_alphaChart(new QChartView)
    , m_pairwiseChart(new QChartView)
    , m_lengthChart(new QChartView)
    , m_invalidChart(new QChartView)
    , m_correlationTable(new StatsTableModel(this))
    , m_scatterTable(new StatsTableModel(this))
    , m_perSystemTable(new StatsTableModel(this))
    , m_alphaTable(new StatsTableModel(this))
    , m_pairwiseTable(new StatsTableModel(this))
    , m_pairwisePairsTable(new StatsTableModel(this))
    , m_lengthTable(new StatsTableModel(this))
    , m_invalidTable(new StatsTableModel(this))
    , m_lazy(
          [this] {
              // The study changed: its old numbers are not shown while the new ones are computed.
              m_report.reset();
              apply();
              refresh();
          },
          [this] {
              if (m_cancel)
                  m_cancel->store(true);
              ++m_generation;
              // The rest of a result still being put on screen belongs to the study as it was.
              ++m_pass;
              m_showing = false;
          })
{
    setObjectName(QStringLiteral("agreementView"));
    for (QChartView *view : {m_correlationChart, m_scatterChart, m_perSystemChart, m_metaChart, m_alphaChart,
                             m_pairwiseChart, m_lengthChart, m_invalidChart}) {
        view->setRenderHint(QPainter::Antialiasing);
        // The charts are replaced whole at every refresh, and a scatter chart adds an item per point: the
        // scene's spatial index would be rebuilt for each on the GUI thread, for no gain in views this small.
        view->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
        // Small enough for two charts above each other on a small screen at twice the scale.
        view->setMinimumSize(240, 150);
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(createControls());
    layout->addWidget(m_tabs, 1);

    m_tabs->addTab(chartAndTable(m_correlationChart, m_correlationTable, QStringLiteral("correlationTable")),
                   tr("Correlations"));

    auto *scatterPage = new QWidget;
    auto *scatterLayout = new QVBoxLayout(scatterPage);
    auto *scatterBar = new FlowLayout;
    scatterLayout->addLayout(scatterBar);
    scatterBar->addPair(new QLabel(tr("Judge:")), m_scatterJudge);
    scatterBar->addPair(new QLabel(tr("Dimension:")), m_scatterDimension);
    scatterLayout->addWidget(chartAndTable(m_scatterChart, m_scatterTable, QStringLiteral("scatterTable")), 1);
    m_tabs->addTab(scatterPage, tr("Human vs judge"));

    auto *systemPage = new QWidget;
    auto *systemLayout = new QVBoxLayout(systemPage);
    auto *systemBar = new FlowLayout;
    systemLayout->addLayout(systemBar);
    systemBar->addPair(new QLabel(tr("Judge:")), m_perSystemJudge);
    systemBar->addPair(new QLabel(tr("Dimension:")), m_perSystemDimension);
    auto *systemCharts = new QSplitter(Qt::Horizontal);
    systemCharts->addWidget(m_perSystemChart);
    systemCharts->addWidget(m_metaChart);
    auto *systemSplit = new QSplitter(Qt::Vertical);
    systemSplit->addWidget(systemCharts);
    systemSplit->addWidget(tableFor(m_perSystemTable, QStringLiteral("perSystemTable")));
    systemLayout->addWidget(systemSplit, 1);
    m_tabs->addTab(systemPage, tr("Per system && meta"));

    // Alpha's own control: its level of measurement, each dimension's default unless one is chosen.
    m_alphaLevel->setObjectName(QStringLiteral("alphaLevel"));
    m_alphaLevel->addItem(tr("Each dimension's own (ordinal for Likert and rank)"), -1);
    for (const auto level : {stats::MeasurementLevel::Nominal, stats::MeasurementLevel::Ordinal,
                             stats::MeasurementLevel::Interval, stats::MeasurementLevel::Ratio})
        m_alphaLevel->addItem(measurementLevelName(level), static_cast<int>(level));
    m_alphaLevel->setToolTip(
        tr("The level of measurement of Krippendorff's α; File > Export > Statistics Table uses the same."));
    auto *alphaPage = new QWidget;
    auto *alphaLayout = new QVBoxLayout(alphaPage);
    auto *alphaBar = new FlowLayout;
    alphaLayout->addLayout(alphaBar);
    alphaBar->addPair(new QLabel(tr("Level of measurement:")), m_alphaLevel);
    alphaLayout->addWidget(chartAndTable(m_alphaChart, m_alphaTable, QStringLiteral("alphaTable")), 1);
    m_tabs->addTab(alphaPage, tr("Krippendorff's α"));

    auto *pairPage = new QSplitter(Qt::Vertical);
    auto *pairwisePart = new QWidget;
    auto *pairwiseLayout = new QVBoxLayout(pairwisePart);
    pairwiseLayout->setContentsMargins(0, 0, 0, 0);
    auto *pairwiseBar = new FlowLayout;
    pairwiseLayout->addLayout(pairwiseBar);
    // The two published ways of turning a comparison's two orders into one result (Shen et al.).
    m_pairwiseRule->setObjectName(QStringLiteral("pairwiseRule"));
    for (const auto rule : {stats::PairwiseRule::AgreeOrTie, stats::PairwiseRule::Points})
        m_pairwiseRule->addItem(ruleName(rule), static_cast<int>(rule));
    m_pairwiseRule->setToolTip(
        tr("How a head-to-head comparison judged in both orders counts: agree-or-tie gives the document to a "
           "summary only when both orders choose it (Shen et al.'s paper); points gives each order half the "
           "document, a win 1 and a tie 0.5 (their released scripts)."));
    auto *ruleLabel = new QLabel(tr("Head-to-head rule:"));
    ruleLabel->setBuddy(m_pairwiseRule);
    pairwiseBar->addPair(ruleLabel, m_pairwiseRule);
    // Every judge and dimension with verdicts has a row in the table; the chart and the system pairs
    // show one of them at a time.
    m_pairwiseShown->setObjectName(QStringLiteral("pairwiseShown"));
    auto *shownLabel = new QLabel(tr("System pairs of:"));
    shownLabel->setBuddy(m_pairwiseShown);
    pairwiseBar->addPair(shownLabel, m_pairwiseShown);
    // Beside the chart, the summary of every judge and dimension above the chosen one's system pairs
    // (stacked there so that the tab needs no more height than the chart).
    auto *pairwiseTables = new QSplitter(Qt::Vertical);
    pairwiseTables->addWidget(tableFor(m_pairwiseTable, QStringLiteral("pairwiseTable")));
    pairwiseTables->addWidget(tableFor(m_pairwisePairsTable, QStringLiteral("pairwisePairsTable")));
    auto *pairwiseSplit = new QSplitter(Qt::Horizontal);
    pairwiseSplit->addWidget(m_pairwiseChart);
    pairwiseSplit->addWidget(pairwiseTables);
    pairwiseSplit->setStretchFactor(0, 3);
    pairwiseSplit->setStretchFactor(1, 2);
    pairwiseSplit->setSizes({700, 520});
    pairwiseLayout->addWidget(pairwiseSplit, 1);
    pairPage->addWidget(pairwisePart);
    pairPage->addWidget(chartAndTable(m_lengthChart, m_lengthTable, QStringLiteral("lengthTable")));
    m_tabs->addTab(pairPage, tr("Pairwise && bias"));

    m_tabs->addTab(chartAndTable(m_invalidChart, m_invalidTable, QStringLiteral("invalidTable")),
                   tr("Invalid answers"));

    // Two judges against each other: the panel computes on its own, with the dashboard's group and judges.
    auto *comparison = new JudgeComparisonPanel(m_session);
    m_tabs->addTab(comparison, JudgeComparisonPanel::title());
    connect(this, &AgreementView::refreshed, comparison, [this, comparison] {
        QStringList judges;
        for (const auto &judge : m_report->allJudges)
            judges << qs(judge);
        comparison->setContext(qs(m_report->humanGroup), judges);
    });
    // A judge's template versions on the test split, computed on their own: the view's group and judge.
    auto *versions = new VersionsPanel(m_session);
    m_tabs->addTab(versions, VersionsPanel::title());
    connect(this, &AgreementView::refreshed, versions, [this, versions] {
        QStringList judges;
        for (const auto &judge : m_report->allJudges)
            judges << qs(judge);
        versions->setContext(qs(m_report->humanGroup), judges, shownJudge());
    });
    // One judge on one page, computed on its own: the view's group and judge.
    auto *card = new JudgeCardPanel(m_session);
    m_tabs->addTab(card, JudgeCardPanel::title());
    connect(this, &AgreementView::refreshed, card, [this, card] {
        QStringList judges;
        for (const auto &judge : m_report->allJudges)
            judges << qs(judge);
        card->setContext(qs(m_report->humanGroup), judges, shownJudge(), qs(m_report->options.split));
    });
    // One judge's calibration against the view's group, computed on its own on the view's documents.
    auto *calibration = new CalibrationPanel(m_session);
    m_tabs->addTab(calibration, CalibrationPanel::title());
    connect(this, &AgreementView::refreshed, calibration, [this, calibration] {
        QStringList judges;
        for (const auto &judge : m_report->allJudges)
            judges << qs(judge);
        calibration->setContext(qs(m_report->humanGroup), judges, shownJudge(), qs(m_report->options.split));
    });
    // The systems ranked from pairwise verdicts, computed on their own on the view's documents.
    auto *rankings = new RankingsPanel(m_session);
    m_tabs->addTab(rankings, RankingsPanel::title());
    connect(this, &AgreementView::refreshed, rankings,
            [this, rankings] { rankings->setContext(qs(m_report->options.split)); });
    // Estimates from a share of the labels, computed on their own: the view's group, judge and Likert dimension.
    auto *estimates = new EstimatesPanel(m_session);
    m_tabs->addTab(estimates, EstimatesPanel::title());
    connect(this, &AgreementView::refreshed, estimates, [this, estimates] {
        QStringList judges;
        for (const auto &judge : m_report->allJudges)
            judges << qs(judge);
        QStringList dimensions;
        for (int i = 0; i < m_scatterDimension->count(); ++i)
            dimensions << m_scatterDimension->itemText(i);
        estimates->setContext(qs(m_report->humanGroup), judges, shownJudge(), dimensions,
                              m_scatterDimension->currentText());
    });

    // The tabs, longer translated: on a narrow screen their titles shorten with "…" (each tab's
    // tooltip shows its title whole) rather than hide tabs behind scroll buttons.
    m_tabs->setElideMode(Qt::ElideRight);
    m_tabs->setUsesScrollButtons(false);
    for (int tab = 0; tab < m_tabs->count(); ++tab)
        m_tabs->setTabToolTip(tab, m_tabs->tabText(tab).replace(QStringLiteral("&&"), QStringLiteral("&")));
    connect(m_tabs, &QTabWidget::currentChanged, this, &AgreementView::enableControlsForTab);
    enableControlsForTab();

    connect(m_scatterJudge, &QComboBox::currentIndexChanged, this, &AgreementView::showScatter);
    connect(m_scatterDimension, &QComboBox::currentIndexChanged, this, &AgreementView::showScatter);
    connect(m_perSystemJudge, &QComboBox::currentIndexChanged, this, &AgreementView::showPerSystem);
    connect(m_perSystemDimension, &QComboBox::currentIndexChanged, this, &AgreementView::showPerSystem);
    connect(m_pairwiseRule, &QComboBox::activated, this, &AgreementView::refresh);
    connect(m_pairwiseShown, &QComboBox::currentIndexChanged, this, &AgreementView::showPairwiseChosen);
    connect(m_alphaLevel, &QComboBox::activated, this, &AgreementView::refresh);
    connect(m_session, &StudySession::studyChanged, this, [this] {
        m_contentPending = false;
        // Another study has groups of its own: the group chosen in the last one would be asked of it and
        // fail, and the Humans box went on listing the last study's groups. Its default group instead.
        if (m_session->path() != m_groupsOf) {
            m_groupsOf = m_session->path();
            const QSignalBlocker block(m_group);
            m_group->clear();
        }
        m_lazy.request();
    });
    connect(m_session, &StudySession::contentChanged, this, &AgreementView::followContent);
    followPalette(); // the empty charts too, before the first computation
    m_lazy.request();
}

AgreementView::~AgreementView()
{
    // A computation still running finishes on its own connection; its result is dropped.
    if (m_cancel)
        m_cancel->store(true);
}

void AgreementView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void AgreementView::followPalette()
{
    for (QChartView *view : {m_correlationChart, m_scatterChart, m_perSystemChart, m_metaChart, m_alphaChart,
                             m_pairwiseChart, m_lengthChart, m_invalidChart})
        ChartStyle::follow(view->chart(), palette()); // the children may not have the new one yet
}

QWidget *AgreementView::createControls()
{
    auto *bar = new QWidget(this);
    auto *row = new FlowLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_group->setObjectName(QStringLiteral("humanGroup"));
    m_judges->setObjectName(QStringLiteral("judges"));
    m_judges->setText(tr("Judges: all"));
    m_judges->setMenu(new QMenu(m_judges));
    m_level->setObjectName(QStringLiteral("level"));
    for (const auto level : {reports::Level::Dataset, reports::Level::System, reports::Level::Summary})
        m_level->addItem(levelName(level), static_cast<int>(level));
    m_method->setObjectName(QStringLiteral("coefficient"));
    for (const auto method :
         {stats::CorrelationMethod::KendallB, stats::CorrelationMethod::Spearman, stats::CorrelationMethod::Pearson,
          stats::CorrelationMethod::KendallC, stats::CorrelationMethod::Acc, stats::CorrelationMethod::AccEq,
          stats::CorrelationMethod::Spa})
        m_method->addItem(methodName(method), static_cast<int>(method));
    // The tie-aware coefficients have long names (longer still translated): the box is as wide as the
    // longest, so that the chosen one shows whole; the controls row wraps rather than widen the window.
    m_method->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_bootstrap->setObjectName(QStringLiteral("bootstrap"));
    m_bootstrap->setChecked(true);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("dashboardStatus"));

    // On a narrow screen the controls go on in a second row rather than widen the window.
    row->addPair(new QLabel(tr("Humans:"), bar), m_group);
    row->addWidget(m_judges);
    m_levelLabel = new QLabel(tr("Level:"), bar);
    m_levelLabel->setBuddy(m_level);
    row->addPair(m_levelLabel, m_level);
    m_methodLabel = new QLabel(tr("Coefficient:"), bar);
    m_methodLabel->setBuddy(m_method);
    row->addPair(m_methodLabel, m_method);
    // Which documents every tab's numbers come from: all, or one side of the held-out split.
    m_documents = new QComboBox(bar);
    m_documents->setObjectName(QStringLiteral("dashboardDocuments"));
    m_documents->addItem(tr("All documents"), QString());
    m_documents->addItem(tr("Dev split"), QStringLiteral("dev"));
    m_documents->addItem(tr("Test split"), QStringLiteral("test"));
    m_documents->setToolTip(tr("Only the documents of one side of the held-out split (concord-cli split makes it); "
                               "the invalid answers are counted over every call."));
    auto *documentsLabel = new QLabel(tr("Documents:"), bar);
    documentsLabel->setBuddy(m_documents);
    row->addPair(documentsLabel, m_documents);
    row->addWidget(m_bootstrap);
    row->addWidget(m_status);
    row->addWidget(m_busy);

    connect(m_group, &QComboBox::activated, this, &AgreementView::refresh);
    connect(m_level, &QComboBox::activated, this, &AgreementView::refresh);
    connect(m_method, &QComboBox::activated, this, &AgreementView::refresh);
    connect(m_bootstrap, &QCheckBox::clicked, this, &AgreementView::refresh);
    connect(m_documents, &QComboBox::activated, this, &AgreementView::refresh);
    return bar;
}

QString AgreementView::humanGroup() const
{
    return m_group->currentText();
}

QString AgreementView::shownJudge() const
{
    // The judge the user last looked at on its own, else the first of those the correlations show.
    if (!m_scatterJudge->currentText().isEmpty())
        return m_scatterJudge->currentText();
    if (!m_chosenJudges.isEmpty())
        return m_chosenJudges.constFirst();
    if (m_report && !m_report->correlations.empty())
        return QString::fromStdString(m_report->correlations.front().rater);
    return {};
}

reports::EstimateRequest AgreementView::estimateRequest() const
{
    return findChild<EstimatesPanel *>()->request();
}

AgreementView::ShownTable AgreementView::shownTable() const
{
    if (qobject_cast<EstimatesPanel *>(m_tabs->currentWidget()))
        return ShownTable::Estimates;
    // The tabs in the order they were added (see enableControlsForTab).
    switch (m_tabs->currentIndex()) {
    case 3:
        return ShownTable::Agreement;
    case 4:
        return ShownTable::Pairwise;
    default:
        return ShownTable::Correlation;
    }
}

void AgreementView::enableControlsForTab()
{
    // The tabs in the order they were added: correlations, human vs judge, per system & meta, alpha,
    // pairwise & bias, invalid answers, judge comparison.
    const int tab = m_tabs->currentIndex();
    constexpr int correlations = 0;
    constexpr int perSystem = 2;
    constexpr int alpha = 3;
    // The level picks the correlations' level; the coefficient is the one correlations and the
    // per-system P use; bootstrap resamples their intervals and alpha's. The other tabs ignore them.
    const bool level = tab == correlations;
    const bool method = tab == correlations || tab == perSystem;
    const bool bootstrap = method || tab == alpha;
    m_levelLabel->setEnabled(level);
    m_level->setEnabled(level);
    m_methodLabel->setEnabled(method);
    m_method->setEnabled(method);
    m_bootstrap->setEnabled(bootstrap);
}

QWidget *AgreementView::chartAndTable(QChartView *chart, StatsTableModel *model, const QString &name)
{
    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(chart);
    QTableView *table = tableFor(model, name);
    splitter->addWidget(table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    constexpr int builtChart = 700;
    constexpr int builtTable = 520;
    splitter->setSizes({builtChart, builtTable});
    // The table as wide as its columns through the interval's upper end, so that the intervals are in sight
    // beside their values in every language (at 1280 pixels they had been cut off at the table's edge), the
    // chart keeping a third. Only while the splitter has the sizes it was built with: one the user moved, or a
    // layout restored, stays as it is. After tableFor's own handler, which widens the columns to their titles.
    connect(model, &QAbstractItemModel::modelReset, splitter, [splitter, table, model] {
        const QList<int> sizes = splitter->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        if (sizes.size() != 2 || total <= 0
            || std::abs(sizes[0] * builtTable - sizes[1] * builtChart) > total * builtTable / 25)
            return;
        int high = -1;
        for (int column = model->columnCount() - 1; column >= 0 && high < 0; --column)
            if (model->headerData(column, Qt::Horizontal).toString() == tr("CI high"))
                high = column;
        if (high < 0)
            return;
        int needed = 2 * table->frameWidth() + table->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, table);
        for (int column = 0; column <= high; ++column)
            needed += table->horizontalHeader()->sectionSize(column);
        const int width = std::clamp(needed, sizes[1], total * 2 / 3);
        splitter->setSizes({total - width, width});
    });
    return splitter;
}

void AgreementView::setHumanGroup(const QString &group)
{
    const int i = m_group->findText(group);
    if (i < 0) {
        m_group->addItem(group);
        m_group->setCurrentIndex(m_group->count() - 1);
    } else {
        m_group->setCurrentIndex(i);
    }
    refresh();
}

void AgreementView::setLevel(reports::Level level)
{
    m_level->setCurrentIndex(m_level->findData(static_cast<int>(level)));
    refresh();
}

void AgreementView::setMethod(stats::CorrelationMethod method)
{
    m_method->setCurrentIndex(m_method->findData(static_cast<int>(method)));
    refresh();
}

void AgreementView::setBootstrap(bool on)
{
    m_bootstrap->setChecked(on);
    refresh();
}

void AgreementView::setPairwiseRule(stats::PairwiseRule rule)
{
    m_pairwiseRule->setCurrentIndex(m_pairwiseRule->findData(static_cast<int>(rule)));
    refresh();
}

void AgreementView::setAlphaLevel(std::optional<stats::MeasurementLevel> level)
{
    m_alphaLevel->setCurrentIndex(m_alphaLevel->findData(level ? static_cast<int>(*level) : -1));
    refresh();
}

std::optional<stats::MeasurementLevel> AgreementView::alphaLevel() const
{
    const int level = m_alphaLevel->currentData().toInt();
    if (level < 0)
        return std::nullopt;
    return static_cast<stats::MeasurementLevel>(level);
}

reports::DashboardOptions AgreementView::options() const
{
    reports::DashboardOptions o;
    o.humanGroup = m_group->currentText().toStdString();
    for (const QString &j : m_chosenJudges)
        o.judges.push_back(j.toStdString());
    o.level = static_cast<reports::Level>(m_level->currentData().toInt());
    o.method = static_cast<stats::CorrelationMethod>(m_method->currentData().toInt());
    o.bootstrap = m_bootstrap->isChecked();
    o.pairwiseRule = static_cast<stats::PairwiseRule>(m_pairwiseRule->currentData().toInt());
    o.alphaLevel = alphaLevel();
    o.split = m_documents->currentData().toString().toStdString();
    return o;
}

void AgreementView::refresh()
{
    if (m_cancel)
        m_cancel->store(true); // the running computation is stale: stop it early
    const quint64 generation = ++m_generation;
    if (!m_session->isOpen()) {
        m_report.reset();
        apply();
        return;
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    reports::DashboardOptions o = options();
    o.cancel = m_cancel.get();
    const std::string path = m_session->path().toStdString();
    ++m_running;
    m_busy->show();
    m_status->setText(tr("Computing…"));
    // The flag lives as long as the task: the task holds its own reference.
    runInBackground<reports::DashboardReport>(
        this, [o, path, cancel = m_cancel] { return reports::computeDashboard(path, o); },
        [this, generation](Result<reports::DashboardReport> outcome) { onFinished(generation, std::move(outcome)); });
}

void AgreementView::followContent()
{
    if (!m_lazy.isActive()) {
        m_lazy.request(); // recomputed when shown
        return;
    }
    if (m_running > 0) {
        m_contentPending = true;
        return;
    }
    refresh();
}

void AgreementView::onFinished(quint64 generation, Result<reports::DashboardReport> outcome)
{
    if (--m_running == 0)
        m_busy->hide();
    showOutcome(generation, std::move(outcome));
    if (m_running == 0 && std::exchange(m_contentPending, false))
        followContent();
}

void AgreementView::showOutcome(quint64 generation, Result<reports::DashboardReport> outcome)
{
    if (generation != m_generation)
        return; // a newer request is on its way
    if (!outcome) {
        const QString error = QString::fromStdString(outcome.error().describe());
        m_status->setText(tr("Cannot compute: %1").arg(error));
        m_report.reset();
        apply();
        Q_EMIT refreshFailed(error);
        return;
    }
    m_report = std::move(outcome).value();
    const auto &r = *m_report;
    m_status->setText(r.judges.empty()     ? tr("No judge in the study yet: import judgements or run a judge.")
                      : r.warnings.empty() ? QString()
                                           : tr("Left out: %1").arg(qs(r.warnings.front())));
    m_status->setToolTip(r.warnings.empty() ? QString() : qs(r.warnings.front()));
    applyInSteps();
}

void AgreementView::apply()
{
    ++m_pass;
    m_showing = false;
    updateControls();
    showCorrelations();
    showScatter();
    showPerSystem();
    showAlpha();
    showPairwise();
    showInvalid();
}

void AgreementView::applyInSteps()
{
    const quint64 pass = ++m_pass;
    m_showing = true;
    updateControls(); // cheap, and the steps read the chosen judge and dimension from it
    // In the order of the tabs, whose index is the step's.
    QList<ShowStep> steps{&AgreementView::showCorrelations, &AgreementView::showScatter,  &AgreementView::showPerSystem,
                          &AgreementView::showAlpha,        &AgreementView::showPairwise, &AgreementView::showInvalid};
    if (const int current = m_tabs->currentIndex(); current > 0 && current < steps.size())
        steps.move(current, 0);
    showSteps(pass, std::move(steps));
}

void AgreementView::showSteps(quint64 pass, QList<ShowStep> steps)
{
    if (pass != m_pass)
        return; // a newer result, or none, is on screen instead
    (this->*steps.takeFirst())();
    if (!steps.isEmpty()) {
        // The event loop runs between the steps: input, painting and timers. A timer, not a posted call
        // (which is what a 0 ms single shot is): posted calls run in the same pass as the repaint the last
        // step asked for, and the two together held the GUI thread again.
        QTimer::singleShot(1, this,
                           [this, pass, steps = std::move(steps)]() mutable { showSteps(pass, std::move(steps)); });
        return;
    }
    m_showing = false;
    Q_EMIT refreshed();
}

void AgreementView::updateControls()
{
    auto fill = [](QComboBox *box, const std::vector<std::string> &items) {
        const QString current = box->currentText();
        const QSignalBlocker block(box);
        box->clear();
        for (const auto &item : items)
            box->addItem(qs(item));
        const int i = box->findText(current);
        box->setCurrentIndex(i >= 0 ? i : 0);
    };
    {
        // The judge and dimension shown stay chosen across refreshes (another rule, another study state).
        const QString current = m_pairwiseShown->currentText();
        const QSignalBlocker block(m_pairwiseShown);
        m_pairwiseShown->clear();
        if (m_report)
            for (const auto &p : m_report->pairwise)
                m_pairwiseShown->addItem(tr("%1 on %2").arg(qs(p.judge), qs(p.dimension)));
        const int i = m_pairwiseShown->findText(current);
        m_pairwiseShown->setCurrentIndex(i >= 0 ? i : 0);
    }
    if (!m_report) {
        for (QComboBox *box : {m_scatterJudge, m_scatterDimension, m_perSystemJudge, m_perSystemDimension}) {
            const QSignalBlocker block(box);
            box->clear();
        }
        return;
    }
    const auto &r = *m_report;
    fill(m_group, r.groups);
    m_group->setCurrentText(qs(r.humanGroup));
    fill(m_scatterJudge, r.judges);
    fill(m_perSystemJudge, r.judges);
    fill(m_perSystemDimension, r.dimensions);
    std::vector<std::string> likert;
    for (const auto &s : r.scatter)
        if (std::find(likert.begin(), likert.end(), s.dimension) == likert.end())
            likert.push_back(s.dimension);
    fill(m_scatterDimension, likert);

    QMenu *menu = m_judges->menu();
    menu->clear();
    for (const auto &judge : r.allJudges) {
        QAction *action = menu->addAction(qs(judge));
        action->setCheckable(true);
        action->setChecked(std::find(r.judges.begin(), r.judges.end(), judge) != r.judges.end());
        connect(action, &QAction::toggled, this, [this] {
            QStringList chosen;
            const QList<QAction *> actions = m_judges->menu()->actions();
            for (QAction *a : actions)
                if (a->isChecked())
                    chosen << a->text();
            // None chosen means all: a dashboard without judges has nothing to compare.
            m_chosenJudges = chosen.size() == actions.size() ? QStringList() : chosen;
            refresh();
        });
    }
    m_judges->setText(m_chosenJudges.isEmpty() ? tr("Judges: all (%1)").arg(r.allJudges.size())
                                               : tr("Judges: %1").arg(m_chosenJudges.join(QStringLiteral(", "))));
}

void AgreementView::showCorrelations()
{
    if (!m_report) {
        m_correlationTable->clear();
        AgreementCharts::setChart(m_correlationChart,
                                  AgreementCharts::emptyChart(tr("Correlation with the humans"), tr("No study data.")));
        return;
    }
    const auto &r = *m_report;
    const auto level = r.options.level;
    const auto method = r.options.method;
    QStringList dims;
    for (const auto &d : r.dimensions)
        dims << qs(d);
    QList<ForestGroup> groups;
    for (const auto &rc : r.correlations) {
        if (rc.human)
            continue;
        ForestGroup g{qs(rc.rater), {}};
        for (const auto &dimension : r.dimensions) {
            ForestPoint p;
            for (const auto &dr : rc.report.dimensions)
                if (dr.dimension == dimension)
                    if (const auto *e = reports::entryAt(dr, level, method)) {
                        p.value = e->correlation.value;
                        p.low = e->ci.low;
                        p.high = e->ci.high;
                        p.tip = tr("%1, %2: %3 = %4 (p = %5, n = %6)%7")
                                    .arg(qs(rc.rater), qs(dimension), methodName(method), exact(p.value),
                                         exact(e->correlation.p))
                                    .arg(e->correlation.n)
                                    .arg(ciText(p.low, p.high) + epsilonText(e->correlation.tieThreshold));
                    }
            g.points << p;
        }
        groups << g;
    }
    QList<ForestReference> ceiling;
    for (const auto &c : r.ceiling)
        ceiling << ForestReference{
            c.mean, c.min, c.max,
            tr("Human ceiling on %1: mean %2 of %3 humans each against the others (min %4, max %5)")
                .arg(qs(c.dimension), exact(c.mean))
                .arg(c.raters)
                .arg(exact(c.min), exact(c.max))};
    AgreementCharts::setChart(
        m_correlationChart,
        AgreementCharts::forestChart(
            tr("%1 with the %2 mean, %3 level").arg(methodName(method), qs(r.humanGroup), levelName(level)), dims,
            groups, ceiling, tr("Human ceiling (range: dotted)"), methodName(method)));

    QList<QList<StatsCell>> rows;
    for (const auto &rc : r.correlations)
        for (const auto &row : reports::toRows(rc.report)) {
            const auto &e = row.entry;
            rows << QList<StatsCell>{StatsCell::label(qs(rc.rater)),
                                     StatsCell::label(qs(row.dimension)),
                                     StatsCell::label(levelCell(row.level)),
                                     StatsCell::label(qs(row.system)),
                                     StatsCell::number(e.correlation.value, 4, qs(e.correlation.undefinedReason)),
                                     StatsCell::number(e.ci.low, 4),
                                     StatsCell::number(e.ci.high, 4),
                                     StatsCell::pValue(e.correlation.p),
                                     StatsCell::count(e.correlation.n),
                                     row.level == "summary" ? StatsCell::count(e.documentsUsed) : StatsCell::label({}),
                                     StatsCell::label(qs(row.correlation)),
                                     StatsCell::label(rc.human ? tr("human vs others") : tr("judge"))};
        }
    m_correlationTable->setTable({tr("Rater"), tr("Dimension"), tr("Level"), tr("System"), tr("Value"), tr("CI low"),
                                  tr("CI high"), tr("p"), tr("n"), tr("Documents used"), tr("Coefficient"), tr("Role")},
                                 std::move(rows));
}

void AgreementView::showScatter()
{
    QList<QList<StatsCell>> rows;
    const reports::ScatterSeries *shown = nullptr;
    if (m_report)
        for (const auto &s : m_report->scatter) {
            rows << QList<StatsCell>{
                StatsCell::label(qs(s.judge)),     StatsCell::label(qs(s.dimension)),
                StatsCell::count(s.points.size()), StatsCell::number(s.pearson.value, 4, qs(s.pearson.undefinedReason)),
                StatsCell::pValue(s.pearson.p),    StatsCell::number(s.slope, 4),
                StatsCell::number(s.intercept, 4)};
            if (qs(s.judge) == m_scatterJudge->currentText() && qs(s.dimension) == m_scatterDimension->currentText())
                shown = &s;
        }
    m_scatterTable->setTable(
        {tr("Judge"), tr("Dimension"), tr("Points"), tr("Pearson r"), tr("p"), tr("Slope"), tr("Intercept")},
        std::move(rows));
    if (!shown) {
        AgreementCharts::setChart(
            m_scatterChart,
            AgreementCharts::emptyChart(tr("Human mean vs judge"),
                                        tr("No judge has rated a Likert dimension yet: run a Likert judge in the "
                                           "Judges view, or import its ratings (File menu).")));
        return;
    }
    const QString group = qs(m_report->humanGroup);
    auto *chart = new QChart;
    chart->setTitle(
        tr("%1 on %2: judge against the %3 mean (r = %4, n = %5)")
            .arg(qs(shown->judge), qs(shown->dimension), group, QLocale().toString(shown->pearson.value, 'f', 3))
            .arg(shown->points.size()));
    auto *x = new QValueAxis;
    x->setTitleText(tr("%1 mean").arg(group));
    auto *y = new QValueAxis;
    y->setTitleText(qs(shown->judge));
    for (QValueAxis *axis : {x, y}) {
        axis->setRange(shown->scaleMin - 0.3, shown->scaleMax + 0.3);
        axis->setTickCount(static_cast<int>(shown->scaleMax - shown->scaleMin) + 1);
        axis->setLabelFormat(QStringLiteral("%.0f"));
        chart->addAxis(axis, axis == x ? Qt::AlignBottom : Qt::AlignLeft);
    }
    auto *points = new QScatterSeries;
    points->setName(tr("Candidates (jittered)"));
    points->setMarkerSize(6);
    QColor fill(31, 119, 180, 90);
    points->setColor(fill);
    // A hairline border (width 0: one pixel at any scale). Qt Charts gives every point an item whose bounds,
    // under a wider pen, are found by stroking its outline: for 1,200 points that held the GUI thread.
    points->setPen(QPen(QColor(31, 119, 180, 140), 0));
    // All points in one append: one at a time, the series signals each.
    QList<QPointF> xy;
    xy.reserve(static_cast<qsizetype>(shown->points.size()));
    QStringList tips;
    tips.reserve(static_cast<qsizetype>(shown->points.size()));
    for (const auto &p : shown->points) {
        xy << QPointF(p.jitteredHuman, p.jitteredJudge);
        tips << tr("%1 / %2: humans %3, judge %4").arg(qs(p.document), qs(p.system), exact(p.human), exact(p.judge));
    }
    points->append(xy);
    chart->addSeries(points);
    points->attachAxis(x);
    points->attachAxis(y);
    AgreementCharts::attachTips(points, tips);
    AgreementCharts::addSegment(chart, x, y, {shown->scaleMin, shown->scaleMin}, {shown->scaleMax, shown->scaleMax},
                                QPen(QColor(150, 150, 150), 1, Qt::DotLine), tr("Judge = humans"));
    if (!std::isnan(shown->slope)) {
        QLineSeries *fit = AgreementCharts::addSegment(
            chart, x, y, {shown->scaleMin, shown->intercept + shown->slope * shown->scaleMin},
            {shown->scaleMax, shown->intercept + shown->slope * shown->scaleMax}, QPen(QColor(214, 39, 40), 2),
            tr("Least squares: %1 + %2·x")
                .arg(QLocale().toString(shown->intercept, 'f', 3), QLocale().toString(shown->slope, 'f', 3)));
        const QString tip = tr("judge = %1 + %2 × humans").arg(exact(shown->intercept), exact(shown->slope));
        AgreementCharts::attachTips(fit, {tip, tip});
    }
    AgreementCharts::setChart(m_scatterChart, chart);
}

void AgreementView::showPerSystem()
{
    const reports::DimensionReport *dim = nullptr;
    if (m_report)
        for (const auto &rc : m_report->correlations)
            if (!rc.human && qs(rc.rater) == m_perSystemJudge->currentText())
                for (const auto &d : rc.report.dimensions)
                    if (qs(d.dimension) == m_perSystemDimension->currentText())
                        dim = &d;
    if (!dim) {
        m_perSystemTable->clear();
        AgreementCharts::setChart(
            m_perSystemChart,
            AgreementCharts::emptyChart(
                tr("Per-system correlation"),
                tr("No judge ratings yet: run a judge in the Judges view, or import its ratings (File menu).")));
        AgreementCharts::setChart(
            m_metaChart,
            AgreementCharts::emptyChart(
                tr("Meta-correlation"),
                tr("No judge ratings yet: run a judge in the Judges view, or import its ratings (File menu).")));
        return;
    }
    const auto method = m_report->options.method;
    const QString judge = m_perSystemJudge->currentText();
    QStringList systems;
    ForestGroup group{judge, {}};
    QList<QList<StatsCell>> rows;
    const auto meta = dim->metaDetail.find(method);
    // Systems in natural order (M8 before M10); i still indexes the core's vectors.
    std::vector<std::size_t> order(dim->systemNames.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return naturalLess(qs(dim->systemNames[a]), qs(dim->systemNames[b]));
    });
    for (const std::size_t i : order) {
        const std::string &name = dim->systemNames[i];
        systems << qs(name);
        ForestPoint p;
        const auto it = dim->perSystem.find(name);
        const reports::ReportEntry *e = nullptr;
        if (it != dim->perSystem.end())
            if (const auto m = it->second.find(method); m != it->second.end())
                e = &m->second;
        const double q = meta != dim->metaDetail.end() && i < meta->second.q.size()
                             ? meta->second.q[i]
                             : std::numeric_limits<double>::quiet_NaN();
        if (e) {
            p = {e->correlation.value, e->ci.low, e->ci.high,
                 tr("%1 on %2, system %3: %4 = %5 (n = %6)%7, Q = %8")
                     .arg(judge, qs(dim->dimension), qs(name), methodName(method), exact(e->correlation.value))
                     .arg(e->correlation.n)
                     .arg(ciText(e->ci.low, e->ci.high), exact(q))};
            rows << QList<StatsCell>{StatsCell::label(qs(name)),
                                     StatsCell::number(q, 4),
                                     StatsCell::number(e->correlation.value, 4, qs(e->correlation.undefinedReason)),
                                     StatsCell::pValue(e->correlation.p),
                                     StatsCell::count(e->correlation.n),
                                     StatsCell::number(e->ci.low, 4),
                                     StatsCell::number(e->ci.high, 4)};
        }
        group.points << p;
    }
    const auto metaEntry = dim->meta.find(method);
    if (metaEntry != dim->meta.end()) {
        const auto &e = metaEntry->second;
        rows << QList<StatsCell>{StatsCell::label(tr("M = corr(Q, P)")),
                                 StatsCell::label({}),
                                 StatsCell::number(e.correlation.value, 4, qs(e.correlation.undefinedReason)),
                                 StatsCell::pValue(e.correlation.p),
                                 StatsCell::count(e.correlation.n),
                                 StatsCell::number(e.ci.low, 4),
                                 StatsCell::number(e.ci.high, 4)};
    }
    m_perSystemTable->setTable(
        {tr("System"), tr("Q (human mean)"), tr("P (correlation)"), tr("p"), tr("n"), tr("CI low"), tr("CI high")},
        std::move(rows));
    AgreementCharts::setChart(
        m_perSystemChart,
        AgreementCharts::forestChart(tr("%1 per system on %2").arg(methodName(method), qs(dim->dimension)), systems,
                                     {group}, {}, {}, methodName(method)));

    if (meta == dim->metaDetail.end()) {
        AgreementCharts::setChart(m_metaChart,
                                  AgreementCharts::emptyChart(tr("Meta-correlation"), tr("Not computed.")));
        return;
    }
    const auto &detail = meta->second;
    auto *chart = new QChart;
    chart->setTitle(tr("Meta-correlation on %1: M = %2 (p = %3)")
                        .arg(qs(dim->dimension), QLocale().toString(detail.m.value, 'f', 3),
                             QLocale().toString(detail.m.p, 'g', 3)));
    auto *x = new QValueAxis;
    x->setTitleText(tr("Q: the %1 mean of the system").arg(qs(m_report->humanGroup)));
    auto *y = new QValueAxis;
    y->setTitleText(tr("P: %1 of the system").arg(methodName(method)));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    auto *dots = new QScatterSeries;
    dots->setName(tr("Systems"));
    dots->setMarkerSize(10);
    QStringList tips;
    double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin, ymin = xmin, ymax = -xmin;
    for (std::size_t i = 0; i < detail.q.size() && i < detail.p.size(); ++i) {
        if (std::isnan(detail.q[i]) || std::isnan(detail.p[i]))
            continue;
        dots->append(detail.q[i], detail.p[i]);
        tips << tr("%1: Q = %2, P = %3")
                    .arg(i < dim->systemNames.size() ? qs(dim->systemNames[i]) : QString(), exact(detail.q[i]),
                         exact(detail.p[i]));
        xmin = std::min(xmin, detail.q[i]);
        xmax = std::max(xmax, detail.q[i]);
        ymin = std::min(ymin, detail.p[i]);
        ymax = std::max(ymax, detail.p[i]);
    }
    chart->addSeries(dots);
    dots->attachAxis(x);
    dots->attachAxis(y);
    AgreementCharts::attachTips(dots, tips);
    const reports::LineFit fit = reports::leastSquares(detail.q, detail.p);
    if (!std::isnan(fit.slope)) {
        AgreementCharts::addSegment(chart, x, y, {xmin, fit.intercept + fit.slope * xmin},
                                    {xmax, fit.intercept + fit.slope * xmax}, QPen(QColor(214, 39, 40), 2),
                                    tr("Least squares line"));
    }
    if (dots->count() > 0) {
        x->setRange(xmin - 0.1, xmax + 0.1);
        y->setRange(std::min(ymin, 0.0) - 0.05, std::max(ymax, 0.0) + 0.05);
    }
    AgreementCharts::setChart(m_metaChart, chart);
}

void AgreementView::showAlpha()
{
    if (!m_report) {
        m_alphaTable->clear();
        AgreementCharts::setChart(m_alphaChart,
                                  AgreementCharts::emptyChart(tr("Krippendorff's α"), tr("No study data.")));
        return;
    }
    const auto &r = *m_report;
    QStringList dims;
    for (const auto &d : r.dimensions)
        dims << qs(d);
    QList<ForestGroup> groups;
    QStringList order;
    QStringList levels; // the levels used, for the chart's title
    QList<QList<StatsCell>> rows;
    for (const auto &a : r.alpha) {
        const QString name = a.judge.empty() ? qs(a.group) : tr("%1 + %2").arg(qs(a.group), qs(a.judge));
        qsizetype g = order.indexOf(name);
        if (g < 0) {
            order << name;
            groups << ForestGroup{name, QList<ForestPoint>(dims.size())};
            g = order.size() - 1;
        }
        const auto &alpha = a.report.alpha;
        const auto &ci = a.report.interval;
        const double value = alpha.alpha.value_or(std::numeric_limits<double>::quiet_NaN());
        const double low = ci.low.value_or(std::numeric_limits<double>::quiet_NaN());
        const double high = ci.high.value_or(std::numeric_limits<double>::quiet_NaN());
        const QString level = measurementLevelName(alpha.level);
        if (!levels.contains(level))
            levels << level;
        const qsizetype d = dims.indexOf(qs(a.dimension));
        if (d >= 0)
            groups[g].points[d] = {value, low, high,
                                   tr("%1 on %2: α = %3 (%4, %5 coders, %6 units)%7")
                                       .arg(name, qs(a.dimension), exact(value), level)
                                       .arg(a.report.raters.size())
                                       .arg(alpha.units)
                                       .arg(ciText(low, high))};
        rows << QList<StatsCell>{StatsCell::label(qs(a.group)),
                                 StatsCell::label(a.judge.empty() ? tr("—") : qs(a.judge)),
                                 StatsCell::label(qs(a.dimension)),
                                 StatsCell::label(level),
                                 StatsCell::number(value, 4, qs(alpha.undefinedReason)),
                                 StatsCell::number(low, 4, qs(ci.undefinedReason)),
                                 StatsCell::number(high, 4, qs(ci.undefinedReason)),
                                 StatsCell::count(a.report.raters.size()),
                                 StatsCell::count(alpha.units),
                                 StatsCell::count(alpha.pairableValues)};
    }
    m_alphaTable->setTable({tr("Group"), tr("With judge"), tr("Dimension"), tr("Level"), tr("α"), tr("CI low"),
                            tr("CI high"), tr("Coders"), tr("Units"), tr("Pairable values")},
                           std::move(rows));
    AgreementCharts::setChart(
        m_alphaChart, AgreementCharts::forestChart(
                          tr("Krippendorff's α (%1) per dimension: each group, and with a judge as one more coder")
                              .arg(levels.isEmpty() ? m_alphaLevel->currentText() : levels.join(QStringLiteral(", "))),
                          dims, groups, {}, {}, tr("α")));
}

void AgreementView::showPairwiseChosen()
{
    // The chosen judge and dimension's system pairs: what the H2H success rate counts.
    auto showPairs = [this](const reports::PairwiseSummary &p) {
        constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN(); // the humans rated neither
        QList<QList<StatsCell>> rows;
        for (const auto &pair : p.pairs) {
            auto prefers = [&](int preference) {
                return preference > 0   ? qs(p.systems[pair.first])
                       : preference < 0 ? qs(p.systems[pair.second])
                                        : tr("neither");
            };
            const bool humans = pair.humansCompared;
            rows << QList<StatsCell>{StatsCell::label(qs(p.systems[pair.first])),
                                     StatsCell::label(qs(p.systems[pair.second])),
                                     StatsCell::number(pair.judge.wins, 1),
                                     StatsCell::number(pair.judge.ties, 1),
                                     StatsCell::number(pair.judge.losses, 1),
                                     StatsCell::label(prefers(pair.judgePrefers)),
                                     StatsCell::number(humans ? pair.humans.wins : kUndefined, 1),
                                     StatsCell::number(humans ? pair.humans.ties : kUndefined, 1),
                                     StatsCell::number(humans ? pair.humans.losses : kUndefined, 1),
                                     StatsCell::label(humans ? prefers(pair.humansPrefer) : QString()),
                                     StatsCell::label(!humans      ? QString()
                                                      : pair.agree ? tr("yes")
                                                                   : tr("no"))};
        }
        m_pairwisePairsTable->setTable({tr("System A"), tr("System B"), tr("Judge: A won"), tr("Judge: tied"),
                                        tr("Judge: B won"), tr("Judge prefers"), tr("Humans: A won"),
                                        tr("Humans: tied"), tr("Humans: B won"), tr("Humans prefer"), tr("Agree")},
                                       std::move(rows));
    };
    if (!m_report || m_report->pairwise.empty()) {
        AgreementCharts::setChart(
            m_pairwiseChart,
            AgreementCharts::emptyChart(
                tr("Pairwise verdicts"),
                tr("No pairwise verdicts yet: run or import an h2h, pairwise or llmcompare judge (Judges view).")));
        showPairs({});
    } else {
        const int chosen
            = std::clamp(m_pairwiseShown->currentIndex(), 0, static_cast<int>(m_report->pairwise.size()) - 1);
        const auto &p = m_report->pairwise[static_cast<std::size_t>(chosen)];
        showPairs(p);
        auto *chart = new QChart;
        chart->setTitle(tr("%1 on %2: documents won, tied and lost per system (rule %3, H2H success %4)")
                            .arg(qs(p.judge), qs(p.dimension), qs(std::string(stats::toString(p.rule))),
                                 QLocale().toString(p.h2hAll.rate, 'f', 3)));
        auto *wins = new QBarSet(tr("Won"));
        auto *ties = new QBarSet(tr("Tied"));
        auto *losses = new QBarSet(tr("Lost"));
        wins->setColor(QColor(44, 160, 44));
        ties->setColor(QColor(180, 180, 180));
        losses->setColor(QColor(214, 39, 40));
        QStringList systems;
        for (std::size_t i = 0; i < p.systems.size(); ++i) {
            systems << qs(p.systems[i]);
            *wins << p.perSystem[i].wins;
            *ties << p.perSystem[i].ties;
            *losses << p.perSystem[i].losses;
        }
        auto *series = new QStackedBarSeries;
        series->append({wins, ties, losses});
        chart->addSeries(series);
        auto *x = new QBarCategoryAxis;
        x->append(systems);
        AgreementCharts::keepLabelsWhole(chart, x, systems);
        auto *y = new QValueAxis;
        y->setTitleText(tr("Documents"));
        y->setLabelFormat(QStringLiteral("%g")); // under the points rule an order counts half a document
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        AgreementCharts::attachBarTips(series, [systems](QBarSet *set, int index) {
            return index >= 0 && index < systems.size()
                       ? tr("%1, %2: %3").arg(systems.at(index), set->label()).arg(set->at(index))
                       : QString();
        });
        AgreementCharts::setChart(m_pairwiseChart, chart);
    }
}

void AgreementView::showPairwise()
{
    QList<QList<StatsCell>> rows;
    if (m_report)
        for (const auto &p : m_report->pairwise)
            rows << QList<StatsCell>{
                StatsCell::label(qs(p.judge)),
                StatsCell::label(qs(p.dimension)),
                StatsCell::label(qs(std::string(stats::toString(p.rule)))),
                StatsCell::count(p.verdicts),
                StatsCell::count(p.comparisons),
                StatsCell::number(p.h2hAll.rate, 4),
                StatsCell::number(p.h2hConsecutive.rate, 4),
                StatsCell::number(p.pointsWithHumans.value, 4, qs(p.pointsWithHumans.undefinedReason)),
                StatsCell::number(p.position.flipRate, 4),
                StatsCell::number(p.position.firstWinRate, 4)};
    m_pairwiseTable->setTable({tr("Judge"), tr("Dimension"), tr("Rule"), tr("Verdicts"), tr("Comparisons"),
                               tr("H2H success (all pairs)"), tr("H2H success (consecutive)"),
                               tr("LLMCompare τb vs humans"), tr("Flip rate (order swapped)"), tr("First shown wins")},
                              std::move(rows));
    showPairwiseChosen();

    QList<QList<StatsCell>> lengthRows;
    if (m_report)
        for (const auto &l : m_report->lengthBias) {
            const auto &b = l.bias;
            lengthRows << QList<StatsCell>{
                StatsCell::label(qs(l.judge)),
                StatsCell::label(qs(l.dimension)),
                StatsCell::number(b.judgeWithLength.value, 4, qs(b.judgeWithLength.undefinedReason)),
                StatsCell::number(b.humansWithLength.value, 4, qs(b.humansWithLength.undefinedReason)),
                StatsCell::number(b.allPairs.value, 4),
                StatsCell::count(b.allPairs.total),
                StatsCell::number(b.similarLengthPairs.value, 4),
                StatsCell::count(b.similarLengthPairs.total),
                StatsCell::number(b.lengthDifferenceCutoff, 1)};
        }
    m_lengthTable->setTable({tr("Judge"), tr("Dimension"), tr("τb judge × length"), tr("τb humans × length"),
                             tr("Pair accuracy (all)"), tr("Pairs"), tr("Pair accuracy (similar length)"), tr("Pairs"),
                             tr("Length cutoff (words)")},
                            std::move(lengthRows));
    if (!m_report || m_report->lengthBias.empty()) {
        AgreementCharts::setChart(
            m_lengthChart, AgreementCharts::emptyChart(
                               tr("Length bias"), tr("No judge has rated a Likert dimension yet: run a Likert judge in "
                                                     "the Judges view, or import its ratings (File menu).")));
        return;
    }
    QStringList dims;
    for (const auto &l : m_report->lengthBias)
        if (!dims.contains(qs(l.dimension)))
            dims << qs(l.dimension);
    QList<ForestGroup> groups{ForestGroup{tr("humans"), QList<ForestPoint>(dims.size())}};
    QStringList judges;
    for (const auto &l : m_report->lengthBias) {
        qsizetype g = judges.indexOf(qs(l.judge));
        if (g < 0) {
            judges << qs(l.judge);
            groups << ForestGroup{qs(l.judge), QList<ForestPoint>(dims.size())};
            g = judges.size() - 1;
        }
        const qsizetype d = dims.indexOf(qs(l.dimension));
        const auto &b = l.bias;
        groups[g + 1].points[d] = {b.judgeWithLength.value, std::numeric_limits<double>::quiet_NaN(),
                                   std::numeric_limits<double>::quiet_NaN(),
                                   tr("%1 on %2: τb with length %3 (n = %4)")
                                       .arg(qs(l.judge), qs(l.dimension), exact(b.judgeWithLength.value))
                                       .arg(b.judgeWithLength.n)};
        groups[0].points[d]
            = {b.humansWithLength.value, std::numeric_limits<double>::quiet_NaN(),
               std::numeric_limits<double>::quiet_NaN(),
               tr("humans on %1: τb with length %2").arg(qs(l.dimension), exact(b.humansWithLength.value))};
    }
    AgreementCharts::setChart(
        m_lengthChart, AgreementCharts::forestChart(tr("Length bias: Kendall τb of scores with summary length (words)"),
                                                    dims, groups, {}, {}, tr("τb")));
}

void AgreementView::showInvalid()
{
    QList<QList<StatsCell>> rows;
    if (m_report)
        for (const auto &i : m_report->invalidRates)
            rows << QList<StatsCell>{StatsCell::label(qs(i.judge)),
                                     StatsCell::label(qs(i.protocol)),
                                     StatsCell::label(i.dimension.empty() ? tr("(none)") : qs(i.dimension)),
                                     StatsCell::count(i.calls),
                                     StatsCell::count(i.invalid),
                                     StatsCell::number(i.rate, 4)};
    m_invalidTable->setTable(
        {tr("Judge"), tr("Protocol"), tr("Dimension"), tr("Calls"), tr("Invalid"), tr("Invalid rate")},
        std::move(rows));
    if (!m_report || m_report->invalidRates.empty()) {
        AgreementCharts::setChart(
            m_invalidChart,
            AgreementCharts::emptyChart(
                tr("Invalid answers"),
                tr("No judge calls yet: run a judge in the Judges view; its invalid answers are counted here.")));
        return;
    }
    QStringList dims;
    for (const auto &i : m_report->invalidRates)
        if (!dims.contains(qs(i.dimension)))
            dims << qs(i.dimension);
    auto *series = new QBarSeries;
    QStringList judges;
    QList<QBarSet *> sets;
    QList<QStringList> tips;
    for (const auto &i : m_report->invalidRates) {
        qsizetype g = judges.indexOf(qs(i.judge));
        if (g < 0) {
            judges << qs(i.judge);
            auto *set = new QBarSet(tr("%1 (%2)").arg(qs(i.judge), qs(i.protocol)));
            for (qsizetype d = 0; d < dims.size(); ++d)
                *set << 0.0;
            sets << set;
            tips << QStringList(dims.size());
            series->append(set);
            g = judges.size() - 1;
        }
        const qsizetype d = dims.indexOf(qs(i.dimension));
        // A fraction, as the table beside it and the exported table give it (the chart had shown percent).
        sets[g]->replace(d, i.rate);
        tips[g][d] = tr("%1 on %2: %3 of %4 answers invalid (%5%)")
                         .arg(qs(i.judge), qs(i.dimension))
                         .arg(i.invalid)
                         .arg(i.calls)
                         .arg(exact(i.rate * 100));
    }
    auto *chart = new QChart;
    chart->setTitle(tr("Invalid answers per judge, protocol and dimension"));
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    QStringList labels = dims;
    for (QString &l : labels)
        if (l.isEmpty())
            l = tr("(none)");
    x->append(labels);
    AgreementCharts::keepLabelsWhole(chart, x, labels);
    auto *y = new QValueAxis;
    y->setTitleText(tr("Invalid rate"));
    y->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    y->setMin(0);
    y->applyNiceNumbers();
    AgreementCharts::attachBarTips(series, [sets, tips](QBarSet *set, int index) {
        const qsizetype g = sets.indexOf(set);
        return g >= 0 && index >= 0 && index < tips[g].size() ? tips[g][index] : QString();
    });
    AgreementCharts::setChart(m_invalidChart, chart);
}

} // namespace concord::ui
