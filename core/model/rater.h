// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace concord::model {

enum class RaterKind { Human, Judge, Metric };

std::string_view toString(RaterKind kind);
std::optional<RaterKind> raterKindFromString(std::string_view text);

// Who gave a judgement: a person (with a group such as "expert"), an LLM judge, or a metric.
struct Rater {
    Id id = 0;
    std::string name;
    RaterKind kind = RaterKind::Human;
    std::string group;
    std::string provider; // judges only
    std::string model;
    std::string protocol;
    nlohmann::json params = nlohmann::json::object(); // never holds an API key
};

} // namespace concord::model
