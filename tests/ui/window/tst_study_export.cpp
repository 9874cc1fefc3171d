// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export beyond the judgements: the exported CSV re-imports (table importer) to the same
// ratings; statistics tables as CSV, Markdown and LaTeX hold the numbers core/stats computes (the
// pairwise table under the head-to-head rule chosen in the dialog); the study bundle's .concord opens
// with the same counts and its README describes it.
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "demo_study.h"
#include "h2h_study.h"
#include "judge/judges_view.h"
#include "judge_study.h"
#include "window/main_window.h"
#include "window/statistics_export.h"
#include "window/statistics_export_dialog.h"

#include "io/table_importer.h"
#include "reports/correlation_report.h"
#include "store/study.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using concord::test::JudgeStudy;
using concord::ui::MainWindow;
using namespace concord;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// (rater, document, system, dimension) -> value, by name: comparable across two study files.
std::map<std::tuple<std::string, std::string, std::string, std::string>, double> ratingsByName(const QString &path)
{
    std::map<std::tuple<std::string, std::string, std::string, std::string>, double> out;
    auto study = store::Study::open(path.toStdString(), {true});
    if (!study)
        return out;
    store::Study &s = *study.value();
    std::map<model::Id, std::string> raters, docs, systems;
    for (const auto &r : s.raters())
        raters[r.id] = r.name;
    for (const auto &d : s.documentSummaries())
        docs[d.id] = d.externalId;
    for (const auto &sys : s.systems())
        systems[sys.id] = sys.name;
    for (const auto &dim : s.dimensions())
        for (const store::RatingRow &row : s.ratingsOn(dim.id))
            out[{raters[row.rater], docs[row.document], systems[row.system], dim.name}] = row.value;
    return out;
}

} // namespace

class TestStudyExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void judgementsCsvRoundTrips();
    void statisticsTables_data();
    void statisticsTables();
    void agreementTable();
    void pairwiseTableByTheChosenRule();
    void exportDialogStartsOnTheView();
    void bundleOpensWithTheSameCounts();
    void bundleRefusesANonEmptyFolder();
    void exportMenuHasEveryExport();

private:
    QTemporaryDir m_dir;
    QString m_study;
};

void TestStudyExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    m_study = m_dir.filePath(QStringLiteral("export.concord"));
    QCOMPARE(JudgeStudy::create(m_study), QString());
}

void TestStudyExport::judgementsCsvRoundTrips()
{
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    const QString csv = m_dir.filePath(QStringLiteral("judgements.csv"));
    QVERIFY(window.exportTo(csv, io::ExportFormat::Csv));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());

    // The same items without ratings, then the exported ratings through the table importer.
    const QString copy = m_dir.filePath(QStringLiteral("reimported.concord"));
    QCOMPARE(JudgeStudy::create(copy, false), QString());
    QVERIFY(ratingsByName(copy).empty());
    {
        auto study = store::Study::open(copy.toStdString());
        QVERIFY(study.ok());
        auto mapping = io::ColumnMapping::parse(
            "doc_id=doc_id,system=system,dimension=dimension,rater=rater,group=group,value=value");
        QVERIFY(mapping.ok());
        const auto report
            = io::TableImporter::importFile(*study.value(), csv.toStdString(), io::TableFormat::Csv, mapping.value());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    }
    const auto original = ratingsByName(m_study);
    QCOMPARE(original.size(), std::size_t{24});
    QVERIFY(ratingsByName(copy) == original);
}

void TestStudyExport::statisticsTables_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("style");
    QTest::newRow("csv") << QStringLiteral("correlation.csv") << int(io::TableStyle::Csv);
    QTest::newRow("markdown") << QStringLiteral("correlation.md") << int(io::TableStyle::Markdown);
    QTest::newRow("latex") << QStringLiteral("correlation.tex") << int(io::TableStyle::Latex);
}

void TestStudyExport::statisticsTables()
{
    QFETCH(QString, file);
    QFETCH(int, style);
    const QString path = m_dir.filePath(file);
    QVERIFY(ui::StatisticsExport::styleFor(path) == io::TableStyle(style));
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    ui::StatisticsTableRequest request;
    request.kind = ui::StatisticsTableRequest::Kind::Correlation;
    request.rater = "ann";
    request.humanGroup = "expert";
    request.style = io::TableStyle(style);
    request.path = path.toStdString();
    QVERIFY(window.exportStatistics(request));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());

    // Exactly what core/stats and the table writer make of the same request (as concord-cli stats does).
    auto study = store::Study::open(m_study.toStdString(), {true});
    QVERIFY(study.ok());
    reports::CorrelationRequest c;
    c.humanGroup = "expert";
    c.rater = "ann";
    const auto report = reports::computeCorrelationReport(*study.value(), c);
    QVERIFY(report.ok());
    const io::Table table = reports::toTable(report.value(), style == int(io::TableStyle::Csv));
    QVERIFY(table.rows.size() > 4);
    QCOMPARE(readAll(path), QByteArray::fromStdString(io::render(table, io::TableStyle(style))));
    const QByteArray text = readAll(path);
    if (style == int(io::TableStyle::Csv))
        QVERIFY(text.startsWith("rater,human_group,dimension,") && text.contains("\nann,expert,coherence,"));
    else if (style == int(io::TableStyle::Markdown))
        QVERIFY(text.startsWith("|") && text.contains("| ---"));
    else
        QVERIFY(text.contains("\\begin{tabular}") && text.contains("coherence"));
}

void TestStudyExport::agreementTable()
{
    ui::StatisticsTableRequest request;
    request.kind = ui::StatisticsTableRequest::Kind::Agreement;
    request.humanGroup = "expert";
    request.style = io::TableStyle::Csv;
    request.path = m_dir.filePath(QStringLiteral("agreement.csv")).toStdString();
    const auto written = ui::StatisticsExport::write(m_study.toStdString(), request);
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    QCOMPARE(written.value().rows, std::size_t{2});
    const QList<QByteArray> lines = readAll(QString::fromStdString(request.path)).trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines.at(0).startsWith("dimension,group,coders,alpha"));
    QVERIFY(lines.at(1).startsWith("coherence,expert,expert,"));
    QVERIFY(lines.at(2).startsWith("relevance,expert,expert,"));
    // Adding a rater adds a row per dimension.
    request.rater = "ann";
    const auto withRater = ui::StatisticsExport::table(m_study.toStdString(), request);
    QVERIFY(withRater.ok());
    QCOMPARE(withRater.value().rows.size(), std::size_t{4});
}

void TestStudyExport::pairwiseTableByTheChosenRule()
{
    const QString path = m_dir.filePath(QStringLiteral("h2h.concord"));
    QCOMPARE(QString::fromStdString(test::H2hStudy::create(path.toStdString())), QString());
    ui::StudySession session;
    QVERIFY(session.open(path).ok());

    // The dialog: the pairwise table for every judge, by the points rule.
    ui::StatisticsExportDialog dialog(&session);
    auto *table = dialog.findChild<QComboBox *>(QStringLiteral("table"));
    auto *rater = dialog.findChild<QComboBox *>(QStringLiteral("rater"));
    auto *rule = dialog.findChild<QComboBox *>(QStringLiteral("pairwiseRule"));
    QVERIFY(table && rater && rule);
    QVERIFY(!rule->isEnabled()); // only the pairwise table has a rule
    table->setCurrentIndex(table->findData(int(ui::StatisticsTableRequest::Kind::Pairwise)));
    QVERIFY(rule->isEnabled());
    QCOMPARE(rater->currentText(), ui::StatisticsExportDialog::tr("(every judge)"));
    rule->setCurrentIndex(rule->findData(int(stats::PairwiseRule::Points)));
    ui::StatisticsTableRequest request = dialog.request();
    QVERIFY(request.kind == ui::StatisticsTableRequest::Kind::Pairwise);
    QVERIFY(request.rater.empty());
    QVERIFY(request.rule == stats::PairwiseRule::Points);
    QCOMPARE(request.humanGroup, std::string("expert"));

    // Written as CSV: the hand count of tests/support/h2h_study.cpp under points, every digit.
    request.style = io::TableStyle::Csv;
    request.path = m_dir.filePath(QStringLiteral("pairwise.csv")).toStdString();
    const auto written = ui::StatisticsExport::write(path.toStdString(), request);
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    QCOMPARE(written.value().rows, std::size_t{1});
    const QList<QByteArray> lines = readAll(QString::fromStdString(request.path)).trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QCOMPARE(
        lines.at(0).trimmed(),
        QByteArray(
            "judge,human_group,dimension,rule,verdicts,comparisons,pairs,pairs_agreed,h2h_success,consecutive_pairs,"
            "consecutive_agreed,h2h_success_consecutive,llmcompare_tau_b,flip_rate,first_shown_wins"));
    const QList<QByteArray> cells = lines.at(1).trimmed().split(','); // CSV lines end in CRLF
    QCOMPARE(cells.size(), 15);
    QCOMPARE(cells.mid(0, 8), (QList<QByteArray>{"judge", "expert", "relevance", "points", "24", "12", "3", "1"}));
    QCOMPARE(cells.at(8).toDouble(), 1.0 / 3.0);
    QCOMPARE(cells.mid(9, 3), (QList<QByteArray>{"2", "1", "0.5"}));
    QCOMPARE(cells.at(13).toDouble(), 7.0 / 12.0);
    QCOMPARE(cells.at(14).toDouble(), 10.0 / 17.0);

    // The default rule as a paper prints it; and a study without pairwise verdicts has no such table.
    request.rule = stats::PairwiseRule::AgreeOrTie;
    request.style = io::TableStyle::Markdown;
    const auto markdown = ui::StatisticsExport::table(path.toStdString(), request);
    QVERIFY(markdown.ok());
    QCOMPARE(markdown.value().rows.at(0).at(8), std::string("1.0000"));
    QCOMPARE(markdown.value().rows.at(0).at(13), std::string("0.5833"));
    const auto none = ui::StatisticsExport::table(m_study.toStdString(), request);
    QVERIFY(!none.ok());
    QVERIFY(none.error().message.find("no pairwise verdicts") != std::string::npos);
}

// File > Export > Statistics Table starts on what the Agreement view shows: its group (not the first by name),
// its tab's table and its judge; OK then exports the numbers on screen.
void TestStudyExport::exportDialogStartsOnTheView()
{
    const QString path = m_dir.filePath(QStringLiteral("demo.concord"));
    QVERIFY(resources::createDemoStudy(path.toStdString()).ok());
    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    auto *view = window.findChild<ui::AgreementView *>();
    QVERIFY(view);
    QAction *action = nullptr;
    for (QAction *a : window.findChildren<QAction *>())
        if (a->text().startsWith(MainWindow::tr("Statistics &Table")))
            action = a;
    QVERIFY(action);
    struct Shown {
        QString table, rater, group;
    };
    const auto openDialog = [&]() -> Shown {
        Shown shown;
        QTimer::singleShot(0, &window, [&] {
            auto *dialog = qobject_cast<ui::StatisticsExportDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            shown.table = dialog->findChild<QComboBox *>(QStringLiteral("table"))->currentText();
            shown.rater = dialog->findChild<QComboBox *>(QStringLiteral("rater"))->currentText();
            shown.group = dialog->findChild<QComboBox *>(QStringLiteral("humanGroup"))->currentText();
            dialog->reject();
        });
        action->trigger();
        return shown;
    };
    // The demo's groups by name are crowd, expert; its first human, and so the dashboard's group, is an expert.
    Shown shown = openDialog();
    QCOMPARE(shown.group, QStringLiteral("expert"));
    QVERIFY(shown.table.startsWith(ui::StatisticsExportDialog::tr("Correlation")));
    // The view on crowd and its alpha tab: the dialog follows.
    view->setHumanGroup(QStringLiteral("crowd"));
    auto *tabs = view->findChild<QTabWidget *>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(3);
    QVERIFY(view->shownTable() == ui::AgreementView::ShownTable::Agreement);
    shown = openDialog();
    QCOMPARE(shown.group, QStringLiteral("crowd"));
    QVERIFY(shown.table.startsWith(ui::StatisticsExportDialog::tr("Agreement")));
    // Dialog and view in code: a correlation report of the view's judge.
    ui::StudySession session;
    QVERIFY(session.open(path).ok());
    ui::StatisticsTableRequest start;
    start.rater = "annotator_b";
    start.humanGroup = "crowd";
    ui::StatisticsExportDialog dialog(&session, nullptr, start);
    const ui::StatisticsTableRequest request = dialog.request();
    QCOMPARE(request.rater, std::string("annotator_b"));
    QCOMPARE(request.humanGroup, std::string("crowd"));
    QVERIFY(request.kind == ui::StatisticsTableRequest::Kind::Correlation);
}

void TestStudyExport::bundleOpensWithTheSameCounts()
{
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    const QString folder = m_dir.filePath(QStringLiteral("bundle"));
    QVERIFY(window.exportBundle(folder));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());
    const QString copy = QDir(folder).filePath(QStringLiteral("export.concord"));
    QVERIFY(QFile::exists(copy));
    // The window still holds the original open (WAL): the copy is a separate, complete database.
    auto original = store::Study::open(m_study.toStdString(), {true});
    auto bundled = store::Study::open(copy.toStdString(), {true});
    QVERIFY(original.ok() && bundled.ok());
    const store::StudyCounts a = original.value()->counts();
    const store::StudyCounts b = bundled.value()->counts();
    QCOMPARE(b.documents, a.documents);
    QCOMPARE(b.candidates, a.candidates);
    QCOMPARE(b.raters, a.raters);
    QCOMPARE(b.ratings, a.ratings);
    QCOMPARE(b.dimensions, a.dimensions);
    QCOMPARE(b.judgeCalls, a.judgeCalls);
    QCOMPARE(b.ratings, std::int64_t{24});
    const QByteArray readme = readAll(QDir(folder).filePath(QStringLiteral("README.md")));
    QVERIFY(readme.startsWith("# Concord study bundle"));
    QVERIFY(readme.contains("| documents | 2 |"));
    QVERIFY(readme.contains("| ratings | 24 |"));
    QVERIFY(readme.contains("| coherence | likert |"));
    QVERIFY(readme.contains("| ann | human | expert |"));
    QVERIFY(readme.contains("No judge was run"));
}

void TestStudyExport::bundleRefusesANonEmptyFolder()
{
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    const QString folder = m_dir.filePath(QStringLiteral("occupied"));
    QVERIFY(QDir().mkpath(folder));
    QFile keep(QDir(folder).filePath(QStringLiteral("notes.txt")));
    QVERIFY(keep.open(QIODevice::WriteOnly));
    keep.write("mine");
    keep.close();
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);
    QVERIFY(window.exportBundle(folder));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(!finished.at(0).at(0).toBool());
    QCOMPARE(errors.count(), 1);
    QVERIFY(errors.at(0).at(1).toString().contains(QStringLiteral("not empty")));
    QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList{QStringLiteral("notes.txt")});
}

void TestStudyExport::exportMenuHasEveryExport()
{
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QMenu *exportMenu = nullptr;
    for (QMenu *menu : window.findChildren<QMenu *>())
        if (menu->title() == MainWindow::tr("&Export"))
            exportMenu = menu;
    QVERIFY(exportMenu);
    QStringList texts;
    for (QAction *action : exportMenu->actions()) {
        texts << action->text();
        QVERIFY2(action->isEnabled(), qPrintable(action->text()));
    }
    QCOMPARE(texts.size(), 4);
    QVERIFY(texts.join(QLatin1Char(' ')).contains(QStringLiteral("CSV, JSONL")));
    QVERIFY(texts.join(QLatin1Char(' ')).contains(QStringLiteral("Markdown, LaTeX")));
    QVERIFY(texts.join(QLatin1Char(' ')).contains(QStringLiteral("PNG, SVG, PDF")));
    QVERIFY(texts.join(QLatin1Char(' ')).contains(QStringLiteral("Bundle")));
    // The Judges view is registered, so --screenshot --view judges renders it.
    QVERIFY(window.viewNames().contains(QStringLiteral("judges")));
    QVERIFY(window.showView(QStringLiteral("judges")));
    QVERIFY(window.judgesView()->isVisibleTo(&window));
}

QTEST_MAIN(TestStudyExport)
#include "tst_study_export.moc"
