// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/assignment_report.h"

#include "model/document_assignment.h"
#include "model/rater.h"
#include "store/study.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace concord::reports {

using model::Id;

namespace {

constexpr std::string_view kSettingsKey = "assignment";

// The annotators asked for, by name: each must be a person of the study.
std::vector<model::Rater> chosenAnnotators(store::Study &study, const AssignmentRequest &request)
{
    std::vector<model::Rater> people;
    std::map<std::string, model::Rater> byName;
    for (const model::Rater &r : study.raters())
        byName[r.name] = r;
    if (!request.annotators.empty()) {
        std::set<std::string> seen;
        for (const std::string &name : request.annotators) {
            const auto it = byName.find(name);
            if (it == byName.end())
                fail("the study has no rater named '" + name + "' to assign documents to");
            if (it->second.kind != model::RaterKind::Human)
                fail("'" + name + "' is a " + std::string(model::toString(it->second.kind))
                     + ", not a person: documents are assigned to people only");
            if (seen.insert(name).second)
                people.push_back(it->second);
        }
        return people;
    }
    for (const auto &[name, rater] : byName)
        if (rater.kind == model::RaterKind::Human && (!request.group || rater.group == *request.group))
            people.push_back(rater);
    if (people.empty())
        fail(request.group ? "the study has no person in group '" + *request.group + "' to assign documents to"
                           : std::string("the study has no person to assign documents to"));
    return people;
}

AssignmentReport describe(store::Study &study)
{
    AssignmentReport report;
    std::map<Id, std::string> names;
    for (const model::Rater &r : study.raters())
        names[r.id] = r.name;
    std::set<std::pair<Id, Id>> worked;
    // An annotator may not read who worked on what; a reviewer may.
    if (!study.isBlind() || study.isReviewer())
        for (const auto &pair : study.documentsWorkedOn())
            worked.insert(pair);
    std::map<Id, AssignmentReport::Annotator> annotators;
    std::map<Id, std::size_t> perDocument;
    std::set<Id> calibration;
    for (const store::AssignmentRow &row : study.assignments()) {
        AssignmentReport::Annotator &a = annotators[row.annotator];
        a.id = row.annotator;
        a.name = names.count(row.annotator) ? names[row.annotator] : std::to_string(row.annotator);
        ++a.documents;
        if (row.calibration) {
            ++a.calibration;
            calibration.insert(row.document);
        }
        if (worked.contains({row.annotator, row.document}))
            ++a.kept;
        ++perDocument[row.document];
    }
    const auto documents = study.documentSummariesWithoutJudgements();
    report.documents = documents.size();
    report.calibration = calibration.size();
    for (const auto &d : documents)
        ++report.documentsByOverlap[perDocument.count(d.id) ? perDocument[d.id] : 0];
    for (auto &[id, a] : annotators)
        report.annotators.push_back(std::move(a));
    std::sort(report.annotators.begin(), report.annotators.end(),
              [](const auto &x, const auto &y) { return x.name < y.name; });
    if (const auto stored = study.info(kSettingsKey)) {
        auto parsed = nlohmann::json::parse(*stored, nullptr, false);
        if (!parsed.is_discarded())
            report.settings = std::move(parsed);
    }
    return report;
}

} // namespace

Result<AssignmentReport> assignDocuments(store::Study &study, const AssignmentRequest &request)
{
    return capture([&] {
        const Status written = study.write([&] {
            const std::vector<model::Rater> people = chosenAnnotators(study, request);
            model::DocumentAssignment::Request ask;
            for (const model::Rater &r : people)
                ask.annotators.push_back(r.id);
            for (const auto &d : study.documentSummariesWithoutJudgements())
                ask.documents.push_back(d.id);
            if (ask.documents.empty())
                fail("the study has no documents to assign");
            ask.perDocument = request.perDocument;
            ask.everyone = request.everyone;
            ask.seed = request.seed;
            const std::set<Id> chosen(ask.annotators.begin(), ask.annotators.end());
            for (const auto &[rater, document] : study.documentsWorkedOn())
                if (chosen.contains(rater))
                    ask.kept.insert({rater, document});
            model::DocumentAssignment made;
            try {
                made = model::DocumentAssignment::make(ask);
            } catch (const std::invalid_argument &e) {
                fail(e.what());
            }
            std::vector<store::AssignmentRow> rows;
            for (const auto &[annotator, documents] : made.documentsOf)
                for (const Id document : documents)
                    rows.push_back({annotator, document, made.everyone.contains(document), {}});
            study.replaceAssignments(rows);
            nlohmann::json settings{{"per_document", request.perDocument},
                                    {"everyone", request.everyone},
                                    {"seed", request.seed},
                                    {"annotators", nlohmann::json::array()}};
            for (const model::Rater &r : people)
                settings["annotators"].push_back(r.name);
            if (request.group)
                settings["group"] = *request.group;
            study.setInfo(kSettingsKey, settings.dump());
        });
        if (!written)
            throw Failure(written.error());
        return describe(study);
    });
}

Result<AssignmentReport> readAssignment(store::Study &study)
{
    return capture([&] { return describe(study); });
}

nlohmann::json toJson(const AssignmentReport &report)
{
    nlohmann::json out{{"documents", report.documents},
                       {"calibration", report.calibration},
                       {"settings", report.settings ? *report.settings : nlohmann::json()},
                       {"overlap", nlohmann::json::array()},
                       {"annotators", nlohmann::json::array()}};
    for (const auto &[annotators, documents] : report.documentsByOverlap)
        out["overlap"].push_back({{"annotators", annotators}, {"documents", documents}});
    for (const auto &a : report.annotators)
        out["annotators"].push_back(
            {{"name", a.name}, {"documents", a.documents}, {"calibration", a.calibration}, {"kept", a.kept}});
    return out;
}

} // namespace concord::reports
