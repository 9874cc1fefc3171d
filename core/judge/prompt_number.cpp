// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/prompt_number.h"

#include <cmath>
#include <cstdio>

namespace concord::judge {

std::string promptNumber(double value, int maxDecimals)
{
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    char buffer[400];
    std::snprintf(buffer, sizeof buffer, "%.*f", maxDecimals, value);
    std::string s(buffer);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
    }
    return s;
}

} // namespace concord::judge
