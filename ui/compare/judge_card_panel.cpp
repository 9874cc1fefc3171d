// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/judge_card_panel.h"

#include "common/combo_refill.h"
#include "common/flow_layout.h"
#include "common/report_table_view.h"
#include "common/study_session.h"
#include "compare/stats_table_model.h"

#include <QComboBox>
#include <QDoubleSpinBox>
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

QString measureName(reports::CardMeasure measure)
{
    switch (measure) {
    case reports::CardMeasure::Agreement:
        return JudgeCardPanel::tr("Agreement against the human ceiling");
    case reports::CardMeasure::Alpha:
        return JudgeCardPanel::tr("Alpha with the humans");
    case reports::CardMeasure::InvalidRate:
        return JudgeCardPanel::tr("Invalid answers");
    case reports::CardMeasure::FlipRate:
        return JudgeCardPanel::tr("Flips when the order is swapped");
    case reports::CardMeasure::LengthBias:
        return JudgeCardPanel::tr("Length bias beyond the humans'");
    case reports::CardMeasure::Ece:
        return JudgeCardPanel::tr("Calibration error (ECE)");
    }
    return {};
}

QString outcomeText(reports::CardOutcome outcome)
{
    switch (outcome) {
    case reports::CardOutcome::Pass:
        return JudgeCardPanel::tr("✔ pass");
    case reports::CardOutcome::Fail:
        return JudgeCardPanel::tr("✘ fail");
    case reports::CardOutcome::NotMeasured:
        return JudgeCardPanel::tr("not measured");
    }
    return {};
}

QString levelName(reports::Level level)
{
    switch (level) {
    case reports::Level::Dataset:
        return JudgeCardPanel::tr("dataset");
    case reports::Level::System:
        return JudgeCardPanel::tr("system");
    case reports::Level::Summary:
        return JudgeCardPanel::tr("summary");
    case reports::Level::PerSystem:
    case reports::Level::Meta:
        break;
    }
    return {};
}

QString levelName(const std::string &level)
{
    if (const auto parsed = reports::levelFromString(level))
        return levelName(*parsed);
    return qs(level);
}

} // namespace

JudgeCardPanel::JudgeCardPanel(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_judge(new QComboBox(this))
    , m_ceilingShare(new QDoubleSpinBox(this))
    , m_alpha(new QDoubleSpinBox(this))
    , m_invalidRate(new QDoubleSpinBox(this))
    , m_flipRate(new QDoubleSpinBox(this))
    , m_lengthBias(new QDoubleSpinBox(this))
    , m_ece(new QDoubleSpinBox(this))
    , m_status(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_verdict(new QLabel(this))
    , m_checks(new StatsTableModel(this))
    , m_figures(new StatsTableModel(this))
    , m_computation(this, m_busy, [this] { refresh(); })
{
    setObjectName(QStringLiteral("judgeCard"));
    m_judge->setObjectName(QStringLiteral("cardJudge"));
    // The bounds start at the documented defaults (reports::CardThresholds, each with its source).
    const reports::CardThresholds defaults;
    const struct {
        QDoubleSpinBox *box;
        const char *name;
        double value, low, high;
        reports::CardMeasure measure;
    } bounds[] = {
        {m_ceilingShare, "cardCeilingShare", defaults.ceilingShare, 0, 10, reports::CardMeasure::Agreement},
        {m_alpha, "cardAlpha", defaults.alpha, -1, 1, reports::CardMeasure::Alpha},
        {m_invalidRate, "cardInvalidRate", defaults.invalidRate, 0, 1, reports::CardMeasure::InvalidRate},
        {m_flipRate, "cardFlipRate", defaults.flipRate, 0, 1, reports::CardMeasure::FlipRate},
        {m_lengthBias, "cardLengthBias", defaults.lengthBias, 0, 2, reports::CardMeasure::LengthBias},
        {m_ece, "cardEce", defaults.ece, 0, 1, reports::CardMeasure::Ece},
    };
    for (const auto &b : bounds) {
        b.box->setObjectName(QLatin1String(b.name));
        b.box->setDecimals(3);
        b.box->setSingleStep(0.01);
        b.box->setRange(b.low, b.high);
        b.box->setValue(b.value);
        b.box->setToolTip(qs(reports::thresholdSource(b.measure)));
        connect(b.box, &QDoubleSpinBox::valueChanged, this, &JudgeCardPanel::recheck);
    }
    for (QLabel *label : {m_status, m_verdict}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
    }
    m_status->setObjectName(QStringLiteral("cardStatus"));
    m_verdict->setObjectName(QStringLiteral("cardVerdict"));
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);

    // On a narrow screen the controls go on in further rows rather than widen the window.
    auto *layout = new QVBoxLayout(this);
    auto *bar = new FlowLayout;
    layout->addLayout(bar);
    auto pair = [&](FlowLayout *row, const QString &text, QWidget *field) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field);
        row->addPair(label, field);
    };
    pair(bar, tr("&Judge:"), m_judge);
    bar->addWidget(m_status);
    bar->addWidget(m_busy);
    auto *boundsBar = new FlowLayout;
    layout->addLayout(boundsBar);
    pair(boundsBar, tr("Share of the &ceiling ≥"), m_ceilingShare);
    pair(boundsBar, tr("&Alpha ≥"), m_alpha);
    pair(boundsBar, tr("&Invalid ≤"), m_invalidRate);
    pair(boundsBar, tr("&Flips ≤"), m_flipRate);
    pair(boundsBar, tr("&Length bias ≤"), m_lengthBias);
    pair(boundsBar, tr("&ECE ≤"), m_ece);
    layout->addWidget(m_verdict);
    auto *split = new QSplitter(Qt::Vertical);
    // The figures and the titles whole, in any language: a card has a few dozen rows, cheap to measure.
    split->addWidget(reportTableView(m_checks, QStringLiteral("cardChecks"), this, true));
    split->addWidget(reportTableView(m_figures, QStringLiteral("cardFigures"), this, true));
    layout->addWidget(split, 1);

    connect(m_judge, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (!m_session->isOpen())
            setContext({}, {}, {});
    });
    clear(tr("Open a study with a judge and a group of humans."));
}

QString JudgeCardPanel::title()
{
    return tr("Judge card");
}

void JudgeCardPanel::setContext(const QString &humanGroup, const QStringList &judges, const QString &judge,
                                const QString &split)
{
    m_group = humanGroup;
    m_split = split;
    refillCombo(m_judge, judges, judge);
    m_computation.invalidate();
}

void JudgeCardPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_computation.shown();
}

reports::CardThresholds JudgeCardPanel::thresholds() const
{
    reports::CardThresholds t;
    t.ceilingShare = m_ceilingShare->value();
    t.alpha = m_alpha->value();
    t.invalidRate = m_invalidRate->value();
    t.flipRate = m_flipRate->value();
    t.lengthBias = m_lengthBias->value();
    t.ece = m_ece->value();
    return t;
}

void JudgeCardPanel::refresh()
{
    if (!m_session->isOpen() || m_group.isEmpty() || m_judge->count() == 0) {
        m_computation.drop();
        clear(m_session->isOpen() ? tr("A judge card needs a judge and a group of humans.")
                                  : tr("Open a study with a judge and a group of humans."));
        return;
    }
    // As `concord-cli report --cards-only --rater JUDGE [--split S]` asks: Kendall tau-b, 1,000 resamples, the
    // CLI's seeds.
    reports::JudgeCardOptions options;
    options.dashboard.humanGroup = m_group.toStdString();
    options.dashboard.judges = {m_judge->currentText().toStdString()};
    options.dashboard.split = m_split.toStdString();
    options.thresholds = thresholds();
    const std::string path = m_session->path().toStdString();
    m_status->setText(tr("Computing…"));
    m_computation.start<std::vector<reports::JudgeCard>>(
        [options, path](const std::atomic<bool> *cancel) mutable -> Result<std::vector<reports::JudgeCard>> {
            options.dashboard.cancel = cancel;
            return reports::computeJudgeCards(path, options);
        },
        [this](Result<std::vector<reports::JudgeCard>> outcome) { onFinished(std::move(outcome)); });
}

void JudgeCardPanel::onFinished(Result<std::vector<reports::JudgeCard>> outcome)
{
    if (!outcome || outcome.value().empty()) {
        const QString error = outcome ? tr("no card") : qs(outcome.error().describe());
        clear(tr("Cannot make the judge card: %1").arg(error));
        Q_EMIT refreshFailed(error);
        return;
    }
    m_card = std::move(outcome.value().front());
    m_status->clear();
    recheck(); // the bounds may have changed while it computed
    Q_EMIT refreshed();
}

void JudgeCardPanel::clear(const QString &status)
{
    m_card.reset();
    m_checks->clear();
    m_figures->clear();
    m_verdict->clear();
    m_status->setText(status);
}

void JudgeCardPanel::recheck()
{
    if (!m_card)
        return;
    reports::checkCard(*m_card, thresholds());
    display();
}

void JudgeCardPanel::display()
{
    const reports::JudgeCard &card = *m_card;
    const QString judge = qs(card.judge);
    if (card.passed + card.failed == 0) {
        m_verdict->setText(tr("%1: nothing could be checked (%2 not measured).").arg(judge).arg(card.notMeasured));
    } else if (card.failed == 0) {
        m_verdict->setText(tr("%1 meets every bound checked: %2 of %2, %3 not measured.")
                               .arg(judge)
                               .arg(card.passed)
                               .arg(card.notMeasured));
    } else {
        QStringList failed;
        for (const auto &c : card.checks)
            if (c.outcome == reports::CardOutcome::Fail) {
                QString name = measureName(c.measure);
                if (!c.dimension.empty())
                    name += QStringLiteral(" · ") + qs(c.dimension);
                if (!c.level.empty())
                    name += QStringLiteral(" · ") + levelName(c.level);
                failed << name;
            }
        m_verdict->setText(tr("%1 fails %2 of %3 bounds checked: %4.")
                               .arg(judge)
                               .arg(card.failed)
                               .arg(card.passed + card.failed)
                               .arg(failed.join(QStringLiteral("; "))));
    }

    QList<QList<StatsCell>> checks;
    for (const auto &c : card.checks)
        checks << QList<StatsCell>{StatsCell::label(measureName(c.measure)), StatsCell::label(qs(c.dimension)),
                                   StatsCell::label(levelName(c.level)),     StatsCell::number(c.value),
                                   StatsCell::number(c.reference),           StatsCell::number(c.bound),
                                   StatsCell::label(outcomeText(c.outcome)), StatsCell::label(qs(c.why))};
    m_checks->setTable({tr("Measure"), tr("Dimension"), tr("Level"), tr("Value"), tr("Reference"), tr("Bound"),
                        tr("Outcome"), tr("Note")},
                       std::move(checks));

    const double nan = std::nan("");
    QList<QList<StatsCell>> figures;
    auto row = [&](const QString &figure, const std::string &dimension, const QString &level, double value, double low,
                   double high, double reference, qulonglong n, const QString &note = {}) {
        figures << QList<StatsCell>{StatsCell::label(figure),     StatsCell::label(qs(dimension)),
                                    StatsCell::label(level),      StatsCell::number(value),
                                    StatsCell::number(low),       StatsCell::number(high),
                                    StatsCell::number(reference), StatsCell::count(n),
                                    StatsCell::label(note)};
    };
    const QString coefficient = qs(std::string(stats::toString(card.method)));
    for (const auto &a : card.agreement)
        row(tr("Correlation (%1), human ceiling beside").arg(coefficient), a.dimension, levelName(a.level),
            a.correlation.value, a.ci.low, a.ci.high, a.ceiling.mean, a.correlation.n);
    for (const auto &a : card.alpha)
        row(tr("Alpha with the humans (the humans alone beside)"), a.dimension, {}, a.withJudge, a.low, a.high,
            a.humans, 0, qs(a.level));
    row(tr("Invalid answers"), {}, {}, card.invalidRate, nan, nan, nan, card.calls);
    for (const auto &p : card.pairwise) {
        row(tr("Flips when the order is swapped"), p.dimension, {}, p.position.flipRate, nan, nan, nan,
            p.position.swappedPairs);
        row(tr("First-shown summary wins"), p.dimension, {}, p.position.firstWinRate, nan, nan, nan,
            p.position.decided);
    }
    for (const auto &l : card.lengthBias)
        row(tr("Tau-b with length (the humans' beside)"), l.dimension, {}, l.bias.judgeWithLength.value, nan, nan,
            l.bias.humansWithLength.value, l.bias.judgeWithLength.n);
    for (const auto &c : card.calibration) {
        const QString bins = tr("%1 bins").arg(c.bins);
        row(tr("ECE, equal-width bins"), c.dimension, {}, c.eceEqualWidth, nan, nan, nan, c.pairs, bins);
        row(tr("ECE, equal-mass bins"), c.dimension, {}, c.eceEqualMass, nan, nan, nan, c.pairs, bins);
        row(tr("Brier score"), c.dimension, {}, c.brier, nan, nan, nan, c.pairs, qs(c.probabilitySources));
    }
    row(tr("Self-consistency"), {}, {}, nan, nan, nan, nan, 0, qs(card.selfConsistency));
    for (const auto &c : card.consistency) {
        const QString asked = tr("asked up to %1 times").arg(c.mostAnswers);
        row(tr("Vote share of repeated answers"), c.dimension, {}, c.figures.meanVoteShare, nan, nan, nan,
            c.figures.items, asked);
        row(tr("Own variance, zero-one (leave-one-out)"), c.dimension, {}, c.figures.zeroOneVariance, nan, nan, nan,
            c.figures.items, tr("against the majority of the other answers"));
        row(tr("Own variance, absolute (leave-one-out)"), c.dimension, {}, c.figures.absoluteVariance, nan, nan, nan,
            c.figures.items, tr("against the median of the other answers"));
    }
    row(tr("Cost per 1,000 summaries"), {}, {}, card.costPer1000, nan, nan, nan, card.costedSummaries,
        card.costedSummaries == 0 ? tr("no recorded calls") : QString());
    m_figures->setTable({tr("Figure"), tr("Dimension"), tr("Level"), tr("Value"), tr("Interval low"),
                         tr("Interval high"), tr("Reference"), tr("n"), tr("Note")},
                        std::move(figures));
}

} // namespace concord::ui
