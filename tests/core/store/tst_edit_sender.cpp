// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The sender of an annotator's edits. On a team study (a real PostgreSQL, the annotator's own login): an
// edit is saved once, with its id; while the server is stopped edits wait in the journal in order and
// reach the server when it is back; an edit whose commit happened but whose answer was lost is not applied
// twice. On a study file a write is never in doubt: every edit is saved at once and the journal is never
// used. An edit the study refuses is an error, never kept.
#include "store/annotation_edit.h"
#include "store/edit_journal.h"
#include "store/edit_sender.h"
#include "store/pg_connection.h"
#include "store/stamped_edit.h"
#include "store/study.h"
#include "store/transaction.h"

#include "pg_test_cluster.h"
#include "team_edit_study.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace concord;
using namespace concord::store;
using model::Id;

class TestEditSender : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void studyFileSavesAtOnce();
    void studyFileRefusalIsAnError();
    void teamStudySavesOnceWithItsId();
    void serverAwayQueuesInOrderThenFlushes();
    void commitInDoubtIsNotAppliedTwice();
    void teamStudyRefusalIsAnError();
    void refusedWhileWaitingIsSetAside();
    void busyServerIsToldApartFromALostOne();
    void singleWritesTakeOneStatement_data();
    void singleWritesTakeOneStatement();
    void oneStatementEditIsAppliedOnce();
    void oneStatementEditOfTheLead();
    void committedSaysWhichEditsArrived();

private:
    // A published study with one annotator, opened as that annotator, with a journal.
    struct Team {
        test::TeamEditStudy study;
        std::unique_ptr<Study> session;
        std::unique_ptr<EditJournal> journal;
        Id rater = 0;
        std::vector<Id> candidates;
        Id document = 0;
        Id fluency = 0;
    };
    void openTeam(Team &team, const char *database);

    QTemporaryDir m_dir;
    std::unique_ptr<test::PgTestCluster> m_cluster;
};

namespace {

// As the Annotate view makes an edit of a summary: saying the summary's document.
AnnotationEdit inDocument(AnnotationEdit edit, Id document)
{
    edit.document = document;
    return edit;
}

struct FileStudy {
    QTemporaryDir dir;
    std::unique_ptr<Study> study;
    std::unique_ptr<EditJournal> journal;
    Id rater = 0;
    Id candidate = 0;
    Id dimension = 0;
};

void makeFileStudy(FileStudy &f)
{
    const std::string path = f.dir.filePath(QStringLiteral("study.concord")).toStdString();
    auto created = Study::create(path);
    QVERIFY2(created.ok(), created.ok() ? "" : created.error().describe().c_str());
    f.study = std::move(created).value();
    Study &s = *f.study;
    const Status written = s.write([&] {
        model::Document d;
        d.externalId = "doc-1";
        d.source = "Source.";
        const Id document = s.addDocument(d);
        f.candidate = s.addCandidate(document, s.ensureSystem("sys"), "Summary.");
        model::Dimension dimension;
        dimension.name = "fluency";
        f.dimension = s.ensureDimension(dimension);
        model::Rater r;
        r.name = "ann";
        f.rater = s.ensureRater(r);
    });
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    auto journal = EditJournal::open(f.dir.filePath(QStringLiteral("journal.sqlite")).toStdString(),
                                     EditJournal::studyKey(path), "ann");
    QVERIFY(journal.ok());
    f.journal = std::move(journal).value();
}

std::int64_t count(const std::string &uri, const std::string &sql, const std::vector<PgValue> &params = {})
{
    PgConnection connection(uri);
    return connection.query(sql, params).integer(0, 0);
}

// A span of one character of a TeamEditStudy summary ("Summary number N of the source."), as the study's
// rules want it quoted, told from others by MARKER in its note.
model::ErrorSpan spanAt(Id rater, Id candidate, int start, const std::string &marker)
{
    model::ErrorSpan span;
    span.raterId = rater;
    span.candidateId = candidate;
    span.start = start;
    span.end = start + 1;
    span.quote = std::string("Summary").substr(static_cast<std::size_t>(start), 1);
    span.note = marker;
    return span;
}

} // namespace

void TestEditSender::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<test::PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestEditSender::cleanupTestCase()
{
    m_cluster.reset();
}

void TestEditSender::openTeam(Team &team, const char *database)
{
    const QString error = team.study.create(*m_cluster, QString::fromLatin1(database), m_dir.path(), 1, 3);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto opened = Study::open(team.study.annotatorUris.front());
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    team.session = std::move(opened).value();
    const auto raters = team.session->raters();
    QCOMPARE(raters.size(), std::size_t(1));
    team.rater = raters.front().id;
    for (const auto &c : team.session->candidates()) {
        team.candidates.push_back(c.id);
        team.document = c.documentId;
    }
    QCOMPARE(team.candidates.size(), std::size_t(3));
    team.fluency = team.session->dimensionId("fluency").value_or(0);
    QVERIFY(team.fluency != 0);
    auto journal
        = EditJournal::open(m_dir.filePath(QString::fromLatin1(database) + QStringLiteral(".journal")).toStdString(),
                            EditJournal::studyKey(team.study.annotatorUris.front()), team.study.annotators.front());
    QVERIFY(journal.ok());
    team.journal = std::move(journal).value();
}

void TestEditSender::teamStudySavesOnceWithItsId()
{
    Team team;
    openTeam(team, "saved");
    if (QTest::currentTestFailed())
        return;
    Study &study = *team.session;
    EditSender sender(study, team.journal.get(), [&] { study.reconnect(); });
    QVERIFY(sender.isShared());
    const AnnotationEdit rating = AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, 4);
    const AnnotationEdit span = AnnotationEdit::addErrorSpan(spanAt(team.rater, team.candidates[1], 2, "mm"));
    for (const AnnotationEdit *edit : {&rating, &span}) {
        const auto outcome = sender.submit(*edit);
        QVERIFY2(outcome.ok(), outcome.ok() ? "" : outcome.error().describe().c_str());
        QCOMPARE(outcome.value(), EditSender::Outcome::Saved);
    }
    QCOMPARE(sender.pending(), std::int64_t(0));
    QVERIFY(sender.online());
    const std::string admin = team.study.adminUri;
    QCOMPARE(count(admin, "SELECT value FROM ratings WHERE rater_id = $1", {std::to_string(team.rater)}),
             std::int64_t(4));
    QCOMPARE(count(admin, "SELECT count(*) FROM error_spans WHERE note = 'mm'"), std::int64_t(1));
    for (const AnnotationEdit *edit : {&rating, &span})
        QCOMPARE(count(admin, "SELECT count(*) FROM concord_applied_edits WHERE edit_id = $1 AND rater_id = $2",
                       {edit->id, std::to_string(team.rater)}),
                 std::int64_t(1));
    // The same edit sent again (a retry by a caller) changes nothing.
    QCOMPARE(sender.submit(span).value(), EditSender::Outcome::Saved);
    QCOMPARE(count(admin, "SELECT count(*) FROM error_spans WHERE note = 'mm'"), std::int64_t(1));
}

void TestEditSender::serverAwayQueuesInOrderThenFlushes()
{
    Team team;
    openTeam(team, "away");
    if (QTest::currentTestFailed())
        return;
    Study &study = *team.session;
    EditSender sender(study, team.journal.get(), [&] { study.reconnect(); });
    QCOMPARE(sender.submit(AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, 1)).value(),
             EditSender::Outcome::Saved);

    QVERIFY2(m_cluster->stop(), qPrintable(m_cluster->error()));
    // Three ratings of one cell (the last must win) and three spans (their ids must follow the edits' order).
    std::vector<AnnotationEdit> waiting;
    for (int value : {2, 5, 3})
        waiting.push_back(AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, value));
    for (int i = 0; i < 3; ++i)
        waiting.push_back(
            AnnotationEdit::addErrorSpan(spanAt(team.rater, team.candidates[2], i, "q" + std::to_string(i))));
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        const auto outcome = sender.submit(waiting[i]);
        QVERIFY2(outcome.ok(), outcome.ok() ? "" : outcome.error().describe().c_str());
        QCOMPARE(outcome.value(), EditSender::Outcome::Queued);
        QCOMPARE(sender.pending(), std::int64_t(i + 1));
        QVERIFY(!sender.online());
    }
    // Still away: nothing is lost, nothing is sent.
    const auto early = sender.flush();
    QVERIFY(early.ok());
    QVERIFY(!early.value().complete);
    QCOMPARE(sender.pending(), std::int64_t(waiting.size()));

    QVERIFY2(m_cluster->start(), qPrintable(m_cluster->error()));
    const auto flushed = sender.flush();
    QVERIFY2(flushed.ok(), flushed.ok() ? "" : flushed.error().describe().c_str());
    QVERIFY(flushed.value().complete);
    QCOMPARE(flushed.value().sent, waiting.size());
    QCOMPARE(flushed.value().alreadyApplied, std::size_t(0));
    QVERIFY(flushed.value().refused.empty());
    QCOMPARE(sender.pending(), std::int64_t(0));
    QCOMPARE(team.journal->count(), std::int64_t(0));
    QVERIFY(sender.online());

    const std::string admin = team.study.adminUri;
    QCOMPARE(count(admin, "SELECT value FROM ratings WHERE rater_id = $1", {std::to_string(team.rater)}),
             std::int64_t(3));
    PgConnection connection(admin);
    const PgResult spans = connection.query("SELECT string_agg(note, ',' ORDER BY id) FROM error_spans");
    QCOMPARE(spans.text(0, 0), std::string_view("q0,q1,q2"));
    QCOMPARE(count(admin, "SELECT count(*) FROM concord_applied_edits"), std::int64_t(waiting.size() + 1));
    // Back online, the next edit is saved at once.
    QCOMPARE(sender.submit(AnnotationEdit::clearRating(team.rater, team.candidates[0], team.fluency)).value(),
             EditSender::Outcome::Saved);
}

void TestEditSender::commitInDoubtIsNotAppliedTwice()
{
    Team team;
    openTeam(team, "doubt");
    if (QTest::currentTestFailed())
        return;
    // The edit committed on the server with its id, but its sender never heard: it is still in the journal.
    const AnnotationEdit edit = AnnotationEdit::addErrorSpan(spanAt(team.rater, team.candidates[0], 4, "doubt"));
    const AnnotationEdit after = AnnotationEdit::addErrorSpan(spanAt(team.rater, team.candidates[0], 5, "after"));
    {
        PgConnection admin(team.study.adminUri);
        admin.query("BEGIN");
        admin.query("INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote, note) "
                    "VALUES ($1, $2, 4, 5, 'a', 'doubt')",
                    {std::to_string(team.rater), std::to_string(team.candidates[0])});
        admin.query("INSERT INTO concord_applied_edits (edit_id, rater_id, applied_at) VALUES ($1, $2, 'then')",
                    {edit.id, std::to_string(team.rater)});
        admin.query("COMMIT");
    }
    team.journal->append(edit);
    team.journal->append(after);
    Study &study = *team.session;
    EditSender sender(study, team.journal.get(), [&] { study.reconnect(); });
    QCOMPARE(sender.pending(), std::int64_t(2));
    const auto flushed = sender.flush();
    QVERIFY2(flushed.ok(), flushed.ok() ? "" : flushed.error().describe().c_str());
    QVERIFY(flushed.value().complete);
    QCOMPARE(flushed.value().alreadyApplied, std::size_t(1));
    QCOMPARE(flushed.value().sent, std::size_t(1));
    QCOMPARE(sender.pending(), std::int64_t(0));
    QCOMPARE(count(team.study.adminUri, "SELECT count(*) FROM error_spans WHERE note = 'doubt'"), std::int64_t(1));
    QCOMPARE(count(team.study.adminUri, "SELECT count(*) FROM error_spans WHERE note = 'after'"), std::int64_t(1));
}

void TestEditSender::teamStudyRefusalIsAnError()
{
    Team team;
    openTeam(team, "refused");
    if (QTest::currentTestFailed())
        return;
    Study &study = *team.session;
    EditSender sender(study, team.journal.get(), [&] { study.reconnect(); });
    // A span that is not there: refused by the study, not kept, and the id not recorded.
    const AnnotationEdit gone = AnnotationEdit::removeErrorSpan(spanAt(team.rater, team.candidates[0], 0, "none"));
    const auto outcome = sender.submit(gone);
    QVERIFY(!outcome.ok());
    QCOMPARE(outcome.error().field, std::string("span"));
    QCOMPARE(sender.pending(), std::int64_t(0));
    QCOMPARE(count(team.study.adminUri, "SELECT count(*) FROM concord_applied_edits"), std::int64_t(0));
    // Another annotator's rating is refused by the server's rules, and not kept either.
    const auto foreign
        = sender.submit(AnnotationEdit::setRating(team.rater + 1000, team.candidates[0], team.fluency, 2));
    QVERIFY(!foreign.ok());
    QCOMPARE(sender.pending(), std::int64_t(0));
    QVERIFY(sender.online());
}

void TestEditSender::refusedWhileWaitingIsSetAside()
{
    Team team;
    openTeam(team, "aside");
    if (QTest::currentTestFailed())
        return;
    // Made while the server was away: a removal of a span that, by the time it arrives, is not there (the
    // annotator's other session took it away), between two edits that are fine.
    const AnnotationEdit before = AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, 2);
    const AnnotationEdit gone = AnnotationEdit::removeErrorSpan(spanAt(team.rater, team.candidates[0], 0, "gone"));
    const AnnotationEdit after = AnnotationEdit::setRating(team.rater, team.candidates[1], team.fluency, 5);
    for (const AnnotationEdit *edit : {&before, &gone, &after})
        team.journal->append(*edit);
    Study &study = *team.session;
    EditSender sender(study, team.journal.get());
    const auto flushed = sender.flush();
    QVERIFY2(flushed.ok(), flushed.ok() ? "" : flushed.error().describe().c_str());
    QVERIFY(flushed.value().complete);
    QCOMPARE(flushed.value().sent, std::size_t(2));
    QCOMPARE(flushed.value().refused.size(), std::size_t(1));
    QCOMPARE(flushed.value().refused.front().first.id, gone.id);
    QCOMPARE(flushed.value().refused.front().second.field, std::string("span"));
    QCOMPARE(sender.pending(), std::int64_t(0));
    // Not sent again, but not lost: it is kept aside with the reason.
    const auto aside = team.journal->setAside();
    QCOMPARE(aside.size(), std::size_t(1));
    QCOMPARE(aside.front().first.id, gone.id);
    QVERIFY(aside.front().second.find("no longer in the study") != std::string::npos);
    QCOMPARE(count(team.study.adminUri, "SELECT value FROM ratings WHERE candidate_id = $1",
                   {std::to_string(team.candidates[1])}),
             std::int64_t(5));
    QCOMPARE(count(team.study.adminUri, "SELECT count(*) FROM concord_applied_edits"), std::int64_t(2));
}

void TestEditSender::busyServerIsToldApartFromALostOne()
{
    Team team;
    openTeam(team, "busy");
    if (QTest::currentTestFailed())
        return;
    Study &study = *team.session;
    EditSender sender(study, team.journal.get());
    // The lead holds the ratings longer than an annotator's session waits for a lock.
    PgConnection lead(team.study.adminUri);
    lead.query("BEGIN");
    lead.query("LOCK TABLE ratings IN EXCLUSIVE MODE");
    const AnnotationEdit rating = AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, 3);
    const auto outcome = sender.submit(rating);
    QVERIFY2(outcome.ok(), outcome.ok() ? "" : outcome.error().describe().c_str());
    QCOMPARE(outcome.value(), EditSender::Outcome::Queued);
    QVERIFY(sender.online());
    auto held = sender.flush();
    QVERIFY2(held.ok(), held.ok() ? "" : held.error().describe().c_str());
    QVERIFY(held.value().busy);
    QVERIFY(!held.value().complete);
    QCOMPARE(sender.pending(), std::int64_t(1));
    // Let go: the next flush sends it and is not busy.
    lead.query("ROLLBACK");
    auto sent = sender.flush();
    QVERIFY2(sent.ok(), sent.ok() ? "" : sent.error().describe().c_str());
    QVERIFY(!sent.value().busy);
    QVERIFY(sent.value().complete);
    QCOMPARE(sent.value().sent, std::size_t(1));
    QCOMPARE(sender.pending(), std::int64_t(0));
    QCOMPARE(count(team.study.adminUri, "SELECT value FROM ratings WHERE rater_id = $1", {std::to_string(team.rater)}),
             std::int64_t(3));
}

// Which edits are recorded and made in one statement (one round trip), and which go the usual way: the
// ones that are more than one write, or that the Study's own write refuses with its own message.
void TestEditSender::singleWritesTakeOneStatement_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<bool>("oneStatement");
    QTest::newRow("rating") << 0 << true;
    QTest::newRow("error span") << 1 << true;
    QTest::newRow("explanation") << 2 << true;
    QTest::newRow("explanation emptied") << 3 << false;
    QTest::newRow("rating cleared") << 4 << false;
    QTest::newRow("rating not finite") << 5 << false;
    QTest::newRow("span backwards") << 6 << false;
    QTest::newRow("ranking") << 7 << false;
    QTest::newRow("rating inside a transaction") << 8 << false;
    QTest::newRow("unit mark") << 9 << true;
    QTest::newRow("unit mark cleared") << 10 << false;
    // The Annotate view's edits of a summary say its document; one that does not has it looked up, the long way.
    QTest::newRow("rating without its document") << 11 << false;
    // An edit journalled by a Concord that recorded no times: one statement, and no time.
    QTest::newRow("rating without a time") << 12 << true;
}

void TestEditSender::singleWritesTakeOneStatement()
{
    QFETCH(int, which);
    QFETCH(bool, oneStatement);
    Team team;
    openTeam(team, (std::string("one_") + std::to_string(which)).c_str());
    if (QTest::currentTestFailed())
        return;
    Study &study = *team.session;
    const Id rater = team.rater;
    const Id candidate = team.candidates[0];
    model::ErrorSpan backwards = spanAt(rater, candidate, 5, "x");
    backwards.end = 2;
    const Id document = team.document;
    AnnotationEdit untimed = inDocument(AnnotationEdit::setRating(rater, candidate, team.fluency, 1), document);
    untimed.madeAt.clear();
    const std::vector<AnnotationEdit> edits{
        inDocument(AnnotationEdit::setRating(rater, candidate, team.fluency, 4), document),
        inDocument(AnnotationEdit::addErrorSpan(spanAt(rater, candidate, 1, "m")), document),
        AnnotationEdit::setExplanation(rater, team.document, 0, "Clear."),
        AnnotationEdit::setExplanation(rater, team.document, 0, ""),
        inDocument(AnnotationEdit::clearRating(rater, candidate, team.fluency), document),
        inDocument(AnnotationEdit::setRating(rater, candidate, team.fluency, std::numeric_limits<double>::quiet_NaN()),
                   document),
        inDocument(AnnotationEdit::addErrorSpan(backwards), document),
        AnnotationEdit::setRanking(rater, team.document, team.fluency, {{candidate, 1}}),
        inDocument(AnnotationEdit::setRating(rater, candidate, team.fluency, 2), document),
        inDocument(AnnotationEdit::setUnitMark(rater, candidate, 0, true), document),
        inDocument(AnnotationEdit::clearUnitMark(rater, candidate, 0), document),
        AnnotationEdit::setRating(rater, candidate, team.fluency, 3),
        untimed,
    };
    const AnnotationEdit &edit = edits[static_cast<std::size_t>(which)];
    std::optional<bool> applied;
    if (which == 8) {
        Transaction tx(study.database());
        applied = applyStamped(study, edit, "now");
        tx.commit();
    } else {
        applied = applyStamped(study, edit, "now");
    }
    QCOMPARE(applied.has_value(), oneStatement);
    QCOMPARE(count(team.study.adminUri, "SELECT count(*) FROM concord_applied_edits WHERE edit_id = $1", {edit.id}),
             std::int64_t(oneStatement ? 1 : 0));
    if (oneStatement)
        QVERIFY(*applied);
    // The time of an edit made in one statement is recorded in it, on the summary's document.
    QCOMPARE(count(team.study.adminUri, "SELECT count(*) FROM edit_times WHERE document_id = $1 AND made_at = $2",
                   {std::to_string(document), edit.madeAt}),
             std::int64_t(oneStatement && !edit.madeAt.empty() ? 1 : 0));
}

// Sent again, a one-statement edit changes nothing: not even when a later edit changed the same value.
void TestEditSender::oneStatementEditIsAppliedOnce()
{
    Team team;
    openTeam(team, "once");
    if (QTest::currentTestFailed())
        return;
    Study &study = *team.session;
    const std::string admin = team.study.adminUri;
    const std::string rater = std::to_string(team.rater);
    const Id document = team.document;
    const AnnotationEdit first
        = inDocument(AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, 2), document);
    const AnnotationEdit later
        = inDocument(AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, 5), document);
    const AnnotationEdit span
        = inDocument(AnnotationEdit::addErrorSpan(spanAt(team.rater, team.candidates[1], 3, "once")), document);
    const AnnotationEdit said = AnnotationEdit::setExplanation(team.rater, team.document, 0, "First.");
    const AnnotationEdit resaid = AnnotationEdit::setExplanation(team.rater, team.document, 0, "Second.");
    const AnnotationEdit marked
        = inDocument(AnnotationEdit::setUnitMark(team.rater, team.candidates[2], 1, false), document);
    const AnnotationEdit remarked
        = inDocument(AnnotationEdit::setUnitMark(team.rater, team.candidates[2], 1, true), document);
    for (const AnnotationEdit *edit : {&first, &later, &span, &said, &resaid, &marked, &remarked})
        QCOMPARE(applyStamped(study, *edit, "now"), std::optional<bool>(true));
    for (const AnnotationEdit *edit : {&first, &span, &said, &marked})
        QCOMPARE(applyStamped(study, *edit, "again"), std::optional<bool>(false));
    QCOMPARE(count(admin, "SELECT value FROM ratings WHERE rater_id = $1", {rater}), std::int64_t(5));
    QCOMPARE(count(admin, "SELECT count(*) FROM error_spans WHERE note = 'once'"), std::int64_t(1));
    PgConnection connection(admin);
    QCOMPARE(connection.query("SELECT text FROM explanations WHERE rater_id = $1", {rater}).text(0, 0),
             std::string_view("Second."));
    QCOMPARE(count(admin, "SELECT count(*) FROM concord_applied_edits WHERE applied_at = 'again'"), std::int64_t(0));
    QCOMPARE(count(admin, "SELECT present FROM unit_marks WHERE rater_id = $1", {rater}), std::int64_t(1));
    QCOMPARE(count(admin, "SELECT count(*) FROM concord_applied_edits WHERE rater_id = $1", {rater}), std::int64_t(7));
    // One time per edit applied, none for an edit sent again.
    QCOMPARE(count(admin, "SELECT count(*) FROM edit_times WHERE rater_id = $1", {rater}), std::int64_t(7));
    // The server's rules hold as for any write: another annotator's rating is refused, and no id is recorded.
    const AnnotationEdit foreign
        = inDocument(AnnotationEdit::setRating(team.rater + 1000, team.candidates[0], team.fluency, 1), document);
    QVERIFY_THROWS_EXCEPTION(Failure, applyStamped(study, foreign, "now"));
    QCOMPARE(count(admin, "SELECT count(*) FROM concord_applied_edits WHERE edit_id = $1", {foreign.id}),
             std::int64_t(0));
}

// The lead's session is not blind: their rating by hand is the write that names call_id (as none).
void TestEditSender::oneStatementEditOfTheLead()
{
    Team team;
    openTeam(team, "lead_once");
    if (QTest::currentTestFailed())
        return;
    auto opened = Study::open(team.study.adminUri);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    Study &lead = *opened.value();
    QVERIFY(!lead.isBlind());
    const AnnotationEdit edit
        = inDocument(AnnotationEdit::setRating(team.rater, team.candidates[2], team.fluency, 3), team.document);
    QCOMPARE(applyStamped(lead, edit, "now"), std::optional<bool>(true));
    QCOMPARE(applyStamped(lead, edit, "now"), std::optional<bool>(false));
    QCOMPARE(lead.rating(team.rater, team.candidates[2], team.fluency), std::optional<double>(3));
    // On a study file there are no edit ids to record: the usual way.
    FileStudy f;
    makeFileStudy(f);
    QCOMPARE(applyStamped(*f.study, AnnotationEdit::setRating(f.rater, f.candidate, f.dimension, 3), "now"),
             std::optional<bool>());
}

// Which of a list of edit ids the server has committed: what a read of a document needs to know to lay the
// edits still on their way over it. Anything that is no edit id is left out, not sent.
void TestEditSender::committedSaysWhichEditsArrived()
{
    Team team;
    openTeam(team, "committed");
    if (QTest::currentTestFailed())
        return;
    Study &study = *team.session;
    EditSender sender(study, team.journal.get());
    const AnnotationEdit sent = AnnotationEdit::setRating(team.rater, team.candidates[0], team.fluency, 2);
    const AnnotationEdit waiting = AnnotationEdit::setRating(team.rater, team.candidates[1], team.fluency, 3);
    QCOMPARE(sender.submit(sent).value(), EditSender::Outcome::Saved);
    QCOMPARE(EditSender::committed(study, {sent.id, waiting.id, "x','y", "", "0A"}), std::set<std::string>{sent.id});
    QCOMPARE(EditSender::committed(study, {}), std::set<std::string>{});
    QCOMPARE(EditSender::committed(study, {waiting.id}), std::set<std::string>{});
}

void TestEditSender::studyFileSavesAtOnce()
{
    FileStudy f;
    makeFileStudy(f);
    EditSender sender(*f.study, f.journal.get());
    QVERIFY(!sender.isShared());
    const auto outcome = sender.submit(AnnotationEdit::setRating(f.rater, f.candidate, f.dimension, 3));
    QVERIFY(outcome.ok());
    QCOMPARE(outcome.value(), EditSender::Outcome::Saved);
    QCOMPARE(f.study->rating(f.rater, f.candidate, f.dimension), std::optional<double>(3));
    QCOMPARE(sender.pending(), std::int64_t(0));
    QCOMPARE(f.journal->count(), std::int64_t(0));
    QVERIFY(sender.online());
    const auto flushed = sender.flush();
    QVERIFY(flushed.ok());
    QVERIFY(flushed.value().complete);
    QCOMPARE(flushed.value().sent, std::size_t(0));
    // Without a journal too.
    EditSender bare(*f.study, nullptr);
    QCOMPARE(bare.submit(AnnotationEdit::clearRating(f.rater, f.candidate, f.dimension)).value(),
             EditSender::Outcome::Saved);
    QCOMPARE(f.study->rating(f.rater, f.candidate, f.dimension), std::optional<double>());
}

void TestEditSender::studyFileRefusalIsAnError()
{
    FileStudy f;
    makeFileStudy(f);
    EditSender sender(*f.study, f.journal.get());
    model::ErrorSpan span;
    span.raterId = f.rater;
    span.candidateId = f.candidate;
    span.start = 0;
    span.end = 3;
    span.quote = "Sum";
    const auto outcome = sender.submit(AnnotationEdit::removeErrorSpan(span));
    QVERIFY(!outcome.ok());
    QCOMPARE(outcome.error().field, std::string("span"));
    QCOMPARE(f.journal->count(), std::int64_t(0));
}

QTEST_GUILESS_MAIN(TestEditSender)
#include "tst_edit_sender.moc"
