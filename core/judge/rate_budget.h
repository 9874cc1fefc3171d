// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>

namespace concord::judge {

// A budget refilled continuously: requests or tokens per minute (0 or less: no limit). It starts full, so a run
// may send a minute's worth at once, then as fast as the budget refills. The time is passed in, so the budget
// is read the same way in a run and in a test.
class RateBudget {
public:
    using Clock = std::chrono::steady_clock;

    RateBudget(double perMinute, Clock::time_point now);
    bool unlimited() const { return m_capacity <= 0; }
    // Seconds until `amount` can be spent (0: now). A request larger than the whole budget waits for a full one.
    double wait(double amount, Clock::time_point now);
    void spend(double amount, Clock::time_point now);

private:
    void refill(Clock::time_point now);

    double m_capacity;
    double m_level;
    Clock::time_point m_last;
};

} // namespace concord::judge
