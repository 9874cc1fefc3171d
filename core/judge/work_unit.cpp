// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/work_unit.h"

namespace concord::judge {

nlohmann::json WorkUnit::toJson() const
{
    nlohmann::json j;
    j["candidates"] = candidates;
    if (dimension)
        j["dimension"] = *dimension;
    if (index >= 0 && sentenceEnd > sentenceStart) {
        j["sentence"] = index;
        j["start"] = sentenceStart;
        j["end"] = sentenceEnd;
    } else if (index >= 0) {
        j["scu"] = index;
    }
    return j;
}

} // namespace concord::judge
