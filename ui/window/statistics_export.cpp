#include "window/statistics_export.h"

#include "reports/agreement_report.h"
#include "reports/correlation_report.h"
#include "store/study.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>
#include <QSaveFile>

namespace concord::ui {

namespace {

// Every digit for CSV (it must read back exactly), four decimals for a paper.
std::string number(std::optional<double> value, bool full)
{
    if (!value)
        return {};
    return (full ? QString::number(*value, 'g', QLocale::FloatingPointShortest) : QString::number(*value, 'f', 4)).toStdString();
}

Result<io::Table> agreementTable(store::Study &study, const StatisticsTableRequest &request, bool full)
{
    io::Table table;
    table.header = {"dimension", "group", "coders", "alpha", "units", "pairable_values", "level", "note"};
    table.numeric = {false, false, false, true, true, true, false, false};
    table.caption = std::string("Krippendorff's alpha of the ").append(request.humanGroup).append(" raters per dimension");
    if (!request.rater.empty())
        table.caption.append(", and with ").append(request.rater).append(" added");
    for (const model::Dimension &d : study.dimensions()) {
        if (d.kind != model::DimensionKind::Likert && d.kind != model::DimensionKind::Rank)
            continue;
        std::vector<std::vector<std::string>> extras{{}};
        if (!request.rater.empty())
            extras.push_back({request.rater});
        for (const auto &extra : extras) {
            reports::AgreementRequest a;
            a.group = request.humanGroup;
            a.dimension = d.name;
            a.level = d.kind == model::DimensionKind::Likert ? stats::MeasurementLevel::Interval : stats::MeasurementLevel::Ordinal;
            a.extraRaters = extra;
            auto report = reports::computeAgreement(study, a);
            if (!report)
                return report.error();
            const reports::AgreementReport &r = report.value();
            std::string coders = request.humanGroup;
            if (!extra.empty())
                coders.append(" + ").append(extra.front());
            table.rows.push_back({d.name, request.humanGroup, coders, number(r.alpha.alpha, full),
                                  std::to_string(r.alpha.units), std::to_string(r.alpha.pairableValues),
                                  std::string(stats::toString(r.alpha.level)), r.alpha.undefinedReason});
        }
    }
    if (table.rows.empty())
        return Error{"the study has no Likert or rank dimension to compute agreement on", {}, 0, {}};
    return table;
}

} // namespace

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
    return QCoreApplication::translate("concord::ui::StatisticsExport",
                                       "CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)");
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
        return agreementTable(*study.value(), request, full);
    reports::CorrelationRequest c;
    c.humanGroup = request.humanGroup;
    c.rater = request.rater;
    auto report = reports::computeCorrelationReport(*study.value(), c);
    if (!report)
        return report.error();
    return reports::toTable(report.value(), full);
}

Result<StatisticsExport::Report> StatisticsExport::write(const std::string &studyPath, const StatisticsTableRequest &request)
{
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
