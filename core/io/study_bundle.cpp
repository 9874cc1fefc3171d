// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/study_bundle.h"

#include "io/utf8_text.h"
#include "model/json_text.h"
#include "store/open_databases.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

namespace concord::io {

using model::Id;
using nlohmann::json;

namespace {

std::string shortest(double value)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

// "ratings[12].rater"
std::string at(std::string_view list, std::size_t index, std::string_view key = {})
{
    std::string out(list);
    out.append("[").append(std::to_string(index)).append("]");
    if (!key.empty())
        out.append(".").append(key);
    return out;
}

const json *member(const json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return nullptr;
    return &*it;
}

std::string requiredString(const json &object, const char *key, const std::string &path)
{
    const json *value = member(object, key);
    if (!value)
        fail(std::string("missing \"").append(key).append("\""), path);
    if (value->is_string())
        return value->get<std::string>();
    // Ids written as numbers are taken as their decimal text.
    if (value->is_number_integer())
        return std::to_string(value->get<std::int64_t>());
    fail("expected a string", path);
}

std::string optionalString(const json &object, const char *key, const std::string &path)
{
    const json *value = member(object, key);
    if (!value)
        return {};
    if (!value->is_string())
        fail("expected a string", path);
    return value->get<std::string>();
}

double requiredNumber(const json &object, const char *key, const std::string &path)
{
    const json *value = member(object, key);
    if (!value)
        fail(std::string("missing \"").append(key).append("\""), path);
    if (!value->is_number())
        fail("expected a number", path);
    return value->get<double>();
}

std::vector<std::string> stringList(const json &object, const char *key, const std::string &path)
{
    std::vector<std::string> out;
    const json *value = member(object, key);
    if (!value)
        return out;
    if (!value->is_array())
        fail("expected a list of strings", path);
    for (std::size_t i = 0; i < value->size(); ++i) {
        if (!(*value)[i].is_string())
            fail("expected a string", at(path, i));
        out.push_back((*value)[i].get<std::string>());
    }
    return out;
}

const json &list(const json &root, const char *key)
{
    static const json empty = json::array();
    const json *value = member(root, key);
    if (!value)
        return empty;
    if (!value->is_array())
        fail("expected a list", key);
    return *value;
}

void requireObject(const json &value, const std::string &path)
{
    if (!value.is_object())
        fail("expected an object", path);
}

// Looks names up in what this import created and in what the study already holds.
class Resolver {
public:
    explicit Resolver(store::Study &study)
        : m_study(study)
    {
        for (auto &d : study.dimensions())
            m_dimensions.emplace(d.name, d);
    }

    Id document(const std::string &externalId, const std::string &path)
    {
        if (auto it = m_documents.find(externalId); it != m_documents.end())
            return it->second;
        if (auto id = m_study.documentId(externalId)) {
            m_documents.emplace(externalId, *id);
            return *id;
        }
        fail("no document '" + externalId + "' in the bundle or the study", path);
    }

    // The candidate of system on the document, and its text.
    std::pair<Id, const std::string *> candidate(Id documentId, const std::string &docExternalId,
                                                 const std::string &system, const std::string &path)
    {
        auto &byDoc = candidatesOf(documentId);
        const auto it = byDoc.find(system);
        if (it == byDoc.end())
            fail("document '" + docExternalId + "' has no summary by system '" + system + "'", path);
        return {it->second.first, &it->second.second};
    }

    const model::Dimension &dimension(const std::string &name, const std::string &path)
    {
        const auto it = m_dimensions.find(name);
        if (it == m_dimensions.end())
            fail("no dimension '" + name + "' in the bundle or the study", path);
        return it->second;
    }

    Id rater(const std::string &name, const std::string &path)
    {
        if (auto it = m_raters.find(name); it != m_raters.end())
            return it->second;
        if (auto id = m_study.raterId(name)) {
            m_raters.emplace(name, *id);
            return *id;
        }
        fail("no rater '" + name + "' in the bundle or the study", path);
    }

    void addDocument(const std::string &externalId, Id id) { m_documents[externalId] = id; }
    void addDimension(const model::Dimension &d) { m_dimensions[d.name] = d; }
    void addRater(const std::string &name, Id id) { m_raters[name] = id; }
    void addCandidate(Id documentId, const std::string &system, Id id, const std::string &text)
    {
        candidatesOf(documentId)[system] = {id, text};
    }

private:
    std::map<std::string, std::pair<Id, std::string>> &candidatesOf(Id documentId)
    {
        auto it = m_candidates.find(documentId);
        if (it != m_candidates.end())
            return it->second;
        auto &byDoc = m_candidates[documentId];
        std::map<Id, std::string> systemNames;
        for (const auto &s : m_study.systems())
            systemNames.emplace(s.id, s.name);
        for (const auto &c : m_study.candidatesOf(documentId))
            byDoc[systemNames[c.systemId]] = {c.id, c.text};
        return byDoc;
    }

    store::Study &m_study;
    std::map<std::string, Id> m_documents;
    std::map<std::string, Id> m_raters;
    std::map<std::string, model::Dimension> m_dimensions;
    std::map<Id, std::map<std::string, std::pair<Id, std::string>>> m_candidates;
};

void importDimensions(store::Study &study, const json &root, Resolver &resolver, ImportReport &report)
{
    const json &items = list(root, "dimensions");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("dimensions", i));
        model::Dimension d;
        d.name = requiredString(item, "name", at("dimensions", i, "name"));
        if (d.name.empty())
            fail("a dimension needs a name", at("dimensions", i, "name"));
        const std::string kind = optionalString(item, "kind", at("dimensions", i, "kind"));
        if (!kind.empty()) {
            const auto parsed = model::dimensionKindFromString(kind);
            if (!parsed)
                fail("unknown kind '" + kind + "' (expected likert, rank, binary, spans or pairwise)",
                     at("dimensions", i, "kind"));
            d.kind = *parsed;
        }
        if (d.kind == model::DimensionKind::Binary) {
            d.scaleMin = 0;
            d.scaleMax = 1;
        }
        if (member(item, "min"))
            d.scaleMin = requiredNumber(item, "min", at("dimensions", i, "min"));
        if (member(item, "max"))
            d.scaleMax = requiredNumber(item, "max", at("dimensions", i, "max"));
        if (d.kind == model::DimensionKind::Likert && !(d.scaleMin < d.scaleMax))
            fail("the scale's minimum must be below its maximum", at("dimensions", i, "max"));
        d.labels = stringList(item, "labels", at("dimensions", i, "labels"));
        if (d.kind == model::DimensionKind::Likert && !d.labels.empty()) {
            const double points = d.scaleMax - d.scaleMin + 1;
            if (points != static_cast<double>(d.labels.size()))
                fail("expected one label per scale point (" + std::to_string(static_cast<long>(points)) + "), got "
                         + std::to_string(d.labels.size()),
                     at("dimensions", i, "labels"));
        }
        d.definition = optionalString(item, "definition", at("dimensions", i, "definition"));
        const bool existed = study.dimensionId(d.name).has_value();
        try {
            d.id = study.ensureDimension(d);
        } catch (const Failure &f) {
            fail(f.error().message, at("dimensions", i, "name"));
        }
        if (existed) {
            // An existing dimension keeps its own scale; the study's definition is what ratings are checked against.
            for (auto &existing : study.dimensions())
                if (existing.name == d.name)
                    resolver.addDimension(existing);
        } else {
            ++report.dimensions;
            resolver.addDimension(d);
        }
    }
}

void importRaters(store::Study &study, const json &root, Resolver &resolver, ImportReport &report)
{
    const json &items = list(root, "raters");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("raters", i));
        model::Rater r;
        r.name = requiredString(item, "name", at("raters", i, "name"));
        if (r.name.empty())
            fail("a rater needs a name", at("raters", i, "name"));
        const std::string kind = optionalString(item, "kind", at("raters", i, "kind"));
        if (!kind.empty()) {
            const auto parsed = model::raterKindFromString(kind);
            if (!parsed)
                fail("unknown kind '" + kind + "' (expected human, judge or metric)", at("raters", i, "kind"));
            r.kind = *parsed;
        }
        r.group = optionalString(item, "group", at("raters", i, "group"));
        r.provider = optionalString(item, "provider", at("raters", i, "provider"));
        r.model = optionalString(item, "model", at("raters", i, "model"));
        r.protocol = optionalString(item, "protocol", at("raters", i, "protocol"));
        if (const json *params = member(item, "params")) {
            if (!params->is_object())
                fail("expected an object", at("raters", i, "params"));
            r.params = *params;
        }
        const bool existed = study.raterId(r.name).has_value();
        Id id = 0;
        try {
            id = study.ensureRater(r);
        } catch (const Failure &f) {
            fail(f.error().message, at("raters", i, "name"));
        }
        if (!existed)
            ++report.raters;
        resolver.addRater(r.name, id);
    }
}

void importDocuments(store::Study &study, const json &root, Resolver &resolver, ImportReport &report)
{
    const json &items = list(root, "documents");
    std::map<std::string, Id> systems;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("documents", i));
        model::Document d;
        d.externalId = requiredString(item, "id", at("documents", i, "id"));
        if (d.externalId.empty())
            fail("a document needs an id", at("documents", i, "id"));
        d.source = requiredString(item, "article", at("documents", i, "article"));
        if (member(item, "requirement"))
            d.requirement = requiredString(item, "requirement", at("documents", i, "requirement"));
        d.references = stringList(item, "references", at("documents", i, "references"));
        d.scus = stringList(item, "scus", at("documents", i, "scus"));
        if (const json *metadata = member(item, "metadata")) {
            if (!metadata->is_object())
                fail("expected an object", at("documents", i, "metadata"));
            d.metadata = *metadata;
        }
        if (study.documentId(d.externalId))
            fail("document '" + d.externalId + "' is already in the study", at("documents", i, "id"));
        const Id docId = study.addDocument(d);
        ++report.documents;
        resolver.addDocument(d.externalId, docId);

        const json *candidates = member(item, "candidates");
        if (!candidates)
            continue;
        const std::string listPath = at("documents", i, "candidates");
        if (!candidates->is_array())
            fail("expected a list", listPath);
        std::set<std::string> seen;
        for (std::size_t j = 0; j < candidates->size(); ++j) {
            const json &c = (*candidates)[j];
            requireObject(c, at(listPath, j));
            const std::string system = requiredString(c, "system", at(listPath, j, "system"));
            if (system.empty())
                fail("a candidate needs a system", at(listPath, j, "system"));
            const std::string summary = requiredString(c, "summary", at(listPath, j, "summary"));
            if (!seen.insert(system).second)
                fail("system '" + system + "' has two summaries of document '" + d.externalId + "'",
                     at(listPath, j, "system"));
            auto sys = systems.find(system);
            if (sys == systems.end()) {
                if (!study.systemId(system))
                    ++report.systems;
                sys = systems.emplace(system, study.ensureSystem(system)).first;
            }
            const Id candidateId = study.addCandidate(docId, sys->second, summary);
            ++report.candidates;
            resolver.addCandidate(docId, system, candidateId, summary);
        }
    }
}

void importRatings(store::Study &study, const json &root, Resolver &resolver, ImportReport &report)
{
    const json &items = list(root, "ratings");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("ratings", i));
        const std::string docExt = requiredString(item, "doc_id", at("ratings", i, "doc_id"));
        const Id docId = resolver.document(docExt, at("ratings", i, "doc_id"));
        const std::string system = requiredString(item, "system", at("ratings", i, "system"));
        const Id candidateId = resolver.candidate(docId, docExt, system, at("ratings", i, "system")).first;
        const auto &dim = resolver.dimension(requiredString(item, "dimension", at("ratings", i, "dimension")),
                                             at("ratings", i, "dimension"));
        const Id raterId
            = resolver.rater(requiredString(item, "rater", at("ratings", i, "rater")), at("ratings", i, "rater"));
        const double value = requiredNumber(item, "value", at("ratings", i, "value"));
        if (dim.kind == model::DimensionKind::Likert || dim.kind == model::DimensionKind::Binary) {
            if (value < dim.scaleMin || value > dim.scaleMax)
                fail("value " + shortest(value) + " is outside the scale of '" + dim.name + "' ("
                         + shortest(dim.scaleMin) + " to " + shortest(dim.scaleMax) + ")",
                     at("ratings", i, "value"));
        } else {
            fail("dimension '" + dim.name + "' is a " + std::string(model::toString(dim.kind))
                     + " dimension and takes no ratings",
                 at("ratings", i, "dimension"));
        }
        study.setRating(raterId, candidateId, dim.id, value);
        ++report.ratings;
    }
}

void importRankings(store::Study &study, const json &root, Resolver &resolver, ImportReport &report)
{
    const json &items = list(root, "rankings");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("rankings", i));
        const std::string docExt = requiredString(item, "doc_id", at("rankings", i, "doc_id"));
        const Id docId = resolver.document(docExt, at("rankings", i, "doc_id"));
        const auto &dim = resolver.dimension(requiredString(item, "dimension", at("rankings", i, "dimension")),
                                             at("rankings", i, "dimension"));
        if (dim.kind != model::DimensionKind::Rank)
            fail("dimension '" + dim.name + "' is a " + std::string(model::toString(dim.kind))
                     + " dimension, not a rank dimension",
                 at("rankings", i, "dimension"));
        const Id raterId
            = resolver.rater(requiredString(item, "rater", at("rankings", i, "rater")), at("rankings", i, "rater"));
        const json *ranks = member(item, "ranks");
        if (!ranks)
            fail("missing \"ranks\"", at("rankings", i, "ranks"));
        if (!ranks->is_object() || ranks->empty())
            fail("expected an object of system name to rank", at("rankings", i, "ranks"));
        std::vector<std::pair<Id, int>> candidateRanks;
        for (const auto &[system, rank] : ranks->items()) {
            const std::string path = at("rankings", i, "ranks." + system);
            const Id candidateId = resolver.candidate(docId, docExt, system, path).first;
            if (!rank.is_number_integer() || rank.get<std::int64_t>() < 1 || rank.get<std::int64_t>() > 1'000'000)
                fail("expected an integer rank of 1 or more", path);
            candidateRanks.emplace_back(candidateId, static_cast<int>(rank.get<std::int64_t>()));
        }
        study.setRanking(raterId, docId, dim.id, candidateRanks);
        report.rankings += static_cast<std::int64_t>(candidateRanks.size());
    }
}

void importErrorSpans(store::Study &study, const json &root, Resolver &resolver, ImportReport &report)
{
    const json &items = list(root, "error_spans");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("error_spans", i));
        const std::string docExt = requiredString(item, "doc_id", at("error_spans", i, "doc_id"));
        const Id docId = resolver.document(docExt, at("error_spans", i, "doc_id"));
        const std::string system = requiredString(item, "system", at("error_spans", i, "system"));
        const auto [candidateId, text] = resolver.candidate(docId, docExt, system, at("error_spans", i, "system"));
        model::ErrorSpan span;
        span.candidateId = candidateId;
        span.raterId = resolver.rater(requiredString(item, "rater", at("error_spans", i, "rater")),
                                      at("error_spans", i, "rater"));
        span.quote = requiredString(item, "quote", at("error_spans", i, "quote"));
        if (span.quote.empty())
            fail("an error span needs the quoted text", at("error_spans", i, "quote"));
        span.note = optionalString(item, "note", at("error_spans", i, "note"));

        const std::u32string summary = Utf8Text::decode(*text);
        const std::u32string quote = Utf8Text::decode(span.quote);
        const bool hasStart = member(item, "start") != nullptr;
        const bool hasEnd = member(item, "end") != nullptr;
        if (hasStart != hasEnd)
            fail("give both \"start\" and \"end\", or neither", at("error_spans", i, hasStart ? "end" : "start"));
        if (!hasStart) {
            const auto pos = summary.find(quote);
            if (pos == std::u32string::npos)
                fail("the quote does not occur in the summary of system '" + system + "' for document '" + docExt + "'",
                     at("error_spans", i, "quote"));
            span.start = static_cast<int>(pos);
            span.end = static_cast<int>(pos + quote.size());
        } else {
            for (const char *key : {"start", "end"})
                if (!item[key].is_number_integer())
                    fail("expected an integer offset", at("error_spans", i, key));
            const auto start = item["start"].get<std::int64_t>();
            const auto end = item["end"].get<std::int64_t>();
            if (start < 0 || end <= start || end > static_cast<std::int64_t>(summary.size()))
                fail("the span [" + std::to_string(start) + ", " + std::to_string(end) + ") does not fit a summary of "
                         + std::to_string(summary.size()) + " characters",
                     at("error_spans", i, "start"));
            const std::u32string_view spanned(summary.data() + start, static_cast<std::size_t>(end - start));
            if (spanned != quote)
                fail("the text at [" + std::to_string(start) + ", " + std::to_string(end) + ") is \""
                         + Utf8Text::encode(spanned) + "\", not the quote",
                     at("error_spans", i, "quote"));
            span.start = static_cast<int>(start);
            span.end = static_cast<int>(end);
        }
        study.addErrorSpan(span);
        ++report.errorSpans;
    }
}

void importExplanations(store::Study &study, const json &root, Resolver &resolver, ImportReport &report)
{
    const json &items = list(root, "explanations");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("explanations", i));
        const Id docId = resolver.document(requiredString(item, "doc_id", at("explanations", i, "doc_id")),
                                           at("explanations", i, "doc_id"));
        const Id raterId = resolver.rater(requiredString(item, "rater", at("explanations", i, "rater")),
                                          at("explanations", i, "rater"));
        Id dimensionId = 0;
        const std::string dimension = optionalString(item, "dimension", at("explanations", i, "dimension"));
        if (!dimension.empty())
            dimensionId = resolver.dimension(dimension, at("explanations", i, "dimension")).id;
        const std::string text = requiredString(item, "text", at("explanations", i, "text"));
        if (text.empty())
            fail("an explanation needs text", at("explanations", i, "text"));
        study.setExplanation(raterId, docId, dimensionId, text);
        ++report.explanations;
    }
}

void importUnitMarks(store::Study &study, const json &root, Resolver &resolver)
{
    const json &items = list(root, "unit_marks");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json &item = items[i];
        requireObject(item, at("unit_marks", i));
        const std::string docExt = requiredString(item, "doc_id", at("unit_marks", i, "doc_id"));
        const Id docId = resolver.document(docExt, at("unit_marks", i, "doc_id"));
        const std::string system = requiredString(item, "system", at("unit_marks", i, "system"));
        const Id candidateId = resolver.candidate(docId, docExt, system, at("unit_marks", i, "system")).first;
        const Id raterId
            = resolver.rater(requiredString(item, "rater", at("unit_marks", i, "rater")), at("unit_marks", i, "rater"));
        const json *unit = member(item, "unit");
        if (!unit)
            fail("missing \"unit\"", at("unit_marks", i, "unit"));
        if (!unit->is_number_integer())
            fail("expected the integer index of a content unit", at("unit_marks", i, "unit"));
        const auto units = study.document(docId)->scus.size();
        const auto index = unit->get<std::int64_t>();
        if (index < 0 || index >= static_cast<std::int64_t>(units))
            fail("document '" + docExt + "' has " + std::to_string(units) + " content units; there is no unit "
                     + std::to_string(index),
                 at("unit_marks", i, "unit"));
        const json *present = member(item, "present");
        if (!present)
            fail("missing \"present\"", at("unit_marks", i, "present"));
        if (!present->is_boolean())
            fail("expected true or false", at("unit_marks", i, "present"));
        study.setUnitMark(raterId, candidateId, static_cast<int>(index), present->get<bool>());
    }
}

} // namespace

Result<ImportReport> StudyBundle::importJson(store::Study &study, std::string_view jsonText,
                                             const std::string &sourceName)
{
    json root;
    try {
        root = model::JsonText::parse(jsonText);
    } catch (const Failure &f) {
        Error e = f.error();
        e.message.insert(0, "not valid JSON: ");
        e.file = sourceName;
        return e;
    }
    ImportReport report;
    const Status status = study.write([&] {
        if (!root.is_object())
            fail("a study bundle is a JSON object");
        if (const json *format = member(root, "format");
            format && (!format->is_string() || format->get<std::string>() != "concord-study-bundle"))
            fail("expected \"concord-study-bundle\"", "format");
        if (const json *version = member(root, "version");
            version && (!version->is_number_integer() || version->get<std::int64_t>() != 1))
            fail("this Concord reads study bundles of version 1", "version");
        Resolver resolver(study);
        importDimensions(study, root, resolver, report);
        importRaters(study, root, resolver, report);
        importDocuments(study, root, resolver, report);
        importRatings(study, root, resolver, report);
        importRankings(study, root, resolver, report);
        importErrorSpans(study, root, resolver, report);
        importExplanations(study, root, resolver, report);
        importUnitMarks(study, root, resolver);
    });
    if (!status) {
        Error error = status.error();
        error.file = sourceName;
        return error;
    }
    return report;
}

Result<ImportReport> StudyBundle::importFile(store::Study &study, const std::string &path)
{
    if (const Status readable = store::OpenDatabases::checkReadable(path); !readable)
        return readable.error();
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"cannot read the file", path, 0, {}};
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return Error{"cannot read the file", path, 0, {}};
    return importJson(study, text.str(), path);
}

} // namespace concord::io
