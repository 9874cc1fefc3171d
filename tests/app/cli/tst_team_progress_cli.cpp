// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli team progress on a study file: the JSON is reports::toJson of computeTeamProgress on the same study,
// the text table has a row per person with their counts, a group or dimension the study lacks and an unknown
// --format are refused in one line, and team --help lists the subcommand.
#include "reports/team_progress.h"
#include "store/study.h"

#include "cli_run.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace concord;
using concord::test::runCli;

namespace {

// Two documents of two summaries, one Likert dimension; ann and bob (expert) given both; ann finished d1, bob
// half of d1 (finished: both rated and the document explained); bob's d1 rejected.
void makeStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        const model::Id dim = s.ensureDimension(coherence);
        const model::Id ann = s.ensureRater({0, "ann", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id bob = s.ensureRater({0, "bob", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id a = s.ensureSystem("A");
        const model::Id b = s.ensureSystem("B");
        std::vector<store::AssignmentRow> rows;
        std::vector<model::Id> first;
        for (int i = 1; i <= 2; ++i) {
            model::Document d;
            d.externalId = std::string("d").append(std::to_string(i));
            d.source = "An article.";
            const model::Id doc = s.addDocument(d);
            const model::Id ca = s.addCandidate(doc, a, "First.");
            const model::Id cb = s.addCandidate(doc, b, "Second.");
            if (i == 1) {
                s.setRating(ann, ca, dim, 3);
                s.setRating(ann, cb, dim, 4);
                s.setExplanation(ann, doc, 0, "Both read well.");
                s.setRating(bob, ca, dim, 2);
                store::ReviewRow review;
                review.annotator = bob;
                review.document = doc;
                review.reviewer.append("lead");
                review.decision.append("rejected");
                review.comment.append("half done");
                s.addReview(review);
            }
            rows.push_back({ann, doc, false, {}});
            rows.push_back({bob, doc, false, {}});
        }
        s.replaceAssignments(rows);
    }));
}

} // namespace

class TestTeamProgressCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void jsonIsTheCoresReport();
    void textHasARowPerPerson();
    void refusesWhatTheStudyLacks();
    void helpListsProgress();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestTeamProgressCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("team.concord"));
    makeStudy(m_path.toStdString());
}

void TestTeamProgressCli::jsonIsTheCoresReport()
{
    const auto run = runCli({QStringLiteral("team"), QStringLiteral("progress"), m_path, QStringLiteral("--format"),
                             QStringLiteral("json"), QStringLiteral("--group"), QStringLiteral("expert"),
                             QStringLiteral("--dimension"), QStringLiteral("coherence")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const auto printed = nlohmann::json::parse(run.out.toStdString());
    auto study = store::Study::open(m_path.toStdString()).value();
    const auto expected
        = reports::toJson(reports::computeTeamProgress(*study, {"expert", "coherence", {}, {}}).value());
    QCOMPARE(printed.dump(), expected.dump());
    QCOMPARE(printed["annotators"][0]["assigned_finished"].get<int>(), 1);
    QCOMPARE(printed["annotators"][1]["rejected"].get<int>(), 1);
}

void TestTeamProgressCli::textHasARowPerPerson()
{
    const auto run = runCli({QStringLiteral("team"), QStringLiteral("progress"), m_path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(QStringLiteral("annotator")), qPrintable(run.out));
    QVERIFY(run.out.contains(QStringLiteral("alpha without")));
    // No edit in this study was made in the Annotate view: no times, and the footnote says how they are read.
    QVERIFY(run.out.contains(QStringLiteral("time/doc")));
    QVERIFY2(run.out.contains(QStringLiteral("breaks over 10 min left out")), qPrintable(run.out));
    // A row's cells, whatever the table's rules between them.
    const auto cells = [&](const QString &name) {
        for (const QString &l : run.out.split(QLatin1Char('\n'))) {
            QStringList words = l.split(QRegularExpression(QStringLiteral("[\\s|]+")), Qt::SkipEmptyParts);
            if (!words.isEmpty() && words.front() == name)
                return words.mid(0, 9).join(QLatin1Char(' '));
        }
        return QString();
    };
    // annotator, group, assigned, done, progress, worked, accepted, rejected, adjudicated
    QCOMPARE(cells(QStringLiteral("ann")), QStringLiteral("ann expert 2 1 50% 1 0 0 0"));
    QCOMPARE(cells(QStringLiteral("bob")), QStringLiteral("bob expert 2 0 0% 1 0 1 0"));
    QVERIFY(run.out.contains(QStringLiteral("2 documents; quality of group 'expert' on coherence")));
}

void TestTeamProgressCli::refusesWhatTheStudyLacks()
{
    const auto group = runCli({QStringLiteral("team"), QStringLiteral("progress"), m_path, QStringLiteral("--group"),
                               QStringLiteral("crowd")});
    QCOMPARE(group.exitCode, 1);
    QVERIFY2(group.err.contains(QStringLiteral("crowd")), qPrintable(group.err));
    QVERIFY(group.out.isEmpty());
    const auto dimension = runCli({QStringLiteral("team"), QStringLiteral("progress"), m_path,
                                   QStringLiteral("--dimension"), QStringLiteral("fluency")});
    QCOMPARE(dimension.exitCode, 1);
    QVERIFY2(dimension.err.contains(QStringLiteral("fluency")), qPrintable(dimension.err));
    const auto format = runCli({QStringLiteral("team"), QStringLiteral("progress"), m_path, QStringLiteral("--format"),
                                QStringLiteral("xml")});
    QCOMPARE(format.exitCode, 2);
    QVERIFY2(format.err.contains(QStringLiteral("text or json")), qPrintable(format.err));
    const auto none = runCli({QStringLiteral("team"), QStringLiteral("progress")});
    QCOMPARE(none.exitCode, 2);
    // 0.005 minutes is 0.3 s: no whole second, so no pause could be a break.
    for (const QString &idle : {QStringLiteral("0"), QStringLiteral("-5"), QStringLiteral("soon"),
                                QStringLiteral("0.005"), QStringLiteral("nan"), QStringLiteral("1441")}) {
        const auto refused = runCli(
            {QStringLiteral("team"), QStringLiteral("progress"), m_path, QStringLiteral("--idle-minutes"), idle});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(QStringLiteral("--idle-minutes")), qPrintable(refused.err));
    }
    const auto per = runCli(
        {QStringLiteral("team"), QStringLiteral("progress"), m_path, QStringLiteral("--per"), QStringLiteral("week")});
    QCOMPARE(per.exitCode, 2);
    QVERIFY2(per.err.contains(QStringLiteral("hour or day")), qPrintable(per.err));
}

void TestTeamProgressCli::helpListsProgress()
{
    const auto help = runCli({QStringLiteral("team"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(QStringLiteral("concord-cli team progress STUDY")));
    const auto own = runCli({QStringLiteral("team"), QStringLiteral("progress"), QStringLiteral("--help")});
    QCOMPARE(own.exitCode, 0);
    QVERIFY(own.out.contains(QStringLiteral("--dimension")));
}

QTEST_GUILESS_MAIN(TestTeamProgressCli)
#include "tst_team_progress_cli.moc"
