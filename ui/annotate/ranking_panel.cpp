// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/ranking_panel.h"

#include "annotate/explanation_box.h"
#include "annotate/focus_mark.h"
#include "annotate/rank_tier_board.h"
#include "annotate/ranking_model.h"
#include "common/header_width.h"

#include <QFocusEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace concord::ui {

RankingPanel::RankingPanel(AnnotationEditor *editor, const model::Dimension &dimension, bool explain, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_dimension(dimension)
    , m_model(new RankingModel(editor, this))
    , m_table(new QTableView(this))
    , m_board(new RankTierBoard(m_model, this))
    , m_status(new QLabel(this))
    , m_explain(explain)
    , m_focusMark(new FocusMark(this))
{
    setObjectName(QStringLiteral("ranking_%1").arg(QString::fromStdString(dimension.name)));
    setTitle(tr("Rank: %1").arg(QString::fromStdString(dimension.name)));
    setToolTip(QString::fromStdString(dimension.definition));
    auto *layout = new QVBoxLayout(this);
    auto *hint = new QLabel(tr("1 is best; equal summaries share a rank (\"1, 2, 2, 4\" or \"1, 2, 2, 3\")."), this);
    hint->setWordWrap(true);
    layout->addWidget(hint);
    m_table->setModel(m_model);
    m_table->setObjectName(QStringLiteral("rankTable"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_table->setTabKeyNavigation(false);
    m_table->setAccessibleName(title());
    m_table->setToolTip(tr("Type a rank (1–9) on a row; Delete clears it; drag in the tiers below works too"));
    m_table->installEventFilter(this);
    layout->addWidget(m_table);
    layout->addWidget(m_board);
    m_status->setObjectName(QStringLiteral("rankStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    connect(m_model, &RankingModel::stateChanged, this, &RankingPanel::updateStatus);
    connect(m_model, &RankingModel::editFailed, this, &RankingPanel::editFailed);
    connect(m_model, &RankingModel::modelReset, this, [this] {
        widenSectionsToTitles(m_table->horizontalHeader());
        const int row = m_table->verticalHeader()->defaultSectionSize();
        m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() + row * m_model->rowCount()
                                + 2 * m_table->frameWidth());
    });
    updateStatus();
}

void RankingPanel::setExplanationBox(ExplanationBox *box)
{
    if (m_explanation) {
        layout()->removeWidget(m_explanation);
        m_explanation->deleteLater();
    }
    m_explanation = box;
    if (!box)
        return;
    auto *label = new QLabel(tr("Explain this ranking:"), box->parentWidget());
    layout()->addWidget(label);
    layout()->addWidget(box);
    connect(box, &QObject::destroyed, label, &QObject::deleteLater);
    connect(box, &ExplanationBox::editFailed, this, &RankingPanel::editFailed);
}

void RankingPanel::updateStatus()
{
    const auto state = m_model->state();
    QString text = m_model->statusText();
    if (state == RankingModel::State::Impossible || state == RankingModel::State::Incomplete)
        text.prepend(QStringLiteral("⚠ "));
    else if (state == RankingModel::State::Complete)
        text.prepend(QStringLiteral("✓ "));
    m_status->setText(text);
    // Bold, not a fixed colour: a warning must read well in a dark palette too.
    QFont f = m_status->font();
    f.setBold(state == RankingModel::State::Impossible);
    m_status->setFont(f);
}

int RankingPanel::firstUnrankedRow() const
{
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (!m_model->rankOf(row))
            return row;
    return -1;
}

bool RankingPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Entered by the keyboard, the table starts at its first row without a rank: a digit typed at once
    // must never overwrite a rank given before (the row left current last time).
    if (watched == m_table && event->type() == QEvent::FocusIn
        && static_cast<QFocusEvent *>(event)->reason() != Qt::MouseFocusReason) {
        const int row = firstUnrankedRow();
        if (row >= 0)
            m_table->setCurrentIndex(m_model->index(row, RankingModel::RankColumn));
        else if (!m_table->currentIndex().isValid() && m_model->rowCount() > 0)
            m_table->setCurrentIndex(m_model->index(0, RankingModel::RankColumn));
    }
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        const int row = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
        if (row >= 0 && !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
            if (key->key() >= Qt::Key_1 && key->key() <= Qt::Key_9) {
                // Quick entry: the digit is the rank, and the next row comes up. The rank that completes the
                // ranking goes on to the panel's explanation, where one is asked: so every panel takes one
                // Tab after its ranks (and words), with or without an explanation.
                const bool wasComplete = m_model->state() == RankingModel::State::Complete;
                if (m_model->setRank(row, key->key() - Qt::Key_0).ok()) {
                    if (!wasComplete && m_model->state() == RankingModel::State::Complete && m_explanation)
                        m_explanation->setFocus(Qt::TabFocusReason);
                    else if (row + 1 < m_model->rowCount())
                        m_table->setCurrentIndex(m_model->index(row + 1, RankingModel::RankColumn));
                }
                return true;
            }
            if (key->key() == Qt::Key_Delete || key->key() == Qt::Key_Backspace) {
                m_model->setRank(row, std::nullopt).ok();
                return true;
            }
        }
    }
    return QGroupBox::eventFilter(watched, event);
}

} // namespace concord::ui
