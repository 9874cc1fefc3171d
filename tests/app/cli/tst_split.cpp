// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The held-out split on both backends: reproducible from its seed with the dev share asked for; a new split that
// would move a document with judgements on it is refused (nothing changed) unless forced, and says how many it
// moved; publish and pull carry it; an annotator's login cannot read it nor how it was made; concord-cli split
// and stats --split, which lets only the split's documents in and says so, also when it compares two judges;
// agreement --split likewise; report, accuracy and rank --split name the split in titles, captions or columns.
#include "model/document_split.h"
#include "reports/split_report.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include "cli_run.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;
using concord::test::runCli;

namespace {

// Twelve documents of two summaries, two experts (ann, bea) and a judge; with `rated`, every summary rated by
// all three on coherence.
void makeStudy(const std::string &path, bool rated)
{
    auto created = Study::create(path);
    QVERIFY(created.ok());
    Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Dimension coherence;
                 coherence.name = "coherence";
                 const model::Id dim = s.ensureDimension(coherence);
                 std::vector<model::Id> raters;
                 for (const char *name : {"ann", "bea"})
                     raters.push_back(s.ensureRater({0, name, model::RaterKind::Human, "expert", {}, {}, {}, {}}));
                 model::Rater judge;
                 judge.name = "j1";
                 judge.kind = model::RaterKind::Judge;
                 raters.push_back(s.ensureRater(judge));
                 for (int doc = 1; doc <= 12; ++doc) {
                     model::Document d;
                     d.externalId = std::string("d").append(std::to_string(doc));
                     d.source = "An article.";
                     const model::Id docId = s.addDocument(d);
                     int system = 0;
                     for (const char *name : {"A", "B"}) {
                         const model::Id candidate = s.addCandidate(docId, s.ensureSystem(name), "A summary.");
                         ++system;
                         if (!rated)
                             continue;
                         for (std::size_t r = 0; r < raters.size(); ++r)
                             s.setRating(raters[r], candidate, dim,
                                         1 + (doc * 3 + system * 2 + static_cast<int>(r)) % 5);
                     }
                 }
             }).ok());
}

// document external id -> split: ids differ between a file and its published copy.
std::map<std::string, std::string> byName(Study &study)
{
    std::map<model::Id, std::string> documents;
    for (const auto &d : study.documentSummariesWithoutJudgements())
        documents[d.id] = d.externalId;
    std::map<std::string, std::string> out;
    for (const auto &[document, split] : study.documentSplits())
        out[documents[document]] = split;
    return out;
}

std::size_t countOf(const std::map<std::string, std::string> &splits, const std::string &name)
{
    std::size_t n = 0;
    for (const auto &[document, split] : splits)
        n += split == name ? 1 : 0;
    return n;
}

void givePassword(PgConnection &admin, const std::string &role, const std::string &password)
{
    const PgResult statement
        = admin.query("SELECT format('ALTER ROLE %I PASSWORD %L', $1::text, $2::text)", {role, password});
    admin.script(statement.text(0, 0));
}

} // namespace

class TestSplit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void reproducibleWithTheShareAsked_data();
    void reproducibleWithTheShareAsked();
    void movingWorkIsRefusedUnlessForced();
    void movingUnjudgedDocumentsIsFine();
    void cliSplitsAndRefuses();
    void statsReadsOneSplit();
    void compareReadsOneSplit();
    void agreementReadsOneSplit();
    void reportCardsAndBiasReadOneSplit();
    void pairwiseReadsOneSplit();
    void accuracyAndRankReadOneSplit();
    void publishAndPullCarryIt();
    void annotatorCannotReadIt();

private:
    QString file(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    static bool judgePrefersTheFirst(const QString &path);

    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    std::string m_published;
};

void TestSplit::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestSplit::cleanupTestCase()
{
    m_cluster.reset();
}

void TestSplit::reproducibleWithTheShareAsked_data()
{
    QTest::addColumn<double>("dev");
    QTest::addColumn<int>("devDocuments"); // round(dev * 12)

    QTest::newRow("0.3") << 0.3 << 4;
    QTest::newRow("0.25") << 0.25 << 3;
    QTest::newRow("0.5") << 0.5 << 6;
    QTest::newRow("none") << 0.0 << 0;
    QTest::newRow("all") << 1.0 << 12;
}

void TestSplit::reproducibleWithTheShareAsked()
{
    QFETCH(double, dev);
    QFETCH(int, devDocuments);
    std::map<std::string, std::string> first;
    for (const char *name : {"repro-a.concord", "repro-b.concord"}) {
        const std::string path
            = m_dir.filePath(QStringLiteral("%1-%2").arg(dev).arg(QLatin1String(name))).toStdString();
        makeStudy(path, false);
        auto study = Study::open(path);
        QVERIFY(study.ok());
        reports::SplitRequest request;
        request.dev = dev;
        request.seed = 42;
        const auto made = reports::splitDocuments(*study.value(), request);
        QVERIFY2(made.ok(), made.ok() ? "" : made.error().describe().c_str());
        QCOMPARE(made.value().documents, std::size_t(12));
        QCOMPARE(made.value().dev, std::size_t(devDocuments));
        QCOMPARE(made.value().test, std::size_t(12 - devDocuments));
        QCOMPARE(made.value().moved, std::size_t(0));
        const auto splits = byName(*study.value());
        QCOMPARE(splits.size(), std::size_t(12));
        QCOMPARE(countOf(splits, "dev"), std::size_t(devDocuments));
        // Another study of the same documents, split with the same seed: the same split.
        if (first.empty())
            first = splits;
        else
            QCOMPARE(splits, first);
        const auto settings = study.value()->info("split");
        QVERIFY(settings.has_value());
        QVERIFY2(settings->find("\"seed\":42") != std::string::npos, settings->c_str());
    }
    // Another seed, another split (where there is a choice).
    if (devDocuments > 0 && devDocuments < 12) {
        std::vector<model::Id> ids{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        QVERIFY(model::DocumentSplit::make(ids, dev, 42).dev != model::DocumentSplit::make(ids, dev, 43).dev);
        // The order the documents are given in does not matter.
        std::vector<model::Id> reversed(ids.rbegin(), ids.rend());
        QCOMPARE(model::DocumentSplit::make(reversed, dev, 42).dev, model::DocumentSplit::make(ids, dev, 42).dev);
    }
}

void TestSplit::movingWorkIsRefusedUnlessForced()
{
    const std::string path = file("work.concord").toStdString();
    makeStudy(path, true);
    auto study = Study::open(path);
    QVERIFY(study.ok());
    Study &s = *study.value();
    reports::SplitRequest request;
    request.dev = 0.5;
    request.seed = 1;
    QVERIFY(reports::splitDocuments(s, request).ok());
    const auto before = byName(s);
    const auto settings = s.info("split");
    // The same split again moves nothing, and is fine with every document judged.
    const auto same = reports::splitDocuments(s, request);
    QVERIFY(same.ok());
    QCOMPARE(same.value().moved, std::size_t(0));
    QCOMPARE(byName(s), before);
    // Another seed would move judged documents: refused, with how many, and nothing changed.
    request.seed = 2;
    const auto refused = reports::splitDocuments(s, request);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("would move ") != std::string::npos
                 && refused.error().message.find(" documents with judgements on them") != std::string::npos,
             refused.error().message.c_str());
    QCOMPARE(byName(s), before);
    QCOMPARE(s.info("split"), settings);
    // Forced, it moves them and says so.
    request.force = true;
    const auto forced = reports::splitDocuments(s, request);
    QVERIFY2(forced.ok(), forced.ok() ? "" : forced.error().describe().c_str());
    QVERIFY(forced.value().moved > 0);
    QCOMPARE(forced.value().movedWithWork, forced.value().moved);
    QVERIFY2(refused.error().message.find("would move " + std::to_string(forced.value().moved) + " documents")
                 != std::string::npos,
             refused.error().message.c_str());
    QVERIFY(byName(s) != before);
    QCOMPARE(countOf(byName(s), "dev"), std::size_t(6));
    // A share outside [0, 1] changes nothing either.
    const auto now = byName(s);
    request.dev = 1.5;
    QVERIFY(!reports::splitDocuments(s, request).ok());
    QCOMPARE(byName(s), now);
}

void TestSplit::movingUnjudgedDocumentsIsFine()
{
    const std::string path = file("unjudged.concord").toStdString();
    makeStudy(path, false);
    auto study = Study::open(path);
    QVERIFY(study.ok());
    Study &s = *study.value();
    reports::SplitRequest request;
    request.dev = 0.5;
    request.seed = 1;
    QVERIFY(reports::splitDocuments(s, request).ok());
    // ann judges one document; a seed that keeps it where it is but moves others needs no force.
    const model::Id judged = s.documentSummariesWithoutJudgements().front().id;
    const model::Id dim = s.dimensions().front().id;
    model::Id ann = 0;
    for (const auto &r : s.raters())
        if (r.name == "ann")
            ann = r.id;
    QVERIFY(s.write([&] { s.setRating(ann, s.candidatesOf(judged).front().id, dim, 3); }).ok());
    QCOMPARE(s.documentsWithJudgements(), std::vector<model::Id>{judged});
    std::vector<model::Id> ids;
    for (const auto &d : s.documentSummariesWithoutJudgements())
        ids.push_back(d.id);
    const bool judgedInDev = model::DocumentSplit::make(ids, 0.5, 1).dev.contains(judged);
    std::uint64_t seed = 2;
    while (model::DocumentSplit::make(ids, 0.5, seed).dev.contains(judged) != judgedInDev)
        ++seed;
    request.seed = seed;
    const auto made = reports::splitDocuments(s, request);
    QVERIFY2(made.ok(), made.ok() ? "" : made.error().describe().c_str());
    QVERIFY(made.value().moved > 0);
    QCOMPARE(made.value().movedWithWork, std::size_t(0));
}

void TestSplit::cliSplitsAndRefuses()
{
    const QString path = file("cli.concord");
    makeStudy(path.toStdString(), true);
    const auto run
        = runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.3"),
                  QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(report.value(QStringLiteral("dev")).toInt(), 4);
    QCOMPARE(report.value(QStringLiteral("test")).toInt(), 8);
    QCOMPARE(report.value(QStringLiteral("settings")).toObject().value(QStringLiteral("seed")).toInt(), 5);
    const auto shown = runCli({QStringLiteral("split"), path, QStringLiteral("--show")});
    QVERIFY2(shown.exitCode == 0, qPrintable(shown.err));
    QVERIFY2(shown.out.contains(QStringLiteral("made with --dev 0.3 --seed 5")), qPrintable(shown.out));
    // Every document is judged: another seed is refused, and changes nothing; --force moves them.
    const auto refused = runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.3"),
                                 QStringLiteral("--seed"), QStringLiteral("6")});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("with judgements on")), qPrintable(refused.err));
    const auto after = runCli(
        {QStringLiteral("split"), path, QStringLiteral("--show"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(QJsonDocument::fromJson(after.out.toUtf8())
                 .object()
                 .value(QStringLiteral("settings"))
                 .toObject()
                 .value(QStringLiteral("seed")),
             QJsonValue(5));
    const auto forced = runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.3"),
                                QStringLiteral("--seed"), QStringLiteral("6"), QStringLiteral("--force")});
    QVERIFY2(forced.exitCode == 0, qPrintable(forced.err));
    QVERIFY2(forced.out.contains(QStringLiteral("moved to the other split")), qPrintable(forced.out));
    for (const QStringList &bad :
         {QStringList{QStringLiteral("split"), path},
          QStringList{QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("2")},
          QStringList{QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.3"),
                      QStringLiteral("--seed"), QStringLiteral("-1")}}) {
        QCOMPARE(runCli(bad).exitCode, 2);
    }
}

void TestSplit::statsReadsOneSplit()
{
    const QString path = file("stats.concord");
    makeStudy(path.toStdString(), true);
    const QStringList stats{QStringLiteral("stats"),    path,
                            QStringLiteral("--human"),  QStringLiteral("expert"),
                            QStringLiteral("--rater"),  QStringLiteral("j1"),
                            QStringLiteral("--levels"), QStringLiteral("summary"),
                            QStringLiteral("--format"), QStringLiteral("json")};
    // No split yet: asked for one, stats says so.
    const auto none = runCli(stats + QStringList{QStringLiteral("--split"), QStringLiteral("dev")});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("no held-out split")), qPrintable(none.err));
    QCOMPARE(runCli(stats + QStringList{QStringLiteral("--split"), QStringLiteral("train")}).exitCode, 2);
    QVERIFY(runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.25"),
                    QStringLiteral("--seed"), QStringLiteral("3")})
                .exitCode
            == 0);
    auto summary = [&](const QStringList &extra) {
        const auto run = runCli(stats + extra);
        [&] { QVERIFY2(run.exitCode == 0, qPrintable(run.err)); }();
        return QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("coherence")).toObject();
    };
    const QJsonObject all = summary({});
    QCOMPARE(all.value(QStringLiteral("summary")).toObject().value(QStringLiteral("documents_total")).toInt(), 12);
    QVERIFY(!all.contains(QStringLiteral("split")));
    for (const auto &[split, documents] :
         std::vector<std::pair<QString, int>>{{QStringLiteral("dev"), 3}, {QStringLiteral("test"), 9}}) {
        const QJsonObject one = summary({QStringLiteral("--split"), split});
        QCOMPARE(one.value(QStringLiteral("split")).toString(), split);
        QCOMPARE(one.value(QStringLiteral("summary")).toObject().value(QStringLiteral("documents_total")).toInt(),
                 documents);
    }
    // A CSV says it on every row.
    const auto csv = runCli({QStringLiteral("stats"), path, QStringLiteral("--human"), QStringLiteral("expert"),
                             QStringLiteral("--rater"), QStringLiteral("j1"), QStringLiteral("--levels"),
                             QStringLiteral("summary"), QStringLiteral("--format"), QStringLiteral("csv"),
                             QStringLiteral("--split"), QStringLiteral("test")});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    // CSV rows end in CRLF.
    const QStringList lines = csv.out.trimmed().split(QStringLiteral("\r\n"));
    QVERIFY(lines.size() > 1);
    QVERIFY2(lines.front().endsWith(QStringLiteral(",split")), qPrintable(lines.front()));
    for (const QString &line : lines.mid(1)) {
        QVERIFY2(line.endsWith(QStringLiteral(",test")), qPrintable(line));
    }
}

void TestSplit::compareReadsOneSplit()
{
    const QString path = file("compare.concord");
    makeStudy(path.toStdString(), true);
    {
        // A second judge, scoring every summary its own way.
        auto study = Study::open(path.toStdString());
        QVERIFY(study.ok());
        Study &s = *study.value();
        QVERIFY(s.write([&] {
                     model::Rater judge;
                     judge.name = "j2";
                     judge.kind = model::RaterKind::Judge;
                     const model::Id j2 = s.ensureRater(judge);
                     const model::Id dim = *s.dimensionId("coherence");
                     int k = 0;
                     for (const auto &d : s.documentSummaries())
                         for (const auto &c : s.candidatesOf(d.id))
                             s.setRating(j2, c.id, dim, 1 + (k++ * 7) % 5);
                 }).ok());
    }
    QVERIFY(runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.25"),
                    QStringLiteral("--seed"), QStringLiteral("3")})
                .exitCode
            == 0);
    const QStringList compare{QStringLiteral("stats"),         path,
                              QStringLiteral("--human"),       QStringLiteral("expert"),
                              QStringLiteral("--rater"),       QStringLiteral("j1"),
                              QStringLiteral("--compare"),     QStringLiteral("j2"),
                              QStringLiteral("--levels"),      QStringLiteral("dataset"),
                              QStringLiteral("--correlation"), QStringLiteral("pearson"),
                              QStringLiteral("--test"),        QStringLiteral("williams"),
                              QStringLiteral("--format"),      QStringLiteral("json")};
    auto pearson = [&](const QStringList &extra, const QString &key) {
        const auto run = runCli(compare + extra);
        [&] { QVERIFY2(run.exitCode == 0, qPrintable(run.err)); }();
        const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const QJsonObject entry = out.value(QStringLiteral("dimensions"))
                                      .toObject()
                                      .value(QStringLiteral("coherence"))
                                      .toObject()
                                      .value(QStringLiteral("dataset"))
                                      .toObject()
                                      .value(QStringLiteral("pearson"))
                                      .toObject();
        return std::make_pair(out.value(QStringLiteral("split")), entry.value(key).toObject());
    };
    const auto [noSplit, all] = pearson({}, QStringLiteral("r_a"));
    QVERIFY(noSplit.isNull());
    QCOMPARE(all.value(QStringLiteral("n")).toInt(), 24);
    for (const auto &[split, documents] :
         std::vector<std::pair<QString, int>>{{QStringLiteral("dev"), 3}, {QStringLiteral("test"), 9}}) {
        const auto [named, a] = pearson({QStringLiteral("--split"), split}, QStringLiteral("r_a"));
        QCOMPARE(named.toString(), split);
        QCOMPARE(a.value(QStringLiteral("n")).toInt(), 2 * documents);
        // Judge A's agreement on the split is what stats --split says of it alone.
        const auto alone
            = runCli({QStringLiteral("stats"), path, QStringLiteral("--human"), QStringLiteral("expert"),
                      QStringLiteral("--rater"), QStringLiteral("j1"), QStringLiteral("--levels"),
                      QStringLiteral("dataset"), QStringLiteral("--correlation"), QStringLiteral("pearson"),
                      QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--split"), split});
        QVERIFY2(alone.exitCode == 0, qPrintable(alone.err));
        const double r = QJsonDocument::fromJson(alone.out.toUtf8())
                             .object()
                             .value(QStringLiteral("coherence"))
                             .toObject()
                             .value(QStringLiteral("dataset"))
                             .toObject()
                             .value(QStringLiteral("pearson"))
                             .toObject()
                             .value(QStringLiteral("value"))
                             .toDouble();
        QCOMPARE(a.value(QStringLiteral("value")).toDouble(), r);
    }
    // A table says it in the caption and on every row.
    const auto csv = runCli(compare.mid(0, compare.size() - 1)
                            + QStringList{QStringLiteral("csv"), QStringLiteral("--split"), QStringLiteral("test")});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    const QStringList lines = csv.out.trimmed().split(QStringLiteral("\r\n"));
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.front().endsWith(QStringLiteral(",split")), qPrintable(lines.front()));
    QVERIFY2(lines.back().endsWith(QStringLiteral(",test")), qPrintable(lines.back()));
}

void TestSplit::agreementReadsOneSplit()
{
    const QString path = file("agreement.concord");
    makeStudy(path.toStdString(), true);
    const QStringList agreement{QStringLiteral("agreement"),   path,
                                QStringLiteral("--group"),     QStringLiteral("expert"),
                                QStringLiteral("--dimension"), QStringLiteral("coherence")};
    const auto none = runCli(agreement + QStringList{QStringLiteral("--split"), QStringLiteral("dev")});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("no held-out split")), qPrintable(none.err));
    QCOMPARE(runCli(agreement + QStringList{QStringLiteral("--split"), QStringLiteral("train")}).exitCode, 2);
    QVERIFY(runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.25"),
                    QStringLiteral("--seed"), QStringLiteral("3")})
                .exitCode
            == 0);
    auto json = [&](const QStringList &extra) {
        const auto run = runCli(agreement + extra + QStringList{QStringLiteral("--json")});
        [&] { QVERIFY2(run.exitCode == 0, qPrintable(run.err)); }();
        return QJsonDocument::fromJson(run.out.toUtf8()).object();
    };
    const QJsonObject all = json({});
    QCOMPARE(all.value(QStringLiteral("units")).toInt(), 24);
    QVERIFY(all.value(QStringLiteral("split")).isNull());
    for (const auto &[split, documents] :
         std::vector<std::pair<QString, int>>{{QStringLiteral("dev"), 3}, {QStringLiteral("test"), 9}}) {
        const QJsonObject one = json({QStringLiteral("--split"), split});
        QCOMPARE(one.value(QStringLiteral("split")).toString(), split);
        QCOMPARE(one.value(QStringLiteral("units")).toInt(), 2 * documents);
    }
    const auto text = runCli(agreement + QStringList{QStringLiteral("--split"), QStringLiteral("test")});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(QStringLiteral("on coherence, test documents only: ")), qPrintable(text.out));
}

// The report's dashboard and cards, and the length bias, see the split's documents only: the card's correlation is
// `stats --split test`'s, the bias counts the test summaries, and the estimates (which have no split) are left out.
void TestSplit::reportCardsAndBiasReadOneSplit()
{
    const QString path = file("report.concord");
    makeStudy(path.toStdString(), true);
    QVERIFY(runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.25"),
                    QStringLiteral("--seed"), QStringLiteral("3")})
                .exitCode
            == 0);
    auto json = [&](const QStringList &args) {
        const auto run = runCli(args);
        [&] { QVERIFY2(run.exitCode == 0, qPrintable(run.err)); }();
        return QJsonDocument::fromJson(run.out.toUtf8()).object();
    };
    const QStringList report{QStringLiteral("report"),      path,
                             QStringLiteral("--human"),     QStringLiteral("expert"),
                             QStringLiteral("--bootstrap"), QStringLiteral("0"),
                             QStringLiteral("--format"),    QStringLiteral("json")};
    const QJsonObject all = json(report);
    QVERIFY(all.value(QStringLiteral("split")).isNull());
    QCOMPARE(all.value(QStringLiteral("estimates")).toArray().size(), qsizetype(1));
    const QJsonObject test = json(report + QStringList{QStringLiteral("--split"), QStringLiteral("test")});
    QCOMPARE(test.value(QStringLiteral("split")).toString(), QStringLiteral("test"));
    QCOMPARE(test.value(QStringLiteral("estimates")).toArray().size(), qsizetype(0));
    QVERIFY(test.value(QStringLiteral("warnings"))
                .toArray()
                .first()
                .toString()
                .startsWith(QStringLiteral("no estimates: they are computed over every document")));
    const QJsonObject stats
        = json({QStringLiteral("stats"), path, QStringLiteral("--human"), QStringLiteral("expert"),
                QStringLiteral("--rater"), QStringLiteral("j1"), QStringLiteral("--levels"), QStringLiteral("dataset"),
                QStringLiteral("--correlation"), QStringLiteral("kendall_b"), QStringLiteral("--split"),
                QStringLiteral("test"), QStringLiteral("--format"), QStringLiteral("json")})
              .value(QStringLiteral("coherence"))
              .toObject()
              .value(QStringLiteral("dataset"))
              .toObject()
              .value(QStringLiteral("kendall_b"))
              .toObject();
    bool found = false;
    const QJsonObject card = test.value(QStringLiteral("judge_cards")).toArray().first().toObject();
    for (const auto &a : card.value(QStringLiteral("agreement")).toArray()) {
        const QJsonObject o = a.toObject();
        if (o.value(QStringLiteral("level")).toString() != QStringLiteral("dataset"))
            continue;
        found = true;
        QCOMPARE(o.value(QStringLiteral("n")).toInt(), 18); // nine test documents of two summaries
        QCOMPARE(o.value(QStringLiteral("value")), stats.value(QStringLiteral("value")));
    }
    QVERIFY(found);
    // The cards alone say the split too, and a split that is not dev or test is refused.
    QCOMPARE(
        json(report + QStringList{QStringLiteral("--split"), QStringLiteral("dev"), QStringLiteral("--cards-only")})
            .value(QStringLiteral("split"))
            .toString(),
        QStringLiteral("dev"));
    QCOMPARE(runCli(report + QStringList{QStringLiteral("--split"), QStringLiteral("train")}).exitCode, 2);
    // The Markdown and LaTeX titles name the split; without one they name none.
    const QStringList text{QStringLiteral("report"),      path,
                           QStringLiteral("--human"),     QStringLiteral("expert"),
                           QStringLiteral("--bootstrap"), QStringLiteral("0")};
    const auto markdown = runCli(text + QStringList{QStringLiteral("--split"), QStringLiteral("test")});
    QCOMPARE(markdown.exitCode, 0);
    QVERIFY2(markdown.out.startsWith(
                 QStringLiteral("# Agreement report: judges against group expert, test documents only\n")),
             qPrintable(markdown.out.left(200)));
    const auto latex
        = runCli(text
                 + QStringList{QStringLiteral("--split"), QStringLiteral("dev"), QStringLiteral("--cards-only"),
                               QStringLiteral("--format"), QStringLiteral("latex")});
    QCOMPARE(latex.exitCode, 0);
    QVERIFY2(latex.out.startsWith(QStringLiteral("% Judge cards: judges against group expert, dev documents only\n")),
             qPrintable(latex.out.left(200)));
    const auto whole = runCli(text);
    QCOMPARE(whole.exitCode, 0);
    QVERIFY2(whole.out.startsWith(QStringLiteral("# Agreement report: judges against group expert\n")),
             qPrintable(whole.out.left(200)));

    const QStringList bias{QStringLiteral("bias"),     path,
                           QStringLiteral("--human"),  QStringLiteral("expert"),
                           QStringLiteral("--format"), QStringLiteral("json")};
    auto cells = [&](const QStringList &extra) {
        const auto run = runCli(bias + extra);
        [&] { QVERIFY2(run.exitCode == 0, qPrintable(run.err)); }();
        return QJsonDocument::fromJson(run.out.toUtf8())
            .array()
            .first()
            .toObject()
            .value(QStringLiteral("judge_length_n"));
    };
    QCOMPARE(cells({}).toInt(), 24);
    QCOMPARE(cells({QStringLiteral("--split"), QStringLiteral("test")}).toInt(), 18);
    QCOMPARE(cells({QStringLiteral("--split"), QStringLiteral("dev")}).toInt(), 6);
    const auto said = runCli(bias + QStringList{QStringLiteral("--split"), QStringLiteral("test")});
    QVERIFY2(said.err.contains(QStringLiteral("the test split's documents only")), qPrintable(said.err));
    QCOMPARE(runCli(bias + QStringList{QStringLiteral("--split"), QStringLiteral("train")}).exitCode, 2);
}

// The judge's verdict on A against B in every document, one order: the split keeps its documents' comparisons.
// The judge j1's verdict on each document's first two summaries, on the first dimension: the first is better.
bool TestSplit::judgePrefersTheFirst(const QString &path)
{
    auto study = Study::open(path.toStdString());
    if (!study)
        return false;
    Study &s = *study.value();
    return s
        .write([&] {
            const model::Id judge = s.raterId("j1").value_or(0);
            const model::Id dim = s.dimensions().front().id;
            std::map<model::Id, std::vector<model::Id>> byDocument;
            for (const auto &c : s.candidates())
                byDocument[c.documentId].push_back(c.id);
            for (const auto &[document, candidates] : byDocument)
                s.replacePairwiseOutcome(
                    {0, judge, dim, candidates.at(0), candidates.at(1), true, model::PairwiseWinner::A, std::nullopt});
        })
        .ok();
}

void TestSplit::pairwiseReadsOneSplit()
{
    const QString path = file("pairwise.concord");
    makeStudy(path.toStdString(), true);
    QVERIFY(judgePrefersTheFirst(path));
    QVERIFY(runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.25"),
                    QStringLiteral("--seed"), QStringLiteral("3")})
                .exitCode
            == 0);
    const QStringList pairwise{QStringLiteral("pairwise"), path,
                               QStringLiteral("--human"),  QStringLiteral("expert"),
                               QStringLiteral("--format"), QStringLiteral("json")};
    auto result = [&](const QStringList &extra) {
        const auto run = runCli(pairwise + extra);
        [&] { QVERIFY2(run.exitCode == 0, qPrintable(run.err)); }();
        return QJsonDocument::fromJson(run.out.toUtf8()).object();
    };
    const QJsonObject all = result({});
    QVERIFY(all.value(QStringLiteral("split")).isNull());
    QCOMPARE(
        all.value(QStringLiteral("results")).toArray().first().toObject().value(QStringLiteral("comparisons")).toInt(),
        12);
    for (const auto &[split, documents] :
         std::vector<std::pair<QString, int>>{{QStringLiteral("dev"), 3}, {QStringLiteral("test"), 9}}) {
        const QJsonObject one = result({QStringLiteral("--split"), split});
        QCOMPARE(one.value(QStringLiteral("split")).toString(), split);
        QCOMPARE(one.value(QStringLiteral("results"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("comparisons"))
                     .toInt(),
                 documents);
    }
    const auto text = runCli({QStringLiteral("pairwise"), path, QStringLiteral("--human"), QStringLiteral("expert"),
                              QStringLiteral("--split"), QStringLiteral("test"), QStringLiteral("--format"),
                              QStringLiteral("markdown")});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(QStringLiteral("(test documents only)")), qPrintable(text.out));
    QCOMPARE(runCli(pairwise + QStringList{QStringLiteral("--split"), QStringLiteral("train")}).exitCode, 2);
}

void TestSplit::accuracyAndRankReadOneSplit()
{
    // The judge prefers A on every document; the experts' means decide each document their own way.
    const QString path = file("accuracy.concord");
    makeStudy(path.toStdString(), true);
    QVERIFY(judgePrefersTheFirst(path));
    QVERIFY(runCli({QStringLiteral("split"), path, QStringLiteral("--dev"), QStringLiteral("0.25"),
                    QStringLiteral("--seed"), QStringLiteral("5")})
                .exitCode
            == 0);
    // By hand from makeStudy's ratings: document d's summary of system k (1 = A, 2 = B) is rated
    // 1 + (3d + 2k + r) % 5 by expert r; A is right where the experts' mean of A is higher.
    std::map<std::string, std::pair<int, int>> expected; // split -> (documents, documents where A is better)
    {
        auto study = Study::open(path.toStdString());
        QVERIFY(study.ok());
        for (const auto &[name, split] : byName(*study.value())) {
            const int d = std::stoi(name.substr(1));
            auto mean = [d](int k) { return ((3 * d + 2 * k) % 5 + (3 * d + 2 * k + 1) % 5) / 2.0; };
            ++expected[split].first;
            expected[split].second += mean(1) > mean(2) ? 1 : 0;
        }
    }
    QCOMPARE(expected["dev"].first + expected["test"].first, 12);
    QVERIFY(expected["test"].second > 0 && expected["test"].second < expected["test"].first);

    auto json = [&](const QStringList &args) {
        const auto run = runCli(args);
        [&] { QVERIFY2(run.exitCode == 0, qPrintable(run.err)); }();
        return QJsonDocument::fromJson(run.out.toUtf8());
    };
    const QStringList accuracy{QStringLiteral("accuracy"), path,
                               QStringLiteral("--human"),  QStringLiteral("expert"),
                               QStringLiteral("--format"), QStringLiteral("json")};
    const QJsonObject every = json(accuracy).array().first().toObject();
    QCOMPARE(every.value(QStringLiteral("total")).toInt(), 12);
    QCOMPARE(every.value(QStringLiteral("correct")).toInt(), expected["dev"].second + expected["test"].second);
    QVERIFY(!every.contains(QStringLiteral("split")));
    for (const char *name : {"dev", "test"}) {
        const QString split = QLatin1String(name);
        const QJsonObject row
            = json(accuracy + QStringList{QStringLiteral("--split"), split}).array().first().toObject();
        QCOMPARE(row.value(QStringLiteral("split")).toString(), split);
        QCOMPARE(row.value(QStringLiteral("total")).toInt(), expected[name].first);
        QCOMPARE(row.value(QStringLiteral("correct")).toInt(), expected[name].second);
    }
    const auto accuracyText = runCli({QStringLiteral("accuracy"), path, QStringLiteral("--human"),
                                      QStringLiteral("expert"), QStringLiteral("--split"), QStringLiteral("test"),
                                      QStringLiteral("--format"), QStringLiteral("markdown")});
    QVERIFY2(accuracyText.out.contains(QStringLiteral("| split |"))
                 && accuracyText.out.contains(QStringLiteral("| test |")),
             qPrintable(accuracyText.out));
    QCOMPARE(runCli(accuracy + QStringList{QStringLiteral("--split"), QStringLiteral("train")}).exitCode, 2);

    // rank: the judge's ranking and the experts' (from their means) over the split's documents alone.
    const QStringList rank{QStringLiteral("rank"),        path,
                           QStringLiteral("--resamples"), QStringLiteral("50"),
                           QStringLiteral("--format"),    QStringLiteral("json")};
    QVERIFY(json(rank).object().value(QStringLiteral("split")).isNull());
    const QJsonObject test = json(rank + QStringList{QStringLiteral("--split"), QStringLiteral("test")}).object();
    QCOMPARE(test.value(QStringLiteral("split")).toString(), QStringLiteral("test"));
    bool judgeSeen = false, humansSeen = false;
    for (const auto &r : test.value(QStringLiteral("rankings")).toArray()) {
        const QJsonObject ranking = r.toObject();
        const bool human = ranking.value(QStringLiteral("kind")).toString() == QStringLiteral("human group");
        (human ? humansSeen : judgeSeen) = true;
        QCOMPARE(ranking.value(QStringLiteral("documents")).toInt(), expected["test"].first);
        QCOMPARE(ranking.value(QStringLiteral("comparisons")).toInt(), expected["test"].first);
        for (const auto &sv : ranking.value(QStringLiteral("systems")).toArray()) {
            const QJsonObject system = sv.toObject();
            if (system.value(QStringLiteral("system")).toString() != QStringLiteral("A"))
                continue;
            QCOMPARE(system.value(QStringLiteral("wins")).toDouble(),
                     double(human ? expected["test"].second : expected["test"].first));
        }
    }
    QVERIFY(judgeSeen && humansSeen);
    const auto rankText
        = runCli({QStringLiteral("rank"), path, QStringLiteral("--resamples"), QStringLiteral("0"),
                  QStringLiteral("--split"), QStringLiteral("dev"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(rankText.exitCode == 0, qPrintable(rankText.err));
    QVERIFY2(rankText.out.startsWith(QStringLiteral("# Bradley–Terry–Davidson rankings, dev documents only\n")),
             qPrintable(rankText.out.left(200)));
    QCOMPARE(runCli(rank + QStringList{QStringLiteral("--split"), QStringLiteral("train")}).exitCode, 2);
}

void TestSplit::publishAndPullCarryIt()
{
    const std::string path = file("published.concord").toStdString();
    makeStudy(path, false);
    std::map<std::string, std::string> before;
    {
        auto study = Study::open(path);
        QVERIFY(study.ok());
        reports::SplitRequest request;
        request.dev = 0.3;
        request.seed = 9;
        QVERIFY(reports::splitDocuments(*study.value(), request).ok());
        before = byName(*study.value());
    }
    QCOMPARE(before.size(), std::size_t(12));
    m_published = m_cluster->createDatabase(QStringLiteral("split"));
    QVERIFY(!m_published.empty());
    const auto published = StudyPublisher::publish(path, m_published);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    const std::string pulled = file("pulled.concord").toStdString();
    const auto back = StudyPublisher::pull(m_published, pulled, false);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    for (const std::string &where : {m_published, pulled}) {
        auto study = Study::open(where);
        QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
        QCOMPARE(byName(*study.value()), before);
        const auto settings = study.value()->info("split");
        QVERIFY(settings.has_value());
        QVERIFY2(settings->find("\"seed\":9") != std::string::npos, settings->c_str());
    }
}

void TestSplit::annotatorCannotReadIt()
{
    QVERIFY(!m_published.empty());
    {
        PgConnection admin(m_published);
        PgTeam::addMember(admin, "una", "expert", TeamRole::Annotator);
        givePassword(admin, "una", "una-password");
        PgTeam::addMember(admin, "lea", "expert", TeamRole::Lead);
        givePassword(admin, "lea", "lea-password");
    }
    PgLogin una(m_cluster->tcpUri(QStringLiteral("una"), QStringLiteral("una-password"), QStringLiteral("split")));
    QVERIFY2(una.connected(), qPrintable(una.connectionError()));
    const QString refused = una.run("SELECT count(*) FROM document_splits");
    QVERIFY2(refused.startsWith(QStringLiteral("error: permission denied")), qPrintable(refused));
    // Nor how it was made (its seed would give it away), while the study's other facts stay readable.
    QCOMPARE(una.run("SELECT count(*) FROM study_info WHERE key = 'split'"), QStringLiteral("0"));
    QVERIFY(una.run("SELECT count(*) FROM study_info") != QStringLiteral("0"));
    PgLogin lea(m_cluster->tcpUri(QStringLiteral("lea"), QStringLiteral("lea-password"), QStringLiteral("split")));
    QVERIFY2(lea.connected(), qPrintable(lea.connectionError()));
    QCOMPARE(lea.run("SELECT count(*) FROM document_splits"), QStringLiteral("12"));
    QCOMPARE(lea.run("SELECT count(*) FROM study_info WHERE key = 'split'"), QStringLiteral("1"));
    // The lead's own concord-cli splits the team study again (nothing is judged there).
    const QString leaUri = QString::fromStdString(
        m_cluster->tcpUri(QStringLiteral("lea"), QStringLiteral("lea-password"), QStringLiteral("split")));
    const auto run
        = runCli({QStringLiteral("split"), leaUri, QStringLiteral("--dev"), QStringLiteral("0.5"),
                  QStringLiteral("--seed"), QStringLiteral("2"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("dev")).toInt(), 6);
    QCOMPARE(lea.run("SELECT count(*) FROM document_splits WHERE split = 'dev'"), QStringLiteral("6"));
}

QTEST_GUILESS_MAIN(TestSplit)
#include "tst_split.moc"
