// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/calibration_panel.h"

#include "common/background_job.h"
#include "common/chart_style.h"
#include "common/combo_refill.h"
#include "common/flow_layout.h"
#include "common/report_table_view.h"
#include "common/study_session.h"
#include "compare/agreement_charts.h"
#include "compare/stats_table_model.h"

#include "store/study.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QShowEvent>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace concord::ui {

namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QString exact(double value)
{
    return QString::number(value, 'g', 17);
}

QString fixed(double value)
{
    return std::isnan(value) ? QStringLiteral("–") : QLocale().toString(value, 'f', 4);
}

// The dimension's calibration in the report, or none.
const reports::DimensionCalibration *dimensionOf(const reports::CalibrationReport &report, const QString &name)
{
    for (const auto &d : report.dimensions)
        if (qs(d.dimension) == name)
            return &d;
    return nullptr;
}

} // namespace

CalibrationPanel::CalibrationPanel(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_judge(new QComboBox(this))
    , m_dimension(new QComboBox(this))
    , m_binning(new QComboBox(this))
    , m_binCount(new QSpinBox(this))
    , m_recalibrate(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_summary(new QLabel(this))
    , m_chart(new QChartView(this))
    , m_bins(new StatsTableModel(this))
    , m_computation(this, m_busy, [this] { refresh(); })
{
    setObjectName(QStringLiteral("calibration"));
    m_judge->setObjectName(QStringLiteral("calibrationJudge"));
    m_dimension->setObjectName(QStringLiteral("calibrationDimension"));
    m_dimension->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_binning->setObjectName(QStringLiteral("calibrationBinning"));
    m_binning->addItem(tr("Equal width"), static_cast<int>(stats::Binning::EqualWidth));
    m_binning->addItem(tr("Equal mass"), static_cast<int>(stats::Binning::EqualMass));
    m_binning->setToolTip(tr("Equal width: bins of the same width over the judge's scores. Equal mass: bins of about "
                             "the same number of summaries (equal scores always share a bin, so a judge with few "
                             "distinct scores gets fewer bins)."));
    m_binCount->setObjectName(QStringLiteral("calibrationBins"));
    m_binCount->setRange(1, 50);
    m_binCount->setValue(10);
    m_recalibrate->setObjectName(QStringLiteral("calibrationRecalibrate"));
    m_recalibrate->setText(tr("&Recalibrate on dev"));
    m_recalibrate->setToolTip(
        tr("Fits an isotonic recalibration of the judge's scores on this dimension to the humans' "
           "means on the dev split only, and keeps it as a judge of its own scored on the test "
           "split, which the fit never saw (concord-cli recalibrate)."));
    for (QLabel *label : {m_status, m_summary}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
    }
    m_status->setObjectName(QStringLiteral("calibrationStatus"));
    m_summary->setObjectName(QStringLiteral("calibrationSummary"));
    m_chart->setObjectName(QStringLiteral("calibrationChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumSize(240, 150);

    // On a narrow screen the controls go on in further rows rather than widen the window.
    auto *layout = new QVBoxLayout(this);
    auto *bar = new FlowLayout;
    layout->addLayout(bar);
    auto pair = [&](const QString &text, QWidget *field) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field);
        bar->addPair(label, field);
    };
    pair(tr("&Judge:"), m_judge);
    pair(tr("Di&mension:"), m_dimension);
    pair(tr("Bi&nning:"), m_binning);
    pair(tr("B&ins:"), m_binCount);
    bar->addWidget(m_recalibrate);
    bar->addWidget(m_status);
    bar->addWidget(m_busy);
    layout->addWidget(m_summary);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_chart);
    split->addWidget(reportTableView(m_bins, QStringLiteral("calibrationTable"), this, true));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    // Signals of a user's choice only: refills block them. The dimension and the binning are in the report
    // already: choosing one only shows it.
    connect(m_judge, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_binCount, &QSpinBox::valueChanged, this, [this] { m_computation.invalidate(); });
    for (QComboBox *box : {m_dimension, m_binning})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (m_report)
                display();
        });
    connect(m_recalibrate, &QPushButton::clicked, this, &CalibrationPanel::recalibrate);
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (!m_session->isOpen())
            setContext({}, {}, {});
    });
    clear(tr("Open a study with a judge and a group of humans."));
}

QString CalibrationPanel::title()
{
    return tr("Calibration");
}

void CalibrationPanel::setContext(const QString &humanGroup, const QStringList &judges, const QString &judge,
                                  const QString &split)
{
    m_group = humanGroup;
    m_split = split;
    refillCombo(m_judge, judges, judge);
    m_computation.invalidate();
}

void CalibrationPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_computation.shown();
}

void CalibrationPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        ChartStyle::follow(m_chart->chart(), palette());
}

void CalibrationPanel::refresh()
{
    if (!m_session->isOpen() || m_group.isEmpty() || m_judge->count() == 0) {
        m_computation.drop();
        clear(m_session->isOpen() ? tr("Calibration needs a judge and a group of humans.")
                                  : tr("Open a study with a judge and a group of humans."));
        return;
    }
    // As `concord-cli calibration --rater JUDGE --human GROUP --bins N [--split S]` asks: both binnings, each
    // dimension's midpoint as the threshold, 95% intervals.
    reports::CalibrationRequest request;
    request.judge = m_judge->currentText().toStdString();
    request.humanGroup = m_group.toStdString();
    request.bins = static_cast<std::size_t>(m_binCount->value());
    request.split = m_split.toStdString();
    const std::string path = m_session->path().toStdString();
    // A recalibration just written rereads the study, which computes again at once: what it did stays said.
    m_status->setText(m_recalibrationNote.isEmpty() ? tr("Computing…")
                                                    : m_recalibrationNote + QLatin1Char('\n') + tr("Computing…"));
    m_computation.start<reports::CalibrationReport>(
        [request, path](const std::atomic<bool> *) -> Result<reports::CalibrationReport> {
            auto study = store::Study::open(path, {.readOnly = true});
            if (!study)
                return study.error();
            return reports::computeCalibration(*study.value(), request);
        },
        [this](Result<reports::CalibrationReport> outcome) { onFinished(std::move(outcome)); });
}

void CalibrationPanel::onFinished(Result<reports::CalibrationReport> outcome)
{
    if (!outcome) {
        const QString error = qs(outcome.error().describe());
        clear(tr("Cannot compute the calibration: %1").arg(error));
        Q_EMIT refreshFailed(error);
        return;
    }
    m_report = std::move(outcome).value();
    QStringList dimensions;
    for (const auto &d : m_report->dimensions)
        dimensions << qs(d.dimension);
    refillCombo(m_dimension, dimensions, m_dimension->currentText());
    m_status->setText(m_recalibrationNote);
    display();
    updateRecalibrate();
    Q_EMIT refreshed();
}

void CalibrationPanel::clear(const QString &status)
{
    m_report.reset();
    m_bins->clear();
    m_summary->clear();
    m_status->setText(status);
    AgreementCharts::setChart(m_chart, AgreementCharts::emptyChart(title(), status));
    updateRecalibrate();
}

void CalibrationPanel::updateRecalibrate()
{
    m_recalibrate->setEnabled(m_report && !m_recalibrating && m_dimension->count() > 0);
}

void CalibrationPanel::display()
{
    const reports::CalibrationReport &report = *m_report;
    const reports::DimensionCalibration *d = dimensionOf(report, m_dimension->currentText());
    const auto binning = static_cast<stats::Binning>(m_binning->currentData().toInt());
    const stats::Reliability *reliability = nullptr;
    if (d)
        for (const auto &r : d->reliability)
            if (r.binning == binning)
                reliability = &r;
    const QString judge = qs(report.request.judge);
    if (!d || !reliability) {
        const QString why = tr("%1 scored no dimension the group scored.").arg(judge);
        m_bins->clear();
        m_summary->setText(why);
        AgreementCharts::setChart(m_chart, AgreementCharts::emptyChart(title(), why));
        return;
    }
    const QString documents = report.request.split == "test"  ? tr("test documents only")
                              : report.request.split == "dev" ? tr("dev documents only")
                                                              : tr("every document");
    const QString binningName = binning == stats::Binning::EqualWidth ? tr("equal-width") : tr("equal-mass");
    QString ece;
    for (const auto &r : d->reliability)
        ece += (ece.isEmpty() ? QString() : QStringLiteral(", "))
               + tr("%1 with %2 bins")
                     .arg(fixed(r.ece), r.binning == stats::Binning::EqualWidth ? tr("equal-width") : tr("equal-mass"));
    m_summary->setText(
        tr("%1 on %2: %3 summaries, both scores mapped to 0–1. Expected calibration error %4. Brier "
           "score %5 (a summary is positive when the humans' mean is at least %6; the probabilities "
           "from %7); %8.")
            .arg(judge, qs(d->dimension))
            .arg(d->pairs)
            .arg(ece, fixed(d->brier), QLocale().toString(d->threshold), qs(reports::sourcesText(*d)), documents));

    // The reliability diagram: each bin's mean judge score against the humans' mean, the humans' interval as a
    // vertical line, and the diagonal where a calibrated judge's bins lie.
    auto *chart = new QChart;
    // What the axes show goes in the title: axis titles would be cut short on a low window.
    chart->setTitle(
        tr("Per bin of %1 (%2 bins): the humans' mean (up) against the judge's (across)").arg(judge, binningName));
    auto *x = new QValueAxis;
    x->setTitleVisible(false);
    auto *y = new QValueAxis;
    y->setTitleVisible(false);
    for (QValueAxis *axis : {x, y}) {
        // A bin at 0 or 1 shown whole, the ticks still at 0, 0.2, …, 1.
        axis->setRange(-0.05, 1.05);
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(0.2);
        axis->setLabelFormat(QStringLiteral("%.1f"));
        chart->addAxis(axis, axis == x ? Qt::AlignBottom : Qt::AlignLeft);
    }
    AgreementCharts::addSegment(chart, x, y, {0, 0}, {1, 1}, QPen(QColor(150, 150, 150), 1, Qt::DotLine),
                                tr("Calibrated"));
    auto *points = new QScatterSeries;
    points->setName(tr("Bins"));
    points->setMarkerSize(9);
    QList<QPointF> xy;
    QStringList tips;
    QList<QList<StatsCell>> rows;
    for (const auto &bin : reliability->bins) {
        rows << QList<StatsCell>{StatsCell::number(bin.low),       StatsCell::number(bin.high),
                                 StatsCell::count(bin.count),      StatsCell::number(bin.meanJudge),
                                 StatsCell::number(bin.meanHuman), StatsCell::number(bin.humanLow),
                                 StatsCell::number(bin.humanHigh)};
        if (bin.count == 0 || std::isnan(bin.meanJudge) || std::isnan(bin.meanHuman))
            continue;
        xy << QPointF(bin.meanJudge, bin.meanHuman);
        tips << tr("Bin %1 to %2: %3 summaries, judge %4, humans %5 (interval %6 to %7)")
                    .arg(exact(bin.low), exact(bin.high))
                    .arg(bin.count)
                    .arg(exact(bin.meanJudge), exact(bin.meanHuman), exact(bin.humanLow), exact(bin.humanHigh));
        if (!std::isnan(bin.humanLow) && !std::isnan(bin.humanHigh)) {
            QLineSeries *whisker = AgreementCharts::addSegment(
                chart, x, y, {bin.meanJudge, std::clamp(bin.humanLow, 0.0, 1.0)},
                {bin.meanJudge, std::clamp(bin.humanHigh, 0.0, 1.0)}, QPen(QColor(31, 119, 180), 1.5));
            AgreementCharts::hideFromLegend(chart, whisker);
        }
    }
    points->append(xy);
    chart->addSeries(points);
    points->attachAxis(x);
    points->attachAxis(y);
    AgreementCharts::attachTips(points, tips);
    AgreementCharts::setChart(m_chart, chart);
    ChartStyle::follow(m_chart->chart(), palette());
    m_bins->setTable({tr("Bin low"), tr("Bin high"), tr("Summaries"), tr("Judge's mean"), tr("Humans' mean"),
                      tr("Interval low"), tr("Interval high")},
                     std::move(rows));
}

void CalibrationPanel::recalibrate()
{
    if (!m_report || m_recalibrating || !m_session->isOpen())
        return;
    reports::RecalibrationRequest request;
    request.judge = m_report->request.judge;
    request.humanGroup = m_report->request.humanGroup;
    request.dimension = m_dimension->currentText().toStdString();
    request.bins = m_report->request.bins;
    m_recalibrating = true;
    m_recalibration.reset();
    updateRecalibrate();
    m_status->setText(tr("Recalibrating…"));
    // A writer of its own, in one transaction (core's); the window reads the study again once it is written.
    runInBackground<reports::RecalibrationReport>(
        this,
        [request, path = m_session->path().toStdString()]() -> Result<reports::RecalibrationReport> {
            auto study = store::Study::open(path);
            if (!study)
                return study.error();
            return reports::recalibrateIsotonic(*study.value(), request);
        },
        [this](Result<reports::RecalibrationReport> outcome) {
            m_recalibrating = false;
            updateRecalibrate();
            if (!outcome) {
                m_recalibrationNote = tr("Cannot recalibrate: %1").arg(qs(outcome.error().describe()));
                m_status->setText(m_recalibrationNote);
                Q_EMIT recalibrated(false);
                return;
            }
            m_recalibration = std::move(outcome).value();
            const auto &r = *m_recalibration;
            auto eceOf = [](const reports::CalibrationReport &c) {
                return c.dimensions.empty() || c.dimensions.front().reliability.empty()
                           ? std::nan("")
                           : c.dimensions.front().reliability.front().ece;
            };
            m_recalibrationNote
                = tr("%1 written: fitted on %2 dev summaries, %3 test summaries scored; equal-width ECE "
                     "on test %4 before, %5 after.")
                      .arg(qs(r.request.name))
                      .arg(r.devPairs)
                      .arg(r.written)
                      .arg(fixed(eceOf(r.before)), fixed(eceOf(r.after)));
            m_status->setText(m_recalibrationNote);
            const Status reread = m_session->refresh();
            if (!reread) {
                m_recalibrationNote = tr("Cannot read the study: %1").arg(qs(reread.error().describe()));
                m_status->setText(m_recalibrationNote);
            }
            Q_EMIT recalibrated(true);
        });
}

} // namespace concord::ui
