// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/rankings_panel.h"

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

QString kindName(const reports::RaterRanking &r)
{
    return r.human ? RankingsPanel::tr("human group") : RankingsPanel::tr("judge");
}

QString exact(double value)
{
    return QString::number(value, 'g', 17);
}

} // namespace

RankingsPanel::RankingsPanel(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_dimension(new QComboBox(this))
    , m_rule(new QComboBox(this))
    , m_baseline(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_summary(new QLabel(this))
    , m_chart(new QChartView(this))
    , m_systems(new StatsTableModel(this))
    , m_fits(new StatsTableModel(this))
    , m_computation(this, m_busy, [this] { refresh(); })
{
    setObjectName(QStringLiteral("rankings"));
    m_dimension->setObjectName(QStringLiteral("rankingsDimension"));
    m_dimension->setToolTip(tr("A dimension with pairwise verdicts ranks each judge and each human group by them; a "
                               "Likert dimension ranks the human groups by their mean ratings of each document."));
    m_rule->setObjectName(QStringLiteral("rankingsRule"));
    m_rule->addItem(tr("Agree or tie"), QStringLiteral("agree-or-tie"));
    m_rule->addItem(tr("Points"), QStringLiteral("points"));
    m_rule->setToolTip(tr("How the two orders of a head-to-head comparison become one result: a win only when both "
                          "orders agree (else a tie), or half a point for each order's win."));
    m_baseline->setObjectName(QStringLiteral("rankingsBaseline"));
    m_baseline->setToolTip(tr("A system against which every other's win rate and length-controlled win rate (the "
                              "regression of AlpacaEval 2 on the length difference) are given."));
    m_baseline->addItem(tr("No baseline"));
    // Filled after the first computation: the boxes widen to the dimensions' and systems' names then.
    m_dimension->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (QLabel *label : {m_status, m_summary}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
    }
    m_status->setObjectName(QStringLiteral("rankingsStatus"));
    m_summary->setObjectName(QStringLiteral("rankingsSummary"));
    m_chart->setObjectName(QStringLiteral("rankingsChart"));
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
    pair(tr("Di&mension:"), m_dimension);
    pair(tr("R&ule:"), m_rule);
    pair(tr("&Baseline:"), m_baseline);
    bar->addWidget(m_status);
    bar->addWidget(m_busy);
    layout->addWidget(m_summary);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_chart);
    split->addWidget(reportTableView(m_systems, QStringLiteral("rankingsSystems"), this, true));
    split->addWidget(reportTableView(m_fits, QStringLiteral("rankingsFits"), this, true));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 1);
    layout->addWidget(split, 1);

    // Signals of a user's choice only: refills block them.
    for (QComboBox *box : {m_dimension, m_rule, m_baseline})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (!m_session->isOpen())
            setContext({});
    });
    clear(tr("Open a study with pairwise verdicts or ratings."));
}

QString RankingsPanel::title()
{
    return tr("Rankings");
}

void RankingsPanel::setContext(const QString &split)
{
    m_split = split;
    m_computation.invalidate();
}

void RankingsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_computation.shown();
}

void RankingsPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        ChartStyle::follow(m_chart->chart(), palette());
}

void RankingsPanel::refresh()
{
    if (!m_session->isOpen()) {
        m_computation.drop();
        clear(tr("Open a study with pairwise verdicts or ratings."));
        return;
    }
    // As `concord-cli rank --dimension D --rule R [--baseline S] [--split S]` asks: every human group and every
    // judge, 1,000 resamples of the documents, the CLI's seed.
    reports::RankingRequest request;
    request.rule = *stats::pairwiseRuleFromString(m_rule->currentData().toString().toStdString());
    request.split = m_split.toStdString();
    const std::string dimension = m_dimension->currentText().toStdString();
    const std::string baseline = m_baseline->currentIndex() > 0 ? m_baseline->currentText().toStdString() : "";
    const std::string path = m_session->path().toStdString();
    m_status->setText(tr("Computing…"));
    m_computation.start<Outcome>(
        [request, dimension, baseline, path](const std::atomic<bool> *) mutable -> Result<Outcome> {
            auto study = store::Study::open(path, {.readOnly = true});
            if (!study)
                return study.error();
            Outcome out;
            out.choices = reports::rankingChoices(*study.value());
            const auto &c = out.choices;
            // The dimension and baseline asked for while the study still has them, else the first to show.
            const bool known = std::find(c.dimensions.begin(), c.dimensions.end(), dimension) != c.dimensions.end();
            const std::string shown = known ? dimension : c.firstChoice();
            if (std::find(c.systems.begin(), c.systems.end(), baseline) != c.systems.end())
                request.baseline = baseline;
            out.request = request;
            if (shown.empty())
                return out;
            out.request.dimensions = {shown};
            auto rankings = reports::computeRankings(*study.value(), out.request);
            if (!rankings)
                return rankings.error();
            out.rankings = std::move(rankings).value();
            return out;
        },
        [this](Result<Outcome> outcome) { onFinished(std::move(outcome)); });
}

void RankingsPanel::onFinished(Result<Outcome> outcome)
{
    if (!outcome) {
        const QString error = qs(outcome.error().describe());
        clear(tr("Cannot rank the systems: %1").arg(error));
        Q_EMIT refreshFailed(error);
        return;
    }
    m_outcome = std::move(outcome).value();
    const auto &choices = m_outcome->choices;
    QStringList dimensions;
    for (const auto &d : choices.dimensions)
        dimensions << qs(d);
    const QString shown = m_outcome->request.dimensions.empty() ? QString() : qs(m_outcome->request.dimensions[0]);
    refillCombo(m_dimension, dimensions, shown);
    QStringList baselines{tr("No baseline")};
    for (const auto &s : choices.systems)
        baselines << qs(s);
    refillCombo(m_baseline, baselines,
                m_outcome->request.baseline.empty() ? baselines.front() : qs(m_outcome->request.baseline));
    m_status->clear();
    display();
    Q_EMIT refreshed();
}

void RankingsPanel::clear(const QString &status)
{
    m_outcome.reset();
    m_systems->clear();
    m_fits->clear();
    m_summary->clear();
    m_status->setText(status);
    AgreementCharts::setChart(m_chart, AgreementCharts::emptyChart(title(), status));
}

void RankingsPanel::display()
{
    const Outcome &o = *m_outcome;
    const auto &request = o.request;
    const QString dimension = request.dimensions.empty() ? QString() : qs(request.dimensions[0]);
    const QString documents = request.split == "test"  ? tr("test documents only")
                              : request.split == "dev" ? tr("dev documents only")
                                                       : tr("every document");
    if (o.rankings.empty()) {
        const QString why = dimension.isEmpty()
                                ? tr("The study has no dimension to rank on.")
                                : tr("Nothing to rank on %1 (%2): nobody compared summaries on it, and no human "
                                     "group rated it.")
                                      .arg(dimension, documents);
        m_systems->clear();
        m_fits->clear();
        m_summary->setText(why);
        AgreementCharts::setChart(m_chart, AgreementCharts::emptyChart(title(), why));
        return;
    }
    m_summary->setText(tr("%1: Davidson's Bradley–Terry model with ties, %2 rule; log-strengths of mean 0 with "
                          "%3% bootstrap intervals over documents (%4 resamples, seed %5); %6.")
                           .arg(dimension, qs(std::string(stats::toString(request.rule))))
                           .arg(request.bootstrap.confidence * 100)
                           .arg(request.bootstrap.resamples)
                           .arg(request.bootstrap.seed)
                           .arg(documents));

    // The chart: one dot per system and rater, in the order of the study's systems. What the dots are goes in the
    // title: a vertical axis title would be cut short on a low window.
    QStringList categories;
    for (const auto &s : o.choices.systems)
        categories << qs(s);
    QList<AgreementCharts::ForestGroup> groups;
    for (const auto &r : o.rankings) {
        AgreementCharts::ForestGroup group;
        group.name = r.human ? tr("%1 (humans)").arg(qs(r.rater)) : qs(r.rater);
        for (const auto &system : o.choices.systems) {
            AgreementCharts::ForestPoint point;
            const auto s
                = std::find_if(r.systems.begin(), r.systems.end(), [&](const auto &x) { return x.system == system; });
            if (s != r.systems.end() && r.estimable) {
                point.value = s->logStrength;
                point.low = s->interval.low;
                point.high = s->interval.high;
                point.tip = tr("%1, %2: log-strength %3, interval %4 to %5, rank %6")
                                .arg(group.name, qs(system), exact(s->logStrength), exact(s->interval.low),
                                     exact(s->interval.high))
                                .arg(s->rank);
            }
            group.points << point;
        }
        groups << group;
    }
    AgreementCharts::setChart(m_chart, AgreementCharts::forestChart(tr("Log-strengths on %1").arg(dimension),
                                                                    categories, groups, {}, {}, {}));
    ChartStyle::follow(m_chart->chart(), palette());

    const bool withBaseline = !request.baseline.empty();
    QList<QList<StatsCell>> systems;
    QList<QList<StatsCell>> fits;
    const double nan = std::nan("");
    for (const auto &r : o.rankings) {
        for (const auto &s : r.systems) {
            QList<StatsCell> row{StatsCell::label(qs(r.rater)),
                                 StatsCell::label(kindName(r)),
                                 s.rank > 0 ? StatsCell::count(static_cast<qulonglong>(s.rank))
                                            : StatsCell::number(nan, 4, qs(r.reason)),
                                 StatsCell::label(qs(s.system)),
                                 StatsCell::number(s.logStrength),
                                 StatsCell::number(s.interval.low),
                                 StatsCell::number(s.interval.high),
                                 StatsCell::number(s.record.wins, 1),
                                 StatsCell::number(s.record.ties, 1),
                                 StatsCell::number(s.record.losses, 1)};
            if (withBaseline) {
                const auto &b = s.againstBaseline;
                row << (b ? StatsCell::count(b->comparisons) : StatsCell::label({}))
                    << StatsCell::number(b ? b->winRate : nan) << StatsCell::number(b ? b->controlledWinRate : nan)
                    << StatsCell::label(b ? qs(b->note) : QString());
            }
            systems << row;
        }
        fits << QList<StatsCell>{StatsCell::label(qs(r.rater)),         StatsCell::label(kindName(r)),
                                 StatsCell::count(r.comparisons),       StatsCell::count(r.documents),
                                 StatsCell::number(r.tieParameter),     StatsCell::number(r.tieInterval.low),
                                 StatsCell::number(r.tieInterval.high), StatsCell::label(qs(r.reason))};
    }
    QStringList headers{tr("Rater"),        tr("Kind"),          tr("Rank"), tr("System"), tr("Log-strength"),
                        tr("Interval low"), tr("Interval high"), tr("Wins"), tr("Ties"),   tr("Losses")};
    if (withBaseline)
        headers << tr("Comparisons with the baseline") << tr("Win rate") << tr("Length-controlled win rate")
                << tr("Note");
    m_systems->setTable(headers, std::move(systems));
    m_fits->setTable({tr("Rater"), tr("Kind"), tr("Comparisons"), tr("Documents"), tr("Tie parameter ν"), tr("ν low"),
                      tr("ν high"), tr("Note")},
                     std::move(fits));
}

} // namespace concord::ui
