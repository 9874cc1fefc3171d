// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/judge_plan_box.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace concord::ui {

namespace {

QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

JudgePlanBox::JudgePlanBox(QWidget *parent)
    : QGroupBox(tr("Run Plan: Several Judges at Once"), parent)
{
    setObjectName(QStringLiteral("runPlan"));
    auto *layout = new QVBoxLayout(this);
    auto *about = new QLabel(tr("Add the judge the settings above describe; change them and add the next. The plan's "
                                "judges run together, each at its own provider's concurrency and limits, under one "
                                "estimate and one progress."),
                             this);
    about->setWordWrap(true);
    layout->addWidget(about);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("planJudges"));
    m_list->setMaximumHeight(120);
    layout->addWidget(m_list);
    auto *edit = new QHBoxLayout;
    m_addButton = new QPushButton(tr("Add to Plan"), this);
    m_addButton->setObjectName(QStringLiteral("addToPlanButton"));
    m_removeButton = new QPushButton(tr("Remove from Plan"), this);
    m_removeButton->setObjectName(QStringLiteral("removeFromPlanButton"));
    m_removeButton->setToolTip(tr("Removes the chosen judge (Delete in the list)."));
    edit->addWidget(m_addButton);
    edit->addWidget(m_removeButton);
    layout->addLayout(edit);
    auto *run = new QHBoxLayout;
    m_estimateButton = new QPushButton(tr("Estimate Plan"), this);
    m_estimateButton->setObjectName(QStringLiteral("estimatePlanButton"));
    m_runButton = new QPushButton(tr("Run Plan"), this);
    m_runButton->setObjectName(QStringLiteral("runPlanButton"));
    run->addWidget(m_estimateButton);
    run->addWidget(m_runButton);
    layout->addLayout(run);

    m_list->installEventFilter(this);
    connect(m_addButton, &QPushButton::clicked, this, &JudgePlanBox::addRequested);
    connect(m_removeButton, &QPushButton::clicked, this, [this] { remove(); });
    connect(m_estimateButton, &QPushButton::clicked, this, &JudgePlanBox::estimateRequested);
    connect(m_runButton, &QPushButton::clicked, this, &JudgePlanBox::runRequested);
    connect(m_list, &QListWidget::currentRowChanged, this, &JudgePlanBox::updateButtons);
    updateButtons();
}

bool JudgePlanBox::eventFilter(QObject *watched, QEvent *event)
{
    // Delete (or Backspace, as on a Mac keyboard) in the list removes the chosen judge.
    if (watched == m_list && event->type() == QEvent::KeyPress && m_enabled) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if ((key == Qt::Key_Delete || key == Qt::Key_Backspace) && remove())
            return true;
    }
    return QGroupBox::eventFilter(watched, event);
}

QString JudgePlanBox::describe(const PlanEntry &entry)
{
    const judge::ProviderConfig &p = entry.judge.provider;
    const judge::RunOptions &o = entry.judge.options;
    const QLocale locale;
    QString line = tr("%1: %2 at %3, %4, %5; %6 at once")
                       .arg(QString::fromStdString(judge::judgeName(p, o)), QString::fromStdString(p.model),
                            text(judge::toString(p.kind)), text(judge::toString(o.plan.protocol)),
                            o.batch ? tr("batch") : tr("online"), locale.toString(o.concurrency));
    if (o.requestsPerMinute > 0)
        line += tr(", %1 requests a minute").arg(locale.toString(o.requestsPerMinute, 'f', 0));
    if (o.tokensPerMinute > 0)
        line += tr(", %1 tokens a minute").arg(locale.toString(o.tokensPerMinute, 'f', 0));
    if (o.plan.documentLimit)
        line += tr(", first %1 documents").arg(locale.toString(static_cast<qulonglong>(*o.plan.documentLimit)));
    return line;
}

QString JudgePlanBox::add(const PlanEntry &entry)
{
    const std::string name = judge::judgeName(entry.judge.provider, entry.judge.options);
    const auto same = std::find_if(m_judges.begin(), m_judges.end(), [&name](const PlanEntry &e) {
        return judge::judgeName(e.judge.provider, e.judge.options) == name;
    });
    if (same != m_judges.end())
        return tr("The plan has a judge named '%1' already: give this one another judge name, or remove the other.")
            .arg(QString::fromStdString(name));
    m_judges.push_back(entry);
    auto *item = new QListWidgetItem(describe(entry), m_list);
    item->setToolTip(QString::fromStdString(entry.judge.provider.baseUrl));
    m_list->setCurrentRow(m_list->count() - 1);
    updateButtons();
    Q_EMIT changed();
    return {};
}

bool JudgePlanBox::remove(int row)
{
    if (row < 0)
        row = m_list->currentRow();
    if (row < 0 || row >= size())
        return false;
    m_judges.erase(m_judges.begin() + row);
    delete m_list->takeItem(row);
    updateButtons();
    Q_EMIT changed();
    return true;
}

void JudgePlanBox::clear()
{
    m_judges.clear();
    m_list->clear();
    updateButtons();
    Q_EMIT changed();
}

void JudgePlanBox::setActionsEnabled(bool enabled, const QString &whyNot)
{
    m_enabled = enabled;
    m_whyNot = whyNot;
    updateButtons();
}

void JudgePlanBox::updateButtons()
{
    m_addButton->setEnabled(m_enabled);
    m_removeButton->setEnabled(m_enabled && m_list->currentRow() >= 0);
    m_estimateButton->setEnabled(m_enabled && !m_judges.empty());
    m_runButton->setEnabled(m_enabled && !m_judges.empty());
    for (QPushButton *button : {m_addButton, m_estimateButton, m_runButton})
        button->setToolTip(m_whyNot);
    if (m_whyNot.isEmpty()) {
        m_estimateButton->setToolTip(tr("The cost of every judge of the plan, online and through a batch API."));
        m_runButton->setToolTip(tr("Runs every judge of the plan at once; Cancel stops them all, and running the plan "
                                   "again sends only what is missing."));
    }
}

} // namespace concord::ui
