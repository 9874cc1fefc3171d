// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_check.h"

#include "store/database.h"
#include "store/schema.h"
#include "store/study.h"

#include <map>
#include <set>
#include <sstream>

namespace concord::store {

namespace {

struct SchemaShape {
    std::map<std::string, std::set<std::string>> columns; // table -> its columns
    std::map<std::string, std::string> indexes;           // index -> its table
};

SchemaShape shapeOf(Database &db)
{
    SchemaShape shape;
    auto objects = db.prepare("SELECT type, name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index') "
                              "AND name NOT LIKE 'sqlite_%' ORDER BY name");
    while (objects.step()) {
        if (objects.textAt(0) == "table")
            shape.columns[objects.textAt(1)];
        else
            shape.indexes[objects.textAt(1)] = objects.textAt(2);
    }
    for (auto &[table, columns] : shape.columns) {
        auto info = db.prepare("SELECT name FROM pragma_table_info(?1)");
        info.bind(1, table);
        while (info.step())
            columns.insert(info.textAt(0));
    }
    return shape;
}

// The study format as this Concord writes it, read from a fresh in-memory database.
const SchemaShape &expectedShape()
{
    static const SchemaShape shape = [] {
        Database db(":memory:", Database::Mode::ReadWriteCreate);
        Schema::migrate(db, 0);
        return shapeOf(db);
    }();
    return shape;
}

// Runs one check; if SQLite cannot even run it (a page it needs is damaged), that is the problem found.
template <typename Fn> void checkStep(std::vector<std::string> &problems, const char *what, Fn &&fn)
{
    try {
        fn();
    } catch (const Failure &failure) {
        // Without the advice to run a check: this is the check.
        std::string message = failure.error().message;
        if (const auto advice = message.find("; concord-cli check"); advice != std::string::npos)
            message.erase(advice);
        problems.push_back(std::string(what) + " stopped: " + message);
    }
}

} // namespace

StudyCheckReport StudyCheck::run(Database &db)
{
    StudyCheckReport report;
    auto &problems = report.problems;

    checkStep(problems, "the format check", [&] {
        const auto version = db.pragmaInt("user_version");
        if (version != Schema::currentVersion())
            problems.push_back("study format " + std::to_string(version) + " is not the one this Concord knows ("
                               + std::to_string(Schema::currentVersion()) + ")");
    });
    checkStep(problems, "the schema check", [&] {
        const SchemaShape actual = shapeOf(db);
        const SchemaShape &expected = expectedShape();
        for (const auto &[table, columns] : expected.columns) {
            const auto found = actual.columns.find(table);
            if (found == actual.columns.end()) {
                problems.push_back("table " + table + " is missing");
                continue;
            }
            for (const auto &column : columns)
                if (!found->second.contains(column))
                    problems.push_back("table " + table + " has no column " + column);
        }
        for (const auto &[index, table] : expected.indexes)
            if (actual.columns.contains(table) && !actual.indexes.contains(index))
                problems.push_back("index " + index + " of table " + table + " is missing");
    });
    checkStep(problems, "SQLite's integrity check", [&] {
        auto integrity = db.prepare("PRAGMA integrity_check(100)");
        // A row may hold several lines ("*** in database main ***" and the pages under it).
        while (integrity.step()) {
            std::istringstream lines(integrity.textAt(0));
            for (std::string line; std::getline(lines, line);)
                if (line != "ok" && !line.starts_with("***"))
                    problems.push_back("integrity check: " + line);
        }
    });
    checkStep(problems, "SQLite's foreign key check", [&] {
        auto keys = db.prepare("PRAGMA foreign_key_check");
        while (keys.step())
            problems.push_back("table " + keys.textAt(0) + " row " + std::to_string(keys.int64At(1))
                               + " refers to a row of " + keys.textAt(2) + " that does not exist");
    });
    return report;
}

Result<StudyCheckReport> StudyCheck::run(const std::string &path)
{
    OpenOptions options;
    options.readOnly = true;
    auto study = Study::open(path, options);
    if (!study)
        return study.error();
    // integrity_check and foreign_key_check are SQLite's; PostgreSQL keeps a team study's keys itself.
    if (study.value()->isShared())
        return Error{"check reads a study file; pull the team study " + study.value()->displayName()
                         + " to a file to check it (concord-cli pull)",
                     {},
                     0,
                     {}};
    return capture([&] { return run(study.value()->database()); });
}

} // namespace concord::store
