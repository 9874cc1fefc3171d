// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "summeval_judges.h"

#include "io/summeval_importer.h"
#include "judge/recorded_import.h"
#include "reports/rating_matrices.h"
#include "store/connection_uri.h"
#include "store/study.h"
#include "test_paths.h"

#include <QStringList>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <random>

namespace concord::test {

std::string createSummEvalWithJudges(const std::string &path)
{
    const QStringList files = summevalFiles();
    if (files.isEmpty())
        return "../shared/data/summeval is absent";
    {
        // A team study is published empty first (a study on the server is not created there).
        auto study = store::isConnectionString(path) ? store::Study::open(path) : store::Study::create(path);
        if (!study)
            return study.error().describe();
        std::vector<std::string> paths;
        for (const auto &f : files)
            paths.push_back(f.toStdString());
        const auto report = io::SummEvalImporter::importFiles(*study.value(), paths);
        if (!report)
            return report.error().describe();
    }
    if (auto e = addNoisyJudge(path, "judge_close", 0.5, 7, 97); !e.empty())
        return e;
    return addNoisyJudge(path, "judge_noisy", 1.2, 11, 41);
}

std::string addNoisyJudge(const std::string &path, const std::string &judge, double spread, unsigned seed,
                          int invalidEvery)
{
    auto opened = store::Study::open(path);
    if (!opened)
        return opened.error().describe();
    store::Study &study = *opened.value();
    std::vector<model::Id> experts;
    for (const auto &r : study.raters())
        if (r.kind == model::RaterKind::Human && r.group == "expert")
            experts.push_back(r.id);
    std::map<model::Id, std::string> documents, systems;
    for (const auto &d : study.documentSummaries())
        documents[d.id] = d.externalId;
    for (const auto &s : study.systems())
        systems[s.id] = s.name;

    // The recorded answers go beside a study file, or into a folder of their own for a team study.
    QTemporaryDir scratch;
    const std::string file = store::isConnectionString(path)
                                 ? scratch.filePath(QString::fromStdString(judge + ".jsonl")).toStdString()
                                 : path + "." + judge + ".jsonl";
    std::ofstream out(file);
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0, spread);
    int n = 0;
    for (const auto &dim : study.dimensions()) {
        if (dim.kind != model::DimensionKind::Likert)
            continue;
        const reports::RatingMatrices matrices(study.ratingsOn(dim.id));
        const stats::ScoreMatrix mean = matrices.mean(experts);
        for (std::size_t a = 0; a < matrices.systems().size(); ++a)
            for (std::size_t b = 0; b < matrices.documents().size(); ++b) {
                if (std::isnan(mean.at(a, b)))
                    continue;
                nlohmann::json line{{"doc_id", documents[matrices.documents()[b]]},
                                    {"system", systems[matrices.systems()[a]]},
                                    {"dimension", dim.name}};
                if (++n % invalidEvery == 0)
                    line["response"] = "I am unable to rate this summary.";
                else
                    line["value"] = std::clamp(std::round(mean.at(a, b) + noise(rng)), dim.scaleMin, dim.scaleMax);
                out << line.dump() << '\n';
            }
    }
    out.close();
    judge::RecordedImportRequest request;
    request.protocol = judge::Protocol::Rts;
    request.rater = judge;
    request.model = "recorded-" + judge;
    request.path = file;
    const auto report = judge::importRecordedJudgements(study, request);
    return report ? std::string() : report.error().describe();
}

} // namespace concord::test
