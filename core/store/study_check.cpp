// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_check.h"

#include "store/data_rules.h"
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_data_rules.h"
#include "store/pg_schema.h"
#include "store/plan_pool.h"
#include "store/schema.h"
#include "store/study.h"

#include <map>
#include <set>
#include <sstream>
#include <unordered_set>

namespace concord::store {

namespace {

struct SchemaShape {
    std::map<std::string, std::set<std::string>> columns; // table -> its columns
    std::map<std::string, std::string> indexes;           // index -> its table
    std::map<std::string, std::string> triggers;          // trigger -> its table (the data rules)
};

SchemaShape shapeOf(Database &db)
{
    SchemaShape shape;
    auto objects
        = db.prepare("SELECT type, name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index', 'trigger') "
                     "AND name NOT LIKE 'sqlite_%' ORDER BY name");
    while (objects.step()) {
        if (objects.textAt(0) == "table")
            shape.columns[objects.textAt(1)];
        else if (objects.textAt(0) == "index")
            shape.indexes[objects.textAt(1)] = objects.textAt(2);
        else
            shape.triggers[objects.textAt(1)] = objects.textAt(2);
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

void addRuleViolations(Database &db, std::vector<std::string> &problems)
{
    for (const RuleViolation &violation : DataRules::violations(db))
        problems.push_back(violation.describe());
}

// A label plan's pool is one value the database keeps only whole-sized: its entries are read here as a plan
// read reads them, and each summary named must be one of the study's and not also one of the plan's rows.
void addPoolProblems(Database &db, std::vector<std::string> &problems)
{
    std::unordered_set<model::Id> summaries;
    auto ids = db.prepare("SELECT id FROM candidates");
    while (ids.step())
        summaries.insert(ids.int64At(0));
    auto pools = db.prepare("SELECT plan_id, entries FROM label_plan_pools ORDER BY plan_id");
    auto rows = db.prepare("SELECT candidate_id FROM label_plan_items WHERE plan_id = ?1");
    while (pools.step()) {
        const std::string plan = "label plan " + std::to_string(pools.int64At(0));
        std::vector<PoolEntry> entries;
        try {
            entries = PlanPool::decode(pools.blobAt(1));
        } catch (const Failure &damaged) {
            problems.push_back(plan + " is damaged: " + damaged.error().message);
            continue;
        }
        std::unordered_set<model::Id> drawn;
        rows.bind(1, pools.int64At(0));
        while (rows.step())
            drawn.insert(rows.int64At(0));
        rows.reset();
        for (const PoolEntry &e : entries) {
            if (!summaries.contains(e.candidate))
                problems.push_back(plan + "'s pool names summary " + std::to_string(e.candidate)
                                   + ", which the study does not have");
            else if (drawn.contains(e.candidate))
                problems.push_back(plan + " holds summary " + std::to_string(e.candidate)
                                   + " both among its drawn and in its pool");
        }
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
    bool tablesWhole = false;
    checkStep(problems, "the schema check", [&] {
        const SchemaShape actual = shapeOf(db);
        const SchemaShape &expected = expectedShape();
        const std::size_t before = problems.size();
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
        tablesWhole = problems.size() == before;
        for (const auto &[index, table] : expected.indexes)
            if (actual.columns.contains(table) && !actual.indexes.contains(index))
                problems.push_back("index " + index + " of table " + table + " is missing");
        for (const auto &[trigger, table] : expected.triggers)
            if (actual.columns.contains(table) && !actual.triggers.contains(trigger))
                problems.push_back("trigger " + trigger + " of table " + table
                                   + " is missing: the file no longer keeps one of the data rules");
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
    // The rules read tables and columns by name: with one missing, the schema's problems are the news.
    if (tablesWhole) {
        checkStep(problems, "the data rules check", [&] { addRuleViolations(db, problems); });
        checkStep(problems, "the label plans' check", [&] { addPoolProblems(db, problems); });
    }
    return report;
}

StudyCheckReport StudyCheck::runShared(Study &study)
{
    // A team study: PostgreSQL keeps its pages and keys itself; what is left to read is the format, whether
    // the server keeps the data rules, and the rows.
    StudyCheckReport report;
    auto &problems = report.problems;
    Database &db = study.database();
    checkStep(problems, "the format check", [&] {
        const int version = study.schemaVersion();
        if (version != PgSchema::currentVersion())
            problems.push_back("study format " + std::to_string(version) + " is not the one this Concord knows ("
                               + std::to_string(PgSchema::currentVersion()) + ")");
    });
    checkStep(problems, "the server's rules check", [&] {
        for (const std::string &missing : PgDataRules::missing(*db.postgres()))
            problems.push_back("the server does not keep the data rules of table " + missing
                               + " (its trigger is missing); the study's owner opens it once with this Concord to "
                                 "set them again");
    });
    checkStep(problems, "the data rules check", [&] { addRuleViolations(db, problems); });
    // The plans are the lead's: an annotator's or a reviewer's login may not read them.
    if (!study.isBlind())
        checkStep(problems, "the label plans' check", [&] { addPoolProblems(db, problems); });
    return report;
}

Result<StudyCheckReport> StudyCheck::run(const std::string &path)
{
    OpenOptions options;
    options.readOnly = true;
    auto study = Study::open(path, options);
    if (!study)
        return study.error();
    auto report = capture(
        [&] { return study.value()->isShared() ? runShared(*study.value()) : run(study.value()->database()); });
    if (report && study.value()->isShared()) {
        report.value().name = study.value()->displayName();
        report.value().shared = true;
    }
    return report;
}

} // namespace concord::store
