// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/summeval_importer.h"

#include "io/byte_source.h"
#include "io/import_cache.h"
#include "io/jsonl_reader.h"
#include "io/summeval_record.h"
#include "model/json_text.h"
#include "store/row_insert.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace concord::io {

using model::Id;
using nlohmann::json;

namespace {

using Record = SummEvalRecord;

// One annotator list of a record: the key in the JSON, and the raters it maps to, in order.
struct AnnotatorGroup {
    const char *key;
    const char *group;
    std::size_t count;
};
constexpr std::array<AnnotatorGroup, 2> kGroups{{{Record::kLists[0], "expert", 3}, {Record::kLists[1], "turker", 5}}};
constexpr std::size_t kRatingsPerRecord = (3 + 5) * Record::kDimensions.size();
// Records whose ratings go into the study by one statement: SQLite then runs one statement (and keeps
// one statement journal) for 512 ratings instead of 32, which measurably cuts the time per rating.
// Its 16 x 33 parameters stay below 999, the most an older SQLite allows.
constexpr std::size_t kRecordsPerInsert = 16;

const std::string &requiredString(const Record::Value &value, const char *key)
{
    if (value.type == Record::kAbsent)
        fail(std::string("missing field \"").append(key).append("\""), key);
    if (value.type != Record::Type::string)
        fail(std::string("expected a string, found ").append(jsonTypeName(value.type)), key);
    return value.text;
}

std::string indexed(const char *key, std::size_t index, const char *member = nullptr)
{
    std::string out(key);
    out.append("[").append(std::to_string(index)).append("]");
    if (member)
        out.append(".").append(member);
    return out;
}

// A line the fast reading leaves is parsed as JsonlReader::next parses it, so that whatever is wrong
// with it is reported in the same words.
void parseAsJson(std::string_view line, long lineNumber, json &scratch, Record &record)
{
    try {
        scratch = model::JsonText::parse(line);
    } catch (const Failure &f) {
        Error e = f.error();
        e.line = lineNumber;
        throw Failure(std::move(e));
    }
    if (!scratch.is_object())
        throw Failure(Error{"expected a JSON object on each line", {}, lineNumber, {}});
    record.assign(scratch);
}

// State shared by all files of one import, so that a document repeated across files is one document.
// It holds one line and small maps of ids at a time, never a document's text: whether a document seen
// before comes again with the same text is asked of the study.
class SummEvalImport {
public:
    explicit SummEvalImport(store::Study &study)
        : m_study(study)
        , m_db(study.database())
    { }

    void prepare()
    {
        // Dimensions and raters are reused when the study has them; their ids are looked up once.
        for (std::size_t d = 0; d < Record::kDimensions.size(); ++d) {
            const auto existing = m_study.dimensionId(Record::kDimensions[d]);
            if (existing) {
                m_dimensionIds[d] = *existing;
                for (const auto &dim : m_study.dimensions())
                    if (dim.id == *existing) {
                        m_scaleMin[d] = dim.scaleMin;
                        m_scaleMax[d] = dim.scaleMax;
                        m_labelled[d] = !dim.labels.empty();
                    }
            } else {
                const auto dim = SummEvalImporter::dimensions()[d];
                m_dimensionIds[d] = m_study.ensureDimension(dim);
                m_scaleMin[d] = dim.scaleMin;
                m_scaleMax[d] = dim.scaleMax;
                m_labelled[d] = !dim.labels.empty();
                ++m_report.dimensions;
            }
        }
        for (std::size_t g = 0; g < kGroups.size(); ++g) {
            for (std::size_t i = 1; i <= kGroups[g].count; ++i) {
                model::Rater r;
                r.name = std::string(kGroups[g].group).append("_").append(std::to_string(i));
                r.group = kGroups[g].group;
                if (!m_study.raterId(r.name))
                    ++m_report.raters;
                m_raterIds[g].push_back(m_study.ensureRater(r));
            }
        }
        // Statements prepared once for the import. Ratings go in kRecordsPerInsert records at a time
        // (and the last few one record at a time), in the order of the records, lists, annotations
        // and dimensions; rater and dimension ids are the study's own numbers, written into the SQL.
        m_findDocument.emplace(m_db.prepare("SELECT id, source = ?2 FROM documents WHERE external_id = ?1"));
        m_sameText.emplace(m_db.prepare("SELECT source = ?2 FROM documents WHERE id = ?1"));
        m_addCandidate.emplace(m_db, "INSERT INTO candidates (document_id, system_id, text) VALUES (?1, ?2, ?3) "
                                     "ON CONFLICT (document_id, system_id) DO NOTHING");
        m_addRatings.emplace(m_db.prepare(ratingsInsert(kRecordsPerInsert)));
        m_addRecordRatings.emplace(m_db.prepare(ratingsInsert(1)));
    }

    void importFile(const std::string &path, ImportProgress &progress)
    {
        m_fileIndex = static_cast<std::uint32_t>(m_files.size());
        m_files.push_back(path);
        m_line = 0;
        ByteSource source = ByteSource::fromFile(path);
        progress.attach(source);
        JsonlReader reader(source);
        long records = 0;
        std::string_view line;
        try {
            while (reader.nextLine(line)) {
                m_line = reader.line();
                if (!m_record.readFast(line))
                    parseAsJson(line, m_line, m_json, m_record);
                importRecord();
                ++records;
            }
            flushRatings();
        } catch (const Failure &f) {
            if (f.error().message == ImportProgress::cancelledMessage())
                throw;
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
        progress.fileDone(source);
    }

    const ImportReport &report() const { return m_report; }

private:
    // INSERT of the ratings of `records` records: record j's candidate is parameter 1 + 33j, its
    // ratings the 32 after it.
    std::string ratingsInsert(std::size_t records) const
    {
        std::string sql = "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES ";
        for (std::size_t j = 0; j < records; ++j) {
            const std::size_t first = 1 + j * (1 + kRatingsPerRecord);
            std::size_t parameter = first + 1;
            for (std::size_t g = 0; g < kGroups.size(); ++g)
                for (const Id rater : m_raterIds[g])
                    for (const Id dimension : m_dimensionIds) {
                        if (parameter > 2)
                            sql += ", ";
                        sql.append("(").append(std::to_string(rater)).append(", ?").append(std::to_string(first));
                        sql.append(", ").append(std::to_string(dimension)).append(", ?");
                        sql.append(std::to_string(parameter++)).append(")");
                    }
        }
        return sql;
    }

    // Stores the ratings of the records read since the last time.
    void flushRatings()
    {
        if (m_pending == kRecordsPerInsert) {
            store::Statement &batch = *m_addRatings;
            batch.reset();
            int parameter = 0;
            for (std::size_t j = 0; j < m_pending; ++j) {
                batch.bind(++parameter, m_pendingCandidates[j]);
                for (std::size_t i = 0; i < kRatingsPerRecord; ++i)
                    batch.bind(++parameter, m_pendingValues[j * kRatingsPerRecord + i]);
            }
            batch.run();
        } else {
            store::Statement &one = *m_addRecordRatings;
            for (std::size_t j = 0; j < m_pending; ++j) {
                one.reset();
                int parameter = 0;
                one.bind(++parameter, m_pendingCandidates[j]);
                for (std::size_t i = 0; i < kRatingsPerRecord; ++i)
                    one.bind(++parameter, m_pendingValues[j * kRatingsPerRecord + i]);
                one.run();
            }
        }
        m_pending = 0;
    }

    void importRecord()
    {
        const Record &r = m_record;
        const std::string &docExternalId = requiredString(r.id, "id");
        if (docExternalId.empty())
            fail("a document id may not be empty", "id");
        const std::string &system = requiredString(r.modelId, "model_id");
        if (system.empty())
            fail("a system name may not be empty", "model_id");
        const std::string &text = requiredString(r.text, "text");
        const std::string &decoded = requiredString(r.decoded, "decoded");

        const Id docId = document(docExternalId, text);
        const Id systemId = systemIdOf(system);
        store::Statement &add = m_addCandidate->statement();
        add.reset();
        add.bindAll(docId, systemId, std::string_view(decoded));
        const std::optional<Id> added = m_addCandidate->run();
        if (!added)
            fail("system '" + system + "' already has a summary of document '" + docExternalId
                     + "' (duplicate candidate)",
                 "model_id");
        const Id candidateId = *added;
        ++m_report.candidates;

        // Every rating is checked in the order of the lists, and stored with the next few records'.
        double *values = &m_pendingValues[m_pending * kRatingsPerRecord];
        std::size_t k = 0;
        for (std::size_t g = 0; g < kGroups.size(); ++g) {
            const char *key = kGroups[g].key;
            const Record::List &list = r.annotations[g];
            if (list.type == Record::kAbsent)
                fail(std::string("missing field \"").append(key).append("\""), key);
            if (list.type != Record::Type::array)
                fail(std::string("expected a list of annotations, found ").append(jsonTypeName(list.type)), key);
            if (list.size != kGroups[g].count)
                fail("expected " + std::to_string(kGroups[g].count) + " annotations, found "
                         + std::to_string(list.size),
                     key);
            for (std::size_t a = 0; a < list.size; ++a) {
                const Record::Annotation &annotation = list.items[a];
                if (annotation.type != Record::Type::object)
                    fail(std::string("expected an object, found ").append(jsonTypeName(annotation.type)),
                         indexed(key, a));
                for (std::size_t d = 0; d < Record::kDimensions.size(); ++d) {
                    const json &rating = annotation.ratings[d];
                    if (rating.is_discarded())
                        fail("missing rating", indexed(key, a, Record::kDimensions[d]));
                    if (!rating.is_number())
                        fail(std::string("expected a number, found ").append(rating.type_name()),
                             indexed(key, a, Record::kDimensions[d]));
                    const double value = rating.get<double>();
                    if (!(value >= m_scaleMin[d] && value <= m_scaleMax[d]))
                        fail("rating " + rating.dump() + " is outside the scale 1 to 5",
                             indexed(key, a, Record::kDimensions[d]));
                    // A person's rating is one of the labelled points, as the study keeps it.
                    if (m_labelled[d] && value - m_scaleMin[d] != std::round(value - m_scaleMin[d]))
                        fail("rating " + rating.dump() + " is not one of the scale's points (whole numbers 1 to 5)",
                             indexed(key, a, Record::kDimensions[d]));
                    if (!std::isfinite(value))
                        fail("a rating must be a finite number", "value");
                    values[k++] = value;
                }
            }
        }
        m_pendingCandidates[m_pending++] = candidateId;
        if (m_pending == kRecordsPerInsert)
            flushRatings();
        m_report.ratings += static_cast<long>(kRatingsPerRecord);
    }

    Id document(const std::string &externalId, const std::string &text)
    {
        if (const auto it = m_documents.find(externalId); it != m_documents.end()) {
            store::Statement &same = *m_sameText;
            same.reset();
            same.bindAll(it->second.id, std::string_view(text));
            const bool equal = same.step() && same.int64At(0) == 1;
            same.reset();
            if (!equal)
                fail("document '" + externalId + "' appeared before (line " + std::to_string(it->second.line) + " of "
                         + m_files[it->second.file] + ") with a different text",
                     "text");
            return it->second.id;
        }
        store::Statement &find = *m_findDocument;
        find.reset();
        find.bindAll(std::string_view(externalId), std::string_view(text));
        if (find.step()) {
            const Id existing = find.int64At(0);
            const bool equal = find.int64At(1) == 1;
            find.reset();
            if (!equal)
                fail("document '" + externalId + "' is already in the study with a different text", "text");
            m_documents.emplace(externalId, Seen{existing, m_fileIndex, m_line});
            return existing;
        }
        find.reset();
        const Record &r = m_record;
        model::Document d;
        d.externalId = externalId;
        d.source = text;
        if (r.referencesType == Record::kAbsent)
            fail("missing field \"references\"", "references");
        if (r.referencesType != Record::Type::array)
            fail(std::string("expected a list of strings, found ").append(jsonTypeName(r.referencesType)),
                 "references");
        for (std::size_t i = 0; i < r.referenceCount; ++i) {
            if (r.references[i].type != Record::Type::string)
                fail(std::string("expected a string, found ").append(jsonTypeName(r.references[i].type)),
                     indexed("references", i));
            d.references.push_back(r.references[i].text);
        }
        if (r.filepath.type != Record::kAbsent) {
            if (r.filepath.type != Record::Type::string)
                fail(std::string("expected a string, found ").append(jsonTypeName(r.filepath.type)), "filepath");
            d.metadata["filepath"] = r.filepath.text;
        }
        const Id id = m_study.addDocument(d);
        ++m_report.documents;
        m_documents.emplace(externalId, Seen{id, m_fileIndex, m_line});
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

    // Where this import first met a document: its id, and the file and line for messages.
    struct Seen {
        Id id;
        std::uint32_t file;
        long line;
    };

    store::Study &m_study;
    store::Database &m_db;
    ImportReport m_report;
    std::vector<std::string> m_files;
    std::uint32_t m_fileIndex = 0;
    long m_line = 0;
    Record m_record;
    json m_json; // a line the fast reading left, parsed
    std::array<Id, 4> m_dimensionIds{};
    std::array<double, 4> m_scaleMin{};
    std::array<double, 4> m_scaleMax{};
    std::array<bool, 4> m_labelled{};
    std::array<std::vector<Id>, 2> m_raterIds;
    std::unordered_map<std::string, Seen> m_documents;
    std::unordered_map<std::string, Id> m_systems;
    std::optional<store::Statement> m_findDocument, m_sameText, m_addRatings, m_addRecordRatings;
    std::optional<store::RowInsert> m_addCandidate;
    // Records read whose ratings are not stored yet: their candidates and ratings.
    std::size_t m_pending = 0;
    std::array<Id, kRecordsPerInsert> m_pendingCandidates{};
    std::array<double, kRecordsPerInsert * kRatingsPerRecord> m_pendingValues{};
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
                                                   ImportProgress progress)
{
    if (paths.empty())
        return Error{"no SummEval files given", {}, 0, {}};
    SummEvalImport import(study);
    const ImportCache cache(study.database());
    std::string currentFile;
    const Status status = study.write([&] {
        import.prepare();
        for (const auto &path : paths) {
            currentFile = path;
            import.importFile(path, progress);
        }
    });
    if (!status) {
        Error error = status.error();
        if (error.file.empty() && error.message != ImportProgress::cancelledMessage())
            error.file = currentFile;
        return error;
    }
    return import.report();
}

} // namespace concord::io
