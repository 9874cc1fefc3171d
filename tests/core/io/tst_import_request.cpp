// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The import dispatch shared by the desktop application and concord-cli: a format name picks the
// importer, the request runs it into an open study or on a connection of its own, and every
// failure comes back as an error instead of an exception.
#include "io/import_request.h"
#include "store/study.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace concord;

class TestImportRequest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formatNames_data();
    void formatNames();
    void runsTheTableImporter();
    void aTableImportReadsOneFile();
    void aMissingStudyIsAnError();
};

namespace {

std::string write(const QTemporaryDir &dir, const char *name, const QByteArray &content)
{
    const std::string path = dir.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream out(path, std::ios::binary);
    out.write(content.constData(), content.size());
    return path;
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

QTEST_APPLESS_MAIN(TestImportRequest)
#include "tst_import_request.moc"
