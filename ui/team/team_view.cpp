// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "team/team_view.h"

#include "common/background_job.h"
#include "common/chart_style.h"
#include "common/header_width.h"
#include "common/study_session.h"
#include "team/team_progress_model.h"

#include "store/connection_uri.h"
#include "store/study.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace concord::ui {

TeamView::TeamView(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new TeamProgressModel(this))
    , m_dashboard(new QWidget(this))
    , m_reason(new QLabel(this))
    , m_group(new QComboBox(m_dashboard))
    , m_dimension(new QComboBox(m_dashboard))
    , m_status(new QLabel(m_dashboard))
    , m_table(new QTableView(m_dashboard))
    , m_chart(new QChartView(m_dashboard))
    , m_throughput(new QChartView(m_dashboard))
    , m_refreshAction(new QAction(tr("&Refresh"), this))
{
    m_reason->setObjectName(QStringLiteral("teamUnavailable"));
    m_reason->setTextFormat(Qt::PlainText);
    m_reason->setWordWrap(true);
    m_reason->setAlignment(Qt::AlignCenter);
    m_group->setObjectName(QStringLiteral("teamGroup"));
    m_dimension->setObjectName(QStringLiteral("teamDimension"));
    m_status->setObjectName(QStringLiteral("teamStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_table->setObjectName(QStringLiteral("teamTable"));
    m_chart->setObjectName(QStringLiteral("teamChart"));
    m_throughput->setObjectName(QStringLiteral("teamThroughput"));

    m_refreshAction->setObjectName(QStringLiteral("teamRefresh"));
    m_refreshAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_refreshAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_refreshAction->setToolTip(tr("Compute the team's progress again (F5)"));
    addAction(m_refreshAction);
    connect(m_refreshAction, &QAction::triggered, this, &TeamView::refresh);

    auto *refreshButton = new QToolButton(m_dashboard);
    refreshButton->setDefaultAction(m_refreshAction);
    auto *groupLabel = new QLabel(tr("&Group:"), m_dashboard);
    groupLabel->setBuddy(m_group);
    auto *dimensionLabel = new QLabel(tr("&Dimension:"), m_dashboard);
    dimensionLabel->setBuddy(m_dimension);
    m_group->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_dimension->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_group->setToolTip(tr("The human group whose agreement columns are shown"));
    m_dimension->setToolTip(tr("The Likert dimension the agreement columns are computed on"));
    auto *controls = new QHBoxLayout;
    controls->addWidget(groupLabel);
    controls->addWidget(m_group);
    controls->addWidget(dimensionLabel);
    controls->addWidget(m_dimension);
    controls->addWidget(refreshButton);
    controls->addWidget(m_status, 1);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Every column title whole, in any language: a row per person, cheap to measure.
    const auto fitColumns = [this] {
        m_table->resizeColumnsToContents();
        widenSectionsToTitles(m_table->horizontalHeader());
    };
    connect(m_model, &QAbstractItemModel::modelReset, m_table, fitColumns);
    fitColumns();
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->chart()->legend()->hide();
    // No chart titles: the tabs name the charts, and a title would take height the bars need.
    ChartStyle::follow(m_chart->chart(), palette());
    m_throughput->setRenderHint(QPainter::Antialiasing);
    m_throughput->chart()->legend()->hide();
    m_throughput->setToolTip(tr("Each person's documents counted in the hour of their last edit, from the times "
                                "of the edits made in the Annotate view"));
    ChartStyle::follow(m_throughput->chart(), palette());
    // One chart at a time, each the view's full width: side by side their labels would be cut short.
    auto *charts = new QTabWidget(m_dashboard);
    charts->setObjectName(QStringLiteral("teamCharts"));
    charts->addTab(m_chart, tr("Assigned documents done"));
    charts->addTab(m_throughput, tr("Documents finished per hour"));
    auto *dashboard = new QVBoxLayout(m_dashboard);
    dashboard->setContentsMargins(0, 0, 0, 0);
    dashboard->addLayout(controls);
    // No splitter: a pane of a view never opened would be saved empty with the window's layout.
    dashboard->addWidget(m_table, 2);
    dashboard->addWidget(charts, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_dashboard);
    layout->addWidget(m_reason);

    // A choice made while a computation runs is taken by the one queued after it.
    connect(m_group, &QComboBox::activated, this, [this] { setGroup(m_group->currentText()); });
    connect(m_dimension, &QComboBox::activated, this, [this] { setDimension(m_dimension->currentText()); });
    connect(m_session, &StudySession::studyChanged, this, &TeamView::onStudyChanged);
    connect(m_session, &StudySession::contentChanged, this, &TeamView::followContent);
    onStudyChanged();
}

TeamView::~TeamView() = default;

QString TeamView::unavailableReason() const
{
    if (!m_session->isOpen())
        return tr("Open a study to see its team's progress.");
    if (m_session->study()->isBlind())
        return tr("The Team view is the study lead's: a blind session of a team study (an annotator's or a "
                  "reviewer's) does not show it.");
    return {};
}

void TeamView::showUnavailable(const QString &reason)
{
    m_reason->setText(reason);
    m_reason->setVisible(!reason.isEmpty());
    m_dashboard->setVisible(reason.isEmpty());
    m_refreshAction->setEnabled(reason.isEmpty());
}

void TeamView::onStudyChanged()
{
    ++m_study;
    m_progress.reset();
    m_model->clear();
    m_group->clear();
    m_dimension->clear();
    m_chosenGroup.clear();
    m_chosenDimension.clear();
    for (QChartView *view : {m_chart, m_throughput}) {
        view->chart()->removeAllSeries();
        for (QAbstractAxis *axis : view->chart()->axes())
            view->chart()->removeAxis(axis);
    }
    m_status->clear();
    showUnavailable(unavailableReason());
    if (isVisible())
        refresh();
}

void TeamView::followContent()
{
    // Hidden, nothing: showing the view reads the study again anyway.
    if (isVisible())
        refresh();
}

void TeamView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Every time it is shown: the lead's own edits in Annotate on a study file announce nothing.
    refresh();
}

void TeamView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        ChartStyle::follow(m_chart->chart(), palette());
        ChartStyle::follow(m_throughput->chart(), palette());
    }
}

void TeamView::setGroup(const QString &group)
{
    m_chosenGroup = group;
    m_group->setCurrentText(group);
    refresh();
}

void TeamView::setDimension(const QString &dimension)
{
    m_chosenDimension = dimension;
    m_dimension->setCurrentText(dimension);
    refresh();
}

QString TeamView::group() const
{
    return m_group->currentText();
}

QString TeamView::dimension() const
{
    return m_dimension->currentText();
}

void TeamView::refresh()
{
    if (!unavailableReason().isEmpty())
        return;
    if (m_running) {
        m_again = true;
        return;
    }
    m_running = true;
    m_status->setText(tr("Computing…"));
    reports::TeamProgressRequest request;
    request.group = m_chosenGroup.toStdString();
    request.dimension = m_chosenDimension.toStdString();
    runInBackground<reports::TeamProgress>(
        this,
        [path = m_session->path().toStdString(), request]() -> Result<reports::TeamProgress> {
            store::OpenOptions options;
            options.readOnly = true;
            auto study = store::Study::open(path, options);
            if (!study)
                return study.error();
            return reports::computeTeamProgress(*study.value(), request);
        },
        [this, study = m_study](Result<reports::TeamProgress> outcome) { onFinished(study, std::move(outcome)); });
}

void TeamView::onFinished(quint64 study, Result<reports::TeamProgress> outcome)
{
    m_running = false;
    if (study == m_study) {
        if (outcome) {
            display(outcome.value());
            m_progress = std::move(outcome).value();
            Q_EMIT refreshed();
        } else {
            // The last numbers stay on screen: they lag, they are not wrong. The worker's message may quote the
            // team study's connection string: never its password.
            const std::string described = outcome.error().describe();
            const QString error = QString::fromStdString(
                m_session->isShared() ? store::redactPassword(described, m_session->path().toStdString()) : described);
            m_status->setText(tr("Cannot compute: %1").arg(error));
            Q_EMIT refreshFailed(error);
        }
    }
    if (std::exchange(m_again, false))
        refresh();
}

void TeamView::fill(QComboBox *combo, const std::vector<std::string> &names, const std::string &current)
{
    QStringList items;
    for (const auto &name : names)
        items << QString::fromStdString(name);
    const QString chosen = QString::fromStdString(current);
    if (!chosen.isEmpty() && !items.contains(chosen))
        items << chosen;
    if (items != [combo] {
            QStringList now;
            for (int i = 0; i < combo->count(); ++i)
                now << combo->itemText(i);
            return now;
        }()) {
        combo->clear();
        combo->addItems(items);
    }
    combo->setCurrentText(chosen);
}

void TeamView::display(const reports::TeamProgress &progress)
{
    // A choice made since this computation started stays chosen: the one queued after it computes it.
    fill(m_group, progress.groups, m_chosenGroup.isEmpty() ? progress.request.group : m_chosenGroup.toStdString());
    fill(m_dimension, progress.dimensions,
         m_chosenDimension.isEmpty() ? progress.request.dimension : m_chosenDimension.toStdString());
    m_model->setProgress(progress);
    const QLocale locale;
    QString status = tr("%1 annotators, %2 documents")
                         .arg(locale.toString(static_cast<qlonglong>(progress.annotators.size())),
                              locale.toString(progress.documents));
    if (!progress.qualityWhy.empty())
        status += tr("; agreement not computed: %1").arg(QString::fromStdString(progress.qualityWhy));
    else if (progress.groupAlpha && progress.groupAlpha->alpha)
        status += tr("; the group's alpha %1").arg(locale.toString(*progress.groupAlpha->alpha, 'f', 3));
    m_status->setText(status);
    showChart(progress);
    showThroughput(progress);
}

void TeamView::showChart(const reports::TeamProgress &progress)
{
    QChart *chart = m_chart->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    auto *done = new QBarSet(tr("Done (%)"));
    QStringList names;
    for (const reports::TeamMemberProgress &m : progress.annotators) {
        names << QString::fromStdString(m.name);
        *done << m.progress().value_or(0) * 100;
    }
    auto *series = new QBarSeries;
    series->append(done);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(names);
    auto *y = new QValueAxis;
    y->setRange(0, 100);
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    ChartStyle::follow(chart, palette());
}

void TeamView::showThroughput(const reports::TeamProgress &progress)
{
    QChart *chart = m_throughput->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    // An hour without a finished document is a 0, not a line drawn across it.
    auto *series = new QLineSeries;
    series->setName(tr("Documents"));
    const std::int64_t step = progress.request.times.bucketSeconds;
    double most = 0;
    for (std::size_t i = 0; i < progress.throughput.size(); ++i) {
        const reports::ThroughputBucket &bucket = progress.throughput[i];
        if (i > 0 && bucket.start - progress.throughput[i - 1].start > step) {
            series->append(static_cast<double>(progress.throughput[i - 1].start + step) * 1000, 0);
            if (bucket.start - progress.throughput[i - 1].start > 2 * step)
                series->append(static_cast<double>(bucket.start - step) * 1000, 0);
        }
        series->append(static_cast<double>(bucket.start) * 1000, static_cast<double>(bucket.documents));
        most = std::max(most, static_cast<double>(bucket.documents));
    }
    chart->addSeries(series);
    auto *x = new QDateTimeAxis;
    // Without a recorded edit there is no time to show: no labels of an arbitrary day.
    x->setLabelsVisible(!progress.throughput.empty());
    const QString daily = QStringLiteral("yyyy-MM-dd");   // not translated: a date pattern
    const QString hourly = QStringLiteral("MM-dd HH:mm"); // not translated: a date pattern
    x->setFormat(step >= 86400 ? daily : hourly);
    // Labelled in the machine's own time zone, as the lead reads a clock.
    if (!progress.throughput.empty()) {
        const auto first = QDateTime::fromSecsSinceEpoch(progress.throughput.front().start);
        const auto last = QDateTime::fromSecsSinceEpoch(progress.throughput.back().start + step);
        x->setRange(first, last);
    }
    auto *y = new QValueAxis;
    y->setRange(0, std::max(1.0, most));
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    ChartStyle::follow(chart, palette());
}

} // namespace concord::ui
