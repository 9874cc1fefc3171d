// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/estimates_panel.h"

#include "common/background_job.h"
#include "common/chart_style.h"
#include "common/combo_refill.h"
#include "common/flow_layout.h"
#include "common/report_table_view.h"
#include "common/study_session.h"
#include "compare/agreement_charts.h"
#include "compare/estimate_table_model.h"
#include "compare/plan_labels_dialog.h"

#include "store/study.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QShowEvent>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace concord::ui {

namespace {

// The invisible first part of a bar that starts where its interval does.
constexpr const char *offsetSet = "concordIntervalOffset";

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

bool finite(double value)
{
    return std::isfinite(value);
}

// A theme gives every bar set a border: the offsets stay invisible.
void hideOffsets(QChart *chart)
{
    for (QAbstractSeries *series : chart->series())
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series))
            for (QBarSet *set : bars->barSets())
                if (set->property(offsetSet).toBool()) {
                    set->setColor(Qt::transparent);
                    set->setBorderColor(Qt::transparent);
                }
}

// A step between the axis's labels of 1, 2, 2.5 or 5 times a power of ten, about six over span.
double tickStep(double span)
{
    const double raw = span / 6;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 2.5, 5.0})
        if (factor * magnitude >= raw)
            return factor * magnitude;
    return 10 * magnitude;
}

} // namespace

EstimatesPanel::EstimatesPanel(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_judge(new QComboBox(this))
    , m_dimension(new QComboBox(this))
    , m_method(new QComboBox(this))
    , m_confidence(new QDoubleSpinBox(this))
    , m_whatIf(new QCheckBox(tr("&Keep a share of the labels:"), this))
    , m_share(new QSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_status(new QLabel(this))
    , m_plan(new QPushButton(tr("&Plan Next Labels…"), this))
    , m_planResult(new QLabel(this))
    , m_planQueue(new QListWidget(this))
    , m_busy(new QProgressBar(this))
    , m_notice(new QLabel(this))
    , m_caption(new QLabel(this))
    , m_chart(new QChartView(this))
    , m_tableView(nullptr)
    , m_table(new EstimateTableModel(this))
    , m_computation(this, m_busy, [this] { refresh(); })
{
    setObjectName(QStringLiteral("estimates"));
    m_judge->setObjectName(QStringLiteral("estimateJudge"));
    m_dimension->setObjectName(QStringLiteral("estimateDimension"));
    m_method->setObjectName(QStringLiteral("estimateMethod"));
    for (const auto method : {stats::PpiMethod::PpiPlusPlus, stats::PpiMethod::Ppi, stats::PpiMethod::Classical})
        m_method->addItem(EstimateTableModel::methodName(method), static_cast<int>(method));
    m_method->setToolTip(tr("PPI++ weighs the judge by how well it follows the labels; PPI takes its scores as they "
                            "are; labels alone leave the judge out."));
    m_confidence->setObjectName(QStringLiteral("estimateConfidence"));
    m_confidence->setRange(50, 99.9);
    m_confidence->setDecimals(1);
    m_confidence->setSingleStep(1);
    m_confidence->setValue(95);
    m_confidence->setSuffix(QStringLiteral(" %"));
    m_whatIf->setObjectName(QStringLiteral("estimateWhatIf"));
    m_whatIf->setToolTip(tr("A what-if: a seeded share of the summaries keeps its labels and the judge stands in for "
                            "the rest; the full-data mean is the group's mean over every label."));
    m_share->setObjectName(QStringLiteral("estimateShare"));
    m_share->setRange(1, 100);
    m_share->setValue(10);
    m_share->setSuffix(QStringLiteral(" %"));
    m_share->setEnabled(false);
    m_seed->setObjectName(QStringLiteral("estimateSeed"));
    m_seed->setRange(1, 999999);
    m_seed->setValue(1);
    m_seed->setEnabled(false);
    for (QLabel *label : {m_status, m_notice, m_caption}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
    }
    m_status->setObjectName(QStringLiteral("estimateStatus"));
    m_busy->setObjectName(QStringLiteral("estimateBusy"));
    m_notice->setObjectName(QStringLiteral("estimateNotice"));
    m_caption->setObjectName(QStringLiteral("estimateCaption"));
    m_notice->hide();
    m_chart->setObjectName(QStringLiteral("estimateChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumSize(240, 150);

    // On a narrow screen the controls go on in a second row rather than widen the window.
    auto *layout = new QVBoxLayout(this);
    auto *bar = new FlowLayout;
    layout->addLayout(bar);
    auto pair = [&](const QString &text, QWidget *field) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field);
        bar->addPair(label, field);
    };
    pair(tr("&Judge:"), m_judge);
    pair(tr("D&imension:"), m_dimension);
    pair(tr("Me&thod:"), m_method);
    pair(tr("&Confidence:"), m_confidence);
    bar->addPair(m_whatIf, m_share);
    pair(tr("&Seed:"), m_seed);
    bar->addWidget(m_plan);
    bar->addWidget(m_status);
    bar->addWidget(m_busy);
    layout->addWidget(m_notice);
    // A plan's outcome and its queue, shown once one is made.
    m_plan->setObjectName(QStringLiteral("estimatePlan"));
    m_plan->setToolTip(tr("Which summaries the group should label next, drawn by the judge's uncertainty and stored "
                          "in the study with every probability, so estimates from them stay valid."));
    m_planResult->setObjectName(QStringLiteral("estimatePlanResult"));
    m_planResult->setTextFormat(Qt::PlainText);
    m_planResult->setWordWrap(true);
    m_planResult->hide();
    m_planQueue->setObjectName(QStringLiteral("estimatePlanQueue"));
    m_planQueue->setMaximumHeight(120);
    m_planQueue->hide();
    layout->addWidget(m_planResult);
    layout->addWidget(m_planQueue);
    connect(m_plan, &QPushButton::clicked, this, &EstimatesPanel::planNextLabels);

    // The intervals and the titles whole, in any language: a row per system, cheap to measure.
    QTableView *view = m_tableView = reportTableView(m_table, QStringLiteral("estimateTable"), this, true);
    auto *lower = new QWidget;
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_caption);
    lowerLayout->addWidget(view, 1);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_chart);
    split->addWidget(lower);
    layout->addWidget(split, 1);

    // Signals of a user's choice only: refills block them.
    connect(m_judge, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_dimension, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_method, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_confidence, &QDoubleSpinBox::valueChanged, this, [this] { m_computation.invalidate(); });
    connect(m_whatIf, &QCheckBox::toggled, this, [this](bool on) {
        m_share->setEnabled(on);
        m_seed->setEnabled(on);
        m_computation.invalidate();
    });
    connect(m_share, &QSpinBox::valueChanged, this, [this] { m_computation.invalidate(); });
    connect(m_seed, &QSpinBox::valueChanged, this, [this] { m_computation.invalidate(); });
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (!m_session->isOpen())
            setContext({}, {}, {}, {}, {});
    });
    clear(tr("Open a study with a judge and a group of humans."));
}

EstimatesPanel::~EstimatesPanel() = default;

QString EstimatesPanel::title()
{
    return tr("Estimates");
}

void EstimatesPanel::setContext(const QString &humanGroup, const QStringList &judges, const QString &judge,
                                const QStringList &dimensions, const QString &dimension)
{
    m_group = humanGroup;
    refillCombo(m_judge, judges, judge);
    refillCombo(m_dimension, dimensions, dimension);
    m_computation.invalidate();
}

reports::EstimateRequest EstimatesPanel::request() const
{
    reports::EstimateRequest r;
    r.judge = m_judge->currentText().toStdString();
    r.humanGroup = m_group.toStdString();
    if (!m_dimension->currentText().isEmpty())
        r.dimensions = {m_dimension->currentText().toStdString()};
    r.method = static_cast<stats::PpiMethod>(m_method->currentData().toInt());
    r.confidence = m_confidence->value() / 100;
    if (m_whatIf->isChecked()) {
        r.labelledFraction = m_share->value() / 100.0;
        r.seed = static_cast<std::uint64_t>(m_seed->value());
    }
    return r;
}

void EstimatesPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_computation.shown();
}

void EstimatesPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void EstimatesPanel::followPalette()
{
    ChartStyle::follow(m_chart->chart(), palette());
    hideOffsets(m_chart->chart());
}

void EstimatesPanel::refresh()
{
    if (!m_session->isOpen() || m_group.isEmpty() || m_judge->count() == 0 || m_dimension->count() == 0) {
        m_computation.drop();
        clear(m_session->isOpen() ? tr("Estimates need a judge and a group of humans who scored a Likert dimension.")
                                  : tr("Open a study with a judge and a group of humans."));
        return;
    }
    const reports::EstimateRequest request = this->request();
    const std::string path = m_session->path().toStdString();
    m_status->setText(tr("Computing…"));
    m_computation.start<reports::EstimateReport>(
        [request, path](const std::atomic<bool> *) -> Result<reports::EstimateReport> {
            auto study = store::Study::open(path, {.readOnly = true});
            if (!study)
                return study.error();
            return reports::computeEstimates(*study.value(), request);
        },
        [this](Result<reports::EstimateReport> outcome) { onFinished(std::move(outcome)); });
}

void EstimatesPanel::planNextLabels()
{
    if (!m_session->isOpen() || m_group.isEmpty() || m_judge->count() == 0 || m_dimension->count() == 0)
        return;
    QStringList people;
    const std::string group = m_group.toStdString();
    auto raters = m_session->read([](store::Study &study) { return study.raters(); });
    if (raters)
        for (const auto &r : raters.value())
            if (r.kind == model::RaterKind::Human && r.group == group)
                people << QString::fromStdString(r.name);
    auto *dialog = new PlanLabelsDialog(m_judge->currentText(), m_dimension->currentText(), people, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, group] {
        const reports::PlanRequest request = dialog->request(group);
        const std::string path = m_session->path().toStdString();
        m_plan->setEnabled(false);
        m_planResult->setText(tr("Planning…"));
        m_planResult->show();
        runInBackground<reports::LabelPlanReport>(
            this,
            [request, path]() -> Result<reports::LabelPlanReport> {
                auto study = store::Study::open(path);
                if (!study)
                    return study.error();
                return reports::planLabels(*study.value(), request);
            },
            [this](Result<reports::LabelPlanReport> outcome) { showPlan(std::move(outcome)); });
    });
    dialog->open();
}

void EstimatesPanel::showPlan(Result<reports::LabelPlanReport> outcome)
{
    m_plan->setEnabled(true);
    m_planQueue->clear();
    if (!outcome) {
        m_planResult->setText(tr("No plan was made: %1").arg(QString::fromStdString(outcome.error().describe())));
        m_planQueue->hide();
        return;
    }
    const reports::LabelPlanReport &plan = outcome.value();
    m_planResult->setText(
        tr("Plan %1: %2 of the %3 summaries not labelled yet are drawn to label (uncertainty from %4). Estimates from "
           "them: concord-cli estimate --plan %1.")
            .arg(plan.plan)
            .arg(plan.drawn)
            .arg(plan.pool)
            .arg(QString::fromStdString(plan.uncertaintySource)));
    for (const auto &queued : plan.summaries)
        m_planQueue->addItem(tr("%1, summary %2 (probability %3)")
                                 .arg(QString::fromStdString(queued.document))
                                 .arg(queued.candidate)
                                 .arg(QLocale().toString(queued.probability, 'f', 3)));
    m_planQueue->setVisible(!plan.summaries.empty());
}

void EstimatesPanel::onFinished(Result<reports::EstimateReport> outcome)
{
    if (!outcome) {
        const QString error = qs(outcome.error().describe());
        clear(tr("Cannot estimate: %1").arg(error));
        Q_EMIT refreshFailed(error);
        return;
    }
    m_report = std::move(outcome).value();
    m_status->clear();
    display(*m_report);
    Q_EMIT refreshed();
}

void EstimatesPanel::clear(const QString &status)
{
    m_report.reset();
    m_table->clear();
    m_status->setText(status);
    m_notice->hide();
    m_caption->clear();
    AgreementCharts::setChart(m_chart, AgreementCharts::emptyChart(tr("Estimates"), status));
}

void EstimatesPanel::display(const reports::EstimateReport &report)
{
    const auto &r = report.request;
    m_table->setReport(report);
    QString caption = tr("%1 of %2 estimated with %3, %4 intervals; the judge: %5.")
                          .arg(m_dimension->currentText(), qs(r.humanGroup), qs(reports::variantText(r)))
                          .arg(QLocale().toString(r.confidence * 100, 'g', 3) + QStringLiteral(" %"))
                          .arg(qs(reports::predictorName(r)));
    if (r.labelledFraction)
        caption += QLatin1Char(' ')
                   + tr("What-if: %1 % of the labels kept (seed %2), the judge standing in for the rest.")
                         .arg(QLocale().toString(*r.labelledFraction * 100, 'g', 3))
                         .arg(r.seed);
    m_caption->setText(caption);
    // With every summary labelled the judge has nothing to stand in for: say so, and offer the what-if.
    const bool nothingUnlabelled = std::all_of(report.systems.begin(), report.systems.end(),
                                               [](const auto &e) { return e.mean.unlabelled == 0; });
    if (nothingUnlabelled && !r.labelledFraction) {
        m_notice->setText(tr("Every summary the judge scored has the group's labels, so there is nothing for the judge "
                             "to estimate: each interval is the labels' own. Tick \"Keep a share of the labels\" to "
                             "see how the judge would stand in for the rest."));
        m_notice->show();
    } else {
        m_notice->hide();
    }
    showChart(report);
}

void EstimatesPanel::showChart(const reports::EstimateReport &report)
{
    const auto &r = report.request;
    const QString method = EstimateTableModel::methodName(r.method);
    const QString title = tr("%1 of %2: %3 and the labels alone, %4 intervals")
                              .arg(m_dimension->currentText(), qs(r.humanGroup), method,
                                   QLocale().toString(r.confidence * 100, 'g', 3) + QStringLiteral(" %"));
    // Horizontal bars list their first category at the bottom: reversed, the systems read down as in the table.
    std::vector<const reports::SystemEstimate *> rows;
    for (auto it = report.systems.rbegin(); it != report.systems.rend(); ++it)
        rows.push_back(&*it);
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    bool fullData = false;
    for (const auto *e : rows) {
        for (const stats::MeanInterval *m : {&e->mean.human, &e->mean.ppi})
            if (finite(m->low) && finite(m->high)) {
                low = std::min(low, m->low);
                high = std::max(high, m->high);
            }
        if (finite(e->fullDataMean)) {
            fullData = true;
            low = std::min(low, e->fullDataMean);
            high = std::max(high, e->fullDataMean);
        }
    }
    if (!finite(low)) {
        AgreementCharts::setChart(m_chart,
                                  AgreementCharts::emptyChart(title, tr("No system has two labels for an interval.")));
        return;
    }
    // A bar is an invisible part from the axis's start to the interval's low end, then the interval; the axis
    // starts at a step below the lowest end and its labels name the values, not the bars' lengths.
    const double step = tickStep(std::max(high - low, 0.1));
    const double origin = std::floor(low / step) * step;
    const double end = std::ceil(high / step) * step;
    auto *chart = new QChart;
    chart->setTitle(title);
    QStringList systems;
    for (const auto *e : rows)
        systems << qs(e->system);
    auto *axisY = new QBarCategoryAxis;
    axisY->append(systems);
    auto *axisX = new QCategoryAxis;
    axisX->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axisX->setStartValue(0);
    for (double v = origin; v <= end + step / 2; v += step)
        axisX->append(QLocale().toString(v, 'g', 4), v - origin);
    axisX->setRange(0, end - origin);
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);

    auto addIntervals = [&](const QString &name, const QColor &colour, auto pick) {
        auto *series = new QHorizontalStackedBarSeries;
        series->setName(name);
        auto *offset = new QBarSet(QString());
        offset->setProperty(offsetSet, true);
        auto *span = new QBarSet(name);
        QStringList tips;
        for (const auto *e : rows) {
            const stats::MeanInterval &m = pick(*e);
            const bool drawn = finite(m.low) && finite(m.high);
            *offset << (drawn ? m.low - origin : 0);
            *span << (drawn ? m.high - m.low : 0);
            tips << (drawn ? tr("%1, %2: %3, interval %4 to %5")
                                 .arg(qs(e->system), name, QString::number(m.estimate, 'g', 17),
                                      QString::number(m.low, 'g', 17), QString::number(m.high, 'g', 17))
                           : tr("%1, %2: no interval (%3)").arg(qs(e->system), name, qs(e->mean.why)));
        }
        span->setColor(colour);
        series->append(offset);
        series->append(span);
        series->setBarWidth(0.8);
        chart->addSeries(series);
        series->attachAxis(axisX);
        series->attachAxis(axisY);
        AgreementCharts::attachBarTips(series, [offset, tips](QBarSet *set, int index) {
            return set == offset || index < 0 || index >= tips.size() ? QString() : tips.at(index);
        });
        return series;
    };
    QList<QAbstractBarSeries *> bars;
    bars << addIntervals(tr("Labels alone"), QColor(120, 120, 120),
                         [](const reports::SystemEstimate &e) -> const stats::MeanInterval & { return e.mean.human; });
    bars << addIntervals(method, QColor(31, 119, 180),
                         [](const reports::SystemEstimate &e) -> const stats::MeanInterval & { return e.mean.ppi; });
    if (fullData) {
        auto *points = new QScatterSeries;
        points->setName(tr("Full-data mean"));
        points->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        points->setMarkerSize(9);
        points->setColor(QColor(214, 39, 40));
        points->setBorderColor(QColor(214, 39, 40));
        QStringList tips;
        for (int i = 0; i < static_cast<int>(rows.size()); ++i)
            if (finite(rows[i]->fullDataMean)) {
                points->append(rows[i]->fullDataMean - origin, i);
                tips << tr("%1: the mean of every label, %2")
                            .arg(qs(rows[i]->system), QString::number(rows[i]->fullDataMean, 'g', 17));
            }
        chart->addSeries(points);
        points->attachAxis(axisX);
        points->attachAxis(axisY);
        AgreementCharts::attachTips(points, tips);
    }
    AgreementCharts::setChart(m_chart, chart);
    // The offsets have no place in the legend.
    for (QAbstractBarSeries *series : bars)
        for (QLegendMarker *marker : chart->legend()->markers(series))
            if (auto *barMarker = qobject_cast<QBarLegendMarker *>(marker);
                barMarker && barMarker->barset()->property(offsetSet).toBool())
                marker->setVisible(false);
    hideOffsets(chart);
}

} // namespace concord::ui
