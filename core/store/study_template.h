// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/dimension.h"
#include "store/annotation_plan.h"

#include <string>
#include <vector>

namespace concord::store {

class Study;

// A ready-made study design offered when a study is created: the dimensions (scales, labels,
// definitions) and what annotators are asked.
struct StudyTemplate {
    std::string name;  // "summeval", "instrusum", "empty"
    std::string title; // English; the GUI shows its own translated title
    std::string description;
    std::vector<model::Dimension> dimensions;
    AnnotationPlan plan;

    static const std::vector<StudyTemplate> &all();
    static const StudyTemplate *find(const std::string &name);
    // Adds the dimensions and stores the plan, in one transaction.
    static Status apply(Study &study, const StudyTemplate &studyTemplate);
};

} // namespace concord::store
