// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/rate_budget.h"

#include <algorithm>

namespace concord::judge {

RateBudget::RateBudget(double perMinute, Clock::time_point now)
    : m_capacity(perMinute)
    , m_level(perMinute)
    , m_last(now)
{ }

double RateBudget::wait(double amount, Clock::time_point now)
{
    if (unlimited())
        return 0;
    refill(now);
    const double need = std::min(amount, m_capacity);
    return m_level >= need ? 0 : (need - m_level) / (m_capacity / 60.0);
}

void RateBudget::spend(double amount, Clock::time_point now)
{
    if (unlimited())
        return;
    refill(now);
    m_level -= std::min(amount, m_capacity);
}

void RateBudget::refill(Clock::time_point now)
{
    // A time before the last one (the caller's clock read earlier) refills nothing rather than drains.
    const double seconds = std::max(0.0, std::chrono::duration<double>(now - m_last).count());
    m_last = std::max(m_last, now);
    m_level = std::min(m_capacity, m_level + seconds * m_capacity / 60.0);
}

} // namespace concord::judge
