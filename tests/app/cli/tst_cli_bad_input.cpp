// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli with input no one should send and text no study should hold: JSON nested 100,000
// deep and files that are not UTF-8 are refused in one line naming file, line and field, the
// study unchanged; text that is already bad in a study (an older Concord, another tool) is
// printed as U+FFFD by every JSON output instead of aborting the program.
#include "cli_run.h"
#include "store/study.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = concord::test::CliRun;

Run cli(const QStringList &args)
{
    return concord::test::runCli(args);
}

void writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

// Everything `info --json` reports, to compare a study before and after a refused import.
QByteArray infoOf(const QString &study)
{
    const Run r = cli({QStringLiteral("info"), study, QStringLiteral("--json")});
    return r.exitCode == 0 ? r.out.toUtf8() : QByteArray("info failed: ") + r.err.toUtf8();
}

const QString kReplacement = QString(QChar(0xFFFD));

} // namespace

class TestCliBadInput : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void deepJsonIsRefused_data();
    void deepJsonIsRefused();
    void textNotUtf8IsRefused_data();
    void textNotUtf8IsRefused();
    void storedTextNotUtf8IsPrinted();
};

void TestCliBadInput::initTestCase()
{
    QVERIFY2(QFile::exists(concord::test::cliPath()), "CONCORD_CLI must name the built concord-cli");
}

void TestCliBadInput::deepJsonIsRefused_data()
{
    QTest::addColumn<QStringList>("command"); // after STUDY FILE
    QTest::addColumn<QByteArray>("secondLine");
    QTest::addColumn<QString>("error"); // between "FILE:2: " and the column

    const QStringList judgements{QStringLiteral("--protocol"), QStringLiteral("rts"), QStringLiteral("--rater"),
                                 QStringLiteral("published")};
    const QByteArray head = "{\"doc_id\": \"demo-02\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", ";
    QByteArray objects;
    for (int i = 0; i < 100000; ++i)
        objects += "{\"a\": ";
    objects += "1" + QByteArray(100000, '}');
    // This one died of a stack overflow (SIGSEGV) when the line was written back for its hash.
    QTest::newRow("import-judgements, arrays")
        << (QStringList{QStringLiteral("import-judgements")} + judgements)
        << (head + "\"value\": " + QByteArray(100000, '[') + QByteArray(100000, ']') + "}")
        << QStringLiteral("field 'value': nested more than 512 levels deep");
    QTest::newRow("import-judgements, objects")
        << (QStringList{QStringLiteral("import-judgements")} + judgements) << (head + "\"value\": " + objects + "}")
        << QStringLiteral("field 'value': nested more than 512 levels deep");
    QTest::newRow("import jsonl") << QStringList{QStringLiteral("import"), QStringLiteral("--format"),
                                                 QStringLiteral("jsonl"), QStringLiteral("--map"),
                                                 QStringLiteral("doc_id=doc_id,system=added,summary=summary")}
                                  << ("{\"doc_id\": \"demo-02\", \"added\": \"new-system\", \"summary\": " + objects
                                      + "}")
                                  << QStringLiteral("field 'summary': nested more than 512 levels deep");
}

void TestCliBadInput::deepJsonIsRefused()
{
    QFETCH(QStringList, command);
    QFETCH(QByteArray, secondLine);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const QByteArray before = infoOf(study);
    const QString file = dir.filePath(QStringLiteral("deep.jsonl"));
    QByteArray firstLine = "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", "
                           "\"added\": \"new-system\", \"summary\": \"A.\", \"value\": 4}";
    writeFile(file, firstLine + "\n" + secondLine + "\n");
    QStringList args = command;
    args.insert(1, study);
    args.insert(2, file);
    const Run r = cli(args);
    // The bracket that goes one level past 512 (the line's own object is the first level).
    const bool objects = secondLine.endsWith("}}");
    const qsizetype first = secondLine.indexOf(objects ? "{\"a\"" : "[");
    const qsizetype column = first + (objects ? 511 * 6 : 511) + 1;
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(
        r.err,
        QStringLiteral("concord-cli: %1:2: %2 at column %3 (nothing was imported)\n").arg(file, error).arg(column));
    QCOMPARE(infoOf(study), before);
}

void TestCliBadInput::textNotUtf8IsRefused_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("error"); // between "FILE:" and " (nothing was imported)"

    const QString map = QStringLiteral("doc_id=id,article=text,system=sys,summary=out");
    QTest::newRow("latin-1 csv") << QStringLiteral("csv")
                                 << QByteArray("id,text,sys,out\nn1,Coffee.,A,Good.\nn2,Caf\xE9 au lait.,A,Bien.\n")
                                 << QStringLiteral(
                                        "3: field 'text': not valid UTF-8: byte 0xE9 after \"Caf\"; save the file as "
                                        "UTF-8");
    QTest::newRow("latin-1 tsv") << QStringLiteral("tsv")
                                 << QByteArray("id\ttext\tsys\tout\nn1\tT.\tA\tTr\xE8s bien.\n")
                                 << QStringLiteral(
                                        "2: field 'out': not valid UTF-8: byte 0xE8 after \"Tr\"; save the file as "
                                        "UTF-8");
    QTest::newRow("latin-1 jsonl") << QStringLiteral(
        "jsonl") << QByteArray("{\"id\": \"n1\", \"text\": \"T.\", \"sys\": \"A\", \"out\": \"Tr\xE8s bien.\"}\n")
                                   << QStringLiteral(
                                          "1: field 'out': not valid UTF-8: byte 0xE8 after \"Tr\" (column 50)");
}

void TestCliBadInput::textNotUtf8IsRefused()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("s.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const QByteArray before = infoOf(study);
    const QString file = dir.filePath(QStringLiteral("items.") + format);
    writeFile(file, content);
    const Run r = cli({QStringLiteral("import"), study, file, QStringLiteral("--format"), format,
                       QStringLiteral("--map"), QStringLiteral("doc_id=id,article=text,system=sys,summary=out")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral("concord-cli: ") + file + QStringLiteral(":") + error
                        + QStringLiteral(" (nothing was imported)\n"));
    QCOMPARE(infoOf(study), before);
}

// A study written by another tool (or an older Concord) with bytes that are not UTF-8: every
// JSON output still writes, with U+FFFD in their place.
void TestCliBadInput::storedTextNotUtf8IsPrinted()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const QString answers = dir.filePath(QStringLiteral("answers.jsonl"));
    writeFile(answers, "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", "
                       "\"response\": \"Score: 4\"}\n");
    const Run imported = cli({QStringLiteral("import-judgements"), study, answers, QStringLiteral("--protocol"),
                              QStringLiteral("rts"), QStringLiteral("--rater"), QStringLiteral("judge")});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    {
        auto opened = concord::store::Study::open(study.toStdString());
        QVERIFY(opened.ok());
        auto &db = opened.value()->database();
        // "Caf\xE9" as Latin-1 wrote it.
        db.exec("UPDATE raters SET grp = CAST(X'436166E9' AS TEXT) WHERE name = 'annotator_c'");
        db.exec("UPDATE judge_calls SET raw_response = CAST(X'436166E9' AS TEXT), error = CAST(X'FF' AS TEXT)");
        db.exec("UPDATE explanations SET text = CAST(X'436166E9' AS TEXT)");
        db.exec("UPDATE documents SET source = CAST(X'436166E9' AS TEXT) WHERE external_id = 'demo-01'");
    }

    const Run info = cli({QStringLiteral("info"), study, QStringLiteral("--json")});
    QVERIFY2(info.exitCode == 0, qPrintable(info.err));
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(info.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY2(info.out.contains(QStringLiteral("Caf") + kReplacement), qPrintable(info.out));

    const Run calls = cli(
        {QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("judge"), QStringLiteral("--json")});
    QVERIFY2(calls.exitCode == 0, qPrintable(calls.err));
    const QJsonObject call = QJsonDocument::fromJson(calls.out.split(u'\n').first().toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(call.value(QStringLiteral("raw_response")).toString(), QStringLiteral("Caf") + kReplacement);

    const QString exported = dir.filePath(QStringLiteral("all.jsonl"));
    const Run exportRun = cli({QStringLiteral("export"), study, exported, QStringLiteral("--items")});
    QVERIFY2(exportRun.exitCode == 0, qPrintable(exportRun.err));
    QFile f(exported);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray lines = f.readAll();
    QVERIFY(lines.contains(QByteArray("Caf\xEF\xBF\xBD")));
    for (const QByteArray &line : lines.split('\n'))
        if (!line.isEmpty()) {
            QJsonDocument::fromJson(line, &error);
            QCOMPARE(error.error, QJsonParseError::NoError);
        }

    const Run agreement = cli({QStringLiteral("agreement"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                               QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--with"),
                               QStringLiteral("annotator_c"), QStringLiteral("--json")});
    QVERIFY2(agreement.exitCode == 0, qPrintable(agreement.err));
    QJsonDocument::fromJson(agreement.out.toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
}

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "tst_cli_bad_input.moc"
