// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/annotation_merger.h"

#include <string>

namespace concord::store {
class Study;
}

namespace concord::io {

// An annotator's own copy of a study: every document, system, candidate and dimension, what the
// study asks (its annotation plan), and that annotator's judgements so far — a study file the
// annotator opens in Concord and whose work File > Merge Annotations brings back.
class AnnotatorPackage {
public:
    // Refuses an existing outPath and a rater that is not a human in the study.
    static Result<MergeReport> write(store::Study &source, const std::string &raterName, const std::string &outPath);
};

} // namespace concord::io
