// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/protocol.h"
#include "judge/work_unit.h"
#include "model/candidate.h"
#include "model/dimension.h"
#include "model/document.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::judge {

// Everything a unit's prompt and its answer's reading need, read from the study once per unit.
struct UnitContext {
    Protocol protocol = Protocol::Rts;
    WorkUnit unit;
    model::Document document;
    std::vector<model::Candidate> shown; // the unit's candidates, in the order shown
    std::optional<model::Dimension> dimension;
    std::vector<model::Dimension> likertDimensions; // likert-multi: every Likert dimension
    std::string evaluationSteps;                    // geval: the steps generated for the dimension
    bool structured = false; // the answer is {reason, score} under a JSON schema (takesStructuredAnswers)

    static UnitContext load(store::Study &study, Protocol protocol, const WorkUnit &unit);

    // The {{placeholder}} values (docs/architecture.md, "Templates") for this unit.
    std::map<std::string, std::string> promptValues() const;
    // The scale answers are read on: the dimension's, or likert-multi's widest.
    double scaleMin() const;
    double scaleMax() const;
    // The text an answer must not merely repeat (the summary judged).
    std::string judgedText() const;
};

// Letters bound to the points of a Likert scale for the multiple-choice protocol: A is the lowest score.
std::string choicesText(const model::Dimension &dimension);

} // namespace concord::judge
