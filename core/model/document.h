// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace concord::model {

struct Document {
    Id id = 0;
    std::string externalId;
    std::string source;
    std::optional<std::string> requirement; // the instruction of instruction-controllable summarization
    std::vector<std::string> references;
    std::vector<std::string> scus; // semantic content units for the Pyramid protocol
    nlohmann::json metadata = nlohmann::json::object();
};

} // namespace concord::model
