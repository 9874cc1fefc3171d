// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/annotator_package.h"

#include "store/annotation_plan.h"
#include "store/study.h"
#include "store/study_files.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <tuple>

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

// Drawn from the operating system's randomness, not from a seeded generator: a seed the annotator could
// work out (or recover from the names, which they see) would give back the order the summaries had.
class Draw {
public:
    // A name for one summary's system, unlike any drawn before: 48 random bits say nothing of the system.
    std::string systemName()
    {
        for (;;) {
            const std::uint64_t bits = (std::uint64_t{m_random()} << 32 | m_random()) & 0xffffffffffffULL;
            char name[32];
            std::snprintf(name, sizeof name, "hidden-%012llx", static_cast<unsigned long long>(bits));
            if (m_names.insert(name).second)
                return name;
        }
    }

    // The document's summaries in an order drawn at random, except that summaries with the same text come
    // in the order of their systems' names: the merge tells identical texts of one document apart by that
    // order (AnnotationMerger).
    std::vector<model::Candidate> order(std::vector<model::Candidate> candidates,
                                        const std::map<Id, std::string> &systemNames)
    {
        std::shuffle(candidates.begin(), candidates.end(), m_random);
        std::map<std::string, std::vector<std::size_t>> sameText; // text -> its places in the drawn order
        for (std::size_t i = 0; i < candidates.size(); ++i)
            sameText[candidates[i].text].push_back(i);
        for (const auto &[text, places] : sameText) {
            if (places.size() < 2)
                continue;
            std::vector<model::Candidate> copies;
            for (const std::size_t i : places)
                copies.push_back(candidates[i]);
            const std::string none;
            const auto name = [&](Id system) -> const std::string & {
                const auto it = systemNames.find(system);
                return it == systemNames.end() ? none : it->second;
            };
            std::sort(copies.begin(), copies.end(), [&](const auto &a, const auto &b) {
                return std::forward_as_tuple(name(a.systemId), a.id) < std::forward_as_tuple(name(b.systemId), b.id);
            });
            for (std::size_t k = 0; k < places.size(); ++k)
                candidates[places[k]] = copies[k];
        }
        return candidates;
    }

private:
    std::random_device m_random;
    std::set<std::string> m_names;
};

} // namespace

bool AnnotatorPackage::hasOpaqueSystems(store::Study &study)
{
    const auto value = study.info(kSystemsKey);
    return value && *value == kOpaqueSystems;
}

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
    // No system's name goes into the package, nor the order in which the study holds a document's
    // summaries (the order they were imported in, system by system): each summary is stored under a
    // system of its own, named at random, in an order drawn at random. One name per system across
    // documents would still let the annotator follow a system from document to document.
    Draw draw;
    // Only to order identical summaries, and never written; a package's own names say nothing (its
    // identical summaries are in the order of their ids).
    std::map<Id, std::string> systemNames;
    if (!hasOpaqueSystems(source))
        for (const auto &s : source.systems())
            systemNames[s.id] = s.name;
    const Status items = package.write([&] {
        for (const auto &d : source.dimensions())
            package.ensureDimension(d);
        for (const auto &summary : source.documentSummaries()) {
            auto doc = source.document(summary.id);
            if (!doc)
                continue;
            const Id id = package.addDocument(*doc);
            for (const auto &c : draw.order(source.candidatesOf(summary.id), systemNames))
                package.addCandidate(id, package.ensureSystem(draw.systemName()), c.text);
        }
        package.setInfo(kSystemsKey, kOpaqueSystems);
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
    // Someone new has no judgements in the study yet: nothing of theirs to bring along. The merge finds
    // each summary in the package by its document and text (the package is marked as opaque already).
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
