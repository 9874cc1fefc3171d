// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/import_monitor.h"

#include <algorithm>

namespace concord::ui {

namespace {

// Ten looks a second: a bar that moves smoothly, and nothing queued however fast the blocks come.
constexpr int kPollMs = 100;

} // namespace

ImportMonitor::ImportMonitor(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(kPollMs);
    connect(&m_timer, &QTimer::timeout, this, &ImportMonitor::poll);
}

io::ImportProgress::Callback ImportMonitor::start()
{
    // A state of its own per import: a worker of an earlier import never writes into this one.
    m_state = std::make_shared<State>();
    m_running = true;
    m_percent = 0;
    Q_EMIT progressed(0);
    m_timer.start();
    return [state = m_state, hook = m_hook](std::int64_t done, std::int64_t total, std::int64_t) {
        state->done = done;
        state->total = total;
        if (hook)
            hook(done, total);
        if (state->cancelRequested) {
            state->stopped = true;
            return false;
        }
        return true;
    };
}

bool ImportMonitor::finish()
{
    if (!m_running)
        return false;
    poll();
    m_timer.stop();
    m_running = false;
    return m_state->stopped;
}

void ImportMonitor::cancel()
{
    if (m_running)
        m_state->cancelRequested = true;
}

QString ImportMonitor::cancelledText()
{
    return tr("Import cancelled; nothing was imported");
}

void ImportMonitor::poll()
{
    const std::int64_t total = m_state->total;
    const std::int64_t done = std::min(m_state->done.load(), total);
    const int percent = total > 0 ? static_cast<int>(done * 100 / total) : 0;
    if (percent == m_percent)
        return;
    m_percent = percent;
    Q_EMIT progressed(percent);
}

} // namespace concord::ui
