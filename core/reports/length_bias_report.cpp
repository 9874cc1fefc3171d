// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/length_bias_report.h"

#include "reports/agreement_table.h"
#include "reports/dashboard_inputs.h"
#include "reports/dashboard_scatter.h"
#include "store/study.h"

#include <cmath>

namespace concord::reports {

namespace {

std::string numberText(double value, bool fullPrecision)
{
    if (std::isnan(value))
        return fullPrecision ? std::string() : std::string("–");
    return formatAlpha(value, fullPrecision);
}

} // namespace

Result<std::vector<LengthBiasRow>> computeLengthBias(store::Study &study, const LengthBiasRequest &request)
{
    return capture([&]() -> std::vector<LengthBiasRow> {
        DashboardOptions options;
        options.humanGroup = request.humanGroup;
        options.judges = request.judges;
        options.split = request.split;
        const DashboardInputs inputs = DashboardInputs::read(study, options);
        std::vector<LengthBiasRow> out;
        for (std::size_t di = 0; di < inputs.scored.size(); ++di)
            lengthBiasOn(inputs, di, out);
        return out;
    });
}

io::Table lengthBiasTable(const std::vector<LengthBiasRow> &rows, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge",
                "dimension",
                "judge_length_tau_b",
                "judge_length_n",
                "humans_length_tau_b",
                "humans_length_n",
                "pairs",
                "pairs_agreed",
                "pair_agreement",
                "similar_length_pairs",
                "similar_length_agreed",
                "similar_length_agreement",
                "length_cutoff_words"};
    t.numeric = {false, false, true, true, true, true, true, true, true, true, true, true, true};
    t.caption = "Length bias of each judge: Kendall tau-b with summary length (words), and agreement with the "
                "human group's pairwise preferences on all pairs and on pairs within the 20th percentile of "
                "length difference";
    for (const auto &r : rows) {
        const stats::LengthBias &b = r.bias;
        t.rows.push_back({r.judge, r.dimension, numberText(b.judgeWithLength.value, fullPrecision),
                          std::to_string(b.judgeWithLength.n), numberText(b.humansWithLength.value, fullPrecision),
                          std::to_string(b.humansWithLength.n), std::to_string(b.allPairs.total),
                          std::to_string(b.allPairs.correct), numberText(b.allPairs.value, fullPrecision),
                          std::to_string(b.similarLengthPairs.total), std::to_string(b.similarLengthPairs.correct),
                          numberText(b.similarLengthPairs.value, fullPrecision),
                          numberText(b.lengthDifferenceCutoff, fullPrecision)});
    }
    return t;
}

} // namespace concord::reports
