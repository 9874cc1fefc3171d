// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/long_export_importer.h"

#include "io/csv_reader.h"
#include "io/import_progress.h"
#include "io/jsonl_reader.h"
#include "io/long_export_format.h"
#include "io/utf8_text.h"
#include "model/json_text.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace concord::io {

using model::Id;
using nlohmann::json;

namespace {

constexpr std::size_t kColumnCount = kLongExportColumns.size();

// Column positions, by name, so that the code reads like the file.
enum Column : std::size_t {
    Kind,
    DocId,
    System,
    Dimension,
    Rater,
    Group,
    RaterKind,
    Value,
    Start,
    End,
    Quote,
    Note,
    SystemB,
    ShownOrder,
    Outcome,
    Text,
    Unit,
    Seed,
    Data
};
static_assert(Data + 1 == kColumnCount);

std::string inQuotes(std::string_view text)
{
    return std::string("'").append(text).append("'");
}

std::string_view trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

std::string shortest(double value)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

std::string field(Column c)
{
    return std::string(kLongExportColumns[c]);
}

// "a rating row", "an error_span row": what a row is, for messages.
std::string rowOf(const std::string &kind)
{
    const bool vowel = !kind.empty() && std::string_view("aeiou").find(kind.front()) != std::string_view::npos;
    return (vowel ? "an " : "a ") + kind + " row";
}

// One row of the export: a JSON value per column (null for an empty or absent cell). A CSV cell is a
// string; JSON lists and objects stay their text until read.
class Row {
public:
    std::array<json, kColumnCount> cells;

    bool has(Column c) const
    {
        const json &v = cells[c];
        return !v.is_null() && !(v.is_string() && v.get_ref<const std::string &>().empty());
    }

    std::string text(Column c) const
    {
        const json &v = cells[c];
        if (v.is_null())
            return {};
        if (!v.is_string())
            fail(std::string("expected text, found ").append(v.type_name()), field(c));
        return v.get<std::string>();
    }

    std::string required(Column c, std::string_view what) const
    {
        if (!has(c))
            fail(std::string(what).append(" needs ").append(kLongExportColumns[c]), field(c));
        return text(c);
    }

    std::optional<double> number(Column c) const
    {
        if (!has(c))
            return std::nullopt;
        const json &v = cells[c];
        if (v.is_number())
            return v.get<double>();
        if (!v.is_string())
            fail(std::string("expected a number, found ").append(v.type_name()), field(c));
        const std::string_view t = trim(v.get_ref<const std::string &>());
        double value = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
        if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(value))
            fail("expected a number, found " + inQuotes(v.get<std::string>()), field(c));
        return value;
    }

    double requiredNumber(Column c, std::string_view what) const
    {
        const auto value = number(c);
        if (!value)
            fail(std::string(what).append(" needs ").append(kLongExportColumns[c]), field(c));
        return *value;
    }

    std::int64_t requiredInteger(Column c, std::string_view what, std::int64_t min, std::int64_t max) const
    {
        const double value = requiredNumber(c, what);
        if (value != std::floor(value) || value < static_cast<double>(min) || value > static_cast<double>(max))
            fail("expected a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", found "
                     + shortest(value),
                 field(c));
        return static_cast<std::int64_t>(value);
    }

    // A list or an object: as it is in JSONL, from its JSON text in CSV.
    json structured(Column c) const
    {
        if (!has(c))
            return json();
        const json &v = cells[c];
        if (!v.is_string())
            return v;
        const std::string &text = v.get_ref<const std::string &>();
        if (model::JsonText::tooDeepAt(text))
            fail("nested more than " + std::to_string(model::JsonText::kMaxDepth) + " levels deep", field(c));
        json parsed = model::JsonText::parseOrDiscarded(text);
        if (parsed.is_discarded())
            fail("expected JSON, found " + inQuotes(v.get<std::string>()), field(c));
        return parsed;
    }
};

std::vector<std::string> stringList(const json &object, const char *key, Column c)
{
    std::vector<std::string> out;
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return out;
    if (!it->is_array())
        fail(std::string("expected \"").append(key).append("\" to be a list of strings"), field(c));
    for (const auto &item : *it) {
        if (!item.is_string())
            fail(std::string("expected \"").append(key).append("\" to be a list of strings"), field(c));
        out.push_back(item.get<std::string>());
    }
    return out;
}

std::string stringMember(const json &object, const char *key, Column c)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return {};
    if (!it->is_string())
        fail(std::string("expected \"").append(key).append("\" to be a string"), field(c));
    return it->get<std::string>();
}

json objectMember(const json &object, const char *key, Column c)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return json::object();
    if (!it->is_object())
        fail(std::string("expected \"").append(key).append("\" to be an object"), field(c));
    return *it;
}

double numberMember(const json &object, const char *key, double fallback, Column c)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return fallback;
    if (!it->is_number())
        fail(std::string("expected \"").append(key).append("\" to be a number"), field(c));
    return it->get<double>();
}

json dataObject(const Row &row)
{
    json data = row.structured(Data);
    if (data.is_null())
        return json::object();
    if (!data.is_object())
        fail("expected a JSON object", field(Data));
    return data;
}

class Import {
public:
    explicit Import(store::Study &study)
        : m_study(study)
    {
        for (auto &d : study.dimensions())
            m_dimensions.emplace(d.name, DimensionSeen{d, 0});
        for (auto &r : study.raters())
            m_raters.emplace(r.name, RaterSeen{r, 0});
    }

    void row(const Row &r, long line)
    {
        m_line = line;
        const std::string kind = r.required(Kind, "every row");
        if (kind == "dimension")
            dimension(r);
        else if (kind == "rater")
            rater(r);
        else if (kind == "document")
            document(r);
        else if (kind == "system")
            system(r);
        else if (kind == "summary")
            summary(r);
        else if (kind == "rating")
            rating(r);
        else if (kind == "rank")
            rank(r);
        else if (kind == "error_span")
            errorSpan(r);
        else if (kind == "pairwise")
            pairwise(r);
        else if (kind == "explanation")
            explanation(r);
        else if (kind == "unit_mark")
            unitMark(r);
        else if (kind == "presentation_order")
            presentationOrder(r);
        else
            fail("unknown kind " + inQuotes(kind)
                     + " (expected dimension, rater, document, system, summary, rating, rank, error_span, pairwise, "
                       "explanation, unit_mark or presentation_order)",
                 field(Kind));
        ++m_report.linesRead;
    }

    // A ranking is stored whole, so its ranks are gathered first and written at the end.
    void finish()
    {
        for (const auto &[key, ranks] : m_rankings) {
            m_line = ranks.line;
            const auto &[raterId, documentId, dimensionId] = key;
            m_study.setRanking(raterId, documentId, dimensionId, ranks.candidates);
            m_report.rankings += static_cast<std::int64_t>(ranks.candidates.size());
        }
        m_line = 0;
    }

    long line() const { return m_line; }
    const ImportReport &report() const { return m_report; }

private:
    struct DimensionSeen {
        model::Dimension dimension;
        long line; // where this import defined it; 0 when it was in the study
    };
    struct RaterSeen {
        model::Rater rater;
        long line;
    };
    struct DocumentSeen {
        Id id;
        std::size_t units;
        long line;
    };
    // A summary's id and where this import defined it; its text stays in the study, read when a row
    // needs it, so that memory does not grow with the summaries' texts.
    struct CandidateSeen {
        Id id;
        long line;
    };
    struct PendingRanking {
        std::vector<std::pair<Id, int>> candidates;
        long line;
    };

    std::string firstOn(long line) const
    {
        return line > 0 ? " (first on line " + std::to_string(line) + ")" : std::string();
    }

    // ---- items ----

    void dimension(const Row &r)
    {
        model::Dimension d;
        d.name = r.required(Dimension, "a dimension row");
        d.definition = r.text(Text);
        const json data = dataObject(r);
        const std::string kind = stringMember(data, "kind", Data);
        const auto parsed = model::dimensionKindFromString(kind.empty() ? "likert" : kind);
        if (!parsed)
            fail("unknown dimension kind " + inQuotes(kind) + " (expected likert, rank, binary, spans or pairwise)",
                 field(Data));
        d.kind = *parsed;
        d.scaleMin = numberMember(data, "min", d.scaleMin, Data);
        d.scaleMax = numberMember(data, "max", d.scaleMax, Data);
        d.labels = stringList(data, "labels", Data);
        if (const auto it = m_dimensions.find(d.name); it != m_dimensions.end()) {
            const model::Dimension &seen = it->second.dimension;
            if (it->second.line > 0)
                fail("dimension " + inQuotes(d.name) + " is defined twice" + firstOn(it->second.line),
                     field(Dimension));
            if (seen.kind != d.kind || seen.scaleMin != d.scaleMin || seen.scaleMax != d.scaleMax
                || seen.labels != d.labels || seen.definition != d.definition)
                fail("dimension " + inQuotes(d.name)
                         + " is in the study with another kind, scale, labels or definition",
                     field(Dimension));
            it->second.line = m_line;
            return;
        }
        d.id = m_study.ensureDimension(d);
        ++m_report.dimensions;
        m_dimensions.emplace(d.name, DimensionSeen{d, m_line});
    }

    void rater(const Row &r)
    {
        model::Rater a;
        a.name = r.required(Rater, "a rater row");
        a.group = r.text(Group);
        a.kind = raterKind(r);
        const json data = dataObject(r);
        a.provider = stringMember(data, "provider", Data);
        a.model = stringMember(data, "model", Data);
        a.protocol = stringMember(data, "protocol", Data);
        a.params = objectMember(data, "params", Data);
        if (const auto it = m_raters.find(a.name); it != m_raters.end()) {
            const model::Rater &seen = it->second.rater;
            if (it->second.line > 0)
                fail("rater " + inQuotes(a.name) + " is defined twice" + firstOn(it->second.line), field(Rater));
            if (seen.kind != a.kind || seen.group != a.group || seen.provider != a.provider || seen.model != a.model
                || seen.protocol != a.protocol || seen.params != a.params)
                fail("rater " + inQuotes(a.name)
                         + " is in the study with another kind, group, provider, model, protocol or parameters",
                     field(Rater));
            it->second.line = m_line;
            return;
        }
        a.id = m_study.ensureRater(a);
        ++m_report.raters;
        m_raters.emplace(a.name, RaterSeen{a, m_line});
    }

    void document(const Row &r)
    {
        model::Document d;
        d.externalId = r.required(DocId, "a document row");
        d.source = r.text(Text);
        const json data = dataObject(r);
        if (const auto it = data.find("requirement"); it != data.end() && !it->is_null()) {
            if (!it->is_string())
                fail("expected \"requirement\" to be a string", field(Data));
            d.requirement = it->get<std::string>();
        }
        d.references = stringList(data, "references", Data);
        d.scus = stringList(data, "scus", Data);
        d.metadata = objectMember(data, "metadata", Data);
        if (const auto it = m_documents.find(d.externalId); it != m_documents.end())
            fail("document " + inQuotes(d.externalId) + " is defined twice" + firstOn(it->second.line), field(DocId));
        if (const auto existing = m_study.documentId(d.externalId)) {
            const model::Document stored = m_study.document(*existing).value();
            if (stored.source != d.source)
                fail("document " + inQuotes(d.externalId) + " is in the study with a different article", field(Text));
            if (stored.requirement != d.requirement || stored.references != d.references || stored.scus != d.scus
                || stored.metadata != d.metadata)
                fail("document " + inQuotes(d.externalId)
                         + " is in the study with a different requirement, references, content units or metadata",
                     field(Data));
            m_documents.emplace(d.externalId, DocumentSeen{*existing, d.scus.size(), m_line});
            return;
        }
        const Id id = m_study.addDocument(d);
        ++m_report.documents;
        m_documents.emplace(d.externalId, DocumentSeen{id, d.scus.size(), m_line});
    }

    void system(const Row &r)
    {
        const std::string name = r.required(System, "a system row");
        if (const auto it = m_systemRows.find(name); it != m_systemRows.end())
            fail("system " + inQuotes(name) + " is defined twice" + firstOn(it->second), field(System));
        m_systemRows.emplace(name, m_line);
        systemId(name);
    }

    Id systemId(const std::string &name)
    {
        if (const auto it = m_systems.find(name); it != m_systems.end())
            return it->second;
        if (!m_study.systemId(name))
            ++m_report.systems;
        return m_systems.emplace(name, m_study.ensureSystem(name)).first->second;
    }

    void summary(const Row &r)
    {
        const std::string docExt = r.required(DocId, "a summary row");
        const Id docId = documentOf(r).id;
        const std::string system = r.required(System, "a summary row");
        const std::string text = r.text(Text);
        auto &byDoc = candidatesOf(docId);
        if (const auto it = byDoc.find(system); it != byDoc.end()) {
            if (it->second.line > 0)
                fail("system " + inQuotes(system) + " has two summaries of document " + inQuotes(docExt)
                         + firstOn(it->second.line),
                     field(System));
            if (!sameText(it->second.id, text))
                fail("system " + inQuotes(system) + " has a different summary of document " + inQuotes(docExt)
                         + " in the study",
                     field(Text));
            it->second.line = m_line;
            return;
        }
        const Id id = m_study.addCandidate(docId, systemId(system), text);
        ++m_report.candidates;
        byDoc.emplace(system, CandidateSeen{id, m_line});
    }

    // ---- what judgements refer to ----

    const DocumentSeen &documentOf(const Row &r)
    {
        const std::string externalId = r.required(DocId, rowOf(r.text(Kind)));
        if (const auto it = m_documents.find(externalId); it != m_documents.end())
            return it->second;
        const auto existing = m_study.documentId(externalId);
        if (!existing)
            fail("document " + inQuotes(externalId)
                     + " is not in the study (an export made with --items carries its documents and summaries)",
                 field(DocId));
        const std::size_t units = m_study.document(*existing)->scus.size();
        return m_documents.emplace(externalId, DocumentSeen{*existing, units, 0}).first->second;
    }

    std::map<std::string, CandidateSeen> &candidatesOf(Id docId)
    {
        if (auto it = m_candidates.find(docId); it != m_candidates.end())
            return it->second;
        auto &byDoc = m_candidates[docId];
        // Names and ids only: the study's summaries' texts are not needed to refer to them.
        auto s = m_study.database().cached(
            "SELECT y.name, c.id FROM candidates c JOIN systems y ON y.id = c.system_id WHERE c.document_id = ?1");
        s->bindAll(docId);
        while (s->step())
            byDoc.emplace(s->textAt(0), CandidateSeen{s->int64At(1), 0});
        return byDoc;
    }

    bool sameText(Id candidateId, const std::string &text)
    {
        auto s = m_study.database().cached("SELECT text = ?2 FROM candidates WHERE id = ?1");
        s->bindAll(candidateId, text);
        return s->step() && s->int64At(0) != 0;
    }

    std::string textOf(Id candidateId)
    {
        auto s = m_study.database().cached("SELECT text FROM candidates WHERE id = ?1");
        s->bindAll(candidateId);
        return s->step() ? s->textAt(0) : std::string();
    }

    const CandidateSeen &candidate(const Row &r, Id docId, Column systemColumn)
    {
        const std::string system = r.required(systemColumn, rowOf(r.text(Kind)));
        auto &byDoc = candidatesOf(docId);
        const auto it = byDoc.find(system);
        if (it == byDoc.end())
            fail("document " + inQuotes(r.text(DocId)) + " has no summary by system " + inQuotes(system),
                 field(systemColumn));
        return it->second;
    }

    const model::Dimension &dimensionOf(const Row &r)
    {
        const std::string name = r.required(Dimension, rowOf(r.text(Kind)));
        auto it = m_dimensions.find(name);
        if (it == m_dimensions.end()) {
            // As the table import does for a file of ratings: a new dimension is Likert 1–5. Other
            // judgements need the dimension's kind, which only a dimension row or the study knows.
            if (r.text(Kind) != "rating")
                fail("dimension " + inQuotes(name)
                         + " is not in the study (an export made with --items carries its dimensions)",
                     field(Dimension));
            model::Dimension d;
            d.name = name;
            d.id = m_study.ensureDimension(d);
            ++m_report.dimensions;
            it = m_dimensions.emplace(name, DimensionSeen{d, m_line}).first;
        }
        return it->second.dimension;
    }

    model::RaterKind raterKind(const Row &r) const
    {
        const std::string text = r.text(RaterKind);
        const auto kind = model::raterKindFromString(text.empty() ? "human" : text);
        if (!kind)
            fail("unknown rater kind " + inQuotes(text) + " (expected human, judge or metric)", field(RaterKind));
        return *kind;
    }

    // The judgement's rater, created from the row when neither the file nor the study has it; its
    // kind and group must agree with every other row that names it.
    Id raterOf(const Row &r)
    {
        const std::string name = r.required(Rater, rowOf(r.text(Kind)));
        const model::RaterKind kind = raterKind(r);
        const std::string group = r.text(Group);
        auto it = m_raters.find(name);
        if (it == m_raters.end()) {
            model::Rater a;
            a.name = name;
            a.kind = kind;
            a.group = group;
            a.id = m_study.ensureRater(a);
            ++m_report.raters;
            it = m_raters.emplace(name, RaterSeen{a, m_line}).first;
        }
        const model::Rater &a = it->second.rater;
        const std::string where
            = it->second.line > 0 ? "on line " + std::to_string(it->second.line) : std::string("in the study");
        if (a.kind != kind)
            fail("rater " + inQuotes(name) + " is a " + std::string(model::toString(a.kind)) + " " + where + ", not a "
                     + std::string(model::toString(kind)),
                 field(RaterKind));
        if (a.group != group)
            fail("rater " + inQuotes(name) + " is in group " + inQuotes(a.group) + " " + where + ", not "
                     + inQuotes(group),
                 field(Group));
        return a.id;
    }

    template <typename Key> void once(std::map<Key, long> &seen, const Key &key, const std::string &what, Column column)
    {
        if (const auto [it, added] = seen.emplace(key, m_line); !added)
            fail(what + " twice" + firstOn(it->second), field(column));
    }

    // ---- judgements ----

    void rating(const Row &r)
    {
        const DocumentSeen &doc = documentOf(r);
        const Id candidateId = candidate(r, doc.id, System).id;
        const model::Dimension &dim = dimensionOf(r);
        if (dim.kind != model::DimensionKind::Likert && dim.kind != model::DimensionKind::Binary)
            fail("dimension " + inQuotes(dim.name) + " is a " + std::string(model::toString(dim.kind))
                     + " dimension and takes no ratings",
                 field(Dimension));
        const Id raterId = raterOf(r);
        const model::Rater &who = m_raters.at(r.text(Rater)).rater;
        const double value = r.requiredNumber(Value, "a rating");
        // As the study keeps them: an LLMScore judge's rating is a probability, whatever the scale; a
        // person's rating on a labelled dimension is one of its points.
        if (who.kind == model::RaterKind::Judge && who.protocol == "llmscore") {
            if (!(value >= 0 && value <= 1))
                fail("rating " + shortest(value) + " of the LLMScore judge " + inQuotes(who.name)
                         + " is not a probability (0 to 1)",
                     field(Value));
        } else if (value < dim.scaleMin || value > dim.scaleMax) {
            fail("rating " + shortest(value) + " is outside the scale of " + inQuotes(dim.name) + " ("
                     + shortest(dim.scaleMin) + " to " + shortest(dim.scaleMax) + ")",
                 field(Value));
        }
        if (who.kind == model::RaterKind::Human && !dim.labels.empty()
            && value - dim.scaleMin != std::round(value - dim.scaleMin))
            fail("rating " + shortest(value) + " is not one of the labelled points of " + inQuotes(dim.name)
                     + " (whole steps from " + shortest(dim.scaleMin) + " to " + shortest(dim.scaleMax) + ")",
                 field(Value));
        once(m_ratings, std::tuple{raterId, candidateId, dim.id},
             "rater " + inQuotes(r.text(Rater)) + " rates this summary on " + inQuotes(dim.name), Value);
        m_study.setRating(raterId, candidateId, dim.id, value);
        ++m_report.ratings;
    }

    void rank(const Row &r)
    {
        const DocumentSeen &doc = documentOf(r);
        const Id candidateId = candidate(r, doc.id, System).id;
        const model::Dimension &dim = dimensionOf(r);
        if (dim.kind != model::DimensionKind::Rank)
            fail("dimension " + inQuotes(dim.name) + " is a " + std::string(model::toString(dim.kind))
                     + " dimension, not a rank dimension",
                 field(Dimension));
        const Id raterId = raterOf(r);
        const auto rank = r.requiredInteger(Value, "a rank", 1, 1'000'000);
        once(m_ranks, std::tuple{raterId, dim.id, candidateId},
             "rater " + inQuotes(r.text(Rater)) + " ranks this summary on " + inQuotes(dim.name), Value);
        auto &pending = m_rankings[{raterId, doc.id, dim.id}];
        if (pending.candidates.empty())
            pending.line = m_line;
        pending.candidates.emplace_back(candidateId, static_cast<int>(rank));
    }

    void errorSpan(const Row &r)
    {
        const DocumentSeen &doc = documentOf(r);
        const CandidateSeen &c = candidate(r, doc.id, System);
        model::ErrorSpan span;
        span.candidateId = c.id;
        span.raterId = raterOf(r);
        span.quote = r.required(Quote, "an error span");
        span.note = r.text(Note);
        const std::u32string summary = Utf8Text::decode(textOf(c.id));
        const auto length = static_cast<std::int64_t>(summary.size());
        const auto start = r.requiredInteger(Start, "an error span", 0, length);
        const auto end = r.requiredInteger(End, "an error span", 0, length);
        if (end <= start)
            fail("the span [" + std::to_string(start) + ", " + std::to_string(end) + ") is empty", field(End));
        const std::u32string_view spanned(summary.data() + start, static_cast<std::size_t>(end - start));
        if (spanned != Utf8Text::decode(span.quote))
            fail("the text at [" + std::to_string(start) + ", " + std::to_string(end) + ") is \""
                     + Utf8Text::encode(spanned) + "\", not the quote",
                 field(Quote));
        span.start = static_cast<int>(start);
        span.end = static_cast<int>(end);
        m_study.addErrorSpan(span);
        ++m_report.errorSpans;
    }

    void pairwise(const Row &r)
    {
        const DocumentSeen &doc = documentOf(r);
        model::PairwiseOutcome o;
        o.candidateA = candidate(r, doc.id, System).id;
        o.candidateB = candidate(r, doc.id, SystemB).id;
        if (o.candidateA == o.candidateB)
            fail("a pair needs two different systems", field(SystemB));
        o.dimensionId = dimensionOf(r).id;
        o.raterId = raterOf(r);
        const std::string order = r.required(ShownOrder, "a pairwise row");
        if (order != "ab" && order != "ba")
            fail("expected ab or ba, found " + inQuotes(order), field(ShownOrder));
        o.shownAFirst = order == "ab";
        const std::string outcome = r.required(Outcome, "a pairwise row");
        const auto winner = model::pairwiseWinnerFromString(outcome);
        if (!winner)
            fail("expected a, b or tie, found " + inQuotes(outcome), field(Outcome));
        o.winner = *winner;
        // Repeated comparisons are kept as they are: a pair may be judged more than once.
        m_study.addPairwiseOutcome(o);
        ++m_report.pairwiseOutcomes;
    }

    void explanation(const Row &r)
    {
        const DocumentSeen &doc = documentOf(r);
        const Id dimensionId = r.has(Dimension) ? dimensionOf(r).id : 0;
        const Id raterId = raterOf(r);
        const std::string text = r.required(Text, "an explanation");
        once(m_explanations, std::tuple{raterId, doc.id, dimensionId},
             "rater " + inQuotes(r.text(Rater)) + " explains this "
                 + (dimensionId ? "dimension of the document" : std::string("document")),
             Text);
        m_study.setExplanation(raterId, doc.id, dimensionId, text);
        ++m_report.explanations;
    }

    void unitMark(const Row &r)
    {
        const DocumentSeen &doc = documentOf(r);
        const Id candidateId = candidate(r, doc.id, System).id;
        const Id raterId = raterOf(r);
        const auto unit = r.requiredInteger(Unit, "a unit mark", 0, 1'000'000);
        if (unit >= static_cast<std::int64_t>(doc.units))
            fail("document " + inQuotes(r.text(DocId)) + " has " + std::to_string(doc.units)
                     + " content units; there is no unit " + std::to_string(unit),
                 field(Unit));
        const auto present = r.requiredInteger(Value, "a unit mark", 0, 1);
        once(m_unitMarks, std::tuple{raterId, candidateId, unit},
             "rater " + inQuotes(r.text(Rater)) + " marks unit " + std::to_string(unit) + " of this summary", Unit);
        m_study.setUnitMark(raterId, candidateId, static_cast<int>(unit), present == 1);
        ++m_report.unitMarks;
    }

    void presentationOrder(const Row &r)
    {
        const DocumentSeen &doc = documentOf(r);
        const Id raterId = raterOf(r);
        const json systems = r.structured(ShownOrder);
        if (!systems.is_array() || systems.empty())
            fail("expected the list of systems in the order shown", field(ShownOrder));
        auto &byDoc = candidatesOf(doc.id);
        std::vector<Id> order;
        std::set<std::string> named;
        for (const auto &s : systems) {
            if (!s.is_string())
                fail("expected the list of systems in the order shown", field(ShownOrder));
            const std::string &name = s.get_ref<const std::string &>();
            const auto it = byDoc.find(name);
            if (it == byDoc.end())
                fail("document " + inQuotes(r.text(DocId)) + " has no summary by system " + inQuotes(name),
                     field(ShownOrder));
            if (!named.insert(name).second)
                fail("system " + inQuotes(name) + " is shown twice", field(ShownOrder));
            order.push_back(it->second.id);
        }
        once(m_orders, std::pair{raterId, doc.id},
             "rater " + inQuotes(r.text(Rater)) + " has an order of this document", ShownOrder);
        m_study.setPresentationOrder(raterId, doc.id, seed(r), order);
        ++m_report.presentationOrders;
    }

    static std::uint64_t seed(const Row &r)
    {
        if (!r.has(Seed))
            fail("a presentation order needs seed", field(Seed));
        const json &v = r.cells[Seed];
        if (v.is_number_unsigned())
            return v.get<std::uint64_t>();
        const std::string text = v.is_string() ? v.get<std::string>() : model::JsonText::dump(v);
        const std::string_view t = trim(text);
        std::uint64_t value = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
        if (ec != std::errc() || end != t.data() + t.size())
            fail("expected a whole number from 0 to 18446744073709551615, found " + inQuotes(text), field(Seed));
        return value;
    }

    store::Study &m_study;
    long m_line = 0;
    ImportReport m_report;
    std::map<std::string, DimensionSeen> m_dimensions;
    std::map<std::string, RaterSeen> m_raters;
    std::map<std::string, DocumentSeen> m_documents;
    std::map<std::string, long> m_systemRows;
    std::map<std::string, Id> m_systems;
    std::map<Id, std::map<std::string, CandidateSeen>> m_candidates;
    std::map<std::tuple<Id, Id, Id>, long> m_ratings;
    std::map<std::tuple<Id, Id, Id>, long> m_ranks;
    std::map<std::tuple<Id, Id, Id>, PendingRanking> m_rankings;
    std::map<std::tuple<Id, Id, Id>, long> m_explanations;
    std::map<std::tuple<Id, Id, std::int64_t>, long> m_unitMarks;
    std::map<std::pair<Id, Id>, long> m_orders;
};

// Which column of the file holds each export column (-1: absent, as in exports older than the column).
std::array<int, kColumnCount> csvColumns(const std::vector<std::string> &header)
{
    std::array<int, kColumnCount> index;
    index.fill(-1);
    for (std::size_t h = 0; h < header.size(); ++h)
        for (std::size_t c = 0; c < kColumnCount; ++c)
            if (trim(header[h]) == kLongExportColumns[c]) {
                if (index[c] >= 0)
                    fail("column " + inQuotes(kLongExportColumns[c]) + " appears twice in the header",
                         field(Column(c)));
                index[c] = static_cast<int>(h);
            }
    return index;
}

void readCsv(Import &import, CsvReader &reader, const std::vector<std::string> &header)
{
    const std::size_t width = header.size();
    const auto index = csvColumns(header);
    reader.setColumnNames(header);
    CsvRecord record;
    Row row;
    while (reader.next(record)) {
        if (record.fields.size() != width)
            throw Failure(Error{"the row has " + std::to_string(record.fields.size()) + " fields, the header "
                                    + std::to_string(width),
                                {},
                                record.line,
                                {}});
        for (std::size_t c = 0; c < kColumnCount; ++c) {
            if (index[c] < 0) {
                row.cells[c] = nullptr;
                continue;
            }
            std::string &cell = record.fields[static_cast<std::size_t>(index[c])];
            row.cells[c] = isLongExportTextColumn(kLongExportColumns[c]) ? std::string(withoutFormulaGuard(cell))
                                                                         : std::move(cell);
        }
        import.row(row, record.line);
    }
}

void readJsonl(Import &import, JsonlReader &reader, const json &first)
{
    Row row;
    const auto take = [&](json &object) {
        for (std::size_t c = 0; c < kColumnCount; ++c) {
            const auto it = object.find(kLongExportColumns[c]);
            row.cells[c] = it == object.end() ? json() : std::move(*it);
        }
        import.row(row, reader.line());
    };
    json object = first;
    take(object);
    while (reader.next(object))
        take(object);
}

// Runs the reading and the ranks gathered to the end; a failure names the line it was on.
template <typename Read> ImportReport run(Import &import, const Read &read)
{
    try {
        read();
        import.finish();
    } catch (const Failure &f) {
        Error e = f.error();
        if (e.line == 0 && e.message != ImportProgress::cancelledMessage())
            e.line = import.line();
        throw Failure(std::move(e));
    }
    return import.report();
}

} // namespace

bool LongExportImporter::isLongExportHeader(const std::vector<std::string> &header)
{
    if (header.size() < kLongExportFirstColumns)
        return false;
    for (std::size_t c = 0; c < kLongExportFirstColumns; ++c)
        if (trim(header[c]) != kLongExportColumns[c])
            return false;
    return true;
}

bool LongExportImporter::isLongExportObject(const json &object)
{
    for (std::size_t c = 0; c < kLongExportFirstColumns; ++c)
        if (!object.contains(kLongExportColumns[c]))
            return false;
    return true;
}

ImportReport LongExportImporter::importCsv(store::Study &study, CsvReader &reader,
                                           const std::vector<std::string> &header)
{
    Import import(study);
    return run(import, [&] { readCsv(import, reader, header); });
}

ImportReport LongExportImporter::importJsonl(store::Study &study, JsonlReader &reader, const json &first)
{
    Import import(study);
    return run(import, [&] { readJsonl(import, reader, first); });
}

} // namespace concord::io
