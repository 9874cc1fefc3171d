// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/shown_computation.h"

#include <QProgressBar>
#include <QWidget>

namespace concord::ui {

ShownComputation::ShownComputation(QWidget *owner, QProgressBar *busy, std::function<void()> refresh)
    : m_owner(owner)
    , m_busy(busy)
    , m_refresh(std::move(refresh))
{
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setTextVisible(false);
    m_busy->hide();
}

ShownComputation::~ShownComputation()
{
    // A computation still running finishes on its own; the owner is gone, so its result is never delivered.
    if (m_cancel)
        m_cancel->store(true);
}

void ShownComputation::invalidate()
{
    m_stale = true;
    drop(); // whatever runs is for older choices
    if (m_owner->isVisible()) {
        m_stale = false;
        m_refresh();
    }
}

void ShownComputation::shown()
{
    if (m_stale) {
        m_stale = false;
        m_refresh();
    }
}

void ShownComputation::drop()
{
    if (m_cancel)
        m_cancel->store(true);
    ++m_generation;
}

quint64 ShownComputation::begin()
{
    m_stale = false;
    if (m_cancel)
        m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    ++m_running;
    m_busy->show();
    return ++m_generation;
}

bool ShownComputation::finish(quint64 generation)
{
    if (--m_running == 0)
        m_busy->hide();
    return generation == m_generation;
}

} // namespace concord::ui
