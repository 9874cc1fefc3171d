// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli panel end to end on the demo study with three judges imported (the scores of tst_judge_panel, on
// demo-01's four summaries): the panel formed and read back, recomputed by itself when a member's judgements are
// imported again, --refresh in JSON, and wrong command lines refused with the study unchanged.
#include "cli_run.h"
#include "store/study.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace concord;
using Run = test::CliRun;

namespace {

const char *const kSystems[] = {"extractive-lead", "abstractive-small", "abstractive-large", "instruct-tuned"};

// One judge's coherence scores of demo-01's summaries, in kSystems' order; 0 for none.
void writeScores(const QString &path, const std::vector<int> &scores)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    for (std::size_t k = 0; k < scores.size(); ++k)
        if (scores[k] > 0)
            file.write(QStringLiteral("{\"doc_id\": \"demo-01\", \"system\": \"%1\", \"dimension\": \"coherence\", "
                                      "\"value\": %2}\n")
                           .arg(QLatin1String(kSystems[k]))
                           .arg(scores[k])
                           .toUtf8());
}

// The rater's coherence scores in the study, ascending.
std::vector<double> scoresOf(const QString &study, const char *rater)
{
    auto opened = store::Study::open(study.toStdString(), {true}); // read-only
    if (!opened)
        return {};
    store::Study &s = *opened.value();
    std::vector<double> out;
    const auto id = s.raterId(rater);
    const auto dim = s.dimensionId("coherence");
    if (!id || !dim)
        return {};
    for (const auto &[candidate, value] : s.ratingsOf(*id, *dim))
        out.push_back(value);
    std::sort(out.begin(), out.end());
    return out;
}

bool sameScores(const std::vector<double> &a, const std::vector<double> &b)
{
    return a.size() == b.size()
           && std::equal(a.begin(), a.end(), b.begin(), [](double x, double y) { return std::fabs(x - y) < 1e-12; });
}

} // namespace

class TestCliPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void formedAndReadBack();
    void followsAMembersImport();
    void refreshInJson();
    void refused_data();
    void refused();

private:
    Run import(const char *rater, const std::vector<int> &scores);

    QTemporaryDir m_dir;
    QString m_study;
};

Run TestCliPanel::import(const char *rater, const std::vector<int> &scores)
{
    const QString file = m_dir.filePath(QLatin1String(rater) + QStringLiteral(".jsonl"));
    writeScores(file, scores);
    return test::runCli({QStringLiteral("import-judgements"), m_study, file, QStringLiteral("--protocol"),
                         QStringLiteral("rts"), QStringLiteral("--rater"), QLatin1String(rater)});
}

void TestCliPanel::initTestCase()
{
    m_study = m_dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(test::runCli({QStringLiteral("demo"), m_study}).exitCode, 0);
    for (const auto &[rater, scores] : std::vector<std::pair<const char *, std::vector<int>>>{
             {"a", {1, 2, 4, 5}}, {"b", {3, 2, 5, 0}}, {"c", {2, 5, 5, 5}}}) {
        const Run r = import(rater, scores);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // No panel yet: nothing said about one.
        QVERIFY2(!r.err.contains(QStringLiteral("panel")), qPrintable(r.err));
    }
}

void TestCliPanel::formedAndReadBack()
{
    const Run r = test::runCli({QStringLiteral("panel"), m_study, QStringLiteral("--name"), QStringLiteral("jury"),
                                QStringLiteral("--member"), QStringLiteral("a"), QStringLiteral("--member"),
                                QStringLiteral("b"), QStringLiteral("--member"), QStringLiteral("c"),
                                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("panel")).toString(), QStringLiteral("jury"));
    QCOMPARE(json.value(QStringLiteral("combine")).toString(), QStringLiteral("mean"));
    QCOMPARE(json.value(QStringLiteral("members")).toArray().size(), 3);
    const QJsonArray dims = json.value(QStringLiteral("dimensions")).toArray();
    QCOMPARE(dims.size(), 1);
    QCOMPARE(dims.at(0).toObject().value(QStringLiteral("dimension")).toString(), QStringLiteral("coherence"));
    QCOMPARE(dims.at(0).toObject().value(QStringLiteral("scored")).toInt(), 3);
    QCOMPARE(dims.at(0).toObject().value(QStringLiteral("incomplete")).toInt(), 1);
    // (1 + 3 + 2) / 3, (2 + 2 + 5) / 3, (4 + 5 + 5) / 3; the instruct-tuned summary lacks b's score.
    QVERIFY(sameScores(scoresOf(m_study, "jury"), {2, 3, 14.0 / 3}));

    // The text table says the same.
    const Run median = test::runCli({QStringLiteral("panel"), m_study, QStringLiteral("--name"),
                                     QStringLiteral("median jury"), QStringLiteral("--member"), QStringLiteral("a"),
                                     QStringLiteral("--member"), QStringLiteral("c"), QStringLiteral("--weight"),
                                     QStringLiteral("3"), QStringLiteral("--weight"), QStringLiteral("1"),
                                     QStringLiteral("--combine"), QStringLiteral("median")});
    QVERIFY2(median.exitCode == 0, qPrintable(median.err));
    QVERIFY2(median.out.contains(QStringLiteral("panel 'median jury' (median of 'a' weight 3, 'c')")),
             qPrintable(median.out));
    QVERIFY2(median.out.contains(QStringLiteral("coherence")), qPrintable(median.out));
    // a holds 3 of 4 of the weight: a's scores.
    QVERIFY(sameScores(scoresOf(m_study, "median jury"), {1, 2, 4, 5}));
}

void TestCliPanel::followsAMembersImport()
{
    // a judges again: the lead summary 4, and now every panel follows.
    const Run r = import("a", {4, 2, 4, 5});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("panel 'jury' recomputed: 3 judgement(s)")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("panel 'median jury' recomputed: 4 judgement(s)")), qPrintable(r.err));
    QVERIFY(sameScores(scoresOf(m_study, "jury"), {3, 3, 14.0 / 3}));
    QVERIFY(sameScores(scoresOf(m_study, "median jury"), {2, 4, 4, 5}));
}

void TestCliPanel::refreshInJson()
{
    const Run r = test::runCli({QStringLiteral("panel"), m_study, QStringLiteral("--refresh"),
                                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonArray panels = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(panels.size(), 2);
    QCOMPARE(panels.at(0).toObject().value(QStringLiteral("panel")).toString(), QStringLiteral("jury"));
    QCOMPARE(panels.at(1).toObject().value(QStringLiteral("combine")).toString(), QStringLiteral("median"));
    const QJsonArray members = panels.at(1).toObject().value(QStringLiteral("members")).toArray();
    QCOMPARE(members.at(0).toObject().value(QStringLiteral("weight")).toDouble(), 3.0);
}

void TestCliPanel::refused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString m = QStringLiteral("--member");
    const QStringList ab{m, QStringLiteral("a"), m, QStringLiteral("b")};
    QTest::newRow("neither name nor refresh") << ab << 2 << QStringLiteral("either --name NAME");
    QTest::newRow("name and refresh")
        << (QStringList{QStringLiteral("--name"), QStringLiteral("x"), QStringLiteral("--refresh")} + ab) << 2
        << QStringLiteral("either --name NAME");
    QTest::newRow("weights short") << (QStringList{QStringLiteral("--name"), QStringLiteral("x"),
                                                   QStringLiteral("--weight"), QStringLiteral("1")}
                                       + ab)
                                   << 2 << QStringLiteral("one --weight per --member (2)");
    QTest::newRow("weight 0") << (QStringList{QStringLiteral("--name"), QStringLiteral("x"), QStringLiteral("--weight"),
                                              QStringLiteral("0"), QStringLiteral("--weight"), QStringLiteral("1")}
                                  + ab)
                              << 2 << QStringLiteral("--weight takes a number above 0, not '0'");
    QTest::newRow("combine") << (QStringList{QStringLiteral("--name"), QStringLiteral("x"), QStringLiteral("--combine"),
                                             QStringLiteral("mode")}
                                 + ab)
                             << 2 << QStringLiteral("unknown --combine 'mode'");
    QTest::newRow("name taken") << (QStringList{QStringLiteral("--name"), QStringLiteral("jury")} + ab) << 1
                                << QStringLiteral("a rater named 'jury' is in the study already");
    QTest::newRow("a panel as member")
        << QStringList{QStringLiteral("--name"), QStringLiteral("x"), m, QStringLiteral("a"), m, QStringLiteral("jury")}
        << 1 << QStringLiteral("'jury' is a panel");
    QTest::newRow("one member") << QStringList{QStringLiteral("--name"), QStringLiteral("x"), m, QStringLiteral("a")}
                                << 1 << QStringLiteral("at least two members");
}

void TestCliPanel::refused()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const QByteArray before = test::sha256Of(m_study);
    const Run r = test::runCli(QStringList{QStringLiteral("panel"), m_study} + args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    QCOMPARE(test::sha256Of(m_study), before);
}

QTEST_GUILESS_MAIN(TestCliPanel)
#include "tst_cli_panel.moc"
