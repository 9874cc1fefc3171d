// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The recorded-judgement importer read as a stream: every protocol's fixture gives the same export as
// the importer that read whole files did (hashes recorded from it), a cancel or a failure late in a
// big file leaves the study file as it was, and a 10 MB line and a last line without its newline import.
#include "io/import_progress.h"
#include "io/study_exporter.h"
#include "judge/recorded_import.h"
#include "judge/sha256.h"
#include "store/study.h"

#include "fuzz_study.h"

#include "study_fingerprint.h"
#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace concord;
using nlohmann::json;

class TestRecordedImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exportIsUnchanged_data();
    void exportIsUnchanged();
    void cancelLeavesStudyUnchanged();
    void lateFailureLeavesStudyUnchanged();
    void longLineWithoutFinalNewline();
    void factualityUnitIsTheSentence();
};

namespace {

std::unique_ptr<store::Study> smallStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created)
        qFatal("study: %s", created.error().describe().c_str());
    auto study = std::move(created).value();
    const Status status = study->write([&] { test::fillFuzzStudy(*study); });
    if (!status)
        qFatal("small study: %s", status.error().describe().c_str());
    return study;
}

std::string write(const QTemporaryDir &dir, const char *name, const std::string &content)
{
    const std::string path = dir.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
}

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// The study's export with its items, with the file it was imported from named FILE (the temporary
// folder differs from run to run) and hashed.
std::string exportHash(store::Study &study, const QTemporaryDir &dir, const std::string &importedFrom)
{
    const std::string out = dir.filePath(QStringLiteral("export.jsonl")).toStdString();
    io::ExportOptions options;
    options.items = true;
    const auto report = io::StudyExporter::exportTo(study, out, io::ExportFormat::Jsonl, options);
    if (!report)
        qFatal("export: %s", report.error().describe().c_str());
    std::string text = readAll(out);
    for (std::size_t at = text.find(importedFrom); at != std::string::npos; at = text.find(importedFrom, at))
        text.replace(at, importedFrom.size(), "FILE");
    return judge::Sha256::hex(text);
}

// Every summary rated on coherence, the line count made up by answering the same units again.
std::string rtsLines(int lines, bool finalNewline = true)
{
    std::string out;
    const char *systems[] = {"s1", "s2", "s3"};
    for (int i = 0; i < lines; ++i) {
        const json line{{"doc_id", i % 2 ? "d2" : "d1"},
                        {"system", systems[(i / 2) % 3]},
                        {"dimension", "coherence"},
                        {"response", "Score: " + std::to_string(i % 5 + 1)}};
        out.append(line.dump());
        if (finalNewline || i + 1 < lines)
            out.push_back('\n');
    }
    return out;
}

} // namespace

void TestRecordedImport::exportIsUnchanged_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("hash");
    // Recorded from the importer that read the whole file and loaded each line's unit afresh.
    const QString corpus = test::sourceDir() + QStringLiteral("/tests/fuzz/corpus/recorded_import/");
    const std::pair<const char *, const char *> rows[] = {
        {"rts", "lines 3, valid 3, repeats 1, export c4f81679ad510f1225f1562006ca8e4a2f0575afe0e5dd4eb97883edee554537"},
        {"mcq", "lines 1, valid 1, repeats 0, export 6f6e1f30e09ea24c29470cc433e0d9b7591b91d68c659c6481e0a39126cd2260"},
        {"likert-multi",
         "lines 2, valid 2, repeats 0, export a9c36b8e1483e5552eeba60f4bcd49440a12ae70ad8a2943ed5bacc2e5751299"},
        {"llmeval",
         "lines 1, valid 1, repeats 0, export 6647644fa5e03da2445d6bc6aacce1bfad055541748103b8315172dec1a05fd0"},
        {"geval",
         "lines 2, valid 2, repeats 0, export 47b13eaa4cd84beb030c5b9abf7239ba7d8a352eeeaae7e49390d2f954a24ab2"},
        {"llmscore",
         "lines 1, valid 1, repeats 0, export 5c65e0ba16887198d201ac15c107a9ec268d06b756786c197db68df50600814a"},
        {"h2h", "lines 2, valid 2, repeats 0, export 548e40bdef16be17e59da3fb0ff22f11324e61b9a44783baa0e89ecbaff434fa"},
        {"pairwise",
         "lines 1, valid 1, repeats 0, export d5043daa7eec0ea6627c560599f0a6efc0e74f36680c29e089cb0dd2d995a453"},
        {"llmcompare",
         "lines 1, valid 1, repeats 0, export 6d6b5ba13fe073612fc899f44cbfae28463e4fc5df52eb2ca6b4eae2f0a25623"},
        {"llmrank",
         "lines 2, valid 2, repeats 0, export d5791121627067c057dfb794f2b143395e5cceaf40e984765cebbe84d6c6e2d0"},
        {"pyramid",
         "lines 2, valid 2, repeats 0, export e5a46da53dfafc32b682024676197a0d864dd34a749a91f63c19e05c1a5f3a88"},
        {"factuality",
         "lines 1, valid 1, repeats 0, export 5abf9ec40a970f616f738c119eecd3970bb3b3cc54251861c895e04a103627bd"},
        {"errors", "error FILE:1: field 'doc_id': no document with this id in the study"},
    };
    for (const auto &[name, hash] : rows)
        QTest::newRow(name) << corpus + QString::fromUtf8(name) << QString::fromUtf8(hash);
    QTest::newRow("rts, 3000 lines") << QString()
                                     << QStringLiteral(
                                            "lines 3000, valid 3000, repeats 2994, export "
                                            "63e6622f1e0ab8e22658eafff0cc91fa2ed64654f114dfd10a9709c10985d64a");
}

void TestRecordedImport::exportIsUnchanged()
{
    QFETCH(QString, fixture);
    QFETCH(QString, hash);
    QTemporaryDir dir;
    judge::RecordedImportRequest request;
    request.rater = "judge";
    request.model = "recorded-model";
    if (fixture.isEmpty()) {
        request.path = write(dir, "answers.jsonl", rtsLines(3000));
    } else {
        // The fuzzers' seeds: the first byte picks the protocol, the rest is the file.
        QFile file(fixture);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(fixture));
        const QByteArray bytes = file.readAll();
        QVERIFY(!bytes.isEmpty());
        const auto protocols = judge::allProtocols();
        request.protocol = protocols[static_cast<unsigned char>(bytes[0]) % protocols.size()];
        request.path = write(dir, "answers.jsonl", bytes.mid(1).toStdString());
    }
    auto study = smallStudy(dir.filePath(QStringLiteral("study.concord")).toStdString());
    const auto report = judge::importRecordedJudgements(*study, request);
    std::string outcome;
    if (report)
        outcome = "lines " + std::to_string(report->lines) + ", valid " + std::to_string(report->valid) + ", repeats "
                  + std::to_string(report->repeats) + ", export " + exportHash(*study, dir, request.path);
    else
        outcome = "error " + report.error().describe().replace(0, request.path.size(), "FILE");
    QCOMPARE(QString::fromStdString(outcome), hash);
}

void TestRecordedImport::cancelLeavesStudyUnchanged()
{
    QTemporaryDir dir;
    const std::string studyPath = dir.filePath(QStringLiteral("study.concord")).toStdString();
    smallStudy(studyPath);
    // About 4 MB: the reading reports progress after each of several blocks.
    const std::string answers = write(dir, "answers.jsonl", rtsLines(60000));
    const QByteArray before = test::studyFingerprint(QString::fromStdString(studyPath));
    QVERIFY(!before.isEmpty());

    auto opened = store::Study::open(studyPath);
    QVERIFY(opened.ok());
    std::int64_t calls = 0;
    std::int64_t lastDone = 0;
    io::ImportProgress progress(
        [&](std::int64_t done, std::int64_t total, std::int64_t) {
            ++calls;
            lastDone = done;
            return done * 2 < total; // cancel past half of the file
        },
        {answers});
    const auto report = judge::importRecordedJudgements(*opened.value(), {judge::Protocol::Rts, "judge", {}, answers},
                                                        std::move(progress));
    QVERIFY(!report.ok());
    QCOMPARE(report.error().message, io::ImportProgress::cancelledMessage());
    QVERIFY(calls >= 2);
    QVERIFY(lastDone < static_cast<std::int64_t>(std::filesystem::file_size(answers)));
    opened.value().reset();
    QCOMPARE(test::studyFingerprint(QString::fromStdString(studyPath)), before);

    // Not cancelled, the same import runs to the end and reports every byte.
    auto again = store::Study::open(studyPath);
    QVERIFY(again.ok());
    std::int64_t finalDone = 0, finalTotal = 0;
    io::ImportProgress watch(
        [&](std::int64_t done, std::int64_t total, std::int64_t) {
            finalDone = done;
            finalTotal = total;
            return true;
        },
        {answers});
    const auto done = judge::importRecordedJudgements(*again.value(), {judge::Protocol::Rts, "judge", {}, answers},
                                                      std::move(watch));
    QVERIFY2(done.ok(), done.ok() ? "" : done.error().describe().c_str());
    QCOMPARE(done->lines, std::size_t(60000));
    QCOMPARE(finalDone, finalTotal);
}

void TestRecordedImport::lateFailureLeavesStudyUnchanged()
{
    QTemporaryDir dir;
    const std::string studyPath = dir.filePath(QStringLiteral("study.concord")).toStdString();
    smallStudy(studyPath);
    std::string text = rtsLines(30000);
    text.append(json{{"doc_id", "d1"}, {"system", "s9"}, {"dimension", "coherence"}, {"value", 3}}.dump()).append("\n");
    const std::string answers = write(dir, "answers.jsonl", text);
    const QByteArray before = test::studyFingerprint(QString::fromStdString(studyPath));

    auto opened = store::Study::open(studyPath);
    QVERIFY(opened.ok());
    const auto report = judge::importRecordedJudgements(*opened.value(), {judge::Protocol::Rts, "judge", {}, answers});
    QVERIFY(!report.ok());
    QCOMPARE(report.error().file, answers);
    QCOMPARE(report.error().line, 30001L);
    QCOMPARE(report.error().field, std::string("system"));
    opened.value().reset();
    QCOMPARE(test::studyFingerprint(QString::fromStdString(studyPath)), before);
}

void TestRecordedImport::longLineWithoutFinalNewline()
{
    QTemporaryDir dir;
    // A 10 MB answer on the first line (longer than any block the reader takes at once), and a last
    // line that ends the file without a newline.
    std::string text = json{{"doc_id", "d1"},
                            {"system", "s1"},
                            {"dimension", "coherence"},
                            {"response", std::string(10 << 20, 'x') + " Score: 4"}}
                           .dump()
                       + "\n" + rtsLines(5, false);
    const std::string answers = write(dir, "answers.jsonl", text);
    auto study = smallStudy(dir.filePath(QStringLiteral("study.concord")).toStdString());
    const auto report = judge::importRecordedJudgements(*study, {judge::Protocol::Rts, "judge", {}, answers});
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->lines, std::size_t(6));
    QCOMPARE(report->valid, std::size_t(6));
    auto s = study->database().prepare("SELECT length(raw_response) FROM judge_calls ORDER BY id");
    QVERIFY(s.step());
    QCOMPARE(s.int64At(0), static_cast<std::int64_t>(std::string(" Score: 4").size() + (10 << 20)));
    int rows = 1;
    while (s.step())
        ++rows;
    QCOMPARE(rows, 6);
}

// A recorded factuality answer is stored with its sentence's offsets, as a live run stores it, so that the
// prompt shows the sentence and the accuracy against the human error spans finds it.
void TestRecordedImport::factualityUnitIsTheSentence()
{
    QTemporaryDir dir;
    auto study = smallStudy(dir.filePath(QStringLiteral("study.concord")).toStdString());
    judge::RecordedImportRequest request;
    request.rater = "judge";
    request.model = "recorded-model";
    request.protocol = judge::Protocol::Factuality;
    // s2's summary: "A bridge was approved on Tuesday." (code points 0-33) "The council met." (34-50).
    request.path = write(dir, "answers.jsonl",
                         R"({"doc_id": "d1", "system": "s2", "sentence": 1, "value": 1})"
                         "\n");
    const auto report = judge::importRecordedJudgements(*study, request);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    const auto calls = study->judgeCalls(*study->raterId("judge"), "factuality");
    QCOMPARE(calls.size(), std::size_t{1});
    const json unit = json::parse(calls[0].unit);
    QCOMPARE(unit.value("sentence", -1), 1);
    QCOMPARE(unit.value("start", -1), 34);
    QCOMPARE(unit.value("end", -1), 50);
    QVERIFY(!unit.contains("scu"));

    // A sentence the summary does not have is the line's error.
    request.rater = "judge 2";
    request.path = write(dir, "beyond.jsonl",
                         R"({"doc_id": "d1", "system": "s3", "sentence": 1, "value": 1})"
                         "\n");
    const auto beyond = judge::importRecordedJudgements(*study, request);
    QVERIFY(!beyond.ok());
    QCOMPARE(beyond.error().field, std::string("sentence"));
    QCOMPARE(beyond.error().line, 1L);
    QCOMPARE(beyond.error().message, std::string("no sentence 1 in this summary (it has 1, numbered from 0)"));
}

QTEST_APPLESS_MAIN(TestRecordedImport)
#include "tst_recorded_import.moc"
