// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "stats/krippendorff.h"

#include <optional>
#include <string>

namespace concord::store {
class Study;
}

namespace concord::reports {

// The agreement twin of toTable(CorrelationReport): Krippendorff's alpha of a human group on every
// likert and rank dimension and, when a rater is named (e.g. a judge), once more with that rater as
// one more coder, to see how agreement changes when it joins the humans. Each dimension at its
// defaultAlphaLevel (agreement_report.h), as the Agreement view and the CLI compute it, unless a
// level is given for all of them.
struct AgreementTableRequest {
    std::string humanGroup;
    std::string rater;                                           // optional
    std::optional<stats::MeasurementLevel> level = std::nullopt; // empty: each dimension's defaultAlphaLevel
};

// One row per dimension and set of coders: dimension, group, coders, alpha, units, pairable values,
// level, and why alpha is undefined. An error when the study has no likert or rank dimension.
Result<io::Table> agreementTable(store::Study &study, const AgreementTableRequest &request, bool fullPrecision);

// An alpha as the table writes it, empty when undefined. fullPrecision writes the shortest form
// that reads back exactly (for CSV); otherwise 4 decimals, an exact tie rounded away from zero
// (0.03125 is 0.0313), as a paper prints it. Zero never has a sign.
std::string formatAlpha(std::optional<double> alpha, bool fullPrecision);

} // namespace concord::reports
