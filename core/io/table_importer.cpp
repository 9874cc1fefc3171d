// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/table_importer.h"

#include "io/csv_read_ahead.h"
#include "io/csv_reader.h"
#include "io/import_cache.h"
#include "io/jsonl_reader.h"
#include "io/long_export_importer.h"
#include "store/row_insert.h"
#include "store/study.h"
#include "store/study_copy.h"
#include "store/transaction.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>
#include <vector>

namespace concord::io {

using model::Id;
using nlohmann::json;

namespace {

constexpr std::array<std::string_view, 9> kFields{"doc_id", "article", "requirement", "system", "summary",
                                                  "rater",  "group",   "dimension",   "value"};
constexpr std::string_view kScorePrefix = "score.";

bool isKnownField(std::string_view field)
{
    for (const auto f : kFields)
        if (f == field)
            return true;
    return field.size() > kScorePrefix.size() && field.substr(0, kScorePrefix.size()) == kScorePrefix;
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

std::string inQuotes(std::string_view text)
{
    return std::string("'").append(text).append("'");
}

// A cell as text; shortest round-trip form for JSON numbers.
std::optional<std::string> cellText(const json &value, const std::string &field)
{
    if (value.is_null())
        return std::nullopt;
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_number_unsigned())
        return std::to_string(value.get<std::uint64_t>());
    if (value.is_number_integer())
        return std::to_string(value.get<std::int64_t>());
    if (value.is_number_float())
        return shortest(value.get<double>());
    fail(std::string("expected text or a number, found ").append(value.type_name()), field);
}

// A row's mapped cells, by position in TableImport's fields: null when the row lacks the column (a
// JSON line without the key), otherwise the cell's text. They point into the record just read.
struct Row {
    long line = 0;
    std::vector<const std::string *> cells;
};

// The file's rows by their mapped cells, read a record at a time. The import reads through one; a
// look-back for an earlier line (which row first named a document, or rated a summary) through another
// over the same file.
class RowReader {
public:
    RowReader(ByteSource &source, TableFormat format, const std::vector<std::string> &columns, bool skipMissing)
        : m_columns(columns)
        , m_skipMissing(skipMissing)
    {
        if (format == TableFormat::Jsonl)
            m_jsonl.emplace(source);
        else
            m_csv.emplace(source, format == TableFormat::Tsv ? '\t' : ',');
    }

    // The first record: the CSV/TSV header (false when the file is empty), or the first JSON line
    // (false when there is none), which next() then hands out as the first row.
    bool start()
    {
        if (m_jsonl) {
            m_pending = m_jsonl->next(m_object);
            return m_pending;
        }
        return m_csv->next(m_header);
    }
    const std::vector<std::string> &header() const { return m_header.fields; }
    long headerLine() const { return m_header.line; }
    const json &firstObject() const { return m_object; }
    CsvReader &csv() { return *m_csv; }
    JsonlReader &jsonl() { return *m_jsonl; }

    // Which header column holds each mapped column (-1: none); fails for a column named twice, or
    // missing unless missing columns are skipped.
    std::vector<int> mapHeader(const std::vector<std::string> &fields)
    {
        std::vector<std::string> names;
        for (const auto &h : m_header.fields)
            names.emplace_back(trim(h));
        m_index.assign(m_columns.size(), -1);
        for (std::size_t f = 0; f < m_columns.size(); ++f) {
            for (std::size_t h = 0; h < names.size(); ++h) {
                if (names[h] != m_columns[f])
                    continue;
                if (m_index[f] >= 0)
                    fail("column " + inQuotes(m_columns[f]) + " appears twice in the header", fields[f]);
                m_index[f] = static_cast<int>(h);
            }
            if (m_index[f] < 0 && !m_skipMissing)
                fail("column " + inQuotes(m_columns[f]) + " is not in the header", fields[f]);
        }
        m_csv->setColumnNames(std::move(names));
        return m_index;
    }

    // From here on CSV/TSV records are read on a thread of their own while the caller imports the
    // ones before (the header must be mapped first: it names the fields in the reader's errors).
    void readAhead()
    {
        if (m_csv)
            m_ahead.emplace(*m_csv);
    }

    // Reads the next row; false at the end. Sets line() before anything can fail on the row.
    bool next(Row &row, const std::vector<std::string> &fields)
    {
        m_line = 0;
        row.cells.assign(m_columns.size(), nullptr);
        if (m_csv) {
            if (!(m_ahead ? m_ahead->next(m_record) : m_csv->next(m_record)))
                return false;
            m_line = row.line = m_record.line;
            if (m_record.fields.size() != m_header.fields.size())
                fail("the row has " + std::to_string(m_record.fields.size()) + " fields, the header "
                     + std::to_string(m_header.fields.size()));
            for (std::size_t f = 0; f < m_columns.size(); ++f)
                if (m_index[f] >= 0)
                    row.cells[f] = &m_record.fields[static_cast<std::size_t>(m_index[f])];
            return true;
        }
        if (!m_pending && !m_jsonl->next(m_object))
            return false;
        m_pending = false;
        m_line = row.line = m_jsonl->line();
        m_texts.resize(m_columns.size());
        for (std::size_t f = 0; f < m_columns.size(); ++f) {
            const auto it = m_object.find(m_columns[f]);
            if (it == m_object.end()) {
                if (!m_skipMissing)
                    fail("missing field " + inQuotes(m_columns[f]), fields[f]);
                continue;
            }
            if (auto text = cellText(*it, fields[f])) {
                m_texts[f] = std::move(*text);
                row.cells[f] = &m_texts[f];
            }
        }
        return true;
    }

    long line() const { return m_line; }

private:
    const std::vector<std::string> &m_columns;
    bool m_skipMissing;
    std::optional<CsvReader> m_csv;
    std::optional<JsonlReader> m_jsonl;
    CsvRecord m_header;
    CsvRecord m_record;
    std::optional<CsvReadAhead> m_ahead; // after the reader: stops reading before the reader goes
    json m_object;
    bool m_pending = false; // the first JSON line, read by start(), is still to be handed out
    std::vector<std::string> m_texts;
    std::vector<int> m_index;
    long m_line = 0;
};

// A table read through a column mapping: each row's cells by field, checked as far as the mapping and the
// reading go. The import writes each row to the study; a preview keeps the first rows as they are read.
class MappedTable {
public:
    MappedTable(const ColumnMapping &mapping, TableFormat format)
        : m_format(format)
    {
        for (const auto &[field, column] : mapping.columns) {
            m_fields.push_back(field);
            m_columns.push_back(column);
        }
        m_skipMissing = mapping.skipMissingColumns;
        m_fixedRater = mapping.fixedRater;
    }

    const std::vector<std::string> &fields() const { return m_fields; }
    const std::vector<std::string> &columns() const { return m_columns; }
    bool skipsMissing() const { return m_skipMissing; }

    // Hands every row the reader has after start() to onRow, or the first maxRows (a preview, which
    // reads no further); found says whether start() found a record. Returns how many rows were read.
    template <typename OnRow>
    long read(RowReader &reader, bool found, const OnRow &onRow, std::optional<long> maxRows = std::nullopt)
    {
        m_reader = &reader;
        if (m_format != TableFormat::Jsonl) {
            if (!found)
                fail("no records: the file is empty");
            m_line = reader.headerLine();
            checkMapping(reader.mapHeader(m_fields));
            if (!maxRows)
                reader.readAhead();
        }
        long rows = 0;
        Row row;
        while ((!maxRows || rows < *maxRows) && reader.next(row, m_fields)) {
            m_line = row.line;
            if (rows == 0 && m_format == TableFormat::Jsonl)
                checkMapping(std::vector<int>(m_fields.size(), 0));
            onRow(row);
            ++rows;
        }
        m_line = 0;
        if (rows == 0)
            fail(m_format == TableFormat::Jsonl ? "no records: the file holds no JSON lines"
                                                : "no records: the file has a header but no rows");
        return rows;
    }

    // The line of the row being read, also while a reader fails on it (0 before the first row).
    long line() const { return m_reader && m_reader->line() ? m_reader->line() : m_line; }

protected:
    TableFormat m_format;
    std::vector<std::string> m_fields;
    std::vector<std::string> m_columns;
    bool m_skipMissing = false;
    std::optional<ColumnMapping::FixedRater> m_fixedRater;
    RowReader *m_reader = nullptr;
    long m_line = 0;

private:
    // Checks the mapping against what the file has; index[f] < 0 means field f is absent.
    void checkMapping(const std::vector<int> &index)
    {
        bool hasDoc = false, hasRater = false, hasScore = false;
        for (std::size_t f = 0; f < m_fields.size(); ++f) {
            if (index[f] < 0)
                continue;
            hasDoc |= m_fields[f] == "doc_id";
            hasRater |= m_fields[f] == "rater";
            hasScore |= m_fields[f].starts_with(kScorePrefix);
        }
        if (!hasDoc)
            fail("the column mapping needs doc_id (doc_id=COLUMN)", "doc_id");
        if (m_fixedRater && m_fixedRater->name.empty())
            fail("one rater for every rating needs a name (--rater NAME)", "rater");
        // A JSON line's keys are known line by line: without a mapping of its own the rater field is a column
        // only on the lines that have it (importRow refuses those).
        if (m_fixedRater && hasRater && !(m_format == TableFormat::Jsonl && m_skipMissing))
            fail("the table has a rater column (rater=COLUMN), so it takes no one rater for every rating (--rater "
                 "NAME)",
                 "rater");
        if (hasScore && !hasRater && !m_fixedRater)
            fail("score columns need a rater column (rater=COLUMN) or one rater for every rating (--rater NAME)",
                 "rater");
    }
};

class TableImport : public MappedTable {
public:
    TableImport(store::Study &study, const ColumnMapping &mapping, std::string path, TableFormat format)
        : MappedTable(mapping, format)
        , m_study(study)
        , m_path(std::move(path))
        , m_findDocument(
              study.database().prepare("SELECT id, source, requirement FROM documents WHERE external_id = ?1"))
        , m_insertCandidate(study.database(),
                            "INSERT INTO candidates (document_id, system_id, text) VALUES (?1, ?2, ?3) "
                            "ON CONFLICT (document_id, system_id) DO NOTHING")
        , m_sameCandidate(study.database().prepare(
              "SELECT id, text = ?3 FROM candidates WHERE document_id = ?1 AND system_id = ?2"))
        , m_insertRating(study.database().prepare(
              "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (?1, ?2, ?3, ?4) "
              "ON CONFLICT (rater_id, candidate_id, dimension_id) DO NOTHING"))
    {
        const auto at = [&](std::string_view field) {
            for (std::size_t f = 0; f < m_fields.size(); ++f)
                if (m_fields[f] == field)
                    return static_cast<int>(f);
            return -1;
        };
        m_doc = at("doc_id");
        m_article = at("article");
        m_requirement = at("requirement");
        m_system = at("system");
        m_summary = at("summary");
        m_rater = at("rater");
        m_group = at("group");
        m_dimension = at("dimension");
        m_value = at("value");
        for (std::size_t f = 0; f < m_fields.size(); ++f)
            if (m_fields[f].starts_with(kScorePrefix))
                m_scores.push_back(f);
        for (auto &d : study.dimensions())
            m_dimensions.emplace(d.name, d);
    }

    // Imports every row the reader has after start(); found says whether start() found a record.
    void import(RowReader &reader, bool found)
    {
        prepare();
        m_report.linesRead = read(reader, found, [this](const Row &row) { importRow(row); });
        if (m_touchedTable)
            m_study.database().exec("DROP TABLE temp.concord_import_touched");
    }

    const ImportReport &report() const { return m_report; }

private:
    void prepare()
    {
        store::Database &db = m_study.database();
        // Rows this import adds get ids above these (SQLite gives a new row the largest id plus one), but for
        // a team study's summaries, whose ids are drawn at random (m_addedAmongOld).
        auto s = db.prepare("SELECT (SELECT COALESCE(MAX(id), 0) FROM documents), "
                            "(SELECT COALESCE(MAX(id), 0) FROM raters), (SELECT COALESCE(MAX(id), 0) FROM candidates)");
        s.step();
        m_documentsBefore = s.int64At(0);
        m_ratersBefore = s.int64At(1);
        m_candidatesBefore = s.int64At(2);
    }

    // A field's cell when the row has it and it is not empty.
    static const std::string *cell(const Row &row, int field)
    {
        if (field < 0)
            return nullptr;
        const std::string *c = row.cells[static_cast<std::size_t>(field)];
        return c && !c->empty() ? c : nullptr;
    }

    // Who gave the row's ratings: the one rater of every rating, or the rater column's cell.
    const std::string *raterOf(const Row &row) const { return m_fixedRater ? &m_fixedRater->name : cell(row, m_rater); }

    void importRow(const Row &row)
    {
        if (m_fixedRater && cell(row, m_rater))
            fail("the row names its rater (rater=COLUMN) besides the one rater for every rating (--rater NAME)",
                 "rater");
        const std::string *docExt = cell(row, m_doc);
        if (!docExt)
            fail("every row needs a document id", "doc_id");
        const Id docId = document(*docExt, cell(row, m_article), cell(row, m_requirement));

        const std::string *system = cell(row, m_system);
        const std::string *summary = cell(row, m_summary);
        std::optional<Id> candidateId;
        if (summary) {
            if (!system)
                fail("a summary needs the system that wrote it", "system");
            candidateId = candidate(docId, *docExt, *system, summary);
        }

        if (const std::string *value = cell(row, m_value)) {
            const std::string *dimension = cell(row, m_dimension);
            if (!dimension)
                fail("a rating needs a dimension", "dimension");
            rate(row, docId, *docExt, system, candidateId, *dimension, *value,
                 m_fields[static_cast<std::size_t>(m_value)]);
        }
        for (const std::size_t f : m_scores) {
            const std::string *score = cell(row, static_cast<int>(f));
            if (!score)
                continue;
            rate(row, docId, *docExt, system, candidateId, m_fields[f].substr(kScorePrefix.size()), *score,
                 m_fields[f]);
        }
    }

    void rate(const Row &row, Id docId, const std::string &docExt, const std::string *system,
              std::optional<Id> &candidateId, const std::string &dimensionName, const std::string &text,
              const std::string &field)
    {
        const std::string *raterName = raterOf(row);
        if (!raterName)
            fail("a rating needs a rater", "rater");
        if (!candidateId) {
            if (!system)
                fail("a rating needs the system whose summary is rated", "system");
            candidateId = candidate(docId, docExt, *system, nullptr);
        }
        const model::Dimension &dim = dimension(dimensionName, field == "value" ? "dimension" : field);
        const double value = number(text, field);
        if (value < dim.scaleMin || value > dim.scaleMax)
            fail("rating " + std::string(trim(text)) + " is outside the scale of " + inQuotes(dim.name) + " ("
                     + shortest(dim.scaleMin) + " to " + shortest(dim.scaleMax) + ")",
                 field);
        const std::string *group
            = m_fixedRater && !m_fixedRater->group.empty() ? &m_fixedRater->group : cell(row, m_group);
        const Id raterId = rater(*raterName, group);
        if (!storeRating(raterId, *candidateId, dim.id, value)) {
            // Rated twice in this file: the first time is found by reading the file again up to here,
            // which costs nothing until it happens, where a map of every rating would grow with the file.
            const auto first = firstLineWhere([&](const Row &earlier) {
                return ratesAs(earlier, docExt, system ? *system : std::string(), *raterName, dim.name);
            });
            fail("rater " + inQuotes(*raterName) + " rates this summary on " + inQuotes(dim.name) + " twice"
                     + (first ? " (first on line " + std::to_string(*first) + ")" : std::string()),
                 field);
        }
        ++m_report.ratings;
    }

    // Stores the rating; false when this import has stored it already. A rating already in the study
    // is replaced once, as Study::setRating would.
    bool storeRating(Id raterId, Id candidateId, Id dimensionId, double value)
    {
        m_insertRating.reset();
        m_insertRating.bindAll(raterId, candidateId, dimensionId, value);
        m_insertRating.run();
        const bool added = m_study.database().changes() == 1;
        // A rating by a rater or of a summary this import added is the file's own: a clash is a duplicate.
        // Only a rater and a summary that were both in the study may meet one of the study's ratings; the
        // ratings the import adds or replaces there are kept on disk (a temporary table), as there may be
        // as many as the file has rows.
        if (raterId > m_ratersBefore || candidateId > m_candidatesBefore || m_addedAmongOld.count(candidateId) > 0)
            return added;
        store::Database &db = m_study.database();
        if (!m_touchedTable) {
            db.exec("CREATE TEMP TABLE concord_import_touched (rater_id INTEGER, candidate_id INTEGER, dimension_id "
                    "INTEGER, PRIMARY KEY (rater_id, candidate_id, dimension_id)) WITHOUT ROWID");
            m_touchedTable = true;
        }
        auto mark = db.cached("INSERT INTO temp.concord_import_touched VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING");
        mark->bindAll(raterId, candidateId, dimensionId);
        mark->run();
        if (added)
            return true;
        if (db.changes() == 0)
            return false;
        // The study's own rating, met for the first time: replaced.
        auto update = db.cached("UPDATE ratings SET value = ?4, call_id = NULL WHERE rater_id = ?1 AND candidate_id = "
                                "?2 AND dimension_id = ?3");
        update->bindAll(raterId, candidateId, dimensionId, value);
        update->run();
        return true;
    }

    // Whether an earlier row rates the summary of docExt by system, as rater, on the dimension.
    bool ratesAs(const Row &row, const std::string &docExt, const std::string &system, const std::string &raterName,
                 const std::string &dimensionName) const
    {
        const std::string *doc = cell(row, m_doc);
        const std::string *sys = cell(row, m_system);
        const std::string *who = raterOf(row);
        if (!doc || *doc != docExt || !sys || *sys != system || !who || *who != raterName)
            return false;
        if (cell(row, m_value)) {
            const std::string *dimension = cell(row, m_dimension);
            if (dimension && *dimension == dimensionName)
                return true;
        }
        for (const std::size_t f : m_scores)
            if (cell(row, static_cast<int>(f))
                && std::string_view(m_fields[f]).substr(kScorePrefix.size()) == dimensionName)
                return true;
        return false;
    }

    // The line of the file's first row that matches, read again from the start of the file up to
    // the current row; nothing when the file cannot be read again as it was.
    template <typename Match> std::optional<long> firstLineWhere(const Match &matches) const
    {
        try {
            ByteSource source = ByteSource::fromFile(m_path);
            RowReader again(source, m_format, m_columns, m_skipMissing);
            if (!again.start())
                return std::nullopt;
            if (m_format != TableFormat::Jsonl)
                again.mapHeader(m_fields);
            Row row;
            while (again.next(row, m_fields) && row.line <= m_line)
                if (matches(row))
                    return row.line;
        } catch (const Failure &) {
            // Changed since it was read: the message goes without the line.
        }
        return std::nullopt;
    }

    static double number(const std::string &text, const std::string &field)
    {
        const std::string_view t = trim(text);
        double value = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
        if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(value))
            fail("expected a number, found " + inQuotes(text), field);
        return value;
    }

    // The document of externalId, created from the row when neither the study nor an earlier row has
    // it; its article and requirement must be the same on every row that gives them. Only the current
    // document (rows usually come grouped by document) is kept, with its texts; another one is read
    // back from the study.
    Id document(const std::string &externalId, const std::string *article, const std::string *requirement)
    {
        if (!m_current || m_current->externalId != externalId) {
            m_findDocument.reset();
            m_findDocument.bindAll(externalId);
            if (m_findDocument.step()) {
                const Id id = m_findDocument.int64At(0);
                m_current = CurrentDocument{
                    externalId, id, m_findDocument.textAt(1), m_findDocument.optionalTextAt(2), id > m_documentsBefore,
                    0};
                m_findDocument.reset();
            } else {
                m_findDocument.reset();
                if (!article)
                    fail("document " + inQuotes(externalId) + " is not in the study, and this row has no article",
                         "article");
                model::Document d;
                d.externalId = externalId;
                d.source = *article;
                if (requirement)
                    d.requirement = *requirement;
                const Id id = m_study.addDocument(d);
                ++m_report.documents;
                m_current = CurrentDocument{externalId, id, d.source, d.requirement, true, m_line};
                return id;
            }
        }
        const CurrentDocument &seen = *m_current;
        if ((article && *article != seen.source)
            || (requirement && (!seen.requirement || *requirement != *seen.requirement))) {
            std::string where("in the study");
            if (seen.addedHere) {
                // The first row that named the document created it.
                const auto line = seen.line > 0 ? std::optional<long>(seen.line) : firstLineWhere([&](const Row &row) {
                    const std::string *doc = cell(row, m_doc);
                    return doc && *doc == externalId;
                });
                where = line ? "on line " + std::to_string(*line) : std::string("earlier in the file");
            }
            if (article && *article != seen.source)
                fail("document " + inQuotes(externalId) + " has a different article " + where, "article");
            fail("document " + inQuotes(externalId) + " has a different requirement " + where, "requirement");
        }
        return seen.id;
    }

    // The candidate of system on the document; with summary it is created, or must have that text.
    Id candidate(Id docId, const std::string &docExt, const std::string &system, const std::string *summary)
    {
        if (!summary) {
            if (const auto systemId = knownSystem(system)) {
                m_sameCandidate.reset();
                m_sameCandidate.bindAll(docId, *systemId, nullptr);
                if (m_sameCandidate.step()) {
                    const Id id = m_sameCandidate.int64At(0);
                    m_sameCandidate.reset();
                    return id;
                }
                m_sameCandidate.reset();
            }
            fail("document " + inQuotes(docExt) + " has no summary by system " + inQuotes(system), "system");
        }
        const Id systemId = ensureSystem(system);
        store::Statement &insert = m_insertCandidate.statement();
        insert.reset();
        // The summary is the current row's cell, there until the next row is read.
        insert.bind(1, docId).bind(2, systemId).bindUnowned(3, *summary);
        if (const std::optional<Id> added = m_insertCandidate.run()) {
            insert.reset();
            ++m_report.candidates;
            // A team study draws a new summary's id at random, perhaps below those there were.
            if (*added <= m_candidatesBefore)
                m_addedAmongOld.insert(*added);
            return *added;
        }
        insert.reset();
        m_sameCandidate.reset();
        m_sameCandidate.bindAll(docId, systemId, *summary);
        if (!m_sameCandidate.step())
            fail("a summary was neither added nor found", "summary");
        const Id id = m_sameCandidate.int64At(0);
        const bool same = m_sameCandidate.int64At(1) != 0;
        m_sameCandidate.reset();
        if (!same)
            fail("system " + inQuotes(system) + " already has a different summary of document " + inQuotes(docExt),
                 "summary");
        return id;
    }

    std::optional<Id> knownSystem(const std::string &name)
    {
        if (const auto it = m_systems.find(name); it != m_systems.end())
            return it->second;
        const auto id = m_study.systemId(name);
        if (id)
            m_systems.emplace(name, *id);
        return id;
    }

    Id ensureSystem(const std::string &name)
    {
        if (const auto it = m_systems.find(name); it != m_systems.end())
            return it->second;
        if (!m_study.systemId(name))
            ++m_report.systems;
        return m_systems.emplace(name, m_study.ensureSystem(name)).first->second;
    }

    const model::Dimension &dimension(const std::string &name, const std::string &field)
    {
        auto it = m_dimensions.find(name);
        if (it == m_dimensions.end()) {
            model::Dimension d;
            d.name = name;
            d.kind = model::DimensionKind::Likert;
            d.scaleMin = 1;
            d.scaleMax = 5;
            d.id = m_study.ensureDimension(d);
            ++m_report.dimensions;
            it = m_dimensions.emplace(name, d).first;
        }
        const model::Dimension &d = it->second;
        if (d.kind != model::DimensionKind::Likert && d.kind != model::DimensionKind::Binary)
            fail("dimension " + inQuotes(name) + " is a " + std::string(model::toString(d.kind))
                     + " dimension and takes no ratings",
                 field);
        return d;
    }

    Id rater(const std::string &name, const std::string *group)
    {
        if (auto it = m_raters.find(name); it != m_raters.end())
            return it->second;
        // A rater already in the study is reused as it is, judge or human.
        if (auto existing = m_study.raterId(name))
            return m_raters.emplace(name, *existing).first->second;
        model::Rater r;
        r.name = name;
        r.kind = model::RaterKind::Human;
        r.group = group ? *group : std::string();
        const Id id = m_study.ensureRater(r);
        ++m_report.raters;
        return m_raters.emplace(name, id).first->second;
    }

    // The document the rows are at, with its texts exactly as stored.
    struct CurrentDocument {
        std::string externalId;
        Id id = 0;
        std::string source;
        std::optional<std::string> requirement;
        bool addedHere = false; // by this import, not in the study before
        long line = 0;          // the row that added it, when known without reading the file again
    };

    store::Study &m_study;
    std::string m_path;
    int m_doc = -1, m_article = -1, m_requirement = -1, m_system = -1, m_summary = -1, m_rater = -1, m_group = -1,
        m_dimension = -1, m_value = -1;
    std::vector<std::size_t> m_scores;
    ImportReport m_report;
    std::optional<CurrentDocument> m_current;
    Id m_documentsBefore = 0;
    Id m_ratersBefore = 0;
    Id m_candidatesBefore = 0;
    // Summaries this import added with an id below m_candidatesBefore.
    std::unordered_set<Id> m_addedAmongOld;
    bool m_touchedTable = false;
    // Systems, dimensions and raters: few however long the file is.
    std::map<std::string, Id, std::less<>> m_systems;
    std::map<std::string, model::Dimension, std::less<>> m_dimensions;
    std::map<std::string, Id, std::less<>> m_raters;
    // Prepared once for the import: the rows' hot statements.
    store::Statement m_findDocument;
    store::RowInsert m_insertCandidate;
    store::Statement m_sameCandidate;
    store::Statement m_insertRating;
};

// A Concord export is read by its own columns: a mapping may only name them as they are.
bool readsColumnsAsNamed(const ColumnMapping &mapping)
{
    if (mapping.skipMissingColumns)
        return true;
    for (const auto &[field, column] : mapping.columns)
        if (field != column)
            return false;
    return true;
}

// A Concord export is known by its first record, and read on from there by its own importer.
bool isConcordExport(const RowReader &reader, TableFormat format, bool found)
{
    return found
           && (format == TableFormat::Csv
                   ? LongExportImporter::isLongExportHeader(reader.header())
                   : format == TableFormat::Jsonl && LongExportImporter::isLongExportObject(reader.firstObject()));
}

void checkExportMapping(const ColumnMapping &mapping)
{
    if (!readsColumnsAsNamed(mapping))
        fail("the file is a Concord export, which is read by its own columns; leave out the column mapping");
    if (mapping.fixedRater)
        fail("the file is a Concord export, which names the rater of each judgement; leave out one rater for every "
             "rating (--rater NAME)",
             "rater");
}

// An error met reading the table, with the line it was met on; an error that names a file of its own
// (a read error) has no row of the table to name.
Failure onLine(const Failure &failure, long line)
{
    Error e = failure.error();
    if (e.line == 0 && e.file.empty() && e.message != ImportProgress::cancelledMessage())
        e.line = line;
    return Failure(std::move(e));
}

Error inFile(Error error, const std::string &path)
{
    if (error.file.empty() && error.message != ImportProgress::cancelledMessage())
        error.file = path;
    return error;
}

// The import, kept (importFile) or run on a private copy of the study and thrown away (checkFile).
Result<ImportReport> runImport(store::Study &study, const std::string &path, TableFormat format,
                               const ColumnMapping &mapping, ImportProgress progress, bool keep)
{
    if (mapping.columns.empty())
        return Error{"the column mapping is empty", path, 0, {}};
    std::optional<ImportReport> report;
    const auto importInto = [&](store::Study &target) {
        ByteSource source = ByteSource::fromFile(path);
        progress.attach(source);
        TableImport import(target, mapping, path, format);
        RowReader reader(source, format, import.columns(), import.skipsMissing());
        try {
            const bool found = reader.start();
            if (isConcordExport(reader, format, found)) {
                checkExportMapping(mapping);
                report = format == TableFormat::Csv
                             ? LongExportImporter::importCsv(target, reader.csv(), reader.header())
                             : LongExportImporter::importJsonl(target, reader.jsonl(), reader.firstObject());
            } else {
                import.import(reader, found);
                report = import.report();
            }
        } catch (const Failure &f) {
            throw onLine(f, import.line());
        }
        progress.fileDone(source);
    };
    Status status;
    if (keep) {
        const ImportCache cache(study.database());
        status = study.write([&] { importInto(study); });
    } else {
        // A check of a big file takes as long as its import: on the study itself it would hold the write
        // lock all that time and make every other writer (a judge run, concord-cli) fail as busy. On a
        // private copy of the study it meets the same errors, the study's contents included, and the
        // study is only read while it is copied.
        status = captureStatus([&] {
            store::StudyCopy copy(study);
            store::Study &scratch = copy.study();
            const ImportCache cache(scratch.database());
            const store::Transaction transaction(scratch.database()); // never committed
            importInto(scratch);
        });
    }
    if (!status)
        return inFile(status.error(), path);
    return *report;
}

bool isNumber(std::string_view text)
{
    const std::string_view t = trim(text);
    double value = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
    return ec == std::errc() && end == t.data() + t.size() && std::isfinite(value);
}

bool namedScore(std::string_view column)
{
    constexpr std::string_view score = "score";
    return column.size() == score.size() && std::equal(column.begin(), column.end(), score.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           });
}

} // namespace

std::optional<TableFormat> tableFormatFromName(std::string_view name)
{
    if (name == "jsonl")
        return TableFormat::Jsonl;
    if (name == "csv")
        return TableFormat::Csv;
    if (name == "tsv")
        return TableFormat::Tsv;
    return std::nullopt;
}

Result<ColumnMapping> ColumnMapping::parse(std::string_view spec)
{
    ColumnMapping mapping;
    std::size_t pos = 0;
    while (pos <= spec.size()) {
        const auto comma = spec.find(',', pos);
        const std::string_view entry
            = trim(spec.substr(pos, comma == std::string_view::npos ? spec.npos : comma - pos));
        pos = comma == std::string_view::npos ? spec.size() + 1 : comma + 1;
        if (entry.empty())
            return Error{"empty entry in the column mapping (expected field=column)", {}, 0, {}};
        const auto eq = entry.find('=');
        if (eq == std::string_view::npos)
            return Error{"mapping entry " + inQuotes(entry) + " has no '=' (expected field=column)", {}, 0, {}};
        const std::string field(trim(entry.substr(0, eq)));
        const std::string column(trim(entry.substr(eq + 1)));
        if (!isKnownField(field))
            return Error{"unknown field " + inQuotes(field) + " in mapping entry " + inQuotes(entry)
                             + " (fields: doc_id, article, requirement, system, summary, rater, group, dimension, "
                               "value, score.NAME)",
                         {},
                         0,
                         field};
        if (column.empty())
            return Error{"mapping entry " + inQuotes(entry) + " names no column", {}, 0, field};
        if (!mapping.columns.emplace(field, column).second)
            return Error{"field " + inQuotes(field) + " is mapped twice", {}, 0, field};
    }
    return mapping;
}

ColumnMapping ColumnMapping::identity()
{
    ColumnMapping mapping;
    for (const auto field : kFields)
        mapping.columns.emplace(std::string(field), std::string(field));
    mapping.skipMissingColumns = true;
    return mapping;
}

const std::vector<std::string> &ColumnMapping::fields()
{
    static const std::vector<std::string> names(kFields.begin(), kFields.end());
    return names;
}

Result<ImportReport> TableImporter::importFile(store::Study &study, const std::string &path, TableFormat format,
                                               const ColumnMapping &mapping, ImportProgress progress)
{
    return runImport(study, path, format, mapping, std::move(progress), true);
}

Result<ImportReport> TableImporter::checkFile(store::Study &study, const std::string &path, TableFormat format,
                                              const ColumnMapping &mapping, ImportProgress progress)
{
    return runImport(study, path, format, mapping, std::move(progress), false);
}

Result<std::vector<std::string>> TableImporter::columnsOf(const std::string &path, TableFormat format,
                                                          std::size_t maxRecords)
{
    auto columns = capture([&] {
        ByteSource source = ByteSource::fromFile(path);
        std::vector<std::string> names;
        const auto add = [&names](std::string_view name) {
            if (std::find(names.begin(), names.end(), name) == names.end())
                names.emplace_back(name);
        };
        if (format == TableFormat::Jsonl) {
            JsonlReader reader(source);
            json object;
            try {
                for (std::size_t n = 0; n < maxRecords && reader.next(object); ++n)
                    for (const auto &item : object.items())
                        add(item.key());
            } catch (const Failure &f) {
                throw onLine(f, reader.line());
            }
        } else {
            // Named as the importer matches a mapping's columns against the header: trimmed.
            CsvReader reader(source, format == TableFormat::Tsv ? '\t' : ',');
            CsvRecord header;
            if (reader.next(header))
                for (const auto &name : header.fields)
                    add(trim(name));
        }
        return names;
    });
    if (!columns)
        return inFile(columns.error(), path);
    return columns;
}

TablePreview TableImporter::preview(const std::string &path, TableFormat format, const ColumnMapping &mapping,
                                    std::size_t maxRows)
{
    TablePreview preview;
    MappedTable table(mapping, format);
    std::vector<TablePreview::Row> rows;
    const Status status = captureStatus([&] {
        if (mapping.columns.empty())
            fail("the column mapping is empty");
        ByteSource source = ByteSource::fromFile(path);
        RowReader reader(source, format, table.columns(), table.skipsMissing());
        try {
            const bool found = reader.start();
            if (isConcordExport(reader, format, found)) {
                preview.concordExport = true;
                checkExportMapping(mapping);
                return;
            }
            const auto keep = [&rows](const Row &row) {
                TablePreview::Row kept;
                kept.line = row.line;
                for (const std::string *cell : row.cells)
                    kept.cells.push_back(cell ? std::optional<std::string>(*cell) : std::nullopt);
                rows.push_back(std::move(kept));
            };
            if (maxRows > 0)
                table.read(reader, found, keep, static_cast<long>(maxRows));
        } catch (const Failure &f) {
            throw onLine(f, table.line());
        }
    });
    if (!status)
        preview.error = inFile(status.error(), path);

    // The fields in the order of ColumnMapping::fields(), then the score columns; only those some row has.
    const auto &fields = table.fields();
    const auto rank = [&](std::size_t f) {
        const auto known = std::find(kFields.begin(), kFields.end(), fields[f]);
        return std::pair(static_cast<std::size_t>(known - kFields.begin()), fields[f]);
    };
    std::vector<std::size_t> order;
    for (std::size_t f = 0; f < fields.size(); ++f)
        if (std::any_of(rows.begin(), rows.end(),
                        [f](const TablePreview::Row &row) { return row.cells[f].has_value(); }))
            order.push_back(f);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
    for (const std::size_t f : order)
        preview.fields.push_back(fields[f]);
    for (auto &row : rows) {
        TablePreview::Row shown;
        shown.line = row.line;
        for (const std::size_t f : order)
            shown.cells.push_back(std::move(row.cells[f]));
        preview.rows.push_back(std::move(shown));
    }
    return preview;
}

std::vector<std::string> TableImporter::scoreLikeColumns(const std::string &path, TableFormat format,
                                                         const std::vector<std::string> &dimensions,
                                                         std::size_t maxRows)
{
    const auto columns = columnsOf(path, format);
    if (!columns)
        return {};
    std::vector<std::string> named;
    for (const std::string &column : columns.value())
        if (std::find(kFields.begin(), kFields.end(), column) == kFields.end()
            && (namedScore(column) || std::find(dimensions.begin(), dimensions.end(), column) != dimensions.end()))
            named.push_back(column);
    if (named.empty())
        return {};
    // Each named column's verdict from the rows read: a number seen, or a cell that is none.
    std::vector<bool> numbers(named.size(), false), other(named.size(), false);
    try {
        ByteSource source = ByteSource::fromFile(path);
        RowReader reader(source, format, named, true);
        if (reader.start()) {
            if (format != TableFormat::Jsonl)
                reader.mapHeader(named);
            Row row;
            for (std::size_t n = 0; n < maxRows && reader.next(row, named); ++n)
                for (std::size_t c = 0; c < named.size(); ++c)
                    if (const std::string *cell = row.cells[c]; cell && !trim(*cell).empty())
                        (isNumber(*cell) ? numbers : other)[c] = true;
        }
    } catch (const Failure &) {
        // A row the import would refuse: the rows before it decide.
    }
    std::vector<std::string> scores;
    for (std::size_t c = 0; c < named.size(); ++c)
        if (numbers[c] && !other[c])
            scores.push_back(named[c]);
    return scores;
}

} // namespace concord::io
