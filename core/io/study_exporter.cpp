// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/study_exporter.h"

#include "io/long_export_format.h"
#include "model/json_text.h"
#include "store/study.h"
#include "store/study_files.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace concord::io {

namespace {

using nlohmann::ordered_json;

// One row in long format. Cells that do not apply stay empty (null in JSONL).
struct ExportRow {
    std::string kind, docId, system, dimension, rater, group, raterKind;
    std::optional<double> value;
    std::optional<std::int64_t> start, end;
    std::string quote, note, systemB, shownOrder, outcome, text;
    std::optional<std::vector<std::string>> shownSystems; // a presentation order: the systems as shown
    std::optional<std::int64_t> unit;
    std::optional<std::uint64_t> seed;
    std::optional<ordered_json> data; // an item's attributes beyond its text
};

std::string number(double value)
{
    // Shortest text that reads back as the same double.
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

std::string dump(const ordered_json &value)
{
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A CSV cell: quoted when RFC 4180 needs it; free text also gets the formula guard (our numbers and
// JSON never start with a formula character).
void appendCell(std::string &out, std::string_view text, bool guardFormula)
{
    const bool guard = guardFormula && needsFormulaGuard(text);
    const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos;
    if (quote)
        out.push_back('"');
    if (guard)
        out.push_back('\'');
    for (const char c : text) {
        if (c == '"')
            out.push_back('"');
        out.push_back(c);
    }
    if (quote)
        out.push_back('"');
}

void appendText(std::string &out, std::string_view text)
{
    appendCell(out, text, true);
}

// Writes to a temporary file next to the target and renames it over the target at the end, so a
// failed export leaves no half-written file behind.
class AtomicFile {
public:
    explicit AtomicFile(const std::string &path)
        : m_path(path)
        , m_tempPath(path + ".tmp-XXXXXX")
    {
        const int fd = ::mkstemp(m_tempPath.data());
        if (fd < 0)
            fail("cannot write " + path + ": " + std::strerror(errno));
        ::fchmod(fd, 0644);
        m_file = ::fdopen(fd, "wb");
        if (!m_file) {
            ::close(fd);
            ::unlink(m_tempPath.c_str());
            fail("cannot write " + path + ": " + std::strerror(errno));
        }
    }
    ~AtomicFile()
    {
        if (m_file)
            std::fclose(m_file);
        if (!m_committed)
            ::unlink(m_tempPath.c_str());
    }
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    void write(std::string_view data)
    {
        if (!data.empty() && std::fwrite(data.data(), 1, data.size(), m_file) != data.size())
            fail("cannot write " + m_path + ": " + std::strerror(errno));
    }

    void commit()
    {
        if (std::fflush(m_file) != 0 || ::fsync(::fileno(m_file)) != 0)
            fail("cannot write " + m_path + ": " + std::strerror(errno));
        const int rc = std::fclose(m_file);
        m_file = nullptr;
        if (rc != 0)
            fail("cannot write " + m_path + ": " + std::strerror(errno));
        if (std::rename(m_tempPath.c_str(), m_path.c_str()) != 0)
            fail("cannot replace " + m_path + ": " + std::strerror(errno));
        m_committed = true;
    }

private:
    std::string m_path;
    std::string m_tempPath;
    std::FILE *m_file = nullptr;
    bool m_committed = false;
};

class RowWriter {
public:
    RowWriter(AtomicFile &file, ExportFormat format)
        : m_file(file)
        , m_format(format)
    {
        if (m_format == ExportFormat::Csv) {
            for (std::size_t i = 0; i < kLongExportColumns.size(); ++i)
                m_buffer.append(i ? "," : "").append(kLongExportColumns[i]);
            m_buffer.append("\r\n");
        }
    }

    void add(const ExportRow &row)
    {
        if (m_format == ExportFormat::Csv)
            addCsv(row);
        else
            addJson(row);
        ++m_rows;
        if (m_buffer.size() > (1u << 20)) {
            m_file.write(m_buffer);
            m_buffer.clear();
        }
    }

    void finish()
    {
        m_file.write(m_buffer);
        m_buffer.clear();
    }

    std::int64_t rows() const { return m_rows; }

private:
    void addCsv(const ExportRow &r)
    {
        std::string &o = m_buffer;
        o.append(r.kind).push_back(',');
        appendText(o, r.docId);
        o.push_back(',');
        appendText(o, r.system);
        o.push_back(',');
        appendText(o, r.dimension);
        o.push_back(',');
        appendText(o, r.rater);
        o.push_back(',');
        appendText(o, r.group);
        o.push_back(',');
        o.append(r.raterKind).push_back(',');
        // Numbers are ours, not text from a file: -0.5 stays a number and gets no guard.
        if (r.value)
            o.append(number(*r.value));
        o.push_back(',');
        if (r.start)
            o.append(std::to_string(*r.start));
        o.push_back(',');
        if (r.end)
            o.append(std::to_string(*r.end));
        o.push_back(',');
        appendText(o, r.quote);
        o.push_back(',');
        appendText(o, r.note);
        o.push_back(',');
        appendText(o, r.systemB);
        o.push_back(',');
        if (r.shownSystems)
            appendCell(o, dump(ordered_json(*r.shownSystems)), false);
        else
            o.append(r.shownOrder);
        o.push_back(',');
        o.append(r.outcome).push_back(',');
        appendText(o, r.text);
        o.push_back(',');
        if (r.unit)
            o.append(std::to_string(*r.unit));
        o.push_back(',');
        if (r.seed)
            o.append(std::to_string(*r.seed));
        o.push_back(',');
        if (r.data)
            appendCell(o, dump(*r.data), false);
        o.append("\r\n");
    }

    void addJson(const ExportRow &r)
    {
        const auto text = [](const std::string &s) { return s.empty() ? ordered_json() : ordered_json(s); };
        // A judgement always names its document and rater (and the rater's group, even when empty);
        // the items name what they are.
        const bool hasRater = !r.rater.empty();
        ordered_json o;
        o["kind"] = r.kind;
        o["doc_id"] = text(r.docId);
        o["system"] = text(r.system);
        o["dimension"] = text(r.dimension);
        o["rater"] = hasRater ? ordered_json(r.rater) : ordered_json();
        o["group"] = hasRater ? ordered_json(r.group) : ordered_json();
        o["rater_kind"] = hasRater ? ordered_json(r.raterKind) : ordered_json();
        o["value"] = r.value ? ordered_json(*r.value) : ordered_json();
        o["start"] = r.start ? ordered_json(*r.start) : ordered_json();
        o["end"] = r.end ? ordered_json(*r.end) : ordered_json();
        o["quote"] = text(r.quote);
        o["note"] = text(r.note);
        o["system_b"] = text(r.systemB);
        o["shown_order"] = r.shownSystems ? ordered_json(*r.shownSystems) : text(r.shownOrder);
        o["outcome"] = text(r.outcome);
        o["text"] = text(r.text);
        o["unit"] = r.unit ? ordered_json(*r.unit) : ordered_json();
        // The seed is a 64-bit number: as text, so that no reader rounds it to a double.
        o["seed"] = r.seed ? ordered_json(std::to_string(*r.seed)) : ordered_json();
        o["data"] = r.data ? *r.data : ordered_json();
        m_buffer.append(dump(o)).push_back('\n');
    }

    AtomicFile &m_file;
    ExportFormat m_format;
    std::string m_buffer;
    std::int64_t m_rows = 0;
};

ordered_json parsedJson(const std::string &text, ordered_json fallback)
{
    auto parsed = model::JsonText::parseOrderedOrDiscarded(text);
    return parsed.is_discarded() ? fallback : parsed;
}

// The items in the study's own order (dimensions by position, everything else by when it was added),
// so that importing them into a new study gives it the same order.
void exportItems(store::Study &study, RowWriter &writer)
{
    store::Database &db = study.database();
    {
        auto s = db.prepare(
            "SELECT name, kind, scale_min, scale_max, labels, definition FROM dimensions ORDER BY position, id");
        while (s.step()) {
            ExportRow row;
            row.kind = "dimension";
            row.dimension = s.textAt(0);
            row.text = s.textAt(5);
            ordered_json data;
            data["kind"] = s.textAt(1);
            data["min"] = s.doubleAt(2);
            data["max"] = s.doubleAt(3);
            data["labels"] = parsedJson(s.textAt(4), ordered_json::array());
            row.data = std::move(data);
            writer.add(row);
        }
    }
    {
        auto s = db.prepare("SELECT name, grp, kind, provider, model, protocol, params FROM raters ORDER BY id");
        while (s.step()) {
            ExportRow row;
            row.kind = "rater";
            row.rater = s.textAt(0);
            row.group = s.textAt(1);
            row.raterKind = s.textAt(2);
            ordered_json data;
            data["provider"] = s.textAt(3);
            data["model"] = s.textAt(4);
            data["protocol"] = s.textAt(5);
            data["params"] = parsedJson(s.textAt(6), ordered_json::object());
            row.data = std::move(data);
            writer.add(row);
        }
    }
    {
        auto s = db.prepare("SELECT external_id, source, requirement, refs, scus, metadata FROM documents ORDER BY id");
        while (s.step()) {
            ExportRow row;
            row.kind = "document";
            row.docId = s.textAt(0);
            row.text = s.textAt(1);
            ordered_json data = ordered_json::object();
            // No requirement and an empty one are told apart: the key is left out for none.
            if (const auto requirement = s.optionalTextAt(2))
                data["requirement"] = *requirement;
            data["references"] = parsedJson(s.textAt(3), ordered_json::array());
            data["scus"] = parsedJson(s.textAt(4), ordered_json::array());
            data["metadata"] = parsedJson(s.textAt(5), ordered_json::object());
            row.data = std::move(data);
            writer.add(row);
        }
    }
    {
        auto s = db.prepare("SELECT name FROM systems ORDER BY id");
        while (s.step()) {
            ExportRow row;
            row.kind = "system";
            row.system = s.textAt(0);
            writer.add(row);
        }
    }
    {
        // By document and system, as the judgements below: a team study's summary ids are drawn at random.
        auto s = db.prepare(R"sql(
            SELECT d.external_id, y.name, c.text
            FROM candidates c
            JOIN documents d ON d.id = c.document_id
            JOIN systems y ON y.id = c.system_id
            ORDER BY d.id, y.id)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "summary";
            row.docId = s.textAt(0);
            row.system = s.textAt(1);
            row.text = s.textAt(2);
            writer.add(row);
        }
    }
}

void exportRows(store::Study &study, RowWriter &writer)
{
    store::Database &db = study.database();
    {
        auto s = db.prepare(R"sql(
            SELECT d.external_id, y.name, m.name, a.name, a.grp, a.kind, r.value
            FROM ratings r
            JOIN candidates c ON c.id = r.candidate_id
            JOIN documents d ON d.id = c.document_id
            JOIN systems y ON y.id = c.system_id
            JOIN dimensions m ON m.id = r.dimension_id
            JOIN raters a ON a.id = r.rater_id
            ORDER BY d.id, y.id, m.position, m.id, a.id)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "rating";
            row.docId = s.textAt(0);
            row.system = s.textAt(1);
            row.dimension = s.textAt(2);
            row.rater = s.textAt(3);
            row.group = s.textAt(4);
            row.raterKind = s.textAt(5);
            row.value = s.doubleAt(6);
            writer.add(row);
        }
    }
    {
        auto s = db.prepare(R"sql(
            SELECT d.external_id, y.name, m.name, a.name, a.grp, a.kind, k.rank
            FROM rankings k
            JOIN candidates c ON c.id = k.candidate_id
            JOIN documents d ON d.id = k.document_id
            JOIN systems y ON y.id = c.system_id
            JOIN dimensions m ON m.id = k.dimension_id
            JOIN raters a ON a.id = k.rater_id
            ORDER BY d.id, m.position, m.id, a.id, k.rank, y.id)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "rank";
            row.docId = s.textAt(0);
            row.system = s.textAt(1);
            row.dimension = s.textAt(2);
            row.rater = s.textAt(3);
            row.group = s.textAt(4);
            row.raterKind = s.textAt(5);
            row.value = static_cast<double>(s.int64At(6));
            writer.add(row);
        }
    }
    {
        auto s = db.prepare(R"sql(
            SELECT d.external_id, y.name, a.name, a.grp, a.kind, e.char_start, e.char_end, e.quote, e.note
            FROM error_spans e
            JOIN candidates c ON c.id = e.candidate_id
            JOIN documents d ON d.id = c.document_id
            JOIN systems y ON y.id = c.system_id
            JOIN raters a ON a.id = e.rater_id
            ORDER BY d.id, y.id, a.id, e.char_start, e.char_end, e.id)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "error_span";
            row.docId = s.textAt(0);
            row.system = s.textAt(1);
            row.rater = s.textAt(2);
            row.group = s.textAt(3);
            row.raterKind = s.textAt(4);
            row.start = s.int64At(5);
            row.end = s.int64At(6);
            row.quote = s.textAt(7);
            row.note = s.textAt(8);
            writer.add(row);
        }
    }
    {
        auto s = db.prepare(R"sql(
            SELECT d.external_id, ya.name, yb.name, m.name, a.name, a.grp, a.kind, p.shown_order, p.outcome
            FROM pairwise_outcomes p
            JOIN candidates ca ON ca.id = p.candidate_a
            JOIN candidates cb ON cb.id = p.candidate_b
            JOIN documents d ON d.id = ca.document_id
            JOIN systems ya ON ya.id = ca.system_id
            JOIN systems yb ON yb.id = cb.system_id
            JOIN dimensions m ON m.id = p.dimension_id
            JOIN raters a ON a.id = p.rater_id
            ORDER BY d.id, ya.id, yb.id, m.position, m.id, a.id, p.id)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "pairwise";
            row.docId = s.textAt(0);
            row.system = s.textAt(1);
            row.systemB = s.textAt(2);
            row.dimension = s.textAt(3);
            row.rater = s.textAt(4);
            row.group = s.textAt(5);
            row.raterKind = s.textAt(6);
            row.shownOrder = s.textAt(7);
            row.outcome = s.textAt(8);
            writer.add(row);
        }
    }
    {
        // dimension_id 0 is the explanation of the document as a whole: no dimension name.
        auto s = db.prepare(R"sql(
            SELECT d.external_id, COALESCE(m.name, ''), a.name, a.grp, a.kind, x.text
            FROM explanations x
            JOIN documents d ON d.id = x.document_id
            JOIN raters a ON a.id = x.rater_id
            LEFT JOIN dimensions m ON m.id = x.dimension_id
            ORDER BY d.id, COALESCE(m.position, -1), x.dimension_id, a.id)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "explanation";
            row.docId = s.textAt(0);
            row.dimension = s.textAt(1);
            row.rater = s.textAt(2);
            row.group = s.textAt(3);
            row.raterKind = s.textAt(4);
            row.text = s.textAt(5);
            writer.add(row);
        }
    }
    {
        // present is a 0/1 value, so that the mean over a summary's marks is its share of the units.
        auto s = db.prepare(R"sql(
            SELECT d.external_id, y.name, a.name, a.grp, a.kind, u.unit_index, u.present
            FROM unit_marks u
            JOIN candidates c ON c.id = u.candidate_id
            JOIN documents d ON d.id = c.document_id
            JOIN systems y ON y.id = c.system_id
            JOIN raters a ON a.id = u.rater_id
            ORDER BY d.id, y.id, a.id, u.unit_index)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "unit_mark";
            row.docId = s.textAt(0);
            row.system = s.textAt(1);
            row.rater = s.textAt(2);
            row.group = s.textAt(3);
            row.raterKind = s.textAt(4);
            row.unit = s.int64At(5);
            row.value = s.int64At(6) != 0 ? 1.0 : 0.0;
            writer.add(row);
        }
    }
    {
        // The stored order names candidates; the export names their systems.
        std::map<model::Id, std::string> systemOf;
        auto names = db.prepare("SELECT c.id, y.name FROM candidates c JOIN systems y ON y.id = c.system_id");
        while (names.step())
            systemOf.emplace(names.int64At(0), names.textAt(1));
        auto s = db.prepare(R"sql(
            SELECT d.external_id, a.name, a.grp, a.kind, p.seed, p.shown_order
            FROM presentation_orders p
            JOIN documents d ON d.id = p.document_id
            JOIN raters a ON a.id = p.rater_id
            ORDER BY d.id, a.id)sql");
        while (s.step()) {
            ExportRow row;
            row.kind = "presentation_order";
            row.docId = s.textAt(0);
            row.rater = s.textAt(1);
            row.group = s.textAt(2);
            row.raterKind = s.textAt(3);
            // Stored as SQLite's signed integer with the seed's bits.
            row.seed = static_cast<std::uint64_t>(s.int64At(4));
            std::vector<std::string> systems;
            const auto ids = parsedJson(s.textAt(5), ordered_json::array());
            for (const auto &id : ids) {
                const auto it = id.is_number_integer() ? systemOf.find(id.get<model::Id>()) : systemOf.end();
                if (it == systemOf.end())
                    fail("the presentation order of rater '" + row.rater + "' on document '" + row.docId
                         + "' names a summary that is not in the study");
                systems.push_back(it->second);
            }
            row.shownSystems = std::move(systems);
            writer.add(row);
        }
    }
}

} // namespace

std::optional<ExportFormat> exportFormatFromName(std::string_view name)
{
    if (name == "csv")
        return ExportFormat::Csv;
    if (name == "jsonl")
        return ExportFormat::Jsonl;
    return std::nullopt;
}

Result<ExportReport> StudyExporter::exportTo(store::Study &study, const std::string &path, ExportFormat format,
                                             const ExportOptions &options)
{
    if (const Status target = store::StudyFiles::checkWriteTarget(path, study.path()); !target)
        return target.error();
    auto result = capture([&]() -> ExportReport {
        if (path.empty())
            fail("no file to export to");
        AtomicFile file(path);
        RowWriter writer(file, format);
        // One read transaction, so the export is one consistent state of the study. A team study outside a
        // transaction has no SAVEPOINT: there it is one snapshot of the server (repeatable read).
        store::Database &db = study.database();
        const bool snapshot = db.isPostgres() && !db.inTransaction();
        db.exec(snapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY" : "SAVEPOINT concord_export");
        try {
            if (options.items)
                exportItems(study, writer);
            exportRows(study, writer);
        } catch (...) {
            try {
                if (snapshot) {
                    if (db.inTransaction())
                        db.exec("ROLLBACK");
                } else {
                    db.exec("ROLLBACK TO concord_export");
                    db.exec("RELEASE concord_export");
                }
            } catch (...) {
                // The first failure is the one to report (a lost connection has nothing left to end).
            }
            throw;
        }
        db.exec(snapshot ? "COMMIT" : "RELEASE concord_export");
        writer.finish();
        file.commit();
        return ExportReport{writer.rows()};
    });
    if (!result.ok()) {
        Error error = result.error();
        if (error.file.empty())
            error.file = path;
        return error;
    }
    return result;
}

} // namespace concord::io
