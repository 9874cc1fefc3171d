#include "io/study_exporter.h"

#include "store/study.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace concord::io {

namespace {

constexpr std::array<const char *, 16> kColumns{"kind", "doc_id", "system", "dimension", "rater", "group",
                                                "rater_kind", "value", "start", "end", "quote", "note",
                                                "system_b", "shown_order", "outcome", "text"};

// One judgement in long format. Cells that do not apply stay empty (null in JSONL).
struct ExportRow {
    std::string kind, docId, system, dimension, rater, group, raterKind;
    std::optional<double> value;
    std::optional<std::int64_t> start, end;
    std::string quote, note, systemB, shownOrder, outcome, text;
};

std::string number(double value)
{
    // Shortest text that reads back as the same double.
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

// A CSV cell of free text: quoted when RFC 4180 needs it, and with a leading apostrophe when a
// spreadsheet would otherwise run it as a formula.
void appendText(std::string &out, std::string_view text)
{
    const bool guard = !text.empty()
        && (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@' || text[0] == '\t' || text[0] == '\r');
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
            for (std::size_t i = 0; i < kColumns.size(); ++i)
                m_buffer.append(i ? "," : "").append(kColumns[i]);
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
        o.append(r.shownOrder).push_back(',');
        o.append(r.outcome).push_back(',');
        appendText(o, r.text);
        o.append("\r\n");
    }

    void addJson(const ExportRow &r)
    {
        using nlohmann::ordered_json;
        const auto text = [](const std::string &s) { return s.empty() ? ordered_json() : ordered_json(s); };
        ordered_json o;
        o["kind"] = r.kind;
        o["doc_id"] = r.docId;
        o["system"] = text(r.system);
        o["dimension"] = text(r.dimension);
        o["rater"] = r.rater;
        o["group"] = r.group;
        o["rater_kind"] = r.raterKind;
        o["value"] = r.value ? ordered_json(*r.value) : ordered_json();
        o["start"] = r.start ? ordered_json(*r.start) : ordered_json();
        o["end"] = r.end ? ordered_json(*r.end) : ordered_json();
        o["quote"] = text(r.quote);
        o["note"] = text(r.note);
        o["system_b"] = text(r.systemB);
        o["shown_order"] = text(r.shownOrder);
        o["outcome"] = text(r.outcome);
        o["text"] = text(r.text);
        m_buffer.append(o.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)).push_back('\n');
    }

    AtomicFile &m_file;
    ExportFormat m_format;
    std::string m_buffer;
    std::int64_t m_rows = 0;
};

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

Result<ExportReport> StudyExporter::exportTo(store::Study &study, const std::string &path, ExportFormat format)
{
    auto result = capture([&]() -> ExportReport {
        if (path.empty())
            fail("no file to export to");
        AtomicFile file(path);
        RowWriter writer(file, format);
        // One read transaction, so the export is one consistent state of the study.
        study.database().exec("SAVEPOINT concord_export");
        try {
            exportRows(study, writer);
        } catch (...) {
            study.database().exec("ROLLBACK TO concord_export");
            study.database().exec("RELEASE concord_export");
            throw;
        }
        study.database().exec("RELEASE concord_export");
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
