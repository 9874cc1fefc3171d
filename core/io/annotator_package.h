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
    // Whether a name the study does not know is a typo (Refuse) or someone new the lead writes a
    // package for (Create: a human rater in the package only; the source study is never changed).
    enum class UnknownName { Refuse, Create };

    // Refuses an existing outPath and a name the study gives to a judge or metric.
    static Result<MergeReport> write(store::Study &source, const std::string &raterName, const std::string &outPath,
                                     UnknownName unknown = UnknownName::Refuse);
};

} // namespace concord::io
