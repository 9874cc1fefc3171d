// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A full disk, as SQLite meets it: PRAGMA max_page_count just above the study's size, on the
// connection that writes. An import, a judge run and an annotation edit then fail with an error that
// says the disk is full, and the study is exactly as it was (same fingerprint, integrity ok).
#include "demo_study.h"
#include "io/annotation_merger.h"
#include "io/import_request.h"
#include "judge/runner.h"
#include "store/study.h"
#include "study_fingerprint.h"
#include "test_llm_server.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <atomic>
#include <string>

using namespace concord;

namespace {

// Limits a connection to its study's current size plus `headroom` pages.
void limitPages(store::Database &db, int headroom)
{
    const auto pages = db.pragmaInt("page_count");
    db.exec("PRAGMA max_page_count = " + std::to_string(pages + headroom));
}

// The judge runner opens a connection of its own; every connection opened while this is registered
// gets the same limit (SQLite runs auto extensions on each new connection).
std::atomic<int> g_headroom{-1};

int limitEveryConnection(sqlite3 *db, const char **, const void *)
{
    if (g_headroom < 0)
        return SQLITE_OK;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA page_count", -1, &s, nullptr) != SQLITE_OK)
        return SQLITE_OK;
    const long long pages = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
    sqlite3_finalize(s);
    const std::string sql = "PRAGMA max_page_count = " + std::to_string(pages + g_headroom);
    sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    return SQLITE_OK;
}

bool saysFull(const Error &error)
{
    return error.describe().find("disk is full") != std::string::npos;
}

} // namespace

class TestDiskFull : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void importFailsAndChangesNothing();
    void editFailsAndChangesNothing();
    void mergeFailsAndChangesNothing();
    void judgeRunFailsAndChangesNothing();
    void judgeRunAfterAnEarlierRunFailsAndChangesNothing();

private:
    judge::RunOptions judgeOptions(std::size_t documents) const;
    judge::ProviderConfig judgeServer() const;
    void answerLongerThanAPage();

    QTemporaryDir m_dir;
    test::TestLlmServer m_server;
    QString m_demo;
    QString m_path;
    QByteArray m_before;
};

void TestDiskFull::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_demo = m_dir.filePath(QStringLiteral("demo.concord"));
    const auto demo = resources::createDemoStudy(m_demo.toStdString());
    QVERIFY2(demo.ok(), demo.ok() ? "" : demo.error().describe().c_str());
    QVERIFY(m_server.start() > 0);
    m_server.setHandler([](const test::RecordedRequest &) { return test::Reply::openAi("Score: 4"); });
    QCOMPARE(sqlite3_auto_extension(reinterpret_cast<void (*)()>(&limitEveryConnection)), SQLITE_OK);
}

void TestDiskFull::init()
{
    m_path = m_dir.filePath(QStringLiteral("study.concord"));
    QFile::remove(m_path);
    QVERIFY(QFile::copy(m_demo, m_path));
    m_before = test::studyFingerprint(m_path);
    QVERIFY(!m_before.isEmpty());
}

void TestDiskFull::cleanup()
{
    g_headroom = -1;
    m_server.setHandler([](const test::RecordedRequest &) { return test::Reply::openAi("Score: 4"); });
    // Whatever happened, the file is sound and holds what it held.
    QCOMPARE(test::integrityCheck(m_path), QStringLiteral("ok"));
    QCOMPARE(test::studyFingerprint(m_path), m_before);
}

void TestDiskFull::importFailsAndChangesNothing()
{
    QByteArray csv = "doc_id,article,system,summary,rater,dimension,value\n";
    for (int d = 0; d < 200; ++d)
        for (int s = 0; s < 4; ++s)
            csv += "full-" + QByteArray::number(d) + ",An article of some length about topic " + QByteArray::number(d)
                   + ".,sys-" + QByteArray::number(s) + ",A summary.,annotator_a,coherence," + QByteArray::number(1 + s)
                   + "\n";
    const QString csvPath = m_dir.filePath(QStringLiteral("more.csv"));
    QFile f(csvPath);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(csv);
    f.close();

    auto study = store::Study::open(m_path.toStdString());
    QVERIFY(study.ok());
    limitPages(study.value()->database(), 1);
    auto request = io::ImportRequest::forFormat("csv");
    QVERIFY(request.has_value());
    request->paths = {csvPath.toStdString()};
    const auto report = request->run(*study.value());
    QVERIFY(!report.ok());
    QVERIFY2(saysFull(report.error()), report.error().describe().c_str());

    // The same connection is usable afterwards: it reads what it read before.
    QCOMPARE(study.value()->counts().documents, 8);
}

void TestDiskFull::editFailsAndChangesNothing()
{
    auto opened = store::Study::open(m_path.toStdString());
    QVERIFY(opened.ok());
    store::Study &study = *opened.value();
    const auto rater = study.raterId("annotator_a");
    const auto candidates = study.candidates();
    QVERIFY(rater.has_value() && !candidates.empty());
    limitPages(study.database(), 1);
    // An annotator's long note on a factual error: more than the one page left.
    const std::string note(5 * 4096, 'n');
    const Status status = study.write([&] {
        model::ErrorSpan span;
        span.raterId = *rater;
        span.candidateId = candidates.front().id;
        span.start = 0;
        span.end = 1;
        span.quote = candidates.front().text.substr(0, 1); // the summary's first character, as spans quote
        span.note = note;
        study.addErrorSpan(span);
    });
    QVERIFY(!status.ok());
    QVERIFY2(saysFull(status.error()), status.error().describe().c_str());
}

void TestDiskFull::mergeFailsAndChangesNothing()
{
    // An annotator's package: the demo with a new annotator's ratings and explanations.
    const QString package = m_dir.filePath(QStringLiteral("package.concord"));
    QFile::remove(package);
    QVERIFY(QFile::copy(m_demo, package));
    {
        auto source = store::Study::open(package.toStdString());
        QVERIFY(source.ok());
        store::Study &s = *source.value();
        QVERIFY(s.write([&] {
            const auto rater = s.ensureRater({0, "annotator_d", model::RaterKind::Human, "expert", {}, {}, {}, {}});
            const auto coherence = s.dimensionId("coherence");
            for (const auto &c : s.candidates()) {
                s.setRating(rater, c.id, *coherence, 3);
                s.setExplanation(rater, c.documentId, 0, std::string(2000, 'e'));
            }
        }));
    }

    auto study = store::Study::open(m_path.toStdString());
    QVERIFY(study.ok());
    limitPages(study.value()->database(), 1);
    const auto report = io::AnnotationMerger::mergeFile(*study.value(), package.toStdString());
    QVERIFY(!report.ok());
    QVERIFY2(saysFull(report.error()), report.error().describe().c_str());
}

// Each answer alone is larger than the page left, so no answer fits whichever of them arrive
// together (one commit each or several at once, as the timing falls).
void TestDiskFull::answerLongerThanAPage()
{
    std::string answer;
    while (answer.size() < 3 * 4096)
        answer += "The summary follows the article closely and reads well. ";
    answer += "Score: 4";
    m_server.setHandler([answer](const test::RecordedRequest &) { return test::Reply::openAi(answer); });
}

judge::RunOptions TestDiskFull::judgeOptions(std::size_t documents) const
{
    judge::RunOptions options;
    options.plan.protocol = judge::Protocol::Rts;
    options.plan.dimensions = {"coherence"};
    options.plan.documentLimit = documents;
    options.concurrency = 2;
    options.backoffBaseSeconds = 0.01;
    options.backoffMaxSeconds = 0.05;
    options.raterName = "full judge";
    return options;
}

judge::ProviderConfig TestDiskFull::judgeServer() const
{
    return {judge::ProviderKind::OpenAI, m_server.baseUrl() + "/v1", "full-model", {}};
}

void TestDiskFull::judgeRunFailsAndChangesNothing()
{
    // A judge new to the study: its rater, run and template fit in the page left, its answers do not.
    answerLongerThanAPage();
    g_headroom = 1;
    judge::Runner runner(m_path.toStdString(), judgeServer(), judgeOptions(2));
    const auto result = runner.run();
    g_headroom = -1;
    QVERIFY(!result.ok());
    QVERIFY2(saysFull(result.error()), result.error().describe().c_str());
}

void TestDiskFull::judgeRunAfterAnEarlierRunFailsAndChangesNothing()
{
    // The judge rated one document before; its rater and template stay, the new run leaves nothing.
    {
        judge::Runner first(m_path.toStdString(), judgeServer(), judgeOptions(1));
        const auto result = first.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().done, std::size_t{4});
    }
    m_before = test::studyFingerprint(m_path);
    answerLongerThanAPage();
    g_headroom = 1;
    judge::Runner runner(m_path.toStdString(), judgeServer(), judgeOptions(3));
    const auto result = runner.run();
    g_headroom = -1;
    QVERIFY(!result.ok());
    QVERIFY2(saysFull(result.error()), result.error().describe().c_str());
}

QTEST_GUILESS_MAIN(TestDiskFull)
#include "tst_disk_full.moc"
