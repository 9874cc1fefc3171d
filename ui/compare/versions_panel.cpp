// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/versions_panel.h"

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
#include <QProgressBar>
#include <QShowEvent>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace concord::ui {

namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QString levelName(reports::Level level)
{
    switch (level) {
    case reports::Level::Dataset:
        return VersionsPanel::tr("dataset");
    case reports::Level::System:
        return VersionsPanel::tr("system");
    case reports::Level::Summary:
        return VersionsPanel::tr("summary");
    case reports::Level::PerSystem:
    case reports::Level::Meta:
        break;
    }
    return {};
}

// The verdict with a mark that reads at a glance: up, down or level.
QString verdictText(const std::string &verdict)
{
    if (verdict == "better")
        return VersionsPanel::tr("▲ better");
    if (verdict == "worse")
        return VersionsPanel::tr("▼ worse");
    return VersionsPanel::tr("= the same");
}

QString versionLabel(const reports::JudgeVersion &v)
{
    return VersionsPanel::tr("%1 (%2 v%3)").arg(qs(v.rater), qs(v.templateName)).arg(v.templateVersion);
}

} // namespace

VersionsPanel::VersionsPanel(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_judge(new QComboBox(this))
    , m_split(new QComboBox(this))
    , m_dimension(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_badge(new QLabel(this))
    , m_chart(new QChartView(this))
    , m_table(new StatsTableModel(this))
    , m_computation(this, m_busy, [this] { refresh(); })
{
    setObjectName(QStringLiteral("versions"));
    m_judge->setObjectName(QStringLiteral("versionsJudge"));
    m_judge->setToolTip(tr("Any version of the judge: its family is every judge run with the same provider, model "
                           "and protocol, each member one version of its template."));
    m_split->setObjectName(QStringLiteral("versionsSplit"));
    m_split->addItem(tr("Test split"), QStringLiteral("test"));
    m_split->addItem(tr("Dev split"), QStringLiteral("dev"));
    m_split->addItem(tr("All documents"), QString());
    m_split->setToolTip(tr("A template tuned on the dev documents is judged on the test split, where it saw no "
                           "item (concord-cli split makes the split)."));
    m_dimension->setObjectName(QStringLiteral("versionsDimension"));
    for (QLabel *label : {m_status, m_badge}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
    }
    m_status->setObjectName(QStringLiteral("versionsStatus"));
    m_badge->setObjectName(QStringLiteral("versionsBadge"));
    m_chart->setObjectName(QStringLiteral("versionsChart"));
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
    pair(tr("D&ocuments:"), m_split);
    pair(tr("Di&mension:"), m_dimension);
    bar->addWidget(m_status);
    bar->addWidget(m_busy);
    layout->addWidget(m_badge);

    QTableView *view = reportTableView(m_table, QStringLiteral("versionsTable"), this, false);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_chart);
    split->addWidget(view);
    layout->addWidget(split, 1);

    // Signals of a user's choice only: refills block them.
    for (QComboBox *box : {m_judge, m_split})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_dimension, &QComboBox::currentIndexChanged, this, [this] {
        if (m_report)
            display();
    });
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (!m_session->isOpen())
            setContext({}, {}, {});
    });
    clear(tr("Open a study with a judge run with several templates."));
}

QString VersionsPanel::title()
{
    return tr("Versions");
}

void VersionsPanel::setContext(const QString &humanGroup, const QStringList &judges, const QString &judge)
{
    m_group = humanGroup;
    refillCombo(m_judge, judges, judge);
    m_computation.invalidate();
}

void VersionsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_computation.shown();
}

void VersionsPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        ChartStyle::follow(m_chart->chart(), palette());
}

void VersionsPanel::refresh()
{
    if (!m_session->isOpen() || m_group.isEmpty() || m_judge->count() == 0) {
        m_computation.drop();
        clear(m_session->isOpen() ? tr("Comparing versions needs a judge and a group of humans.")
                                  : tr("Open a study with a judge run with several templates."));
        return;
    }
    reports::VersionsRequest request;
    request.judge = m_judge->currentText().toStdString();
    request.humanGroup = m_group.toStdString();
    request.split = m_split->currentData().toString().toStdString();
    const std::string path = m_session->path().toStdString();
    m_status->setText(tr("Computing…"));
    m_computation.start<reports::VersionsReport>(
        [request, path](const std::atomic<bool> *cancel) mutable -> Result<reports::VersionsReport> {
            request.cancel = cancel;
            auto study = store::Study::open(path, {.readOnly = true});
            if (!study)
                return study.error();
            return reports::compareVersions(*study.value(), request);
        },
        [this](Result<reports::VersionsReport> outcome) { onFinished(std::move(outcome)); });
}

void VersionsPanel::onFinished(Result<reports::VersionsReport> outcome)
{
    if (!outcome) {
        const QString error = qs(outcome.error().describe());
        clear(tr("Cannot compare the versions: %1").arg(error));
        Q_EMIT refreshFailed(error);
        return;
    }
    m_report = std::move(outcome).value();
    m_status->clear();
    QStringList dimensions;
    for (const auto &a : m_report->agreement)
        if (!dimensions.contains(qs(a.dimension)))
            dimensions << qs(a.dimension);
    refillCombo(m_dimension, dimensions, m_dimension->currentText());
    display();
    Q_EMIT refreshed();
}

void VersionsPanel::clear(const QString &status)
{
    m_report.reset();
    m_table->clear();
    m_status->setText(status);
    m_badge->clear();
    AgreementCharts::setChart(m_chart, AgreementCharts::emptyChart(tr("Versions"), status));
}

void VersionsPanel::display()
{
    const reports::VersionsReport &report = *m_report;
    const auto &r = report.request;
    const std::string dimension = m_dimension->currentText().toStdString();
    const QString documents = r.split == "test"  ? tr("test documents")
                              : r.split == "dev" ? tr("dev documents")
                                                 : tr("every document");

    // The badge: the latest version against the one before, at the first level asked (the dataset level).
    m_badge->clear();
    if (report.versions.size() < 2) {
        m_badge->setText(tr("%1 is the only version of %2 %3 (%4): nothing to compare it with.")
                             .arg(qs(r.judge), qs(report.model), qs(report.protocol), qs(report.provider)));
    } else {
        const auto &latest = report.versions.back();
        for (const auto &s : report.steps)
            if (s.to == latest.rater && s.comparison.dimension == dimension) {
                m_badge->setText(tr("%1 against %2 on %3, %4 level, %5: %6")
                                     .arg(versionLabel(latest), qs(s.from), qs(dimension),
                                          levelName(s.comparison.level), documents, verdictText(s.verdict)));
                break;
            }
    }

    QStringList categories;
    for (const auto &v : report.versions)
        categories << versionLabel(v);
    QList<AgreementCharts::ForestGroup> groups;
    QList<QList<StatsCell>> rows;
    for (const auto level : r.levels) {
        AgreementCharts::ForestGroup group;
        group.name = levelName(level);
        for (const auto &v : report.versions) {
            AgreementCharts::ForestPoint point;
            const auto a = std::find_if(report.agreement.begin(), report.agreement.end(), [&](const auto &x) {
                return x.rater == v.rater && x.dimension == dimension && x.level == level;
            });
            if (a != report.agreement.end()) {
                const auto &c = a->entry.correlation;
                point.value = c.value;
                point.low = a->entry.ci.low;
                point.high = a->entry.ci.high;
                point.tip
                    = tr("%1, %2 level: r = %3, interval %4 to %5, n = %6")
                          .arg(versionLabel(v), levelName(level), QString::number(c.value, 'g', 17),
                               QString::number(a->entry.ci.low, 'g', 17), QString::number(a->entry.ci.high, 'g', 17))
                          .arg(c.n);
            }
            group.points << point;
        }
        groups << group;
    }
    for (const auto &v : report.versions)
        for (const auto level : r.levels) {
            const auto a = std::find_if(report.agreement.begin(), report.agreement.end(), [&](const auto &x) {
                return x.rater == v.rater && x.dimension == dimension && x.level == level;
            });
            const auto s = std::find_if(report.steps.begin(), report.steps.end(), [&](const auto &x) {
                return x.to == v.rater && x.comparison.dimension == dimension && x.comparison.level == level;
            });
            const bool hasEntry = a != report.agreement.end();
            const bool hasStep = s != report.steps.end();
            const double nan = std::nan("");
            rows << QList<StatsCell>{
                StatsCell::label(qs(v.rater)),
                StatsCell::label(v.mixedTemplates ? tr("%1 v%2 (mixed)").arg(qs(v.templateName)).arg(v.templateVersion)
                                                  : tr("%1 v%2").arg(qs(v.templateName)).arg(v.templateVersion)),
                StatsCell::label(levelName(level)),
                StatsCell::count(hasEntry ? a->entry.correlation.n : 0),
                StatsCell::number(hasEntry ? a->entry.correlation.value : nan, 4,
                                  hasEntry ? qs(a->entry.correlation.undefinedReason) : QString()),
                StatsCell::number(hasEntry ? a->entry.ci.low : nan),
                StatsCell::number(hasEntry ? a->entry.ci.high : nan),
                StatsCell::label(hasStep ? verdictText(s->verdict) : tr("— (first)")),
                StatsCell::pValue(hasStep ? s->comparison.williams.pTwoSided : nan,
                                  hasStep ? qs(s->comparison.williamsUndefinedReason) : QString()),
                StatsCell::pValue(hasStep ? s->comparison.permutation.p : nan)};
        }
    m_table->setTable({tr("Version"), tr("Template"), tr("Level"), tr("n"), tr("r"), tr("Interval low"),
                       tr("Interval high"), tr("Against the one before"), tr("Williams p"), tr("Permutation p")},
                      std::move(rows));
    AgreementCharts::setChart(
        m_chart, AgreementCharts::forestChart(tr("Versions of %1 %2 (%3) with the %4 mean on %5, %6")
                                                  .arg(qs(report.model), qs(report.protocol), qs(report.provider),
                                                       qs(r.humanGroup), qs(dimension), documents),
                                              categories, groups, {}, {}, tr("Pearson r")));
    ChartStyle::follow(m_chart->chart(), palette());
}

} // namespace concord::ui
