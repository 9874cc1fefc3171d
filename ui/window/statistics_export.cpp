// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/statistics_export.h"

#include "reports/agreement_table.h"
#include "reports/correlation_report.h"
#include "reports/pairwise_report.h"
#include "store/study.h"
#include "store/study_files.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

namespace concord::ui {

std::optional<io::TableStyle> StatisticsExport::styleFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("csv"))
        return io::TableStyle::Csv;
    if (suffix == QStringLiteral("md") || suffix == QStringLiteral("markdown"))
        return io::TableStyle::Markdown;
    if (suffix == QStringLiteral("tex"))
        return io::TableStyle::Latex;
    return std::nullopt;
}

QString StatisticsExport::fileFilter()
{
    return QCoreApplication::translate("concord::ui::StatisticsExport", "CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)");
}

Result<io::Table> StatisticsExport::table(const std::string &studyPath, const StatisticsTableRequest &request)
{
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(studyPath, options);
    if (!study)
        return study.error();
    const bool full = request.style == io::TableStyle::Csv;
    if (request.kind == StatisticsTableRequest::Kind::Agreement)
        return reports::agreementTable(*study.value(), {request.humanGroup, request.rater, request.alphaLevel}, full);
    if (request.kind == StatisticsTableRequest::Kind::Estimates) {
        reports::EstimateRequest e = request.estimate;
        e.judge = request.rater;
        e.humanGroup = request.humanGroup;
        auto report = reports::computeEstimates(*study.value(), e);
        if (!report)
            return report.error();
        return reports::estimateTable(report.value(), full);
    }
    if (request.kind == StatisticsTableRequest::Kind::Pairwise) {
        reports::PairwiseRequest p;
        p.humanGroup = request.humanGroup;
        if (!request.rater.empty())
            p.judges = {request.rater};
        p.rule = request.rule;
        auto summaries = reports::computePairwise(*study.value(), p);
        if (!summaries)
            return summaries.error();
        if (summaries.value().empty())
            return Error{"the study has no pairwise verdicts of a judge to export", {}, 0, {}};
        return reports::pairwiseTable(summaries.value(), full);
    }
    reports::CorrelationRequest c;
    c.humanGroup = request.humanGroup;
    c.rater = request.rater;
    auto report = reports::computeCorrelationReport(*study.value(), c);
    if (!report)
        return report.error();
    return reports::toTable(report.value(), full);
}

Result<StatisticsExport::Report> StatisticsExport::write(const std::string &studyPath,
                                                         const StatisticsTableRequest &request)
{
    if (const Status target = store::StudyFiles::checkWriteTarget(request.path, studyPath); !target)
        return target.error();
    auto table = StatisticsExport::table(studyPath, request);
    if (!table)
        return table.error();
    const std::string text = io::render(table.value(), request.style);
    QSaveFile file(QString::fromStdString(request.path));
    if (!file.open(QIODevice::WriteOnly))
        return Error{"cannot write " + request.path + ": " + file.errorString().toStdString(), {}, 0, {}};
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit())
        return Error{"cannot write " + request.path + ": " + file.errorString().toStdString(), {}, 0, {}};
    return Report{table.value().rows.size()};
}

} // namespace concord::ui
