// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/annotator_package.h"

#include "store/annotation_plan.h"
#include "store/study.h"
#include "store/study_files.h"

#include <filesystem>
#include <map>

namespace concord::io {

using model::Id;

Result<MergeReport> AnnotatorPackage::write(store::Study &source, const std::string &raterName,
                                            const std::string &outPath)
{
    if (const Status target = store::StudyFiles::checkWriteTarget(outPath, source.path()); !target)
        return target.error();
    auto checked = capture([&] {
        for (const auto &r : source.raters())
            if (r.name == raterName) {
                if (r.kind != model::RaterKind::Human)
                    fail("'" + raterName + "' is not a human annotator", "rater");
                return true;
            }
        fail("the study has no annotator named '" + raterName + "'", "rater");
    });
    if (!checked)
        return checked.error();
    auto created = store::Study::create(outPath);
    if (!created)
        return created.error();
    store::Study &package = *created.value();
    // The items first, in one transaction; if anything fails the half-written file is removed.
    const Status items = package.write([&] {
        std::map<Id, Id> system;
        for (const auto &s : source.systems())
            system[s.id] = package.ensureSystem(s.name);
        for (const auto &d : source.dimensions())
            package.ensureDimension(d);
        for (const auto &summary : source.documentSummaries()) {
            auto doc = source.document(summary.id);
            if (!doc)
                continue;
            const Id id = package.addDocument(*doc);
            for (const auto &c : source.candidatesOf(summary.id))
                package.addCandidate(id, system.at(c.systemId), c.text);
        }
        package.setInfo(store::AnnotationPlan::kInfoKey, store::AnnotationPlan::of(source).toJson());
        package.setInfo("annotator_package_for", raterName);
        package.setInfo("annotator_package_of", source.path());
    });
    Result<MergeReport> result = items ? AnnotationMerger::merge(package, source, MergeOptions{raterName})
                                       : Result<MergeReport>(items.error());
    if (!result) {
        created.value().reset();
        std::error_code ec;
        for (const char *suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(outPath + suffix, ec);
    }
    return result;
}

} // namespace concord::io
