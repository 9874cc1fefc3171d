// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/summeval_importer.h"

#include "io/jsonl_reader.h"
#include "io/text_file.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <set>
#include <string_view>
#include <utility>

namespace concord::io {

using model::Id;
using nlohmann::json;

namespace {

constexpr std::array<const char *, 4> kDimensionNames{"coherence", "consistency", "fluency", "relevance"};

// One annotator list of a record: the key in the JSON, and the raters it maps to, in order.
struct AnnotatorGroup {
    const char *key;
    const char *group;
    int count;
};
constexpr std::array<AnnotatorGroup, 2> kGroups{
    {{"expert_annotations", "expert", 3}, {"turker_annotations", "turker", 5}}};

const json &requiredMember(const json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end())
        fail(std::string("missing field \"").append(key).append("\""), key);
    return *it;
}

const std::string &requiredString(const json &object, const char *key)
{
    const json &value = requiredMember(object, key);
    if (!value.is_string())
        fail(std::string("expected a string, found ").append(value.type_name()), key);
    return value.get_ref<const std::string &>();
}

std::string indexed(const char *key, std::size_t index, const char *member = nullptr)
{
    std::string out(key);
    out.append("[").append(std::to_string(index)).append("]");
    if (member)
        out.append(".").append(member);
    return out;
}

// State shared by all files of one import, so that a document repeated across files is one document.
class SummEvalImport {
public:
    explicit SummEvalImport(store::Study &study)
        : m_study(study)
    { }

    void prepare()
    {
        // Dimensions and raters are reused when the study has them; their ids are looked up once.
        for (std::size_t d = 0; d < kDimensionNames.size(); ++d) {
            const auto existing = m_study.dimensionId(kDimensionNames[d]);
            if (existing) {
                m_dimensionIds[d] = *existing;
                for (const auto &dim : m_study.dimensions())
                    if (dim.id == *existing) {
                        m_scaleMin[d] = dim.scaleMin;
                        m_scaleMax[d] = dim.scaleMax;
                    }
            } else {
                const auto dim = SummEvalImporter::dimensions()[d];
                m_dimensionIds[d] = m_study.ensureDimension(dim);
                m_scaleMin[d] = dim.scaleMin;
                m_scaleMax[d] = dim.scaleMax;
                ++m_report.dimensions;
            }
        }
        for (const auto &g : kGroups) {
            auto &ids = m_raterIds[g.key];
            for (int i = 1; i <= g.count; ++i) {
                model::Rater r;
                r.name = std::string(g.group).append("_").append(std::to_string(i));
                r.group = g.group;
                if (!m_study.raterId(r.name))
                    ++m_report.raters;
                ids.push_back(m_study.ensureRater(r));
            }
        }
    }

    void importFile(const std::string &path)
    {
        m_file = path;
        m_line = 0;
        importText(TextFile::read(path));
    }

    const ImportReport &report() const { return m_report; }

private:
    void importText(std::string_view text)
    {
        JsonlReader reader(text);
        json record;
        long records = 0;
        try {
            while (reader.next(record)) {
                m_line = reader.line();
                importRecord(record);
                ++records;
            }
        } catch (const Failure &f) {
            Error e = f.error();
            if (e.line == 0)
                e.line = reader.line();
            throw Failure(std::move(e));
        } catch (const std::exception &e) {
            throw Failure(Error{e.what(), {}, reader.line(), {}});
        }
        if (records == 0)
            fail("no records: the file holds no JSON lines");
        m_report.linesRead += records;
    }

    void importRecord(const json &record)
    {
        const std::string &docExternalId = requiredString(record, "id");
        if (docExternalId.empty())
            fail("a document id may not be empty", "id");
        const std::string &system = requiredString(record, "model_id");
        if (system.empty())
            fail("a system name may not be empty", "model_id");
        const std::string &text = requiredString(record, "text");
        const std::string &decoded = requiredString(record, "decoded");

        const Id docId = document(record, docExternalId, text);
        const Id systemId = systemIdOf(system);
        if (!m_candidates.insert({docId, systemId}).second || m_study.candidateId(docId, systemId))
            fail("system '" + system + "' already has a summary of document '" + docExternalId
                     + "' (duplicate candidate)",
                 "model_id");
        const Id candidateId = m_study.addCandidate(docId, systemId, decoded);
        ++m_report.candidates;

        for (const auto &g : kGroups) {
            const json &list = requiredMember(record, g.key);
            if (!list.is_array())
                fail(std::string("expected a list of annotations, found ").append(list.type_name()), g.key);
            if (list.size() != static_cast<std::size_t>(g.count))
                fail("expected " + std::to_string(g.count) + " annotations, found " + std::to_string(list.size()),
                     g.key);
            const auto &raterIds = m_raterIds[g.key];
            for (std::size_t a = 0; a < list.size(); ++a) {
                const json &annotation = list[a];
                if (!annotation.is_object())
                    fail(std::string("expected an object, found ").append(annotation.type_name()), indexed(g.key, a));
                for (std::size_t d = 0; d < kDimensionNames.size(); ++d) {
                    const auto it = annotation.find(kDimensionNames[d]);
                    if (it == annotation.end())
                        fail("missing rating", indexed(g.key, a, kDimensionNames[d]));
                    if (!it->is_number())
                        fail(std::string("expected a number, found ").append(it->type_name()),
                             indexed(g.key, a, kDimensionNames[d]));
                    const double value = it->get<double>();
                    if (!(value >= m_scaleMin[d] && value <= m_scaleMax[d]))
                        fail("rating " + it->dump() + " is outside the scale 1 to 5",
                             indexed(g.key, a, kDimensionNames[d]));
                    m_study.setRating(raterIds[a], candidateId, m_dimensionIds[d], value);
                    ++m_report.ratings;
                }
            }
        }
    }

    Id document(const json &record, const std::string &externalId, const std::string &text)
    {
        if (auto it = m_documents.find(externalId); it != m_documents.end()) {
            if (it->second.second != text)
                fail("document '" + externalId + "' appeared before (line " + std::to_string(it->second.first.line)
                         + " of " + it->second.first.file + ") with a different text",
                     "text");
            return it->second.first.id;
        }
        if (const auto existing = m_study.documentId(externalId)) {
            const auto stored = m_study.document(*existing);
            if (stored->source != text)
                fail("document '" + externalId + "' is already in the study with a different text", "text");
            m_documents.emplace(externalId, std::pair{Seen{*existing, m_file, m_line}, text});
            return *existing;
        }
        model::Document d;
        d.externalId = externalId;
        d.source = text;
        const json &references = requiredMember(record, "references");
        if (!references.is_array())
            fail(std::string("expected a list of strings, found ").append(references.type_name()), "references");
        for (std::size_t i = 0; i < references.size(); ++i) {
            if (!references[i].is_string())
                fail(std::string("expected a string, found ").append(references[i].type_name()),
                     indexed("references", i));
            d.references.push_back(references[i].get<std::string>());
        }
        if (const auto it = record.find("filepath"); it != record.end()) {
            if (!it->is_string())
                fail(std::string("expected a string, found ").append(it->type_name()), "filepath");
            d.metadata["filepath"] = *it;
        }
        const Id id = m_study.addDocument(d);
        ++m_report.documents;
        m_documents.emplace(externalId, std::pair{Seen{id, m_file, m_line}, text});
        return id;
    }

    Id systemIdOf(const std::string &name)
    {
        if (auto it = m_systems.find(name); it != m_systems.end())
            return it->second;
        if (!m_study.systemId(name))
            ++m_report.systems;
        return m_systems.emplace(name, m_study.ensureSystem(name)).first->second;
    }

    struct Seen {
        Id id;
        std::string file;
        long line;
    };

    store::Study &m_study;
    ImportReport m_report;
    std::string m_file;
    long m_line = 0;
    std::array<Id, 4> m_dimensionIds{};
    std::array<double, 4> m_scaleMin{};
    std::array<double, 4> m_scaleMax{};
    std::map<std::string, std::vector<Id>, std::less<>> m_raterIds;
    std::map<std::string, std::pair<Seen, std::string>, std::less<>> m_documents;
    std::map<std::string, Id, std::less<>> m_systems;
    std::set<std::pair<Id, Id>> m_candidates;
};

} // namespace

std::vector<model::Dimension> SummEvalImporter::dimensions()
{
    // Definitions and labels written for Concord: what an annotator should look at, in plain words.
    auto likert = [](const char *name, const char *definition, std::vector<std::string> labels) {
        model::Dimension d;
        d.name = name;
        d.kind = model::DimensionKind::Likert;
        d.scaleMin = 1;
        d.scaleMax = 5;
        d.labels = std::move(labels);
        d.definition = definition;
        return d;
    };
    return {
        likert("coherence",
               "Does the summary hang together? Its sentences should follow on from each other in a sensible "
               "order and build one connected account, not a heap of loose statements.",
               {"disjointed", "mostly disjointed", "partly connected", "mostly connected", "one connected account"}),
        likert("consistency",
               "Is everything the summary says backed by the article? Facts that are added, altered or made up "
               "(names, numbers, who did what) count against it, however well it reads.",
               {"largely unsupported", "several unsupported claims", "a few unsupported claims", "one small slip",
                "fully backed by the article"}),
        likert("fluency",
               "How well are the sentences themselves written? Judge grammar, spelling, punctuation and word "
               "choice on their own, without comparing with the article.",
               {"hard to read", "many errors", "some errors", "a few small errors", "clean and natural"}),
        likert("relevance",
               "Does the summary keep what matters in the article and drop the rest? Side details, repetition "
               "and padding count against it; missing the main points counts more.",
               {"misses the point", "mostly side details", "a mix of main points and details", "mostly the main points",
                "only what matters"}),
    };
}

Result<ImportReport> SummEvalImporter::importFiles(store::Study &study, const std::vector<std::string> &paths,
                                                   [[maybe_unused]] ImportProgress progress)
{
    if (paths.empty())
        return Error{"no SummEval files given", {}, 0, {}};
    SummEvalImport import(study);
    std::string currentFile;
    const Status status = study.write([&] {
        import.prepare();
        for (const auto &path : paths) {
            currentFile = path;
            import.importFile(path);
        }
    });
    if (!status) {
        Error error = status.error();
        if (error.file.empty())
            error.file = currentFile;
        return error;
    }
    return import.report();
}

} // namespace concord::io
