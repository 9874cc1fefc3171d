// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/bundle_writer.h"

#include "store/statement.h"
#include "store/study_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace concord::io {

namespace {

namespace fs = std::filesystem;

// Markdown table cells: a pipe or a line break in a name must not break the table.
std::string cell(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        if (c == '|')
            out.append("\\|");
        else if (c == '\n' || c == '\r')
            out.push_back(' ');
        else
            out.push_back(c);
    }
    return out;
}

std::string number(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string readme(store::Study &study, const std::string &fileName, const store::StudyCounts &c)
{
    std::string md;
    md.append("# Concord study bundle\n\n");
    md.append("`")
        .append(fileName)
        .append("` is a consistent copy of the study (an SQLite database, schema version ")
        .append(std::to_string(study.schemaVersion()))
        .append("). Open it with Concord (`concord ")
        .append(fileName)
        .append("`) or `concord-cli`.\n")
        .append("No API key is stored in it: judges name only the environment variable that held theirs.\n\n");

    md.append("## Contents\n\n| what | count |\n| --- | ---: |\n");
    const std::pair<const char *, std::int64_t> rows[] = {
        {"documents", c.documents},        {"systems", c.systems},        {"candidates", c.candidates},
        {"dimensions", c.dimensions},      {"raters", c.raters},          {"ratings", c.ratings},
        {"ranked candidates", c.rankings}, {"error spans", c.errorSpans}, {"pairwise outcomes", c.pairwiseOutcomes},
        {"explanations", c.explanations},  {"judge calls", c.judgeCalls},
    };
    for (const auto &[what, count] : rows)
        md.append("| ").append(what).append(" | ").append(std::to_string(count)).append(" |\n");

    md.append("\n## Dimensions\n\n| name | kind | scale | definition |\n| --- | --- | --- | --- |\n");
    for (const model::Dimension &d : study.dimensions()) {
        const bool scaled = d.kind == model::DimensionKind::Likert;
        md.append("| ")
            .append(cell(d.name))
            .append(" | ")
            .append(model::toString(d.kind))
            .append(" | ")
            .append(scaled ? number(d.scaleMin).append("–").append(number(d.scaleMax)) : std::string("—"))
            .append(" | ")
            .append(cell(d.definition))
            .append(" |\n");
    }

    md.append("\n## Raters\n\n| name | kind | group | provider | model | protocol |\n| --- | --- | --- | --- | --- | "
              "--- |\n");
    for (const model::Rater &r : study.raters())
        md.append("| ")
            .append(cell(r.name))
            .append(" | ")
            .append(model::toString(r.kind))
            .append(" | ")
            .append(cell(r.group))
            .append(" | ")
            .append(cell(r.provider))
            .append(" | ")
            .append(cell(r.model))
            .append(" | ")
            .append(cell(r.protocol))
            .append(" |\n");

    md.append("\n## Judge runs\n\n");
    {
        auto s = study.database().prepare(
            "SELECT r.id, ra.name, r.protocol, r.status, r.started_at, COALESCE(r.finished_at, ''), "
            "COALESCE(t.name || ' v' || t.version, 'shipped'), "
            "(SELECT COUNT(*) FROM judge_calls c WHERE c.run_id = r.id), "
            "(SELECT COUNT(*) FROM judge_calls c WHERE c.run_id = r.id AND c.valid = 0) "
            "FROM judge_runs r JOIN raters ra ON ra.id = r.rater_id "
            "LEFT JOIN prompt_templates t ON t.id = r.template_id ORDER BY r.id");
        bool any = false;
        while (s.step()) {
            if (!any)
                md.append("| run | judge | protocol | status | started | finished | template | calls | invalid |\n"
                          "| ---: | --- | --- | --- | --- | --- | --- | ---: | ---: |\n");
            any = true;
            md.append("| ").append(std::to_string(s.int64At(0)));
            for (int col = 1; col <= 6; ++col)
                md.append(" | ").append(cell(s.textAt(col)));
            md.append(" | ")
                .append(std::to_string(s.int64At(7)))
                .append(" | ")
                .append(std::to_string(s.int64At(8)))
                .append(" |\n");
        }
        if (!any)
            md.append("No judge was run in this study.\n");
    }

    md.append("\n## Prompt templates\n\n");
    {
        auto s = study.database().prepare(
            "SELECT protocol, name, version, length(body) FROM prompt_templates ORDER BY protocol, name, version");
        bool any = false;
        while (s.step()) {
            if (!any)
                md.append("The exact text of each is in the table `prompt_templates` of the study file.\n\n"
                          "| protocol | name | version | characters |\n| --- | --- | ---: | ---: |\n");
            any = true;
            md.append("| ")
                .append(cell(s.textAt(0)))
                .append(" | ")
                .append(cell(s.textAt(1)))
                .append(" | ")
                .append(std::to_string(s.int64At(2)))
                .append(" | ")
                .append(std::to_string(s.int64At(3)))
                .append(" |\n");
        }
        if (!any)
            md.append("No prompt template is stored (no judge run used one).\n");
    }
    return md;
}

} // namespace

Result<BundleReport> BundleWriter::write(store::Study &study, const std::string &folder)
{
    if (const Status target = store::StudyFiles::checkWriteTarget(folder, study.path()); !target)
        return target.error();
    return capture([&]() -> BundleReport {
        const fs::path dir(folder);
        std::error_code ec;
        if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec)))
            fail("the bundle folder " + folder + " already exists and is not empty");
        fs::create_directories(dir, ec);
        if (ec)
            fail("cannot create the bundle folder " + folder + ": " + ec.message());

        std::string fileName = fs::path(study.path()).filename().string();
        if (fileName.empty() || fileName == ":memory:")
            fileName = "study.concord";
        BundleReport report;
        report.studyFile = (dir / fileName).string();
        report.readmeFile = (dir / "README.md").string();

        if (study.isShared())
            fail("a bundle is made from a study file; pull the team study " + study.displayName()
                 + " to a file first (concord-cli pull)");
        // One read of the whole database at one point in time, written compactly to the new file.
        // VACUUM INTO writes only the new file, but a study opened read-only refuses it under query_only
        // (docs/architecture.md, "The study file"): lifted for this one statement.
        const bool queryOnly = study.database().pragmaInt("query_only") != 0;
        if (queryOnly)
            study.database().exec("PRAGMA query_only = OFF");
        try {
            auto vacuum = study.database().prepare("VACUUM INTO ?1");
            vacuum.bind(1, report.studyFile);
            vacuum.run();
        } catch (...) {
            if (queryOnly)
                study.database().exec("PRAGMA query_only = ON");
            throw;
        }
        if (queryOnly)
            study.database().exec("PRAGMA query_only = ON");

        // The README describes the copy, so it is read from the copy.
        auto copy = store::Study::open(report.studyFile, {true});
        if (!copy)
            throw Failure(copy.error());
        report.counts = copy.value()->counts();
        const std::string text = readme(*copy.value(), fileName, report.counts);
        std::ofstream out(report.readmeFile, std::ios::binary);
        out << text;
        out.close();
        if (!out)
            fail("cannot write " + report.readmeFile);
        return report;
    });
}

} // namespace concord::io
