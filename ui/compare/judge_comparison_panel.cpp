// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/judge_comparison_panel.h"

#include "common/flow_layout.h"
#include "common/report_table_view.h"
#include "common/study_session.h"
#include "compare/stats_table_model.h"

#include "store/study.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QShowEvent>
#include <QSignalBlocker>
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
        return JudgeComparisonPanel::tr("dataset");
    case reports::Level::System:
        return JudgeComparisonPanel::tr("system");
    case reports::Level::Summary:
        return JudgeComparisonPanel::tr("summary");
    case reports::Level::PerSystem:
    case reports::Level::Meta:
        break;
    }
    return {};
}

QString methodName(stats::CorrelationMethod method)
{
    switch (method) {
    case stats::CorrelationMethod::Pearson:
        return JudgeComparisonPanel::tr("Pearson r");
    case stats::CorrelationMethod::Spearman:
        return JudgeComparisonPanel::tr("Spearman ρ");
    case stats::CorrelationMethod::KendallB:
        return JudgeComparisonPanel::tr("Kendall τb");
    case stats::CorrelationMethod::KendallC:
        return JudgeComparisonPanel::tr("Kendall τc");
    case stats::CorrelationMethod::Acc:
    case stats::CorrelationMethod::AccEq:
    case stats::CorrelationMethod::Spa:
        break; // not offered here: the comparison's tests are about correlations
    }
    return {};
}

// Refills a box with items, keeping the current choice if it is still there, else choosing fallback.
void refill(QComboBox *box, const QStringList &items, int fallback)
{
    const QString current = box->currentText();
    const QSignalBlocker block(box);
    box->clear();
    box->addItems(items);
    const int i = box->findText(current);
    box->setCurrentIndex(i >= 0 ? i : std::min(fallback, static_cast<int>(items.size()) - 1));
}

} // namespace

JudgeComparisonPanel::JudgeComparisonPanel(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_judgeA(new QComboBox(this))
    , m_judgeB(new QComboBox(this))
    , m_method(new QComboBox(this))
    , m_split(new QComboBox(this))
    , m_explanation(new QLabel(this))
    , m_status(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_table(new StatsTableModel(this))
    , m_computation(this, m_busy, [this] { refresh(); })
{
    setObjectName(QStringLiteral("judgeComparison"));
    m_judgeA->setObjectName(QStringLiteral("judgeA"));
    m_judgeB->setObjectName(QStringLiteral("judgeB"));
    m_method->setObjectName(QStringLiteral("comparisonCoefficient"));
    // Pearson first: the one coefficient Williams' test applies to.
    for (const auto method : {stats::CorrelationMethod::Pearson, stats::CorrelationMethod::Spearman,
                              stats::CorrelationMethod::KendallB, stats::CorrelationMethod::KendallC})
        m_method->addItem(methodName(method), static_cast<int>(method));
    m_split->setObjectName(QStringLiteral("comparisonSplit"));
    m_split->addItem(tr("All documents"), QString());
    m_split->addItem(tr("Dev split"), QStringLiteral("dev"));
    m_split->addItem(tr("Test split"), QStringLiteral("test"));
    m_split->setToolTip(tr("Compare on one held-out split's documents only (concord-cli split makes the split): a "
                           "template tuned on dev is tested on test, where it saw no item."));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("comparisonStatus"));
    m_explanation->setTextFormat(Qt::PlainText);
    m_explanation->setWordWrap(true);

    // On a narrow screen the controls go on in a second row rather than widen the window.
    auto *layout = new QVBoxLayout(this);
    auto *bar = new FlowLayout;
    layout->addLayout(bar);
    bar->addPair(new QLabel(tr("Judge A:"), this), m_judgeA);
    bar->addPair(new QLabel(tr("against judge B:"), this), m_judgeB);
    bar->addPair(new QLabel(tr("Coefficient:"), this), m_method);
    bar->addPair(new QLabel(tr("Documents:"), this), m_split);
    bar->addWidget(m_status);
    bar->addWidget(m_busy);

    QTableView *view = reportTableView(m_table, QStringLiteral("comparisonTable"), this, false);

    layout->addWidget(m_explanation);
    layout->addWidget(view, 1);

    // Signals of a user's choice only: refills block them.
    for (QComboBox *box : {m_judgeA, m_judgeB, m_method, m_split})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { m_computation.invalidate(); });
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (!m_session->isOpen())
            setContext({}, {});
    });
    clear(tr("Open a study with two judges."));
}

QString JudgeComparisonPanel::title()
{
    return tr("Compare judges");
}

void JudgeComparisonPanel::setContext(const QString &humanGroup, const QStringList &judges)
{
    m_group = humanGroup;
    refill(m_judgeA, judges, 0);
    refill(m_judgeB, judges, 1);
    m_computation.invalidate();
}

void JudgeComparisonPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_computation.shown();
}

void JudgeComparisonPanel::refresh()
{
    if (!m_session->isOpen() || m_group.isEmpty() || m_judgeA->count() < 2) {
        m_computation.drop();
        clear(m_session->isOpen() ? tr("Comparing needs two judges and a group of humans.")
                                  : tr("Open a study with two judges."));
        return;
    }
    reports::JudgeComparisonRequest request;
    request.humanGroup = m_group.toStdString();
    request.raterA = m_judgeA->currentText().toStdString();
    request.raterB = m_judgeB->currentText().toStdString();
    request.levels = {reports::Level::Dataset, reports::Level::System, reports::Level::Summary};
    request.methods = {static_cast<stats::CorrelationMethod>(m_method->currentData().toInt())};
    request.split = m_split->currentData().toString().toStdString();
    const std::string path = m_session->path().toStdString();
    m_status->setText(tr("Computing…"));
    m_computation.start<reports::JudgeComparison>(
        [request, path](const std::atomic<bool> *cancel) mutable -> Result<reports::JudgeComparison> {
            request.cancel = cancel;
            auto study = store::Study::open(path, {.readOnly = true});
            if (!study)
                return study.error();
            return reports::compareJudges(*study.value(), request);
        },
        [this](Result<reports::JudgeComparison> outcome) { onFinished(std::move(outcome)); });
}

void JudgeComparisonPanel::onFinished(Result<reports::JudgeComparison> outcome)
{
    if (!outcome) {
        const QString error = qs(outcome.error().describe());
        clear(tr("Cannot compare: %1").arg(error));
        Q_EMIT refreshFailed(error);
        return;
    }
    m_comparison = std::move(outcome).value();
    m_status->clear();
    display(*m_comparison);
    Q_EMIT refreshed();
}

void JudgeComparisonPanel::clear(const QString &status)
{
    m_comparison.reset();
    m_table->clear();
    m_status->setText(status);
    m_explanation->clear();
}

void JudgeComparisonPanel::display(const reports::JudgeComparison &comparison)
{
    const auto &r = comparison.request;
    QStringList humans;
    for (const auto &h : comparison.humanRaters)
        humans << qs(h);
    QString explanation
        = tr("Does %1 (A) agree with the mean of %2 (%3) better than %4 (B)? Williams' test compares Pearson "
             "correlations at dataset and system level; the permutation test (%5 resamples, seed %6) covers every "
             "level. Both judges are compared on the items both rated. p-values are two-sided; significant: every "
             "test that applies has p < %7.")
              .arg(qs(r.raterA), qs(r.humanGroup), humans.join(QStringLiteral(", ")), qs(r.raterB))
              .arg(r.resamples)
              .arg(r.seed)
              .arg(r.alpha);
    if (r.split == "dev")
        explanation += QLatin1Char(' ') + tr("Only the dev split's documents are compared.");
    else if (r.split == "test")
        explanation += QLatin1Char(' ') + tr("Only the test split's documents are compared.");
    m_explanation->setText(explanation);
    QList<QList<StatsCell>> rows;
    for (const auto &e : comparison.entries) {
        const QString permutationReason = std::isnan(e.difference) ? tr("a correlation is undefined") : QString();
        rows << QList<StatsCell>{StatsCell::label(qs(e.dimension)),
                                 StatsCell::label(levelName(e.level)),
                                 StatsCell::count(e.a.n),
                                 StatsCell::number(e.a.value, 4, qs(e.a.undefinedReason)),
                                 StatsCell::number(e.b.value, 4, qs(e.b.undefinedReason)),
                                 StatsCell::number(e.difference, 4),
                                 StatsCell::number(e.ab.value, 4, qs(e.ab.undefinedReason)),
                                 StatsCell::number(e.williams.t, 3, qs(e.williamsUndefinedReason)),
                                 StatsCell::pValue(e.williams.pTwoSided, qs(e.williamsUndefinedReason)),
                                 StatsCell::pValue(e.permutation.p, permutationReason),
                                 StatsCell::label(e.better.empty() ? tr("neither") : qs(e.better)),
                                 StatsCell::label(e.significant ? tr("yes") : tr("no"))};
    }
    m_table->setTable({tr("Dimension"), tr("Level"), tr("n"), tr("r(A, humans)"), tr("r(B, humans)"), tr("A − B"),
                       tr("r(A, B)"), tr("Williams t"), tr("Williams p"), tr("Permutation p"), tr("Better"),
                       tr("Significant")},
                      std::move(rows));
}

} // namespace concord::ui
