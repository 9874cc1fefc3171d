// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/recorded_import.h"

#include "io/jsonl_reader.h"
#include "io/text_file.h"
#include "judge/answer/answer_reader.h"
#include "judge/answer/scoring_method.h"
#include "judge/judgement_writer.h"
#include "judge/sha256.h"
#include "judge/unit_context.h"
#include "model/json_text.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

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

Id candidateOf(store::Study &study, Id document, const std::string &system, const char *field)
{
    const auto systemId = study.systemId(system);
    const auto candidate = systemId ? study.candidateId(document, *systemId) : std::nullopt;
    if (!candidate)
        fail("no summary by system '" + system + "' for this document", field);
    return *candidate;
}

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
                                                      [[maybe_unused]] io::ImportProgress progress)
{
    RecordedImportReport report;
    long currentLine = 0;
    auto result = capture([&]() -> RecordedImportReport {
        const ProtocolTraits t = traits(request.protocol);
        if (request.rater.empty())
            fail("a judge rater needs a name", "rater");
        const std::string content = io::TextFile::read(request.path);
        io::JsonlReader reader(content);
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
            std::set<std::string> answered;
            json line;
            while (true) {
                currentLine = reader.line() + 1;
                if (!reader.next(line))
                    break;
                currentLine = reader.line();
                WorkUnit unit;
                const auto document = study.documentId(text(line, "doc_id"));
                if (!document)
                    fail("no document with this id in the study", "doc_id");
                unit.document = *document;
                if (t.needsDimension) {
                    const auto dimension = study.dimensionId(text(line, "dimension"));
                    if (!dimension)
                        fail("no dimension with this name in the study", "dimension");
                    unit.dimension = *dimension;
                }
                if (t.shape == UnitShape::PairDimension || t.shape == UnitShape::Pair) {
                    const Id a = candidateOf(study, unit.document, text(line, "system_a"), "system_a");
                    const Id b = candidateOf(study, unit.document, text(line, "system_b"), "system_b");
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
                        unit.candidates.push_back(candidateOf(study, unit.document, s.get<std::string>(), "systems"));
                    }
                } else {
                    unit.candidates = {candidateOf(study, unit.document, text(line, "system"), "system")};
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
                const UnitContext context = UnitContext::load(study, request.protocol, unit);
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
                if (!answered.insert(std::to_string(unit.document) + call.unit).second)
                    ++report.repeats;
                call.rawResponse = raw;
                writer.store(context, std::move(call), answer);
                ++report.lines;
                (answer.valid ? report.valid : report.invalid) += 1;
            }
            currentLine = 0;
            if (report.lines == 0)
                fail("no judgements in the file");
            study.finishJudgeRun(run, "finished");
        });
        if (!st)
            throw Failure(st.error());
        return report;
    });
    if (!result.ok()) {
        Error e = result.error();
        if (e.file.empty())
            e.file = request.path;
        if (e.line == 0)
            e.line = currentLine;
        return e;
    }
    return result;
}

} // namespace concord::judge
