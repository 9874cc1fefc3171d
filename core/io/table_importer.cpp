// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/table_importer.h"

#include "io/csv_reader.h"
#include "io/jsonl_reader.h"
#include "io/long_export_importer.h"
#include "io/text_file.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
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

// One mapped field of a row, by position in Rows::fields.
struct Row {
    long line = 0;
    std::vector<std::optional<std::string>> cells;
};

class TableImport {
public:
    TableImport(store::Study &study, const ColumnMapping &mapping)
        : m_study(study)
    {
        for (const auto &[field, column] : mapping.columns) {
            m_fields.push_back(field);
            m_columns.push_back(column);
        }
        m_skipMissing = mapping.skipMissingColumns;
        for (auto &d : study.dimensions())
            m_dimensions.emplace(d.name, d);
    }

    void importCsv(std::string_view text, char delimiter)
    {
        CsvReader reader(text, delimiter);
        CsvRecord record;
        if (!reader.next(record))
            fail("no records: the file is empty");
        const auto header = record.fields;
        m_line = record.line;
        std::vector<std::string> names;
        for (const auto &h : header)
            names.emplace_back(trim(h));
        reader.setColumnNames(std::move(names));
        std::vector<int> index(m_fields.size(), -1);
        for (std::size_t f = 0; f < m_fields.size(); ++f) {
            for (std::size_t h = 0; h < header.size(); ++h) {
                if (trim(header[h]) != m_columns[f])
                    continue;
                if (index[f] >= 0)
                    fail("column " + inQuotes(m_columns[f]) + " appears twice in the header", m_fields[f]);
                index[f] = static_cast<int>(h);
            }
            if (index[f] < 0 && !m_skipMissing)
                fail("column " + inQuotes(m_columns[f]) + " is not in the header", m_fields[f]);
        }
        checkMapping(index);
        long rows = 0;
        Row row;
        while (true) {
            m_line = 0;
            if (!reader.next(record))
                break;
            m_line = record.line;
            if (record.fields.size() != header.size())
                fail("the row has " + std::to_string(record.fields.size()) + " fields, the header "
                     + std::to_string(header.size()));
            row.line = record.line;
            row.cells.assign(m_fields.size(), std::nullopt);
            for (std::size_t f = 0; f < m_fields.size(); ++f)
                if (index[f] >= 0)
                    row.cells[f] = std::move(record.fields[static_cast<std::size_t>(index[f])]);
            importRow(row);
            ++rows;
        }
        if (rows == 0)
            fail("no records: the file has a header but no rows");
        m_report.linesRead = rows;
    }

    void importJsonl(std::string_view text)
    {
        JsonlReader reader(text);
        json object;
        long rows = 0;
        Row row;
        while (true) {
            m_line = 0;
            if (!reader.next(object))
                break;
            m_line = reader.line();
            row.line = m_line;
            row.cells.assign(m_fields.size(), std::nullopt);
            for (std::size_t f = 0; f < m_fields.size(); ++f) {
                const auto it = object.find(m_columns[f]);
                if (it == object.end()) {
                    if (!m_skipMissing)
                        fail("missing field " + inQuotes(m_columns[f]), m_fields[f]);
                    continue;
                }
                row.cells[f] = cellText(*it, m_fields[f]);
            }
            if (rows == 0)
                checkMapping(std::vector<int>(m_fields.size(), 0));
            importRow(row);
            ++rows;
        }
        if (rows == 0)
            fail("no records: the file holds no JSON lines");
        m_report.linesRead = rows;
    }

    long line() const { return m_line; }
    const ImportReport &report() const { return m_report; }

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
        if (hasScore && !hasRater)
            fail("score columns need a rater column (rater=COLUMN)", "rater");
    }

    const std::string *cell(const Row &row, std::string_view field) const
    {
        for (std::size_t f = 0; f < m_fields.size(); ++f)
            if (m_fields[f] == field)
                return row.cells[f] && !row.cells[f]->empty() ? &*row.cells[f] : nullptr;
        return nullptr;
    }

    void importRow(const Row &row)
    {
        const std::string *docExt = cell(row, "doc_id");
        if (!docExt)
            fail("every row needs a document id", "doc_id");
        const Id docId = document(*docExt, cell(row, "article"), cell(row, "requirement"));

        const std::string *system = cell(row, "system");
        const std::string *summary = cell(row, "summary");
        std::optional<Id> candidateId;
        if (summary) {
            if (!system)
                fail("a summary needs the system that wrote it", "system");
            candidateId = candidate(docId, *docExt, *system, summary);
        }

        const std::string *value = cell(row, "value");
        if (value) {
            const std::string *dimension = cell(row, "dimension");
            if (!dimension)
                fail("a rating needs a dimension", "dimension");
            rate(row, docId, *docExt, system, candidateId, *dimension, *value, "value");
        }
        for (std::size_t f = 0; f < m_fields.size(); ++f) {
            if (!m_fields[f].starts_with(kScorePrefix) || !row.cells[f] || row.cells[f]->empty())
                continue;
            rate(row, docId, *docExt, system, candidateId, m_fields[f].substr(kScorePrefix.size()), *row.cells[f],
                 m_fields[f]);
        }
    }

    void rate(const Row &row, Id docId, const std::string &docExt, const std::string *system,
              std::optional<Id> &candidateId, const std::string &dimensionName, const std::string &text,
              const std::string &field)
    {
        const std::string *raterName = cell(row, "rater");
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
        const Id raterId = rater(*raterName, cell(row, "group"));
        const auto key = std::tuple{raterId, *candidateId, dim.id};
        if (const auto [it, added] = m_rated.emplace(key, row.line); !added)
            fail("rater " + inQuotes(*raterName) + " rates this summary on " + inQuotes(dim.name)
                     + " twice (first on line " + std::to_string(it->second) + ")",
                 field);
        m_study.setRating(raterId, *candidateId, dim.id, value);
        ++m_report.ratings;
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

    Id document(const std::string &externalId, const std::string *article, const std::string *requirement)
    {
        auto it = m_documents.find(externalId);
        if (it == m_documents.end()) {
            if (const auto existing = m_study.documentId(externalId)) {
                auto stored = m_study.document(*existing).value();
                it = m_documents.emplace(externalId, DocumentSeen{*existing, stored.source, stored.requirement, 0})
                         .first;
            } else {
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
                m_documents.emplace(externalId, DocumentSeen{id, d.source, d.requirement, m_line});
                return id;
            }
        }
        const DocumentSeen &seen = it->second;
        const std::string where = seen.line > 0 ? "on line " + std::to_string(seen.line) : std::string("in the study");
        if (article && *article != seen.source)
            fail("document " + inQuotes(externalId) + " has a different article " + where, "article");
        if (requirement && (!seen.requirement || *requirement != *seen.requirement))
            fail("document " + inQuotes(externalId) + " has a different requirement " + where, "requirement");
        return seen.id;
    }

    // The candidate of system on the document; with summary it is created, or must have that text.
    Id candidate(Id docId, const std::string &docExt, const std::string &system, const std::string *summary)
    {
        auto &byDoc = candidatesOf(docId);
        if (const auto it = byDoc.find(system); it != byDoc.end()) {
            if (summary && *summary != it->second.second)
                fail("system " + inQuotes(system) + " already has a different summary of document " + inQuotes(docExt),
                     "summary");
            return it->second.first;
        }
        if (!summary)
            fail("document " + inQuotes(docExt) + " has no summary by system " + inQuotes(system), "system");
        auto sys = m_systems.find(system);
        if (sys == m_systems.end()) {
            if (!m_study.systemId(system))
                ++m_report.systems;
            sys = m_systems.emplace(system, m_study.ensureSystem(system)).first;
        }
        const Id id = m_study.addCandidate(docId, sys->second, *summary);
        ++m_report.candidates;
        byDoc.emplace(system, std::pair{id, *summary});
        return id;
    }

    std::map<std::string, std::pair<Id, std::string>> &candidatesOf(Id docId)
    {
        if (auto it = m_candidates.find(docId); it != m_candidates.end())
            return it->second;
        auto &byDoc = m_candidates[docId];
        const auto existing = m_study.candidatesOf(docId);
        if (!existing.empty()) {
            std::map<Id, std::string> names;
            for (const auto &s : m_study.systems())
                names.emplace(s.id, s.name);
            for (const auto &c : existing)
                byDoc.emplace(names[c.systemId], std::pair{c.id, c.text});
        }
        return byDoc;
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

    struct DocumentSeen {
        Id id;
        std::string source;
        std::optional<std::string> requirement;
        long line; // where this import created it; 0 when it was in the study
    };

    store::Study &m_study;
    std::vector<std::string> m_fields;
    std::vector<std::string> m_columns;
    bool m_skipMissing = false;
    long m_line = 0;
    ImportReport m_report;
    std::map<std::string, DocumentSeen> m_documents;
    std::map<std::string, Id> m_systems;
    std::map<Id, std::map<std::string, std::pair<Id, std::string>>> m_candidates;
    std::map<std::string, model::Dimension> m_dimensions;
    std::map<std::string, Id> m_raters;
    std::map<std::tuple<Id, Id, Id>, long> m_rated;
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

Result<ImportReport> TableImporter::importFile(store::Study &study, const std::string &path, TableFormat format,
                                               const ColumnMapping &mapping, [[maybe_unused]] ImportProgress progress)
{
    if (mapping.columns.empty())
        return Error{"the column mapping is empty", path, 0, {}};
    TableImport import(study, mapping);
    std::optional<ImportReport> exportReport;
    const Status status = study.write([&] {
        const std::string text = TextFile::read(path);
        if (LongExportImporter::isLongExport(text, format)) {
            if (!readsColumnsAsNamed(mapping))
                fail("the file is a Concord export, which is read by its own columns; leave out the column mapping");
            exportReport = LongExportImporter::importText(study, text, format);
            return;
        }
        try {
            if (format == TableFormat::Jsonl)
                import.importJsonl(text);
            else
                import.importCsv(text, format == TableFormat::Tsv ? '\t' : ',');
        } catch (const Failure &f) {
            Error e = f.error();
            if (e.line == 0)
                e.line = import.line();
            throw Failure(std::move(e));
        }
    });
    if (!status) {
        Error error = status.error();
        if (error.file.empty())
            error.file = path;
        return error;
    }
    return exportReport ? *exportReport : import.report();
}

} // namespace concord::io
