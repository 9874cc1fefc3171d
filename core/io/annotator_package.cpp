// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/annotator_package.h"

#include "store/annotation_plan.h"
#include "store/study.h"
#include "store/study_files.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>

#include <unistd.h>

namespace concord::io {

using model::Id;

namespace {

void removeStudyFiles(const std::string &path)
{
    std::error_code ec;
    for (const char *suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(path + suffix, ec);
}

} // namespace

Result<MergeReport> AnnotatorPackage::write(store::Study &source, const std::string &raterName,
                                            const std::string &outPath, UnknownName unknown)
{
    if (const Status target = store::StudyFiles::checkWriteTarget(outPath, source.path()); !target)
        return target.error();
    // A lead writes packages for people who are not (yet) raters of the study: the new annotator
    // exists only in the package until its work is merged back.
    auto checked = capture([&] {
        if (raterName.empty())
            fail("the annotator has no name", "rater");
        for (const auto &r : source.raters())
            if (r.name == raterName) {
                if (r.kind != model::RaterKind::Human)
                    fail("'" + raterName + "' is not a human annotator", "rater");
                return true;
            }
        if (unknown == UnknownName::Refuse)
            fail("the study has no annotator named '" + raterName + "'", "rater");
        return false;
    });
    if (!checked)
        return checked.error();
    // Written under a name of its own beside the package and given the package's name only when
    // complete, so that a package which is there is whole even if the export was killed half-way.
    std::error_code ec;
    if (std::filesystem::exists(outPath, ec))
        return Error{"cannot create " + outPath + ": a file with that name already exists", {}, 0, {}};
    std::string partPath = outPath + ".partial-XXXXXX";
    const int fd = ::mkstemp(partPath.data()); // a name nobody else uses; the study is created there
    if (fd < 0)
        return Error{"cannot write " + outPath + ": " + std::strerror(errno), {}, 0, {}};
    ::close(fd);
    ::unlink(partPath.c_str());
    auto created = store::Study::create(partPath);
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
        // The study's name as shown: a team study's connection string may hold a password.
        package.setInfo("annotator_package_of", source.displayName());
        if (!checked.value()) {
            model::Rater annotator;
            annotator.name = raterName;
            package.ensureRater(annotator);
        }
    });
    // Someone new has no judgements in the study yet: nothing of theirs to bring along.
    Result<MergeReport> result = !items            ? Result<MergeReport>(items.error())
                                 : checked.value() ? AnnotationMerger::merge(package, source, MergeOptions{raterName})
                                                   : Result<MergeReport>(MergeReport{});
    // Closed: everything is in the one file, the WAL written back and removed. link() never replaces
    // a file made meanwhile under the package's name.
    created.value().reset();
    if (result && std::filesystem::exists(partPath + "-wal", ec))
        result = Error{"cannot finish " + outPath + ": its write-ahead log was not written back", {}, 0, {}};
    if (result && ::link(partPath.c_str(), outPath.c_str()) != 0)
        result = Error{"cannot create " + outPath + ": " + std::strerror(errno), {}, 0, {}};
    removeStudyFiles(partPath);
    return result;
}

} // namespace concord::io
