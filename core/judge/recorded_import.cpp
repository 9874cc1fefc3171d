// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/recorded_import.h"

#include "io/byte_source.h"
#include "io/jsonl_reader.h"
#include "judge/answer/answer_reader.h"
#include "judge/answer/scoring_method.h"
#include "judge/judgement_writer.h"
#include "judge/sha256.h"
#include "judge/unit_context.h"
#include "model/json_text.h"
#include "model/sentences.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

namespace concord::judge {

using model::Id;
using nlohmann::json;

namespace {

std::string text(const json &line, const char *field)
{
    if (!line.contains(field))
        fail("missing", field);
    const json &v = line.at(field);
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number_integer())
        return std::to_string(v.get<long long>());
    fail("expected a string", field);
}

// What every line looks up, read from the study once and not per line: system and dimension ids by
// name (few, and the import adds none a line names) and the study's dimensions (read again only when a
// judgement added one); per line only the document's id and the shown summaries (one line's, so memory
// does not grow with the file). A context is then what UnitContext::load would read, but for the
// document's texts, which nothing here reads.
class UnitLookups {
public:
    explicit UnitLookups(store::Study &study)
        : m_study(study)
        , m_countDimensions(study.database().prepare("SELECT COUNT(*) FROM dimensions"))
        , m_candidate(study.database().prepare(
              "SELECT id, document_id, system_id, text FROM candidates WHERE document_id = ?1 AND system_id = ?2"))
    { }

    std::optional<Id> documentId(const std::string &externalId)
    {
        if (m_documentId && m_documentExternalId == externalId)
            return m_documentId;
        m_documentId = m_study.documentId(externalId);
        m_documentExternalId = externalId;
        return m_documentId;
    }

    std::optional<Id> dimensionId(const std::string &name)
    {
        if (const auto it = m_dimensionIds.find(name); it != m_dimensionIds.end())
            return it->second;
        const auto id = m_study.dimensionId(name);
        if (id)
            m_dimensionIds.emplace(name, *id);
        return id;
    }

    // The summary of the document by the named system, which the unit shows (its text kept for the line).
    Id candidate(Id document, const std::string &system, const char *field)
    {
        std::optional<Id> systemId;
        if (const auto it = m_systemIds.find(system); it != m_systemIds.end())
            systemId = it->second;
        else if ((systemId = m_study.systemId(system)))
            m_systemIds.emplace(system, *systemId);
        if (systemId) {
            m_candidate.reset();
            m_candidate.bindAll(document, *systemId);
            if (m_candidate.step()) {
                m_shown.push_back(
                    {m_candidate.int64At(0), m_candidate.int64At(1), m_candidate.int64At(2), m_candidate.textAt(3)});
                m_candidate.reset();
                return m_shown.back().id;
            }
            m_candidate.reset();
        }
        fail("no summary by system '" + system + "' for this document", field);
    }

    // Starts a line: no candidate looked up yet.
    void startLine() { m_shown.clear(); }

    // The text of a summary this line looked up.
    std::string_view textOf(Id candidate) const
    {
        const auto it = std::find_if(m_shown.begin(), m_shown.end(), [&](const auto &c) { return c.id == candidate; });
        return it == m_shown.end() ? std::string_view() : std::string_view(it->text);
    }

    // The unit's context, as UnitContext::load reads it, from the summaries this line looked up.
    UnitContext context(Protocol protocol, const WorkUnit &unit)
    {
        UnitContext c;
        c.protocol = protocol;
        c.unit = unit;
        // The document by its ids only: reading a recorded answer and storing it use its id, never its
        // article, references or content units, which would otherwise be read again on every line of
        // a file that is not grouped by document.
        c.document.id = unit.document;
        if (m_documentId == unit.document)
            c.document.externalId = m_documentExternalId;
        for (const Id id : unit.candidates) {
            const auto it
                = std::find_if(m_shown.begin(), m_shown.end(), [&](const auto &cand) { return cand.id == id; });
            if (it != m_shown.end())
                c.shown.push_back(*it);
        }
        m_countDimensions.reset();
        const std::int64_t count = m_countDimensions.step() ? m_countDimensions.int64At(0) : 0;
        m_countDimensions.reset();
        if (count != m_dimensionCount) {
            m_dimensions = m_study.dimensions();
            m_dimensionCount = count;
        }
        for (const auto &d : m_dimensions) {
            if (unit.dimension && d.id == *unit.dimension)
                c.dimension = d;
            if (d.kind == model::DimensionKind::Likert)
                c.likertDimensions.push_back(d);
        }
        return c;
    }

private:
    store::Study &m_study;
    store::Statement m_countDimensions;
    store::Statement m_candidate;
    std::unordered_map<std::string, Id> m_systemIds;
    std::unordered_map<std::string, Id> m_dimensionIds;
    std::optional<Id> m_documentId; // the document the last line named
    std::string m_documentExternalId;
    std::vector<model::Dimension> m_dimensions;
    std::int64_t m_dimensionCount = -1;
    std::vector<model::Candidate> m_shown;
};

// Units answered so far, to count repeats, kept in a TEMP table (keyed by document and unit) rather
// than in memory: one row per unit would grow with the file. It is created in the import's
// transaction, so a failed import takes it back with everything else.
class AnsweredUnits {
public:
    explicit AnsweredUnits(store::Database &db)
        : m_db(db)
    {
        m_db.exec("CREATE TEMP TABLE recorded_import_units (document INTEGER NOT NULL, unit TEXT NOT NULL, "
                  "PRIMARY KEY (document, unit)) WITHOUT ROWID");
        m_insert.emplace(
            m_db.prepare("INSERT INTO recorded_import_units (document, unit) VALUES (?1, ?2) ON CONFLICT DO NOTHING"));
    }
    ~AnsweredUnits()
    {
        m_insert.reset();
        try {
            m_db.exec("DROP TABLE IF EXISTS temp.recorded_import_units");
        } catch (...) { // rolled back with the transaction, or the connection is closing
        }
    }
    AnsweredUnits(const AnsweredUnits &) = delete;
    AnsweredUnits &operator=(const AnsweredUnits &) = delete;

    // True when the document's unit was answered before.
    bool repeat(Id document, const std::string &unit)
    {
        m_insert->reset();
        m_insert->bindAll(document, unit);
        m_insert->run();
        return m_db.changes() == 0;
    }

private:
    store::Database &m_db;
    std::optional<store::Statement> m_insert;
};

// An already-read value as the parser would have produced it.
ParsedAnswer fromValue(const UnitContext &c, const json &value)
{
    ParsedAnswer a;
    const ProtocolTraits t = traits(c.protocol);
    if (t.shape == UnitShape::PairDimension || t.shape == UnitShape::Pair) {
        if (!value.is_string() || !model::pairwiseWinnerFromString(value.get<std::string>()))
            fail("expected \"a\", \"b\" or \"tie\"", "value");
        a.valid = true;
        a.detail["winner"] = value.get<std::string>();
        return a;
    }
    if (c.protocol == Protocol::LlmRank) {
        if (!value.is_array())
            fail("expected a list of ranks", "value");
        a.valid = true;
        a.detail["ranks"] = value;
        return a;
    }
    if (!value.is_number())
        fail("expected a number", "value");
    a.value = value.get<double>();
    const bool binary = c.protocol == Protocol::Pyramid || c.protocol == Protocol::Factuality;
    const double lo = binary || c.protocol == Protocol::LlmScore ? 0 : c.scaleMin();
    const double hi = binary || c.protocol == Protocol::LlmScore ? 1 : c.scaleMax();
    if (!(a.value >= lo && a.value <= hi))
        fail("the value " + std::to_string(a.value) + " is outside " + std::to_string(lo) + "–" + std::to_string(hi),
             "value");
    a.valid = true;
    return a;
}

} // namespace

Result<RecordedImportReport> importRecordedJudgements(store::Study &study, const RecordedImportRequest &request,
                                                      io::ImportProgress progress)
{
    RecordedImportReport report;
    long currentLine = 0;
    auto result = capture([&]() -> RecordedImportReport {
        const ProtocolTraits t = traits(request.protocol);
        if (request.rater.empty())
            fail("a judge rater needs a name", "rater");
        // Read a line at a time: memory holds one line, however long the file.
        io::ByteSource source = io::ByteSource::fromFile(request.path);
        progress.attach(source);
        io::JsonlReader reader(source);
        const Status st = study.write([&] {
            model::Rater r;
            r.name = request.rater;
            r.kind = model::RaterKind::Judge;
            r.model = request.model;
            r.protocol = std::string(toString(request.protocol));
            r.params = {{"recorded_from", request.path}};
            const Id rater = study.ensureRater(r);
            const Id run = study.addJudgeRun(rater, toString(request.protocol),
                                             model::JsonText::dump(json{{"recorded_from", request.path}}));
            JudgementWriter writer(study, rater, request.protocol);
            UnitLookups lookups(study);
            AnsweredUnits answered(study.database());
            json line;
            while (true) {
                currentLine = reader.line() + 1;
                if (!reader.next(line))
                    break;
                currentLine = reader.line();
                lookups.startLine();
                WorkUnit unit;
                const auto document = lookups.documentId(text(line, "doc_id"));
                if (!document)
                    fail("no document with this id in the study", "doc_id");
                unit.document = *document;
                if (t.needsDimension) {
                    const auto dimension = lookups.dimensionId(text(line, "dimension"));
                    if (!dimension)
                        fail("no dimension with this name in the study", "dimension");
                    unit.dimension = *dimension;
                }
                if (t.shape == UnitShape::PairDimension || t.shape == UnitShape::Pair) {
                    const Id a = lookups.candidate(unit.document, text(line, "system_a"), "system_a");
                    const Id b = lookups.candidate(unit.document, text(line, "system_b"), "system_b");
                    const std::string order = line.contains("order") ? text(line, "order") : "ab";
                    if (order != "ab" && order != "ba")
                        fail("expected \"ab\" or \"ba\"", "order");
                    unit.candidates = order == "ab" ? std::vector<Id>{a, b} : std::vector<Id>{b, a};
                } else if (request.protocol == Protocol::LlmRank) {
                    if (!line.contains("systems") || !line.at("systems").is_array())
                        fail("expected the list of systems in the order shown", "systems");
                    for (const auto &s : line.at("systems")) {
                        if (!s.is_string())
                            fail("expected system names", "systems");
                        unit.candidates.push_back(lookups.candidate(unit.document, s.get<std::string>(), "systems"));
                    }
                } else {
                    unit.candidates = {lookups.candidate(unit.document, text(line, "system"), "system")};
                }
                const char *indexField = request.protocol == Protocol::Pyramid      ? "scu"
                                         : request.protocol == Protocol::Factuality ? "sentence"
                                                                                    : nullptr;
                if (indexField) {
                    if (!line.contains(indexField) || !line.at(indexField).is_number_integer()
                        || line.at(indexField).get<int>() < 0)
                        fail("expected a whole number from 0", indexField);
                    unit.index = line.at(indexField).get<int>();
                }
                if (request.protocol == Protocol::Factuality) {
                    // The sentence's offsets, as a live run stores them: without them the call's unit
                    // reads as a content unit, so neither the prompt nor the accuracy finds the sentence.
                    const auto sentences = model::splitSentences(lookups.textOf(unit.candidates.front()));
                    const auto k = static_cast<std::size_t>(unit.index);
                    if (k >= sentences.size())
                        fail("no sentence " + std::to_string(k) + " in this summary (it has "
                                 + std::to_string(sentences.size()) + ", numbered from 0)",
                             "sentence");
                    unit.sentenceStart = sentences[k].start;
                    unit.sentenceEnd = sentences[k].end;
                }
                const UnitContext context = lookups.context(request.protocol, unit);
                ParsedAnswer answer;
                std::string raw;
                ScoringMethod method = ScoringMethod::None;
                if (line.contains("response")) {
                    if (!line.at("response").is_string())
                        fail("expected the judge's answer as a string", "response");
                    raw = line.at("response").get<std::string>();
                    answer = readText(context, raw);
                    method = ScoringMethod::Single;
                } else if (line.contains("responses")) {
                    const json &responses = line.at("responses");
                    if (!responses.is_array() || responses.empty())
                        fail("expected the judge's sampled answers as a list of strings", "responses");
                    if (t.shape != UnitShape::CandidateDimension || !(t.scoreOnScale || t.prefersLogprobs))
                        fail("sampled answers are averaged only for protocols that give a score; give one \"response\"",
                             "responses");
                    std::vector<ParsedAnswer> samples;
                    for (const json &sample : responses) {
                        if (!sample.is_string())
                            fail("expected the judge's sampled answers as a list of strings", "responses");
                        samples.push_back(readText(context, sample.get<std::string>()));
                    }
                    raw = model::JsonText::dump(responses);
                    answer = combineSamples(samples);
                    method = ScoringMethod::Samples;
                } else if (line.contains("value")) {
                    raw = model::JsonText::dump(line.at("value"));
                    answer = fromValue(context, line.at("value"));
                    method = ScoringMethod::Value;
                } else {
                    fail("needs \"response\" (the raw answer), \"responses\" (sampled answers) or \"value\"",
                         "response");
                }
                if (t.prefersLogprobs || method == ScoringMethod::Samples) {
                    answer.detail["method"] = std::string(toString(method));
                    (method == ScoringMethod::Single    ? report.bySingle
                     : method == ScoringMethod::Samples ? report.bySamples
                                                        : report.byValue)
                        += 1;
                }
                model::JudgeCall call;
                call.runId = run;
                // Not a request anyone could send again: hashed on its source, so the cache never matches it.
                call.requestHash = Sha256::hex("recorded\n" + request.path + "\n" + model::JsonText::dump(line));
                call.documentId = unit.document;
                call.dimensionId = unit.dimension;
                if (unit.candidates.size() == 1)
                    call.candidateId = unit.candidates.front();
                call.unit = model::JsonText::dump(unit.toJson());
                if (answered.repeat(unit.document, call.unit))
                    ++report.repeats;
                call.rawResponse = raw;
                writer.store(context, std::move(call), answer);
                ++report.lines;
                (answer.valid ? report.valid : report.invalid) += 1;
            }
            currentLine = 0;
            if (report.lines == 0)
                fail("no judgements in the file");
            progress.fileDone(source);
            study.finishJudgeRun(run, "finished");
        });
        if (!st)
            throw Failure(st.error());
        return report;
    });
    if (!result.ok()) {
        Error e = result.error();
        if (e.message == io::ImportProgress::cancelledMessage())
            return e;
        if (e.file.empty())
            e.file = request.path;
        if (e.line == 0)
            e.line = currentLine;
        return e;
    }
    return result;
}

} // namespace concord::judge
