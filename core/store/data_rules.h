// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace concord::store {

class Database;

// One stored row that breaks a rule Concord keeps on judgements.
struct RuleViolation {
    std::string table; // where the row is
    std::string row;   // which row, by its key ("id 12", "rater_id 3, candidate_id 7, dimension_id 2")
    std::string rule;  // what is wrong with it, with the values that make it so
    std::string describe() const { return "table " + table + ", row " + row + ": " + rule; }
};

// The rules Concord keeps on judgements, read back from the stored rows of a study file or a team study:
// - a rating lies inside its dimension's scale (an LLMScore judge's, a probability, in 0 to 1), and a
//   person's rating on a labelled dimension is one of its labelled points (the scale's minimum plus a whole
//   number);
// - a ranking ranks a summary of its own document, from 1 to the number of that document's summaries;
// - an error span lies inside its summary and its quote is the summary's text at its offsets (characters);
// - a content unit's mark names one of its document's units;
// - a pairwise verdict is between two summaries of one document;
// - an explanation's dimension is 0 (the document as a whole) or one of the study's dimensions.
// The study file's triggers (Schema, version 4) and the server's (PgDataRules) refuse new rows that break
// them; this finds rows stored before those existed, or written around them.
class DataRules {
public:
    static std::vector<RuleViolation> violations(Database &db);
};

} // namespace concord::store
