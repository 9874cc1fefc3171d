// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/split_report.h"

#include "model/document_split.h"
#include "model/utc_timestamp.h"
#include "reports/study_scores.h"
#include "store/study.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <vector>

namespace concord::reports {

using model::Id;

namespace {

constexpr const char *kSettingsKey = "split";

SplitReport describe(store::Study &study)
{
    SplitReport report;
    report.documents = study.documentSummariesWithoutJudgements().size();
    for (const auto &[document, split] : study.documentSplits())
        ++(split == "dev" ? report.dev : report.test);
    if (const auto stored = study.info(kSettingsKey)) {
        auto parsed = nlohmann::json::parse(*stored, nullptr, false);
        if (!parsed.is_discarded())
            report.settings = std::move(parsed);
    }
    return report;
}

} // namespace

Result<SplitReport> splitDocuments(store::Study &study, const SplitRequest &request)
{
    return capture([&] {
        std::size_t moved = 0, movedWithWork = 0;
        const Status written = study.write([&] {
            std::vector<Id> documents;
            for (const auto &d : study.documentSummariesWithoutJudgements())
                documents.push_back(d.id);
            if (documents.empty())
                fail("the study has no documents to split");
            model::DocumentSplit made;
            try {
                made = model::DocumentSplit::make(documents, request.dev, request.seed);
            } catch (const std::invalid_argument &e) {
                fail(e.what());
            }
            std::map<Id, std::string> splits;
            for (const Id d : made.dev)
                splits.emplace(d, "dev");
            for (const Id d : made.test)
                splits.emplace(d, "test");
            // A document judged in one split and then moved to the other is no longer held out (or no longer
            // what was tuned on): said, and done only when asked for.
            const std::vector<Id> judged = study.documentsWithJudgements();
            for (const auto &[document, before] : study.documentSplits()) {
                const auto now = splits.find(document);
                if (now == splits.end() || now->second == before)
                    continue;
                ++moved;
                if (std::binary_search(judged.begin(), judged.end(), document))
                    ++movedWithWork;
            }
            if (movedWithWork > 0 && !request.force)
                fail("the new split would move " + std::to_string(movedWithWork)
                     + (movedWithWork == 1 ? " document with judgements on it" : " documents with judgements on them")
                     + " to the other split (" + std::to_string(moved)
                     + " moved in all); nothing changed, unless forced to move them");
            study.replaceDocumentSplits(splits);
            const nlohmann::json settings{{"dev", request.dev},
                                          {"seed", request.seed},
                                          {"documents", documents.size()},
                                          {"made_at", model::UtcTimestamp::now()}};
            study.setInfo(kSettingsKey, settings.dump());
        });
        if (!written)
            throw Failure(written.error());
        SplitReport report = describe(study);
        report.moved = moved;
        report.movedWithWork = movedWithWork;
        return report;
    });
}

Result<SplitReport> readSplit(store::Study &study)
{
    return capture([&] { return describe(study); });
}

Result<std::set<Id>> documentsOfSplit(store::Study &study, const std::string &split)
{
    return capture([&] {
        if (split != "dev" && split != "test")
            fail("a split is dev or test, not '" + split + "'");
        const auto splits = study.documentSplits();
        if (splits.empty())
            fail("the study has no held-out split (make one with: concord-cli split STUDY --dev F --seed S)");
        std::set<Id> out;
        for (const auto &[document, name] : splits)
            if (name == split)
                out.insert(document);
        return out;
    });
}

Status keepSplitOnly(store::Study &study, StudyScores &scores, const std::string &split)
{
    if (split.empty())
        return {};
    const auto documents = documentsOfSplit(study, split);
    if (!documents)
        return documents.error();
    const auto outside = [&](const auto &row) { return !documents.value().contains(row.document); };
    for (auto &[dimension, rows] : scores.ratings)
        std::erase_if(rows, outside);
    for (auto &[dimension, rows] : scores.rankings)
        std::erase_if(rows, outside);
    return {};
}

nlohmann::json toJson(const SplitReport &report)
{
    return {{"documents", report.documents},
            {"dev", report.dev},
            {"test", report.test},
            {"moved", report.moved},
            {"moved_with_work", report.movedWithWork},
            {"settings", report.settings ? *report.settings : nlohmann::json()}};
}

} // namespace concord::reports
