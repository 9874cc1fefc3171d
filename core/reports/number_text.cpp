// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/number_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace concord::reports {

nlohmann::json jsonNumber(double value)
{
    return std::isnan(value) ? nlohmann::json(nullptr) : nlohmann::json(value);
}

std::string tableNumber(double value, bool fullPrecision, bool pValue)
{
    if (std::isnan(value))
        return fullPrecision ? std::string() : std::string("–");
    char buf[64];
    if (fullPrecision) {
        const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
        return std::string(buf, end);
    }
    if (pValue) {
        if (value < 0.001)
            return "<0.001";
        std::snprintf(buf, sizeof buf, "%.3f", value);
    } else {
        std::snprintf(buf, sizeof buf, "%.4f", value);
    }
    return buf;
}

} // namespace concord::reports
