// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/error_span.h"
#include "model/ids.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {

class Study;

// One annotator's edit as data, for everything the Annotate view changes: it can be written to a journal
// while the team study's server is away and sent later, and every send of it carries the same id, so the
// server can tell an edit it already committed (EditSender) from a new one.
//
// Error spans are named by their content (rater, candidate, start, end, quote), never by their row id: an
// added span kept in the journal has no id until the server commits it, and a later removal or note edit
// in the same journal must still find it. apply() resolves the content to the span's row when it runs;
// spans of equal content by one rater on one candidate are one mark made twice, and an edit takes the
// first of them (a removal prefers one whose note matches too).
struct AnnotationEdit {
    enum class Kind {
        SetRating,
        ClearRating,
        SetRanking, // empty ranks remove the ranking
        AddErrorSpan,
        RemoveErrorSpan,
        SetErrorSpanNote,
        SetExplanation, // empty text removes it; dimension 0 is the document as a whole
        SetUnitMark,
        ClearUnitMark,
        SetPresentationOrder,
    };

    std::string id; // 32 lower-case hex digits, drawn when the edit is made
    Kind kind = Kind::SetRating;
    model::Id rater = 0;
    model::Id document = 0;         // rankings, explanations, presentation orders; the summary's, when known
    model::Id candidate = 0;        // ratings, error spans, unit marks
    model::Id dimension = 0;        // ratings, rankings, explanations
    double value = 0;               // a rating
    std::map<model::Id, int> ranks; // candidate -> rank
    int start = 0;                  // an error span's [start, end) and quote
    int end = 0;
    std::string quote;
    std::string text; // an explanation, or an error span's note
    int unit = 0;
    bool present = false;
    std::uint64_t seed = 0;
    std::vector<model::Id> order;
    // When the annotator made it (UtcTimestamp), kept through the journal so an edit sent later still says
    // when the work was done: the study's edit times (time per document, throughput) come from it. Empty in
    // edits journalled by a Concord that did not record it; those leave no time behind.
    std::string madeAt;

    static AnnotationEdit setRating(model::Id rater, model::Id candidate, model::Id dimension, double value);
    static AnnotationEdit clearRating(model::Id rater, model::Id candidate, model::Id dimension);
    static AnnotationEdit setRanking(model::Id rater, model::Id document, model::Id dimension,
                                     std::map<model::Id, int> ranks);
    // The span's id is not used; its note is kept (undoing a removal adds the span back with its note).
    static AnnotationEdit addErrorSpan(const model::ErrorSpan &span);
    static AnnotationEdit removeErrorSpan(const model::ErrorSpan &span);
    static AnnotationEdit setErrorSpanNote(const model::ErrorSpan &span, std::string note);
    static AnnotationEdit setExplanation(model::Id rater, model::Id document, model::Id dimension, std::string text);
    static AnnotationEdit setUnitMark(model::Id rater, model::Id candidate, int unit, bool present);
    static AnnotationEdit clearUnitMark(model::Id rater, model::Id candidate, int unit);
    static AnnotationEdit setPresentationOrder(model::Id rater, model::Id document, std::uint64_t seed,
                                               std::vector<model::Id> order);

    // 128 bits from the operating system's random source, as 32 hex digits.
    static std::string newId();

    // The span this edit names (rater, candidate, start, end, quote; text as its note).
    model::ErrorSpan span() const;

    nlohmann::json toJson() const;
    std::string toJsonText() const;
    // Reads what toJson wrote; an error names the field that is missing or wrong.
    static Result<AnnotationEdit> fromJson(const nlohmann::json &json);
    static Result<AnnotationEdit> fromJsonText(std::string_view text);

    // Makes the change through the Study's writers; throws concord::Failure (call inside Study::write).
    void apply(Study &study) const;

    bool operator==(const AnnotationEdit &) const = default;
};

std::string_view toString(AnnotationEdit::Kind kind);

} // namespace concord::store
