// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/agreement_table.h"

#include "reports/agreement_report.h"
#include "reports/study_scores.h"
#include "store/study.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace concord::reports {

namespace {

// Four decimals, rounding an exact tie away from zero where printf would round it to even.
std::string fourDecimals(double v)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.60f", v); // every digit: a tie at the fifth decimal has no more
    const std::string exact(buf);
    const auto point = exact.find('.');
    const std::string beyond = exact.substr(point + 5);
    if (beyond.front() != '5' || beyond.find_first_not_of('0', 1) != std::string::npos) {
        std::snprintf(buf, sizeof buf, "%.4f", v);
        return buf;
    }
    // The tie: cut after the fourth decimal and add one in the last place, carrying.
    std::string out = exact.substr(0, point + 5);
    for (std::size_t i = out.size(); i-- > 0;) {
        char &c = out[i];
        if (c == '.')
            continue;
        if (c == '-')
            break;
        if (c != '9') {
            ++c;
            return out;
        }
        c = '0';
    }
    // Carried past the first digit: 9.99995 is 10.0000.
    out.insert(out.begin() + (out.front() == '-' ? 1 : 0), '1');
    return out;
}

} // namespace

std::string formatAlpha(std::optional<double> alpha, bool fullPrecision)
{
    if (!alpha)
        return {};
    double v = *alpha;
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v < 0 ? "-inf" : "inf";
    if (v == 0)
        v = 0; // no "-0"
    if (!fullPrecision)
        return fourDecimals(v);
    char buf[64];
    const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    return std::string(buf, end);
}

Result<io::Table> agreementTable(store::Study &study, const AgreementTableRequest &request, bool fullPrecision)
{
    auto result = capture([&]() -> Result<io::Table> {
        io::Table table;
        table.header = {"dimension", "group", "coders", "alpha", "units", "pairable_values", "level", "note"};
        table.numeric = {false, false, false, true, true, true, false, false};
        table.caption
            = std::string("Krippendorff's alpha of the ").append(request.humanGroup).append(" raters per dimension");
        if (!request.rater.empty())
            table.caption.append(", and with ").append(request.rater).append(" added");
        // Read once for every dimension and coder set.
        const StudyScores scores = StudyScores::read(study);
        for (const model::Dimension &d : scores.dimensions) {
            if (d.kind != model::DimensionKind::Likert && d.kind != model::DimensionKind::Rank)
                continue;
            std::vector<std::vector<std::string>> extras{{}};
            if (!request.rater.empty())
                extras.push_back({request.rater});
            for (const auto &extra : extras) {
                AgreementRequest a;
                a.group = request.humanGroup;
                a.dimension = d.name;
                a.level = request.level;
                a.extraRaters = extra;
                auto report = computeAgreement(scores, a);
                if (!report)
                    return report.error();
                const AgreementReport &r = report.value();
                std::string coders = request.humanGroup;
                if (!extra.empty())
                    coders.append(" + ").append(extra.front());
                table.rows.push_back({d.name, request.humanGroup, coders, formatAlpha(r.alpha.alpha, fullPrecision),
                                      std::to_string(r.alpha.units), std::to_string(r.alpha.pairableValues),
                                      std::string(stats::toString(r.alpha.level)), r.alpha.undefinedReason});
            }
        }
        if (table.rows.empty())
            return Error{"the study has no Likert or rank dimension to compute agreement on", {}, 0, {}};
        return table;
    });
    // capture() wraps the table's own Result; flatten it.
    if (!result)
        return result.error();
    return std::move(result).value();
}

} // namespace concord::reports
