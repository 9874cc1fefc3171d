// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window on a study that other programs read meanwhile: the real MainWindow, offscreen, on the demo study
// rates summaries by keys, runs a judge from the Judges panel, imports recorded judgements and computes the
// Agreement dashboard, while concord-cli info, calls, export and stats run one after another in processes of
// their own. POSIX locks belong to the process, and closing any descriptor of a file drops all of them: the
// window's worker threads open the study again and again, and the window's own SQLite read lock must outlive
// every one of them, or a reader elsewhere takes itself for the last connection, checkpoints and deletes the
// -wal and -shm on closing, and the window's later commits go to a log nobody sees (lost, the file damaged).
// Afterwards, with the window gone: every rating and judgement is in the study, reopened by core and by a new
// window, and the file passes SQLite's integrity check and `concord-cli check`.
#include "annotate/annotate_workspace.h"
#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/candidate_card.h"
#include "annotate/document_list_model.h"
#include "annotate/likert_row.h"
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "judge/judges_view.h"
#include "window/main_window.h"

#include "cli_run.h"
#include "sqlite_lock_probe.h"
#include "store/study.h"
#include "study_fingerprint.h"
#include "test_llm_server.h"
#include "test_paths.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

using concord::test::Reply;
using concord::test::TestLlmServer;
using concord::ui::MainWindow;
namespace model = concord::model;
namespace store = concord::store;

namespace {

const QString kAnnotator = QStringLiteral("sharing tester");
const QString kPanelJudge = QStringLiteral("panel judge");
const QString kRecordedJudge = QStringLiteral("gpt-4o-mini rts");

// concord-cli's reading commands on the study, one after another, each in a process of its own, until
// stopped: the other programs that read the study while the window works on it. Asynchronous, so that the
// window's event loop and worker threads go on meanwhile.
class CliReaders : public QObject {
public:
    struct Run {
        int serial = 0; // in the order started
        QStringList args;
        int exitCode = -1; // -1: crashed or killed; -2: did not start
        QString out;
        QString err;
    };

    CliReaders(const QString &folder, const QString &study)
        : m_folder(folder)
        , m_study(study)
    { }

    ~CliReaders() override
    {
        // Only a failed test leaves one running: it is our own child, ended by its object.
        if (m_process && m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(10000);
        }
    }

    void start()
    {
        m_stopped = false;
        if (!m_process)
            next();
    }
    // No new command once the running one has ended.
    void stop() { m_stopped = true; }
    bool isRunning() const { return m_process != nullptr; }
    int started() const { return m_started; }
    const std::vector<Run> &finished() const { return m_finished; }
    // How many of the commands started as serial `from` or later have ended.
    int finishedSince(int from) const
    {
        return static_cast<int>(
            std::count_if(m_finished.begin(), m_finished.end(), [from](const Run &r) { return r.serial >= from; }));
    }

private:
    // info, calls, export (to a file in another folder than the study's) and stats, round and round.
    QStringList argumentsOf(int serial) const
    {
        switch (serial % 4) {
        case 0:
            return {QStringLiteral("info"), m_study, QStringLiteral("--json")};
        case 1:
            return {QStringLiteral("calls"), m_study, QStringLiteral("--rater"), QStringLiteral("annotator_a")};
        case 2:
            return {QStringLiteral("export"), m_study, m_folder + QStringLiteral("/out/export-%1.csv").arg(serial)};
        default:
            return {QStringLiteral("stats"),   m_study,
                    QStringLiteral("--human"), QStringLiteral("expert"),
                    QStringLiteral("--rater"), QStringLiteral("annotator_c")};
        }
    }

    void next()
    {
        if (m_stopped)
            return;
        Run run;
        run.serial = m_started++;
        run.args = argumentsOf(run.serial);
        m_process = new QProcess(this);
        m_process->setWorkingDirectory(m_folder);
        connect(m_process, &QProcess::finished, this, [this, run](int code, QProcess::ExitStatus status) mutable {
            run.exitCode = status == QProcess::NormalExit ? code : -1;
            run.out = QString::fromUtf8(m_process->readAllStandardOutput());
            run.err = QString::fromUtf8(m_process->readAllStandardError());
            done(std::move(run));
        });
        connect(m_process, &QProcess::errorOccurred, this, [this, run](QProcess::ProcessError error) mutable {
            if (error != QProcess::FailedToStart)
                return; // a crash is told by finished()
            run.exitCode = -2;
            run.err = m_process->errorString();
            m_stopped = true; // it would not start the next time either
            done(std::move(run));
        });
        m_process->start(concord::test::cliPath(), run.args);
    }

    void done(Run run)
    {
        m_finished.push_back(std::move(run));
        m_process->deleteLater();
        m_process = nullptr;
        // Not from inside the process's own signal.
        QTimer::singleShot(0, this, [this] { next(); });
    }

    QString m_folder;
    QString m_study;
    QProcess *m_process = nullptr;
    bool m_stopped = true;
    int m_started = 0;
    std::vector<Run> m_finished;
};

// (document, system, dimension) of a judgement, as the recorded file names it.
using Unit = std::tuple<QString, QString, QString>;
// What a recorded answer says: its raw text and the score read from it (none: a refusal, kept invalid).
struct Recorded {
    QString response;
    std::optional<double> value;
};

// The dashboard's latest result, computed to the end, compares both judges with the humans.
bool showsBothJudges(const concord::ui::AgreementView *view)
{
    if (view->isComputing() || !view->report())
        return false;
    const std::vector<std::string> &judges = view->report()->judges;
    return std::find(judges.begin(), judges.end(), kPanelJudge.toStdString()) != judges.end()
           && std::find(judges.begin(), judges.end(), kRecordedJudge.toStdString()) != judges.end();
}

// The first error a spy on an errorShown(title, text) signal caught, as "title: text".
QString firstError(const QSignalSpy &errors)
{
    return errors.isEmpty() ? QString()
                            : errors.at(0).at(0).toString() + QStringLiteral(": ") + errors.at(0).at(1).toString();
}

} // namespace

class TestWindowSharing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void nothingIsLostWhileOtherProgramsRead();

private:
    // Rates the shown document's first two Likert rows on every card, by keys; remembers each value.
    // errors: the window's errorShown, which ends a wait at once (a damaged study shows its error there).
    void rateShownDocument(MainWindow &window, const QSignalSpy &errors, int serial);
    void showNextDocument(MainWindow &window, const QSignalSpy &errors);
    // Waits until the readers have ended `count` more commands: the window's last commit meets a reader.
    void letReadersRun(int count);
    void runJudgeFromThePanel(MainWindow &window);
    std::map<Unit, Recorded> recordedFile() const;
    std::map<Unit, Recorded> recordedInStudy() const;
    // Every rating made in the window, read through core once the window is gone.
    void ratingsAreInTheStudy();

    QTemporaryDir m_dir;
    QString m_study;
    QString m_recorded;
    std::unique_ptr<CliReaders> m_readers;
    std::unique_ptr<TestLlmServer> m_server;
    // (candidate, dimension) -> value rated in the window, and the documents rated.
    std::map<std::pair<model::Id, model::Id>, double> m_rated;
    std::vector<model::Id> m_ratedDocuments;
    model::Id m_rater = 0;
    std::size_t m_panelCalls = 0;
};

void TestWindowSharing::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_window_sharing"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings().clear();
    // The study alone in its folder; the exports go to another.
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("study")));
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("out")));
    m_study = m_dir.filePath(QStringLiteral("study/demo.concord"));
    const concord::test::CliRun demo = concord::test::runCli({QStringLiteral("demo"), m_study});
    QVERIFY2(demo.exitCode == 0, qPrintable(demo.err));
    // The README's recorded judge: 128 RTS answers on the demo, one of them a refusal.
    m_recorded = concord::test::sourceDir() + QStringLiteral("/docs/demo-judge.jsonl");
    QVERIFY2(QFile::exists(m_recorded), qPrintable(m_recorded));
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
    m_server->setHandler(
        [](const concord::test::RecordedRequest &) { return Reply::openAi("The summary keeps the point.\nScore: 4"); });
}

void TestWindowSharing::letReadersRun(int count)
{
    const int from = m_readers->started();
    QTRY_VERIFY_WITH_TIMEOUT(m_readers->finishedSince(from) >= count, 30000);
}

void TestWindowSharing::rateShownDocument(MainWindow &window, const QSignalSpy &errors, int serial)
{
    concord::ui::AnnotationView *view = window.annotationView();
    QTRY_VERIFY(view->documentId() != 0);
    m_ratedDocuments.push_back(view->documentId());
    QVERIFY(view->cards().size() >= 2);
    for (std::size_t c = 0; c < view->cards().size(); ++c) {
        const auto &rows = view->cards()[c]->likertRows();
        QVERIFY(rows.size() >= 2);
        for (std::size_t r = 0; r < 2; ++r) {
            concord::ui::LikertRow *row = rows[r];
            const int value = 1 + static_cast<int>((serial * 7 + c * 3 + r) % 5);
            row->setFocus();
            QTRY_VERIFY(row->hasFocus());
            QTest::keyClick(row, static_cast<Qt::Key>(Qt::Key_0 + value));
            // Shown once written: the rating is committed.
            QTRY_VERIFY(row->value() == std::optional<double>(value) || !errors.isEmpty());
            QVERIFY2(errors.isEmpty(), qPrintable(firstError(errors)));
            m_rated[{view->cards()[c]->candidateId(), row->dimension().id}] = value;
        }
    }
}

void TestWindowSharing::showNextDocument(MainWindow &window, const QSignalSpy &errors)
{
    const model::Id shown = window.annotationView()->documentId();
    QTableView *list = window.documentList();
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Down, Qt::AltModifier);
    const auto moved = [&] {
        const model::Id now = window.annotationView()->documentId();
        return now != shown && now != 0;
    };
    QTRY_VERIFY(moved() || !errors.isEmpty());
    QVERIFY2(errors.isEmpty(), qPrintable(firstError(errors)));
}

void TestWindowSharing::runJudgeFromThePanel(MainWindow &window)
{
    QVERIFY(window.showView(QStringLiteral("judges")));
    concord::ui::JudgesView *judges = window.judgesView();
    auto *baseUrl = judges->findChild<QLineEdit *>(QStringLiteral("baseUrl"));
    auto *modelName = judges->findChild<QLineEdit *>(QStringLiteral("model"));
    auto *raterName = judges->findChild<QLineEdit *>(QStringLiteral("raterName"));
    auto *protocol = judges->findChild<QComboBox *>(QStringLiteral("protocol"));
    auto *threads = judges->findChild<QSpinBox *>(QStringLiteral("concurrency"));
    auto *keyVariable = judges->findChild<QLineEdit *>(QStringLiteral("apiKeyEnv"));
    auto *run = judges->findChild<QPushButton *>(QStringLiteral("runButton"));
    QVERIFY(baseUrl && modelName && raterName && protocol && threads && keyVariable && run);
    baseUrl->clear();
    QTest::keyClicks(baseUrl, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    modelName->clear();
    QTest::keyClicks(modelName, QStringLiteral("test-model"));
    raterName->clear();
    QTest::keyClicks(raterName, kPanelJudge);
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    threads->setValue(4);
    keyVariable->clear(); // a local server, no key
    QSignalSpy finished(judges, &concord::ui::JudgesView::runFinished);
    QSignalSpy errors(judges, &concord::ui::JudgesView::errorShown);
    QTRY_VERIFY(run->isEnabled());
    QTest::mouseClick(run, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(firstError(errors)));
    const concord::judge::RunProgress progress = judges->lastProgress();
    QVERIFY(progress.total > 0);
    QCOMPARE(progress.done, progress.total);
    QCOMPARE(progress.invalid, std::size_t{0});
    m_panelCalls = progress.total;
}

std::map<Unit, Recorded> TestWindowSharing::recordedFile() const
{
    std::map<Unit, Recorded> units;
    QFile file(m_recorded);
    if (!file.open(QIODevice::ReadOnly))
        return units;
    static const QRegularExpression score(QStringLiteral("Score: ([1-5])\\s*$"));
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        Recorded r;
        r.response = o.value(QStringLiteral("response")).toString();
        const QRegularExpressionMatch m = score.match(r.response);
        if (m.hasMatch())
            r.value = m.captured(1).toDouble();
        units[{o.value(QStringLiteral("doc_id")).toString(), o.value(QStringLiteral("system")).toString(),
               o.value(QStringLiteral("dimension")).toString()}]
            = r;
    }
    return units;
}

std::map<Unit, Recorded> TestWindowSharing::recordedInStudy() const
{
    std::map<Unit, Recorded> units;
    auto study = store::Study::open(m_study.toStdString(), {.readOnly = true});
    if (!study) {
        qWarning("cannot open the study: %s", study.error().describe().c_str());
        return units;
    }
    // Each recorded call with its unit, and the judge's rating of that unit (none for the refusal).
    auto s = study.value()->database().prepare(
        "SELECT d.external_id, y.name, m.name, c.raw_response, r.value FROM judge_calls c "
        "JOIN judge_runs u ON u.id = c.run_id JOIN raters a ON a.id = u.rater_id "
        "JOIN candidates k ON k.id = c.candidate_id JOIN documents d ON d.id = k.document_id "
        "JOIN systems y ON y.id = k.system_id JOIN dimensions m ON m.id = c.dimension_id "
        "LEFT JOIN ratings r ON r.rater_id = a.id AND r.candidate_id = c.candidate_id "
        "AND r.dimension_id = c.dimension_id WHERE a.name = 'gpt-4o-mini rts'");
    while (s.step()) {
        Recorded r;
        r.response = QString::fromStdString(s.textAt(3));
        if (s.optionalDoubleAt(4))
            r.value = *s.optionalDoubleAt(4);
        units[{QString::fromStdString(s.textAt(0)), QString::fromStdString(s.textAt(1)),
               QString::fromStdString(s.textAt(2))}]
            = r;
    }
    return units;
}

void TestWindowSharing::ratingsAreInTheStudy()
{
    auto opened = store::Study::open(m_study.toStdString(), {.readOnly = true});
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    store::Study &study = *opened.value();
    QCOMPARE(study.raterId(kAnnotator.toStdString()), std::optional<model::Id>(m_rater));
    for (const auto &[unit, value] : m_rated) {
        const std::optional<double> stored = study.rating(m_rater, unit.first, unit.second);
        QVERIFY2(stored == value, qPrintable(QStringLiteral("candidate %1, dimension %2: %3 rated, %4 stored")
                                                 .arg(unit.first)
                                                 .arg(unit.second)
                                                 .arg(value)
                                                 .arg(stored ? QString::number(*stored) : QStringLiteral("none"))));
    }
    // And nothing else under the annotator's name.
    QCOMPARE(concord::test::countRows(m_study, QStringLiteral("SELECT COUNT(*) FROM ratings r JOIN raters a ON "
                                                              "a.id = r.rater_id WHERE a.name = 'sharing tester'")),
             static_cast<long long>(m_rated.size()));
}

void TestWindowSharing::nothingIsLostWhileOtherProgramsRead()
{
    // The other programs start first and keep reading through all that follows.
    m_readers = std::make_unique<CliReaders>(m_dir.path(), m_study);
    m_readers->start();
    letReadersRun(1);

    auto window = std::make_unique<MainWindow>();
    auto *documents = window->findChild<concord::ui::DocumentListModel *>();
    QVERIFY(documents);
    QSignalSpy counted(documents, &concord::ui::DocumentListModel::judgementsCounted);
    QSignalSpy windowErrors(window.get(), &MainWindow::errorShown);
    QVERIFY(window->openStudy(m_study).ok());
    QVERIFY(window->createAnnotator(kAnnotator, QStringLiteral("expert")).ok());
    m_rater = window->annotationEditor()->rater();
    QVERIFY(m_rater != 0);
    window->resize(1400, 1000);
    window->show();
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QCOMPARE(window->documentList()->model()->rowCount(), 8);
    // The document list's judgement counts are read on a worker thread, on a connection of its own.
    QTRY_VERIFY_WITH_TIMEOUT(counted.count() >= 1, 30000);
    QVERIFY2(concord::test::sqliteReadLockVisible(m_study),
             "the window's read lock is gone after the document list was read on a worker thread");

    // Ratings by keys; each commit is followed by background reads of the progress and the counts.
    rateShownDocument(*window, windowErrors, 0);
    if (QTest::currentTestFailed())
        return;
    letReadersRun(1);

    // A judge run from the Judges panel (the runner's connection on a thread of its own pool), then
    // concord-cli calls and the others in their processes.
    runJudgeFromThePanel(*window);
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(concord::test::sqliteReadLockVisible(m_study), "the window's read lock is gone after the judge run");
    letReadersRun(2);

    // Recorded judgements, imported on a worker thread.
    concord::ui::JudgesView *judges = window->judgesView();
    QSignalSpy imported(judges, &concord::ui::JudgesView::importFinished);
    QSignalSpy judgeErrors(judges, &concord::ui::JudgesView::errorShown);
    QVERIFY(judges->importRecorded(m_recorded, QStringLiteral("rts"), kRecordedJudge, QStringLiteral("gpt-4o-mini")));
    QTRY_COMPARE_WITH_TIMEOUT(imported.count(), 1, 30000);
    QVERIFY2(imported.at(0).at(0).toBool(), qPrintable(firstError(judgeErrors)));
    const QString status = judges->findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("Imported 128 recorded judgements (127 valid, 1 invalid).")),
             qPrintable(status));
    QVERIFY2(concord::test::sqliteReadLockVisible(m_study),
             "the window's read lock is gone after the recorded judgements were imported");
    letReadersRun(1);

    // The Agreement dashboard, computed off the GUI thread on its own connection, with both judges.
    auto *agreement = window->findChild<concord::ui::AgreementView *>();
    QVERIFY(agreement);
    QSignalSpy refreshFailed(agreement, &concord::ui::AgreementView::refreshFailed);
    QVERIFY(window->showView(QStringLiteral("agreement")));
    // A failed computation ends the wait at once: a QTRY that times out waits three times as long.
    QTRY_VERIFY_WITH_TIMEOUT(showsBothJudges(agreement) || !refreshFailed.isEmpty(), 30000);
    QVERIFY2(refreshFailed.isEmpty(), qPrintable(refreshFailed.value(0).value(0).toString()));
    QVERIFY2(concord::test::sqliteReadLockVisible(m_study),
             "the window's read lock is gone after the dashboard was computed");
    letReadersRun(1);

    // Back to annotating: two more documents, the last edits of the window.
    QVERIFY(window->showView(QStringLiteral("annotate")));
    showNextDocument(*window, windowErrors);
    if (QTest::currentTestFailed())
        return;
    rateShownDocument(*window, windowErrors, 1);
    if (QTest::currentTestFailed())
        return;
    letReadersRun(1);
    showNextDocument(*window, windowErrors);
    if (QTest::currentTestFailed())
        return;
    rateShownDocument(*window, windowErrors, 2);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(m_ratedDocuments.size(), std::size_t{3});
    QVERIFY(m_rated.size() >= 3 * 2 * 2);

    // The readers go on for a whole round after the last edit, and see all of it.
    auto seen = window->session()->read([](store::Study &s) { return s.counts(); });
    QVERIFY(seen.ok());
    const int afterLastEdit = m_readers->started();
    QTRY_VERIFY_WITH_TIMEOUT(m_readers->finishedSince(afterLastEdit) >= 4, 30000);
    m_readers->stop();
    QTRY_VERIFY_WITH_TIMEOUT(!m_readers->isRunning(), 30000);
    // The reads that follow each rating (progress, counts) have long ended on their workers by now.
    QVERIFY2(concord::test::sqliteReadLockVisible(m_study), "the window's read lock is gone after the last ratings");
    for (const CliReaders::Run &run : m_readers->finished())
        QVERIFY2(run.exitCode == 0, qPrintable(QStringLiteral("concord-cli %1 exited %2: %3")
                                                   .arg(run.args.join(QLatin1Char(' ')))
                                                   .arg(run.exitCode)
                                                   .arg(run.err)));
    bool checkedInfo = false;
    for (const CliReaders::Run &run : m_readers->finished()) {
        if (run.serial < afterLastEdit || run.args.constFirst() != QStringLiteral("info"))
            continue;
        // Another process sees every commit of the window: none went to a log it cannot see.
        const QJsonObject info = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(info.value(QStringLiteral("ratings")).toInteger(), static_cast<qint64>(seen.value().ratings));
        QCOMPARE(info.value(QStringLiteral("judge_calls")).toInteger(), static_cast<qint64>(seen.value().judgeCalls));
        checkedInfo = true;
    }
    QVERIFY(checkedInfo);
    qInfo("%d concord-cli commands ran beside the window", static_cast<int>(m_readers->finished().size()));

    QVERIFY2(windowErrors.isEmpty(), qPrintable(firstError(windowErrors)));

    // Quit: the window is deleted; its workers' connections are closed once the pool is idle.
    QVERIFY(window->close());
    window.reset();
    QThreadPool::globalInstance()->waitForDone();

    ratingsAreInTheStudy();
    if (QTest::currentTestFailed())
        return;
    const std::map<Unit, Recorded> expected = recordedFile();
    QCOMPARE(expected.size(), std::size_t{128});
    const std::map<Unit, Recorded> stored = recordedInStudy();
    QCOMPARE(stored.size(), expected.size());
    for (const auto &[unit, recorded] : expected) {
        const auto it = stored.find(unit);
        const QString name
            = std::get<0>(unit) + QLatin1Char('/') + std::get<1>(unit) + QLatin1Char('/') + std::get<2>(unit);
        QVERIFY2(it != stored.end(), qPrintable(name + QStringLiteral(" is missing")));
        QCOMPARE(it->second.response, recorded.response);
        QVERIFY2(it->second.value == recorded.value, qPrintable(name));
    }
    // The panel judge's run: every call, every rating (the server always answered 4).
    QCOMPARE(concord::test::countRows(m_study, QStringLiteral("SELECT COUNT(*) FROM judge_calls c JOIN judge_runs u ON "
                                                              "u.id = c.run_id JOIN raters a ON a.id = u.rater_id "
                                                              "WHERE a.name = 'panel judge' AND c.valid = 1")),
             static_cast<long long>(m_panelCalls));
    QCOMPARE(concord::test::countRows(m_study, QStringLiteral("SELECT COUNT(*) FROM ratings r JOIN raters a ON "
                                                              "a.id = r.rater_id WHERE a.name = 'panel judge' AND "
                                                              "r.value = 4")),
             static_cast<long long>(m_panelCalls));
    QCOMPARE(concord::test::integrityCheck(m_study), QStringLiteral("ok"));
    const concord::test::CliRun check = concord::test::runCli({QStringLiteral("check"), m_study});
    QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));

    // A new window shows the same: the ratings on their cards, both judges on the dashboard.
    MainWindow reopened;
    QVERIFY(reopened.openStudy(m_study).ok());
    QVERIFY(reopened.setAnnotator(kAnnotator).ok());
    reopened.resize(1400, 1000);
    reopened.show();
    QVERIFY(QTest::qWaitForWindowExposed(&reopened));
    for (const model::Id document : m_ratedDocuments) {
        reopened.annotateWorkspace()->goToDocument(document);
        QTRY_COMPARE(reopened.annotationView()->documentId(), document);
        for (const concord::ui::CandidateCard *card : reopened.annotationView()->cards())
            for (const concord::ui::LikertRow *row : card->likertRows()) {
                const auto it = m_rated.find({card->candidateId(), row->dimension().id});
                QCOMPARE(row->value(), it == m_rated.end() ? std::nullopt : std::optional<double>(it->second));
            }
    }
    auto *dashboard = reopened.findChild<concord::ui::AgreementView *>();
    QVERIFY(dashboard);
    QSignalSpy dashboardFailed(dashboard, &concord::ui::AgreementView::refreshFailed);
    QVERIFY(reopened.showView(QStringLiteral("agreement")));
    QTRY_VERIFY_WITH_TIMEOUT(showsBothJudges(dashboard) || !dashboardFailed.isEmpty(), 30000);
    QVERIFY2(dashboardFailed.isEmpty(), qPrintable(dashboardFailed.value(0).value(0).toString()));
    QVERIFY(reopened.close());
}

QTEST_MAIN(TestWindowSharing)
#include "tst_window_sharing.moc"
