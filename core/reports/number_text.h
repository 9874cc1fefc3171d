// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace concord::reports {

// How the reports write a number. JSON: an undefined number (NaN) is null. Tables: fullPrecision
// writes every digit so that the text reads back exactly (CSV), an undefined number as an empty
// cell; otherwise values get 4 decimals and p-values 3 (below 0.001: "<0.001"), as a paper prints
// them, and an undefined number is "–".
nlohmann::json jsonNumber(double value);
std::string tableNumber(double value, bool fullPrecision, bool pValue);

} // namespace concord::reports
