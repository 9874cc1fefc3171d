// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/statistics_export_dialog.h"

#include "common/study_session.h"

#include "store/study.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPushButton>

#include <algorithm>

namespace concord::ui {

StatisticsExportDialog::StatisticsExportDialog(StudySession *session, QWidget *parent,
                                               const StatisticsTableRequest &start)
    : QDialog(parent)
    , m_kind(new QComboBox(this))
    , m_rater(new QComboBox(this))
    , m_group(new QComboBox(this))
    , m_rule(new QComboBox(this))
    , m_estimate(start.estimate)
{
    setWindowTitle(tr("Export Statistics Table"));
    m_kind->setObjectName(QStringLiteral("table"));
    m_rater->setObjectName(QStringLiteral("rater"));
    m_group->setObjectName(QStringLiteral("humanGroup"));
    m_kind->addItem(tr("Correlation with a human group (dataset, system, summary, per-system, meta)"),
                    static_cast<int>(StatisticsTableRequest::Kind::Correlation));
    m_kind->addItem(tr("Agreement: Krippendorff's alpha per dimension"),
                    static_cast<int>(StatisticsTableRequest::Kind::Agreement));
    m_kind->addItem(tr("Pairwise: head-to-head success, LLMCompare and position bias per judge and dimension"),
                    static_cast<int>(StatisticsTableRequest::Kind::Pairwise));
    m_kind->addItem(tr("Estimates: each system's human mean from a share of the labels (the Estimates tab's settings)"),
                    static_cast<int>(StatisticsTableRequest::Kind::Estimates));
    m_rule->setObjectName(QStringLiteral("pairwiseRule"));
    m_rule->addItem(tr("agree-or-tie: a win needs both orders"), static_cast<int>(stats::PairwiseRule::AgreeOrTie));
    m_rule->addItem(tr("points: each order counts half a document"), static_cast<int>(stats::PairwiseRule::Points));
    const auto raters = session->read([](store::Study &s) { return s.raters(); });
    // Without a choice of the view's, the group the dashboard takes by default: the first human's.
    std::string startGroup = start.humanGroup;
    if (raters) {
        for (const model::Rater &r : raters.value())
            if (startGroup.empty() && r.kind == model::RaterKind::Human)
                startGroup = r.group;
        // Judges first: they are what a correlation report is usually about.
        for (const auto kind : {model::RaterKind::Judge, model::RaterKind::Metric, model::RaterKind::Human})
            for (const model::Rater &r : raters.value())
                if (r.kind == kind)
                    m_rater->addItem(QString::fromStdString(r.name));
    }
    const auto groups = session->read([](store::Study &s) { return s.ratersByGroup(); });
    if (groups) {
        for (const auto &[group, count] : groups.value())
            if (!group.empty())
                m_group->addItem(QString::fromStdString(group));
    }
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Table:"), m_kind);
    form->addRow(tr("&Rater:"), m_rater);
    form->addRow(tr("Human &group:"), m_group);
    form->addRow(tr("&Head-to-head rule:"), m_rule);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setEnabled(m_group->count() > 0);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &StatisticsExportDialog::updateFields);
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(static_cast<int>(start.kind))));
    updateFields();
    if (const int shown = m_group->findText(QString::fromStdString(startGroup)); shown >= 0)
        m_group->setCurrentIndex(shown);
    if (const int rater = m_rater->findText(QString::fromStdString(start.rater)); rater >= 0 && !start.rater.empty())
        m_rater->setCurrentIndex(rater);
}

void StatisticsExportDialog::updateFields()
{
    // For agreement the rater is optional: "(none)" leaves the humans alone. For pairwise it is
    // optional too: "(every judge)" writes a row for each.
    const auto kind = request().kind;
    const bool agreement = kind == StatisticsTableRequest::Kind::Agreement;
    const bool pairwise = kind == StatisticsTableRequest::Kind::Pairwise;
    const int none = m_rater->findData(QStringLiteral("none"));
    if (agreement && none < 0)
        m_rater->insertItem(0, tr("(humans only)"), QStringLiteral("none"));
    else if (!agreement && none >= 0)
        m_rater->removeItem(none);
    const int all = m_rater->findData(QStringLiteral("all"));
    if (pairwise && all < 0) {
        m_rater->insertItem(0, tr("(every judge)"), QStringLiteral("all"));
        m_rater->setCurrentIndex(0);
    } else if (!pairwise && all >= 0) {
        m_rater->removeItem(all);
    }
    m_rule->setEnabled(pairwise);
}

StatisticsTableRequest StatisticsExportDialog::request() const
{
    StatisticsTableRequest r;
    r.kind = static_cast<StatisticsTableRequest::Kind>(m_kind->currentData().toInt());
    const QString special = m_rater->currentData().toString();
    if (special != QStringLiteral("none") && special != QStringLiteral("all"))
        r.rater = m_rater->currentText().toStdString();
    r.humanGroup = m_group->currentText().toStdString();
    r.rule = static_cast<stats::PairwiseRule>(m_rule->currentData().toInt());
    r.estimate = m_estimate;
    return r;
}

} // namespace concord::ui
