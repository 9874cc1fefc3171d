// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/annotation_merger.h"

#include <string>
#include <string_view>

namespace concord::store {
class Study;
}

namespace concord::io {

// An annotator's own copy of a study: every document, candidate and dimension, what the study asks (its
// annotation plan), and that annotator's judgements so far — a study file the annotator opens in Concord
// and whose work File > Merge Annotations brings back.
//
// The package is blind: no system's name is in it. Each summary has a system of its own under a name
// drawn at random, and a document's summaries are stored in an order drawn at random, so nothing in the
// file tells which system wrote a summary or which summaries of different documents one system wrote.
// A merge matches the package's summaries with the study's by document and text (AnnotationMerger).
class AnnotatorPackage {
public:
    // Whether a name the study does not know is a typo (Refuse) or someone new the lead writes a
    // package for (Create: a human rater in the package only; the source study is never changed).
    enum class UnknownName { Refuse, Create };

    // The study_info key that marks a study whose system names are opaque (value kOpaqueSystems).
    static constexpr std::string_view kSystemsKey = "annotator_package_systems";
    static constexpr std::string_view kOpaqueSystems = "opaque";

    // Refuses an existing outPath and a name the study gives to a judge or metric.
    static Result<MergeReport> write(store::Study &source, const std::string &raterName, const std::string &outPath,
                                     UnknownName unknown = UnknownName::Refuse);

    // A package written with opaque system names (a package written before them names the systems).
    static bool hasOpaqueSystems(store::Study &study);
};

} // namespace concord::io
