// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::io {

struct MergeReport {
    int raters = 0;   // human raters whose judgements were looked at
    int ratings = 0;  // added; identical ones already present are counted under unchanged
    int rankings = 0; // rankings (rater, document, dimension)
    int errorSpans = 0;
    int explanations = 0;
    int unitMarks = 0;
    int presentationOrders = 0;
    int unchanged = 0;
    std::vector<std::string> conflicts; // filled only when the merge was refused
};

struct MergeOptions {
    std::optional<std::string> rater; // only this human rater's judgements
};

// Brings the human judgements of another study into this one: documents are matched by external id,
// candidates by document and system name, dimensions and raters by name. When either study is a blind
// annotator package (AnnotatorPackage::hasOpaqueSystems), whose system names say nothing, candidates are
// matched by document and text instead (summaries of one document with the same text in the order of their
// ids); a package written before packages were blind names its systems and is matched by them. Identical
// judgements are skipped. Anything that would overwrite a different answer, or that has no match here, is a
// conflict: then nothing is merged and the error lists every conflict (all-or-nothing).
class AnnotationMerger {
public:
    static Result<MergeReport> merge(store::Study &target, store::Study &source, const MergeOptions &options = {});
    static Result<MergeReport> mergeFile(store::Study &target, const std::string &sourcePath,
                                         const MergeOptions &options = {});
    // The one-line description of what a merge brought in.
    static std::string describe(const MergeReport &report);
};

} // namespace concord::io
