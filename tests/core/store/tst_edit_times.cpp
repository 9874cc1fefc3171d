// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// When people made their edits, on both backends: each saved edit leaves its own time on its document, in the
// edit's transaction (a refused edit leaves none); an edit of a summary that does not say its document is
// recorded on the summary's; the study refuses a time of another shape; an annotator's own login reads and writes
// only their own times and never changes one, while the lead reads everyone's; the work-time report reads them.
#include "model/utc_timestamp.h"
#include "reports/work_times.h"
#include "store/annotation_edit.h"
#include "store/edit_journal.h"
#include "store/edit_sender.h"
#include "store/study.h"

#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"
#include "team_edit_study.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using model::Id;

namespace {

AnnotationEdit madeAt(AnnotationEdit edit, const char *when, Id document = 0)
{
    edit.madeAt = when;
    edit.document = document;
    return edit;
}

} // namespace

class TestEditTimes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void fileStudyRecordsEachSavedEdit();
    void aTimeOfAnotherShapeIsRefused_data();
    void aTimeOfAnotherShapeIsRefused();
    void teamStudyAnnotatorsKeepTheirOwn();

private:
    std::unique_ptr<Study> makeFileStudy(const char *name, Id &rater, Id &candidate, Id &document, Id &dimension);

    QTemporaryDir m_dir;
    std::unique_ptr<test::PgTestCluster> m_cluster;
};

void TestEditTimes::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<test::PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestEditTimes::cleanupTestCase()
{
    m_cluster.reset();
}

std::unique_ptr<Study> TestEditTimes::makeFileStudy(const char *name, Id &rater, Id &candidate, Id &document,
                                                    Id &dimension)
{
    auto created = Study::create(m_dir.filePath(QLatin1String(name)).toStdString());
    if (!created.ok())
        qFatal("%s", created.error().describe().c_str());
    std::unique_ptr<Study> study = std::move(created).value();
    const Status written = study->write([&] {
        for (const char *id : {"doc-1", "doc-2"}) {
            model::Document d;
            d.externalId = id;
            d.source = "Source.";
            document = study->addDocument(d);
            candidate = study->addCandidate(document, study->ensureSystem("sys"), "Summary.");
        }
        model::Dimension fluency;
        fluency.name = "fluency";
        fluency.scaleMin = 1;
        fluency.scaleMax = 5;
        dimension = study->ensureDimension(fluency);
        model::Rater ann;
        ann.name = "ann";
        rater = study->ensureRater(ann);
    });
    if (!written)
        qFatal("%s", written.error().describe().c_str());
    return study;
}

void TestEditTimes::fileStudyRecordsEachSavedEdit()
{
    Id rater = 0, candidate = 0, document = 0, dimension = 0;
    auto study = makeFileStudy("file.concord", rater, candidate, document, dimension);
    EditSender sender(*study, nullptr);
    // A rating that does not say its document, then one that does, then an explanation (a document's edit).
    QVERIFY(
        sender.submit(madeAt(AnnotationEdit::setRating(rater, candidate, dimension, 3), "2026-11-24T12:00:00Z")).ok());
    QVERIFY(
        sender
            .submit(madeAt(AnnotationEdit::setRating(rater, candidate, dimension, 4), "2026-11-24T12:01:00Z", document))
            .ok());
    QVERIFY(sender
                .submit(madeAt(AnnotationEdit::setExplanation(rater, document, 0, "Clear."), "2026-11-24T12:03:30Z",
                               document))
                .ok());
    // Refused by the study (outside the scale): no time left behind.
    QVERIFY(
        !sender.submit(madeAt(AnnotationEdit::setRating(rater, candidate, dimension, 9), "2026-11-24T12:04:00Z")).ok());
    // Journalled by a Concord that recorded no time: saved, and no time.
    AnnotationEdit untimed = AnnotationEdit::setRating(rater, candidate, dimension, 2);
    untimed.madeAt.clear();
    QVERIFY(sender.submit(untimed).ok());

    const std::vector<EditTimeRow> rows = study->editTimes();
    QCOMPARE(rows.size(), std::size_t(3));
    for (const EditTimeRow &row : rows) {
        QCOMPARE(row.rater, rater);
        QCOMPARE(row.document, document);
    }
    QCOMPARE(rows[0].madeAt, std::string("2026-11-24T12:00:00Z"));
    QCOMPARE(rows[2].madeAt, std::string("2026-11-24T12:03:30Z"));
    const auto times = reports::computeWorkTimes(*study, {});
    QVERIFY(times.ok());
    QCOMPARE(times.value().people.size(), std::size_t(1));
    QCOMPARE(times.value().people.front().activeSeconds, std::int64_t(210));
}

void TestEditTimes::aTimeOfAnotherShapeIsRefused_data()
{
    QTest::addColumn<QString>("madeAt");
    QTest::addColumn<bool>("kept");
    QTest::newRow("UTC to the second") << "2026-11-24T12:00:00Z" << true;
    QTest::newRow("a local time") << "2026-11-24T12:00:00+01:00" << false;
    QTest::newRow("a date") << "2026-11-24" << false;
    QTest::newRow("words") << "yesterday at noon" << false;
}

void TestEditTimes::aTimeOfAnotherShapeIsRefused()
{
    QFETCH(QString, madeAt);
    QFETCH(bool, kept);
    Id rater = 0, candidate = 0, document = 0, dimension = 0;
    static int made = 0;
    const std::string name = "shape-" + std::to_string(++made) + ".concord";
    auto study = makeFileStudy(name.c_str(), rater, candidate, document, dimension);
    // Past the edit's own parser, as a hand-written write would be: the file's schema refuses it.
    const Status written = study->write([&] { study->recordEditTime(rater, document, 0, madeAt.toStdString()); });
    QCOMPARE(written.ok(), kept);
    QCOMPARE(study->editTimes().size(), std::size_t(kept ? 1 : 0));
    // And the edit's parser before it, naming the field.
    nlohmann::json edit = AnnotationEdit::setRating(rater, candidate, dimension, 3).toJson();
    edit["made_at"] = madeAt.toStdString();
    const auto parsed = AnnotationEdit::fromJson(edit);
    QCOMPARE(parsed.ok(), kept);
    if (!kept) {
        QCOMPARE(parsed.error().field, std::string("made_at"));
    }
}

void TestEditTimes::teamStudyAnnotatorsKeepTheirOwn()
{
    test::TeamEditStudy team;
    const QString error = team.create(*m_cluster, QStringLiteral("times"), m_dir.path(), 2, 3);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto opened = Study::open(team.annotatorUris.front());
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    Study &una = *opened.value();
    QVERIFY(una.isBlind());
    const Id rater = una.raters().front().id;
    const auto candidates = una.candidates();
    const Id candidate = candidates.front().id;
    const Id document = candidates.front().documentId;
    const Id fluency = una.dimensionId("fluency").value_or(0);
    auto journal = EditJournal::open(m_dir.filePath(QStringLiteral("times.journal")).toStdString(),
                                     EditJournal::studyKey(team.annotatorUris.front()), team.annotators.front());
    QVERIFY(journal.ok());
    EditSender sender(una, journal.value().get(), [&] { una.reconnect(); });
    // In one statement (the document said), the long way (looked up through the summaries an annotator may
    // read), and a document's own edit.
    for (const AnnotationEdit &edit :
         {madeAt(AnnotationEdit::setRating(rater, candidate, fluency, 3), "2026-11-24T12:00:00Z", document),
          madeAt(AnnotationEdit::setRating(rater, candidate, fluency, 4), "2026-11-24T12:00:40Z"),
          madeAt(AnnotationEdit::setRanking(rater, document, fluency, {{candidate, 1}}), "2026-11-24T12:02:00Z",
                 document)}) {
        const auto sent = sender.submit(edit);
        QVERIFY2(sent.ok(), sent.ok() ? "" : sent.error().describe().c_str());
        QCOMPARE(sent.value(), EditSender::Outcome::Saved);
    }
    const std::vector<EditTimeRow> own = una.editTimes();
    QCOMPARE(own.size(), std::size_t(3));
    for (const EditTimeRow &row : own) {
        QCOMPARE(row.rater, rater);
        QCOMPARE(row.document, document);
    }

    // The other annotator sees none of them, and may not write one in una's name.
    PgLogin other(team.annotatorUris.at(1));
    QVERIFY2(other.connected(), qPrintable(other.connectionError()));
    QCOMPARE(other.run("SELECT count(*) FROM edit_times"), QStringLiteral("0"));
    const std::string forged = "INSERT INTO edit_times (rater_id, document_id, made_at) VALUES ("
                               + std::to_string(rater) + ", " + std::to_string(document) + ", '2026-11-24T12:00:00Z')";
    QVERIFY(other.run(forged).startsWith(QStringLiteral("error: ")));
    // Una may not change or remove a time once recorded, nor number a row herself.
    PgLogin self(team.annotatorUris.front());
    QVERIFY2(self.connected(), qPrintable(self.connectionError()));
    QVERIFY(self.run("UPDATE edit_times SET made_at = '2020-01-01T00:00:00Z'").startsWith(QStringLiteral("error: ")));
    QVERIFY(self.run("DELETE FROM edit_times").startsWith(QStringLiteral("error: ")));
    QVERIFY(self.run("INSERT INTO edit_times (id, rater_id, document_id, made_at) VALUES (999, " + std::to_string(rater)
                     + ", " + std::to_string(document) + ", '2026-11-24T12:00:00Z')")
                .startsWith(QStringLiteral("error: ")));
    // The server refuses a time of another shape as the file does.
    QVERIFY(self.run("INSERT INTO edit_times (rater_id, document_id, made_at) VALUES (" + std::to_string(rater) + ", "
                     + std::to_string(document) + ", 'noon')")
                .startsWith(QStringLiteral("error: ")));
    QCOMPARE(self.run("SELECT count(*) FROM edit_times"), QStringLiteral("3"));

    // The lead (the study's owner here) reads everyone's, and the report times una's work.
    auto lead = Study::open(team.adminUri);
    QVERIFY(lead.ok());
    const auto times = reports::computeWorkTimes(*lead.value(), {});
    QVERIFY(times.ok());
    QCOMPARE(times.value().people.size(), std::size_t(1));
    QCOMPARE(times.value().people.front().rater, rater);
    QCOMPARE(times.value().people.front().activeSeconds, std::int64_t(120));
}

QTEST_GUILESS_MAIN(TestEditTimes)
#include "tst_edit_times.moc"
