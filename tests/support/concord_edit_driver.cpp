// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord_edit_driver STUDY N: N annotation edits through the store calls the Annotate view makes
// (Study::write around setRating, addErrorSpan or setExplanation: one edit, one transaction), as the
// human rater "edit driver". After each edit has committed it prints "EDIT TABLE ROW" and flushes
// (ROW: the id, or CANDIDATE:DIMENSION for a rating), so a test that kills it knows which edits must
// have survived. Each edit adds one new row.
#include "store/study.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace concord;

namespace {

int failWith(const std::string &message)
{
    std::fprintf(stderr, "concord_edit_driver: %s\n", message.c_str());
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 3)
        return failWith("usage: concord_edit_driver STUDY N");
    const int n = std::atoi(argv[2]);
    auto opened = store::Study::open(argv[1]);
    if (!opened)
        return failWith(opened.error().describe());
    store::Study &study = *opened.value();

    const auto candidates = study.candidates();
    std::vector<model::Id> likert;
    for (const auto &d : study.dimensions())
        if (d.kind == model::DimensionKind::Likert)
            likert.push_back(d.id);
    if (candidates.empty() || likert.empty())
        return failWith("the study needs candidates and a likert dimension");
    model::Id rater = 0;
    const Status created = study.write([&] {
        model::Rater r;
        r.name = "edit driver";
        r.group = "expert";
        rater = study.ensureRater(r);
    });
    if (!created)
        return failWith(created.error().describe());

    std::vector<model::Id> documents;
    for (const auto &c : candidates)
        if (documents.empty() || documents.back() != c.documentId)
            documents.push_back(c.documentId);
    // Each kind of edit takes every third edit; none may land on a row an earlier edit wrote.
    const auto perKind = static_cast<std::size_t>(n + 2) / 3;
    if (n < 0 || perKind > candidates.size() * likert.size() || perKind > documents.size() * (likert.size() + 1))
        return failWith("too many edits for this study");

    for (int i = 0; i < n; ++i) {
        const auto slot = static_cast<std::size_t>(i / 3); // this kind's how-many-th edit
        std::string table;
        model::Id row = 0;
        std::string key;
        const Status status = study.write([&] {
            switch (i % 3) {
            case 0: { // a Likert rating: a new (candidate, dimension) each time
                const auto &candidate = candidates[slot % candidates.size()];
                const model::Id dimension = likert[slot / candidates.size()];
                study.setRating(rater, candidate.id, dimension, 1 + i % 5);
                if (!study.rating(rater, candidate.id, dimension))
                    fail("the rating was not written");
                table = "ratings";
                key = std::to_string(candidate.id) + ":" + std::to_string(dimension); // a rating's key, no id
                break;
            }
            case 1: { // a factual error span with a note
                model::ErrorSpan span;
                span.raterId = rater;
                const auto &candidate = candidates[slot % candidates.size()];
                span.candidateId = candidate.id;
                span.start = 0;
                span.end = 1;
                span.quote = candidate.text.substr(0, 1); // the demo's summaries begin with an ASCII letter
                span.note = "edit " + std::to_string(i);
                table = "error_spans";
                row = study.addErrorSpan(span);
                break;
            }
            default: { // an explanation: a new (document, dimension) each time, 0 for the whole document
                const model::Id document = documents[slot % documents.size()];
                const auto round = slot / documents.size();
                const model::Id dimension = round == 0 ? 0 : likert[round - 1];
                study.setExplanation(rater, document, dimension, "edit " + std::to_string(i));
                table = "explanations";
                row = study.database().lastInsertId();
                break;
            }
            }
        });
        if (!status)
            return failWith(status.error().describe());
        if (key.empty())
            key = std::to_string(row);
        std::printf("%d %s %s\n", i, table.c_str(), key.c_str());
        std::fflush(stdout);
    }
    return 0;
}
