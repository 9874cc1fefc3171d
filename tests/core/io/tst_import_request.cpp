// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The import dispatch shared by the desktop application and concord-cli: a format name picks the
// importer, the request runs it into an open study or on a connection of its own, and every
// failure comes back as an error instead of an exception.
#include "io/import_request.h"
#include "store/study.h"

#include <QFileInfo>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <utility>
#include <vector>

using namespace concord;

class TestImportRequest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formatNames_data();
    void formatNames();
    void runsTheTableImporter();
    void aTableImportReadsOneFile();
    void aMissingStudyIsAnError();
    void progressCountsTheBytesOfEveryFile_data();
    void progressCountsTheBytesOfEveryFile();
    void cancellingLeavesTheStudyUnchanged();
};

namespace {

std::string write(const QTemporaryDir &dir, const char *name, const QByteArray &content)
{
    const std::string path = dir.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream out(path, std::ios::binary);
    out.write(content.constData(), content.size());
    return path;
}

// A CSV table of documents x systems, a few MiB for a few hundred documents: several of the
// readers' 1 MiB blocks, so an import reports progress more than once.
QByteArray table(int documents, int systems)
{
    QByteArray csv = "doc_id,article,system,summary\n";
    for (int d = 0; d < documents; ++d) {
        QByteArray article;
        for (int w = 0; w < 90; ++w)
            article += QByteArray::number((d * 131 + w * 17) % 997) + (w % 9 == 8 ? ". " : " ");
        for (int s = 0; s < systems; ++s)
            csv += "d" + QByteArray::number(d) + "," + article.trimmed() + ",sys" + QByteArray::number(s)
                   + ",A summary of " + QByteArray::number(d) + " by " + QByteArray::number(s) + ".\n";
    }
    return csv;
}

// One SummEval line: a document, a system, the expert and turker ratings.
QByteArray summevalLine(int document, int system)
{
    const QByteArray rating = R"({"coherence": 3, "consistency": 4, "fluency": 5, "relevance": 2})";
    QByteArray line = R"({"id": "doc)" + QByteArray::number(document) + R"(", "text": "Article )" + QByteArray(600, 'a')
                      + R"(", "references": [], "model_id": "M)" + QByteArray::number(system)
                      + R"(", "decoded": "Summary.", "expert_annotations": [)";
    for (int i = 0; i < 3; ++i)
        line += (i ? ", " : "") + rating;
    line += R"(], "turker_annotations": [)";
    for (int i = 0; i < 5; ++i)
        line += (i ? ", " : "") + rating;
    return line + "]}\n";
}

QByteArray summeval(int firstDocument, int documents)
{
    QByteArray text;
    for (int d = firstDocument; d < firstDocument + documents; ++d)
        for (int s = 0; s < 4; ++s)
            text += summevalLine(d, s);
    return text;
}

} // namespace

void TestImportRequest::formatNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("known");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("format");
    using Kind = io::ImportRequest::Kind;
    QTest::newRow("summeval") << QStringLiteral("summeval") << true << int(Kind::SummEval)
                              << int(io::TableFormat::Jsonl);
    QTest::newRow("jsonl") << QStringLiteral("jsonl") << true << int(Kind::Table) << int(io::TableFormat::Jsonl);
    QTest::newRow("csv") << QStringLiteral("csv") << true << int(Kind::Table) << int(io::TableFormat::Csv);
    QTest::newRow("tsv") << QStringLiteral("tsv") << true << int(Kind::Table) << int(io::TableFormat::Tsv);
    QTest::newRow("unknown") << QStringLiteral("xlsx") << false << 0 << 0;
    QTest::newRow("empty") << QString() << false << 0 << 0;
}

void TestImportRequest::formatNames()
{
    QFETCH(QString, name);
    QFETCH(bool, known);
    QFETCH(int, kind);
    QFETCH(int, format);
    const auto request = io::ImportRequest::forFormat(name.toStdString());
    QCOMPARE(request.has_value(), known);
    if (!known)
        return;
    QCOMPARE(int(request->kind), kind);
    QCOMPARE(int(request->format), format);
    QVERIFY(request->paths.empty());
    QVERIFY(request->mapping.skipMissingColumns); // the identity mapping
}

void TestImportRequest::runsTheTableImporter()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string studyPath = dir.filePath(QStringLiteral("study.concord")).toStdString();
    QVERIFY(store::Study::create(studyPath).ok());
    auto request = io::ImportRequest::forFormat("csv");
    QVERIFY(request);
    request->paths = {write(dir, "items.csv", "doc_id,article,system,summary\nd1,An article.,s1,A summary.\n")};
    const auto report = request->run(studyPath);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().documents, std::int64_t{1});
    QCOMPARE(report.value().candidates, std::int64_t{1});
}

void TestImportRequest::aTableImportReadsOneFile()
{
    auto study = store::Study::createInMemory();
    QVERIFY(study.ok());
    auto request = io::ImportRequest::forFormat("jsonl");
    QVERIFY(request);
    request->paths = {"a.jsonl", "b.jsonl"};
    const auto report = request->run(*study.value());
    QVERIFY(!report.ok());
    QCOMPARE(report.error().describe(), std::string("a table import reads exactly one file"));
}

void TestImportRequest::aMissingStudyIsAnError()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto request = io::ImportRequest::forFormat("summeval");
    QVERIFY(request);
    request->paths = {write(dir, "summeval.jsonl", "")};
    const auto report = request->run(dir.filePath(QStringLiteral("missing/none.concord")).toStdString());
    QVERIFY(!report.ok());
    QVERIFY(!report.error().describe().empty());
}

void TestImportRequest::progressCountsTheBytesOfEveryFile_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QList<QByteArray>>("files");
    QTest::addColumn<qint64>("records"); // CSV: the rows and the header; SummEval: its lines
    QTest::newRow("csv, one file of several blocks")
        << QStringLiteral("csv") << QList<QByteArray>{table(800, 10)} << qint64{8001};
    QTest::newRow("summeval, two files") << QStringLiteral("summeval")
                                         << QList<QByteArray>{summeval(0, 400), summeval(400, 300)} << qint64{2800};
}

void TestImportRequest::progressCountsTheBytesOfEveryFile()
{
    QFETCH(QString, format);
    QFETCH(QList<QByteArray>, files);
    QFETCH(qint64, records);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto request = io::ImportRequest::forFormat(format.toStdString());
    QVERIFY(request);
    std::int64_t size = 0;
    for (qsizetype i = 0; i < files.size(); ++i) {
        request->paths.push_back(write(dir, qPrintable(QStringLiteral("part%1.%2").arg(i).arg(format)), files.at(i)));
        size += files.at(i).size();
    }
    auto study = store::Study::createInMemory();
    QVERIFY(study.ok());
    std::vector<std::pair<std::int64_t, std::int64_t>> calls;
    std::vector<std::int64_t> counted;
    const auto report
        = request->run(*study.value(), [&](std::int64_t done, std::int64_t total, std::int64_t recordsRead) {
              calls.emplace_back(done, total);
              counted.push_back(recordsRead);
              return true;
          });
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QVERIFY(report.value().candidates > 0);
    // Told as the files are read, block by block: several times, never going back, up to the sum of the
    // sizes (the end of a file may be told twice: the last block, then the read that finds nothing more).
    std::int64_t previous = 0;
    int steps = 0;
    for (const auto &[done, total] : calls) {
        QCOMPARE(total, size);
        QVERIFY2(done >= previous, qPrintable(QStringLiteral("%1 after %2").arg(done).arg(previous)));
        QVERIFY(done <= total);
        steps += done > previous ? 1 : 0;
        previous = done;
    }
    QVERIFY2(steps >= 3, qPrintable(QString::number(steps)));
    QCOMPARE(previous, size);
    // The records read, for a rate in rows per second: never going back, all of them at the end.
    QVERIFY(std::is_sorted(counted.begin(), counted.end()));
    QCOMPARE(counted.back(), static_cast<std::int64_t>(records));
}

void TestImportRequest::cancellingLeavesTheStudyUnchanged()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string studyPath = dir.filePath(QStringLiteral("study.concord")).toStdString();
    QVERIFY(store::Study::create(studyPath).ok());
    auto request = io::ImportRequest::forFormat("csv");
    QVERIFY(request);
    request->paths = {write(dir, "items.csv", table(800, 10))};
    const auto size = QFileInfo(QString::fromStdString(request->paths.front())).size();
    // Cancelled once half of the file has been read: rows before it were already written in the transaction.
    int calls = 0;
    const auto report = request->run(studyPath, [&](std::int64_t done, std::int64_t, std::int64_t) {
        ++calls;
        return done < size / 2;
    });
    QVERIFY(!report.ok());
    QCOMPARE(report.error().message, io::ImportProgress::cancelledMessage());
    QVERIFY(calls >= 2);
    auto study = store::Study::open(studyPath);
    QVERIFY(study.ok());
    const store::StudyCounts counts = study.value()->counts();
    QCOMPARE(counts.documents, std::int64_t{0});
    QCOMPARE(counts.candidates, std::int64_t{0});
    // Not cancelled, the same request imports everything.
    const auto again = request->run(studyPath, [](std::int64_t, std::int64_t, std::int64_t) { return true; });
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().describe().c_str());
    QCOMPARE(again.value().documents, std::int64_t{800});
}

QTEST_APPLESS_MAIN(TestImportRequest)
#include "tst_import_request.moc"
