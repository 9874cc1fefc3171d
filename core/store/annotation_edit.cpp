// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/annotation_edit.h"

#include "model/utc_timestamp.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <random>
#include <utility>

namespace concord::store {

using model::Id;
using nlohmann::json;
using Kind = AnnotationEdit::Kind;

namespace {

// Each kind's name in JSON and the fields it carries besides "id", "edit" and "rater".
struct KindFields {
    Kind kind;
    std::string_view name;
    std::initializer_list<std::string_view> fields;
};

const std::array<KindFields, 10> &kinds()
{
    static const std::array<KindFields, 10> table{{
        {Kind::SetRating, "set_rating", {"candidate", "dimension", "value"}},
        {Kind::ClearRating, "clear_rating", {"candidate", "dimension"}},
        {Kind::SetRanking, "set_ranking", {"document", "dimension", "ranks"}},
        {Kind::AddErrorSpan, "add_error_span", {"candidate", "start", "end", "quote", "note"}},
        {Kind::RemoveErrorSpan, "remove_error_span", {"candidate", "start", "end", "quote", "note"}},
        {Kind::SetErrorSpanNote, "set_error_span_note", {"candidate", "start", "end", "quote", "note"}},
        {Kind::SetExplanation, "set_explanation", {"document", "dimension", "text"}},
        {Kind::SetUnitMark, "set_unit_mark", {"candidate", "unit", "present"}},
        {Kind::ClearUnitMark, "clear_unit_mark", {"candidate", "unit"}},
        {Kind::SetPresentationOrder, "set_presentation_order", {"document", "seed", "order"}},
    }};
    return table;
}

const KindFields &fieldsOf(Kind kind)
{
    for (const auto &k : kinds())
        if (k.kind == kind)
            return k;
    fail("unknown kind of edit", "edit");
}

bool carries(const KindFields &k, std::string_view field)
{
    return std::find(k.fields.begin(), k.fields.end(), field) != k.fields.end();
}

AnnotationEdit made(Kind kind, Id rater)
{
    AnnotationEdit edit;
    edit.id = AnnotationEdit::newId();
    edit.madeAt = model::UtcTimestamp::now();
    edit.kind = kind;
    edit.rater = rater;
    return edit;
}

AnnotationEdit spanEdit(Kind kind, const model::ErrorSpan &span, std::string note)
{
    AnnotationEdit edit = made(kind, span.raterId);
    edit.candidate = span.candidateId;
    edit.start = span.start;
    edit.end = span.end;
    edit.quote = span.quote;
    edit.text = std::move(note);
    return edit;
}

bool isHexId(const std::string &id)
{
    return id.size() == 32 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// Field readers: each names the field it refuses.
Id readId(const json &j, std::string_view field, bool zeroAllowed = false)
{
    const json &v = j.at(std::string(field));
    if (!v.is_number_integer() || v.get<std::int64_t>() < (zeroAllowed ? 0 : 1))
        fail(zeroAllowed ? "must be a whole number of 0 or more" : "must be a positive whole number (an id)",
             std::string(field));
    return v.get<Id>();
}

int readInt(const json &j, std::string_view field, int minimum)
{
    const json &v = j.at(std::string(field));
    if (!v.is_number_integer() || v.get<std::int64_t>() < minimum
        || v.get<std::int64_t>() > std::numeric_limits<int>::max())
        fail("must be a whole number of " + std::to_string(minimum) + " or more", std::string(field));
    return v.get<int>();
}

std::string readText(const json &j, std::string_view field)
{
    const json &v = j.at(std::string(field));
    if (!v.is_string())
        fail("must be text", std::string(field));
    return v.get<std::string>();
}

AnnotationEdit parse(const json &j)
{
    if (!j.is_object())
        fail("an edit must be a JSON object", "edit");
    if (!j.contains("edit") || !j.at("edit").is_string())
        fail("missing or not text: the kind of edit", "edit");
    const std::string name = j.at("edit").get<std::string>();
    const auto found
        = std::find_if(kinds().begin(), kinds().end(), [&](const KindFields &k) { return k.name == name; });
    if (found == kinds().end())
        fail("unknown kind of edit '" + name + "'", "edit");
    const KindFields &k = *found;
    for (const auto &[key, value] : j.items())
        if (key.empty())
            fail("a field of the edit has no name", "edit");
        else if (key != "id" && key != "edit" && key != "rater" && key != "made_at"
                 && !(key == "document" && carries(k, "candidate")) && !carries(k, key))
            fail("is not a field of " + name, key);
    for (std::string_view field : {std::string_view("id"), std::string_view("rater")})
        if (!j.contains(std::string(field)))
            fail("missing", std::string(field));
    for (std::string_view field : k.fields)
        if (!j.contains(std::string(field)))
            fail("missing", std::string(field));

    AnnotationEdit edit;
    edit.kind = k.kind;
    if (!j.at("id").is_string() || !isHexId(j.at("id").get<std::string>()))
        fail("must be 32 lower-case hex digits", "id");
    edit.id = j.at("id").get<std::string>();
    edit.rater = readId(j, "rater");
    if (j.contains("made_at")) {
        edit.madeAt = readText(j, "made_at");
        if (!model::UtcTimestamp::seconds(edit.madeAt))
            fail("must be a UTC time such as 2026-11-24T12:00:00Z", "made_at");
    }
    if (carries(k, "candidate"))
        edit.candidate = readId(j, "candidate");
    // An edit of a summary may say the summary's document (where its time is recorded); others must.
    if (carries(k, "document") || (carries(k, "candidate") && j.contains("document")))
        edit.document = readId(j, "document");
    if (carries(k, "dimension"))
        edit.dimension = readId(j, "dimension", k.kind == Kind::SetExplanation);
    if (carries(k, "value")) {
        const json &v = j.at("value");
        if (!v.is_number() || !std::isfinite(v.get<double>()))
            fail("must be a number", "value");
        edit.value = v.get<double>();
    }
    if (carries(k, "ranks")) {
        const json &v = j.at("ranks");
        if (!v.is_array())
            fail("must be a list of [candidate, rank] pairs", "ranks");
        for (const json &pair : v) {
            if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_integer() || pair[0].get<std::int64_t>() < 1
                || !pair[1].is_number_integer() || pair[1].get<std::int64_t>() < 1
                || pair[1].get<std::int64_t>() > std::numeric_limits<int>::max())
                fail("must be a list of [candidate, rank] pairs, both positive whole numbers", "ranks");
            if (!edit.ranks.emplace(pair[0].get<Id>(), pair[1].get<int>()).second)
                fail("names candidate " + std::to_string(pair[0].get<Id>()) + " twice", "ranks");
        }
    }
    if (carries(k, "start")) {
        edit.start = readInt(j, "start", 0);
        edit.end = readInt(j, "end", 1);
        if (edit.end <= edit.start)
            fail("must be after start", "end");
        edit.quote = readText(j, "quote");
    }
    if (carries(k, "note"))
        edit.text = readText(j, "note");
    if (carries(k, "text"))
        edit.text = readText(j, "text");
    if (carries(k, "unit"))
        edit.unit = readInt(j, "unit", 0);
    if (carries(k, "present")) {
        if (!j.at("present").is_boolean())
            fail("must be true or false", "present");
        edit.present = j.at("present").get<bool>();
    }
    if (carries(k, "seed")) {
        const json &v = j.at("seed");
        if (!v.is_number_unsigned())
            fail("must be a whole number of 0 or more", "seed");
        edit.seed = v.get<std::uint64_t>();
    }
    if (carries(k, "order")) {
        const json &v = j.at("order");
        if (!v.is_array())
            fail("must be a list of candidate ids", "order");
        for (const json &c : v) {
            if (!c.is_number_integer() || c.get<std::int64_t>() < 1)
                fail("must be a list of candidate ids", "order");
            edit.order.push_back(c.get<Id>());
        }
    }
    return edit;
}

// The row of the span an edit names; see the class comment for why spans go by content.
std::optional<Id> resolveSpan(Study &study, const AnnotationEdit &edit, bool preferNote)
{
    std::optional<Id> first;
    for (const model::ErrorSpan &s : study.errorSpansOf(edit.candidate)) {
        if (s.raterId != edit.rater || s.start != edit.start || s.end != edit.end || s.quote != edit.quote)
            continue;
        if (!preferNote || s.note == edit.text)
            return s.id;
        if (!first)
            first = s.id;
    }
    return first;
}

[[noreturn]] void spanGone(const AnnotationEdit &edit)
{
    fail("the error span [" + std::to_string(edit.start) + ", " + std::to_string(edit.end) + ") on candidate "
             + std::to_string(edit.candidate) + " is no longer in the study",
         "span");
}

} // namespace

std::string_view toString(Kind kind)
{
    return fieldsOf(kind).name;
}

AnnotationEdit AnnotationEdit::setRating(Id rater, Id candidate, Id dimension, double value)
{
    AnnotationEdit edit = made(Kind::SetRating, rater);
    edit.candidate = candidate;
    edit.dimension = dimension;
    edit.value = value;
    return edit;
}

AnnotationEdit AnnotationEdit::clearRating(Id rater, Id candidate, Id dimension)
{
    AnnotationEdit edit = made(Kind::ClearRating, rater);
    edit.candidate = candidate;
    edit.dimension = dimension;
    return edit;
}

AnnotationEdit AnnotationEdit::setRanking(Id rater, Id document, Id dimension, std::map<Id, int> ranks)
{
    AnnotationEdit edit = made(Kind::SetRanking, rater);
    edit.document = document;
    edit.dimension = dimension;
    edit.ranks = std::move(ranks);
    return edit;
}

AnnotationEdit AnnotationEdit::addErrorSpan(const model::ErrorSpan &span)
{
    return spanEdit(Kind::AddErrorSpan, span, span.note);
}

AnnotationEdit AnnotationEdit::removeErrorSpan(const model::ErrorSpan &span)
{
    return spanEdit(Kind::RemoveErrorSpan, span, span.note);
}

AnnotationEdit AnnotationEdit::setErrorSpanNote(const model::ErrorSpan &span, std::string note)
{
    return spanEdit(Kind::SetErrorSpanNote, span, std::move(note));
}

AnnotationEdit AnnotationEdit::setExplanation(Id rater, Id document, Id dimension, std::string text)
{
    AnnotationEdit edit = made(Kind::SetExplanation, rater);
    edit.document = document;
    edit.dimension = dimension;
    edit.text = std::move(text);
    return edit;
}

AnnotationEdit AnnotationEdit::setUnitMark(Id rater, Id candidate, int unit, bool present)
{
    AnnotationEdit edit = made(Kind::SetUnitMark, rater);
    edit.candidate = candidate;
    edit.unit = unit;
    edit.present = present;
    return edit;
}

AnnotationEdit AnnotationEdit::clearUnitMark(Id rater, Id candidate, int unit)
{
    AnnotationEdit edit = made(Kind::ClearUnitMark, rater);
    edit.candidate = candidate;
    edit.unit = unit;
    return edit;
}

AnnotationEdit AnnotationEdit::setPresentationOrder(Id rater, Id document, std::uint64_t seed, std::vector<Id> order)
{
    AnnotationEdit edit = made(Kind::SetPresentationOrder, rater);
    edit.document = document;
    edit.seed = seed;
    edit.order = std::move(order);
    return edit;
}

std::string AnnotationEdit::newId()
{
    // random_device reads the kernel's source (getrandom or /dev/urandom): ids of edits made at once by
    // many processes must not collide, which a clock- or pid-seeded generator could not promise.
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device device;
    std::string id;
    id.reserve(32);
    for (int word = 0; word < 4; ++word) {
        std::uint32_t bits = device();
        for (int nibble = 0; nibble < 8; ++nibble, bits >>= 4)
            id.push_back(kHex[bits & 0xf]);
    }
    return id;
}

model::ErrorSpan AnnotationEdit::span() const
{
    model::ErrorSpan s;
    s.raterId = rater;
    s.candidateId = candidate;
    s.start = start;
    s.end = end;
    s.quote = quote;
    s.note = text;
    return s;
}

json AnnotationEdit::toJson() const
{
    const KindFields &k = fieldsOf(kind);
    json j = json::object();
    j["id"] = id;
    j["edit"] = std::string(k.name);
    j["rater"] = rater;
    if (!madeAt.empty())
        j["made_at"] = madeAt;
    if (document != 0 && !carries(k, "document"))
        j["document"] = document;
    for (std::string_view field : k.fields) {
        const std::string key(field);
        if (field == "candidate")
            j[key] = candidate;
        else if (field == "document")
            j[key] = document;
        else if (field == "dimension")
            j[key] = dimension;
        else if (field == "value")
            j[key] = value;
        else if (field == "ranks") {
            json list = json::array();
            for (const auto &[c, r] : ranks)
                list.push_back(json::array({c, r}));
            j[key] = std::move(list);
        } else if (field == "start")
            j[key] = start;
        else if (field == "end")
            j[key] = end;
        else if (field == "quote")
            j[key] = quote;
        else if (field == "note" || field == "text")
            j[key] = text;
        else if (field == "unit")
            j[key] = unit;
        else if (field == "present")
            j[key] = present;
        else if (field == "seed")
            j[key] = seed;
        else if (field == "order")
            j[key] = order;
    }
    return j;
}

std::string AnnotationEdit::toJsonText() const
{
    return toJson().dump();
}

Result<AnnotationEdit> AnnotationEdit::fromJson(const json &value)
{
    return capture([&] { return parse(value); });
}

Result<AnnotationEdit> AnnotationEdit::fromJsonText(std::string_view text)
{
    const json parsed = json::parse(text.begin(), text.end(), nullptr, false);
    if (parsed.is_discarded())
        return Error{"an edit must be a JSON object: the text is not JSON", {}, 0, "edit"};
    return fromJson(parsed);
}

void AnnotationEdit::apply(Study &study) const
{
    // In the edit's own transaction: an edit the study keeps has its time, one it refuses leaves none.
    if (!madeAt.empty())
        study.recordEditTime(rater, document, candidate, madeAt);
    switch (kind) {
    case Kind::SetRating:
        study.setRating(rater, candidate, dimension, value);
        return;
    case Kind::ClearRating:
        study.clearRating(rater, candidate, dimension);
        return;
    case Kind::SetRanking:
        study.setRanking(rater, document, dimension, {ranks.begin(), ranks.end()});
        return;
    case Kind::AddErrorSpan:
        study.addErrorSpan(span());
        return;
    case Kind::RemoveErrorSpan: {
        const auto found = resolveSpan(study, *this, true);
        if (!found)
            spanGone(*this);
        study.removeErrorSpan(*found);
        return;
    }
    case Kind::SetErrorSpanNote: {
        const auto found = resolveSpan(study, *this, false);
        if (!found)
            spanGone(*this);
        study.setErrorSpanNote(*found, text);
        return;
    }
    case Kind::SetExplanation:
        study.setExplanation(rater, document, dimension, text);
        return;
    case Kind::SetUnitMark:
        study.setUnitMark(rater, candidate, unit, present);
        return;
    case Kind::ClearUnitMark:
        study.clearUnitMark(rater, candidate, unit);
        return;
    case Kind::SetPresentationOrder:
        study.setPresentationOrder(rater, document, seed, order);
        return;
    }
}

} // namespace concord::store
