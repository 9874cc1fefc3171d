// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "command.h"

#include "error.h"
#include "io/import_report.h"
#include "io/table_writer.h"

#include <QCommandLineOption>
#include <QString>

#include <memory>
#include <optional>
#include <string>

class QCommandLineParser;

namespace concord::store {
class Study;
}

namespace concord::cli {

// What every command shares: exit codes, the one-line error, parsing its command line, opening
// the study and describing an import.

// The exit codes README.md's "Command line" documents.
inline constexpr int kExitFailure = 1; // the command failed; one line on stderr says why
inline constexpr int kExitUsage = 2;   // the command line itself is wrong
inline constexpr int kExitDamaged = 3; // check: the study file is damaged (each problem on stdout)

// Prints "concord-cli: MESSAGE" on stderr and returns code, for `return failWith(...)`.
int failWith(const std::string &message, int code = kExitFailure);

std::string str(const QString &s);

// Parses the command's arguments; on --help prints its help and returns false with code 0, on a
// usage error prints one line and returns false with code 2.
bool parseCommandLine(QCommandLineParser &parser, const Arguments &arguments, int &exitCode);

// A missing file is named with the command that creates one.
Result<std::unique_ptr<store::Study>> openForWriting(const std::string &path);
Result<std::unique_ptr<store::Study>> openForReading(const std::string &path);

// After judgements were written: every panel of the study recomputed from its members' scores, each panel's
// counts noted on stderr (standard output keeps the command's own). False, with the failure said on stderr,
// when a panel could not be recomputed.
bool refreshPanelsAfterWrite(store::Study &study);

// The number an option gives, nothing when it is not set; a value that is no number prints the usage error
// and sets exitCode.
std::optional<double> numberOption(const QCommandLineParser &parser, const QString &name, int &exitCode);

// The table styles of --format (table, csv, markdown, latex); json is each command's own.
std::optional<io::TableStyle> tableStyleFromName(const std::string &name);

// The --format option of the commands that print tables or JSON: table, json, csv, markdown or latex.
QCommandLineOption tableFormatOption();

// --split dev|test: only the documents of a held-out split (concord-cli split makes it).
QCommandLineOption splitOption();
// The split asked for ("" when none); anything but dev or test prints why, sets exitCode and gives nullopt.
std::optional<std::string> splitChoice(const QCommandLineParser &parser, int &exitCode);

// Whether connection is a PostgreSQL connection string; if not, prints "NAMED is not a PostgreSQL connection
// string …" without repeating it (a mistyped one may hold a password), sets code and returns false.
bool requireConnection(const std::string &connection, const std::string &named, int &code);
// The --format given, when it is json or a table style; otherwise prints the usage error and sets exitCode.
std::optional<std::string> tableFormat(const QCommandLineParser &parser, int &exitCode);

// Prints a report's table in a --format style, or for "json" as an array with one object per row: a
// numeric column's cell is a number, an empty cell null (an undefined number, or nothing to name).
void printTable(const io::Table &table, const std::string &format);

// "added 3 documents, 2 systems, ..." (ranks, error spans and explanations only when there are any).
std::string describeReport(const io::ImportReport &r);

} // namespace concord::cli
