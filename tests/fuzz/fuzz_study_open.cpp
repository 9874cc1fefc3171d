// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A study file of any bytes (seeded with real studies): opened read-only and read-write, then read as
// the views and commands read it and written once; each step works or fails with an error, never a crash.
#include "fuzz_support.h"
#include "reports/versions_report.h"
#include "store/run_templates.h"
#include "store/study_check.h"

#include <algorithm>

using namespace concord;

namespace {

void readAround(store::Study &study)
{
    // Each read on its own: a damaged table fails its read, not the ones after it.
    const auto read = [](auto &&fn) { (void)captureStatus(fn); };
    read([&] { (void)study.schemaVersion(); });
    // What check reads: the schema and every row against the data rules (labels and units as JSON).
    read([&] { (void)store::StudyCheck::run(study.database()); });
    read([&] { (void)study.counts(); });
    read([&] { (void)study.ratersByGroup(); });
    read([&] {
        const auto documents = study.documentSummaries();
        for (std::size_t i = 0; i < std::min<std::size_t>(documents.size(), 3); ++i) {
            (void)study.document(documents[i].id);
            (void)study.candidatesOf(documents[i].id);
        }
    });
    read([&] { (void)study.systems(); });
    read([&] {
        const auto dimensions = study.dimensions();
        for (std::size_t i = 0; i < std::min<std::size_t>(dimensions.size(), 4); ++i) {
            (void)study.ratingsOn(dimensions[i].id);
            (void)study.rankingsOn(dimensions[i].id);
            (void)study.pairwiseOn(dimensions[i].id);
        }
    });
    read([&] {
        const auto raters = study.raters();
        for (std::size_t i = 0; i < std::min<std::size_t>(raters.size(), 3); ++i) {
            (void)study.callsOfRater(raters[i].id, false);
            (void)study.annotatorTallies(raters[i].id);
        }
    });
    read([&] { (void)study.errorSpans(); });
    read([&] { (void)study.unitMarks(); });
    read([&] { (void)study.explanations(); });
    read([&] { (void)study.presentationOrders(); });
    read([&] { (void)study.judgedCandidates(); });
    read([&] { (void)study.info("name"); });
    // A judge's runs and their templates, and its versions (which read each run's settings as JSON).
    read([&] { (void)study.judgeRuns(); });
    read([&] { (void)store::runTemplates(study); });
    read([&] {
        const auto raters = study.raters();
        const auto judge = std::find_if(raters.begin(), raters.end(),
                                        [](const auto &r) { return r.kind == model::RaterKind::Judge; });
        const auto human = std::find_if(raters.begin(), raters.end(),
                                        [](const auto &r) { return r.kind == model::RaterKind::Human; });
        if (judge == raters.end() || human == raters.end())
            return;
        reports::VersionsRequest request;
        request.judge = judge->name;
        request.humanGroup = human->group;
        request.split.clear();
        request.levels = {reports::Level::Dataset};
        request.bootstrap = 10;
        request.resamples = 10;
        const auto report = reports::compareVersions(study, request);
        fuzz::check(report.ok() || !report.error().message.empty(), "versions that fail say why");
    });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string path = fuzz::writeTempFile(".concord", fuzz::asText(data, size));
    store::OpenOptions readOnly;
    readOnly.readOnly = true;
    for (const store::OpenOptions &options : {readOnly, store::OpenOptions{}}) {
        auto opened = store::Study::open(path, options);
        if (!opened.ok()) {
            fuzz::check(!opened.error().message.empty(), "a refused study says why");
            continue;
        }
        store::Study &study = *opened.value();
        readAround(study);
        if (!options.readOnly)
            (void)study.write([&] { study.setInfo("fuzzed", "yes"); });
    }
    fuzz::removeTempFile(path);
    return 0;
}
