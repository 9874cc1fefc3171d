// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The rules Concord keeps on judgements, kept by the study file: a write that breaks one is refused by the
// file's triggers whoever makes it (raw SQL here, as another program would), a write that keeps them goes
// in, and check names every stored row that breaks one, by table and row, also in a file of the format
// before the triggers existed.
#include "store/data_rules.h"
#include "store/database.h"
#include "store/schema.h"
#include "store/study.h"
#include "store/study_check.h"

#include "error.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;

namespace {

// Two documents: d1 with two content units and summaries 1 and 2, d2 with summary 3. Dimensions: 1
// coherence (1 to 5, labelled), 2 plain (1 to 5, no labels), 3 overall (rank). Raters: 1 ann (a person),
// 2 gpt (a G-Eval judge), 3 yes (an LLMScore judge). Summary 2's text is not ASCII: offsets count
// characters.
void fill(Study &study)
{
    const Status written = study.write([&] {
        model::Document d1;
        d1.externalId = "d1";
        d1.source = "An article.";
        d1.scus = {"first unit", "second unit"};
        const model::Id doc1 = study.addDocument(d1);
        model::Document d2;
        d2.externalId = "d2";
        d2.source = "Another article.";
        const model::Id doc2 = study.addDocument(d2);
        study.addCandidate(doc1, study.ensureSystem("s1"), "Alpha beta.");
        study.addCandidate(doc1, study.ensureSystem("s2"), "Café crème au lait.");
        study.addCandidate(doc2, study.ensureSystem("s1"), "Gamma delta.");
        model::Dimension coherence;
        coherence.name = "coherence";
        coherence.labels = {"1", "2", "3", "4", "5"};
        study.ensureDimension(coherence);
        model::Dimension plain;
        plain.name = "plain";
        study.ensureDimension(plain);
        model::Dimension overall;
        overall.name = "overall";
        overall.kind = model::DimensionKind::Rank;
        overall.scaleMax = 2;
        study.ensureDimension(overall);
        study.ensureRater({0, "ann", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        model::Rater geval;
        geval.name = "gpt";
        geval.kind = model::RaterKind::Judge;
        geval.protocol = "geval";
        study.ensureRater(geval);
        model::Rater llmscore;
        llmscore.name = "yes";
        llmscore.kind = model::RaterKind::Judge;
        llmscore.protocol = "llmscore";
        study.ensureRater(llmscore);
    });
    if (!written)
        qFatal("fixture: %s", written.error().describe().c_str());
}

QString runSql(Database &db, const std::string &sql)
{
    try {
        db.exec(sql);
    } catch (const Failure &failure) {
        return QString::fromStdString(failure.error().describe());
    }
    return {};
}

} // namespace

class TestDataRules : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void breakingWritesRefused_data();
    void breakingWritesRefused();
    void keepingWritesAccepted_data();
    void keepingWritesAccepted();
    void changesUnderJudgementsRefused_data();
    void changesUnderJudgementsRefused();
    void checkNamesEveryViolation();
    void olderFileGetsTheRulesAndItsRowsChecked();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::string m_path;
    std::unique_ptr<Study> m_study;
};

void TestDataRules::init()
{
    m_study.reset();
    m_dir = std::make_unique<QTemporaryDir>();
    m_path = m_dir->filePath(QStringLiteral("rules.concord")).toStdString();
    auto created = Study::create(m_path);
    QVERIFY2(created.ok(), created.ok() ? "" : created.error().describe().c_str());
    m_study = std::move(created).value();
    fill(*m_study);
}

void TestDataRules::breakingWritesRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("refusal");
    const QString scale = QStringLiteral("a rating must lie inside its dimension's scale");
    QTest::newRow("a person's rating above the scale")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 99)" << scale;
    QTest::newRow("a person's rating below the scale")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 2, 0)" << scale;
    QTest::newRow("a judge's rating above the scale")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (2, 1, 1, 5.5)" << scale;
    QTest::newRow("an LLMScore judge's rating that is no probability")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 1, 2)" << scale;
    QTest::newRow("a rating updated out of the scale")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 2, 3); "
           "UPDATE ratings SET value = 6"
        << scale;
    QTest::newRow("a person's rating between two labelled points")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 2.5)"
        << QStringLiteral("a person's rating must be one of its dimension's labelled points");
    QTest::newRow("a rank above the number of summaries")
        << "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (1, 1, 3, 1, 3)"
        << QStringLiteral("a rank must lie between 1 and the number of the document's summaries");
    QTest::newRow("a rank of another document's summary")
        << "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (1, 1, 3, 3, 1)"
        << QStringLiteral("a ranked summary must be a summary of the ranking's document");
    const QString span = QStringLiteral("an error span must lie inside its summary and quote the text at its offsets");
    QTest::newRow("a span quoting other text")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (1, 1, 0, 5, 'Beta.')"
        << span;
    QTest::newRow("a span past the summary's end")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (1, 1, 6, 40, "
           "'beta.')"
        << span;
    QTest::newRow("a span counting bytes, not characters")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (1, 2, 6, 12, "
           "'crème')"
        << span;
    QTest::newRow("a span's quote edited")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (1, 1, 0, 5, "
           "'Alpha'); UPDATE error_spans SET quote = 'Omega'"
        << span;
    QTest::newRow("a unit the document lacks")
        << "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (1, 1, 2, 1)"
        << QStringLiteral("a content unit must be one of its document's units");
    QTest::newRow("a unit of a document without units")
        << "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (1, 3, 0, 1)"
        << QStringLiteral("a content unit must be one of its document's units");
    QTest::newRow("a verdict across documents")
        << "INSERT INTO pairwise_outcomes (rater_id, dimension_id, candidate_a, candidate_b, shown_order, outcome) "
           "VALUES (1, 1, 1, 3, 'ab', 'a')"
        << QStringLiteral("a pairwise verdict must be between two summaries of one document");
    QTest::newRow("an explanation of no dimension")
        << "INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (1, 1, 99, 'Why.')"
        << QStringLiteral("an explanation's dimension must be one of the study's dimensions");
}

void TestDataRules::breakingWritesRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, refusal);
    Database &db = m_study->database();
    const std::string before = "SELECT (SELECT count(*) FROM ratings) || ',' || (SELECT count(*) FROM rankings) || ',' "
                               "|| (SELECT count(*) FROM error_spans) || ',' || (SELECT count(*) FROM unit_marks) || "
                               "',' || (SELECT count(*) FROM pairwise_outcomes) || ',' || (SELECT count(*) FROM "
                               "explanations)";
    auto counted = db.prepare(before);
    QVERIFY(counted.step());
    const std::string empty = counted.textAt(0);
    QCOMPARE(empty, std::string("0,0,0,0,0,0"));
    // As one transaction, as another program would write: refused whole.
    const QString error = runSql(db, "BEGIN; " + sql.toStdString() + "; COMMIT;");
    QVERIFY2(error.contains(refusal), qPrintable(error));
    runSql(db, "ROLLBACK");
    auto after = db.prepare(before);
    QVERIFY(after.step());
    QCOMPARE(after.textAt(0), empty);
    QVERIFY(DataRules::violations(db).empty());
}

void TestDataRules::keepingWritesAccepted_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("a person's rating on a labelled point")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 5)";
    QTest::newRow("a person's rating between points where there are no labels")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 2, 2.5)";
    QTest::newRow("a G-Eval judge's weighted score")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (2, 1, 1, 3.47)";
    QTest::newRow("an LLMScore judge's probability")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 1, 0.73)";
    QTest::newRow("a ranking with a tie")
        << "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (1, 1, 3, 1, 1), "
           "(1, 1, 3, 2, 1)";
    QTest::newRow("a ranking of the last place")
        << "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (1, 1, 3, 2, 2)";
    QTest::newRow("a span quoting characters beyond ASCII")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (1, 2, 5, 10, "
           "'crème')";
    QTest::newRow("a span to the summary's end")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (1, 1, 6, 11, "
           "'beta.')";
    QTest::newRow("the document's last unit")
        << "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (1, 2, 1, 0)";
    QTest::newRow("a verdict within a document")
        << "INSERT INTO pairwise_outcomes (rater_id, dimension_id, candidate_a, candidate_b, shown_order, outcome) "
           "VALUES (1, 1, 1, 2, 'ba', 'tie')";
    QTest::newRow("explanations of the document and of a dimension")
        << "INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (1, 1, 0, 'All.'), "
           "(1, 1, 3, 'Why.')";
}

void TestDataRules::keepingWritesAccepted()
{
    QFETCH(QString, sql);
    Database &db = m_study->database();
    const QString error = runSql(db, sql.toStdString());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(DataRules::violations(db).empty());
    m_study.reset();
    const auto report = StudyCheck::run(m_path);
    QVERIFY(report.ok());
    QVERIFY(report.value().healthy());
}

void TestDataRules::changesUnderJudgementsRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("refusal");
    QTest::newRow("a scale narrowed under a rating")
        << "UPDATE dimensions SET scale_max = 3 WHERE name = 'coherence'"
        << QStringLiteral("a dimension's scale must keep every rating made on it");
    QTest::newRow("labels given to a dimension with a person's rating between points")
        << "UPDATE dimensions SET labels = '[\"a\",\"b\",\"c\",\"d\",\"e\"]' WHERE name = 'plain'"
        << QStringLiteral("a dimension's scale must keep every rating made on it");
    QTest::newRow("a summary's text changed under a span")
        << "UPDATE candidates SET text = 'Omega beta.' WHERE id = 1"
        << QStringLiteral("a summary's text must keep the quotes of its error spans");
    QTest::newRow("a document's units taken under a mark")
        << "UPDATE documents SET scus = '[\"only unit\"]' WHERE id = 1"
        << QStringLiteral("a document's content units must keep every mark made on them");
    QTest::newRow("a dimension with explanations removed")
        << "DELETE FROM dimensions WHERE name = 'overall'"
        << QStringLiteral("a dimension with explanations cannot be removed");
}

void TestDataRules::changesUnderJudgementsRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, refusal);
    Database &db = m_study->database();
    const QString setUp
        = runSql(db, "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 4), "
                     "(1, 1, 2, 2.5); "
                     "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (1, 1, 0, "
                     "5, 'Alpha'); "
                     "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (1, 1, 1, 1); "
                     "INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (1, 1, 3, 'Why.')");
    QVERIFY2(setUp.isEmpty(), qPrintable(setUp));
    const QString error = runSql(db, sql.toStdString());
    QVERIFY2(error.contains(refusal), qPrintable(error));
    QVERIFY(DataRules::violations(db).empty());
}

void TestDataRules::checkNamesEveryViolation()
{
    Database &db = m_study->database();
    // Written around the rules, as a program that drops the triggers would.
    QStringList triggers;
    {
        auto names = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name");
        while (names.step())
            triggers << QString::fromStdString(names.textAt(0));
    }
    // 25 rules on what is stored, and two on how a judge batch may change (its provider's id, a fetched batch):
    // check names those missing too, though no stored row can break them.
    QCOMPARE(triggers.size(), 27);
    for (const QString &trigger : triggers)
        QVERIFY(runSql(db, "DROP TRIGGER " + trigger.toStdString()).isEmpty());
    const QString planted = runSql(
        db,
        "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 99), (1, 2, 1, 2.5), "
        "(3, 1, 1, 4), (2, 1, 1, 3.47), (3, 2, 1, 0.5); "
        "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (1, 1, 3, 1, 3), "
        "(1, 1, 3, 3, 1); "
        "INSERT INTO error_spans (id, rater_id, candidate_id, char_start, char_end, quote) VALUES (7, 1, 1, 0, 5, "
        "'Omega'), (8, 1, 1, 6, 40, 'beta.'), (9, 1, 2, 5, 10, 'crème'); "
        "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (1, 1, 2, 1), (1, 1, 1, 1); "
        "INSERT INTO pairwise_outcomes (id, rater_id, dimension_id, candidate_a, candidate_b, shown_order, outcome) "
        "VALUES (4, 1, 1, 1, 3, 'ab', 'a'); "
        "INSERT INTO explanations (id, rater_id, document_id, dimension_id, text) VALUES (5, 1, 1, 99, 'Why.'), "
        "(6, 1, 1, 0, 'All.')");
    QVERIFY2(planted.isEmpty(), qPrintable(planted));
    m_study.reset();

    const auto report = StudyCheck::run(m_path);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QStringList problems;
    for (const std::string &problem : report.value().problems)
        problems << QString::fromStdString(problem);
    // Each dropped trigger, then each planted row that breaks a rule, and none that keeps them.
    QCOMPARE(problems.size(), 27 + 10);
    for (int i = 0; i < 27; ++i)
        QVERIFY2(problems[i].startsWith(QStringLiteral("trigger ")) && problems[i].contains(QStringLiteral("missing")),
                 qPrintable(problems[i]));
    QCOMPARE(problems.mid(27),
             (QStringList{
                 QStringLiteral("table ratings, row rater_id 1, candidate_id 1, dimension_id 1: rating 99 by 'ann' is "
                                "outside the scale of dimension 'coherence' (1 to 5)"),
                 QStringLiteral("table ratings, row rater_id 1, candidate_id 2, dimension_id 1: rating 2.5 by 'ann' is "
                                "not one of the labelled points of dimension 'coherence' (whole steps from 1 to 5)"),
                 QStringLiteral("table ratings, row rater_id 3, candidate_id 1, dimension_id 1: rating 4 by the "
                                "LLMScore judge 'yes' is not a probability (0 to 1)"),
                 QStringLiteral("table rankings, row rater_id 1, dimension_id 3, candidate_id 1: rank 3 is above the "
                                "number of the document's summaries (2)"),
                 QStringLiteral("table rankings, row rater_id 1, dimension_id 3, candidate_id 3: summary 3 is not a "
                                "summary of document 1, which the ranking is of"),
                 QStringLiteral("table error_spans, row id 7: the quote is not the text of summary 1 at characters 0 "
                                "to 5"),
                 QStringLiteral("table error_spans, row id 8: the span 6 to 40 runs past the end of summary 1 (11 "
                                "characters)"),
                 QStringLiteral("table unit_marks, row rater_id 1, candidate_id 1, unit_index 2: unit 2 is not one of "
                                "the document's units (2 units, counted from 0)"),
                 QStringLiteral("table pairwise_outcomes, row id 4: summaries 1 and 3 are not summaries of one "
                                "document"),
                 QStringLiteral("table explanations, row id 5: dimension 99 is not one of the study's dimensions")}));
}

void TestDataRules::olderFileGetsTheRulesAndItsRowsChecked()
{
    m_study.reset();
    // A file of format 3, as the Concord before the rules wrote it, with a rating out of its scale.
    const std::string older = m_dir->filePath(QStringLiteral("older.concord")).toStdString();
    {
        Database db(older, Database::Mode::ReadWriteCreate);
        Schema::migrate(db, 0, Schema::migrations().first(3));
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
        db.exec("INSERT INTO documents (external_id, source) VALUES ('d1', 'An article.');"
                "INSERT INTO systems (name) VALUES ('s1');"
                "INSERT INTO candidates (document_id, system_id, text) VALUES (1, 1, 'A summary.');"
                "INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert');"
                "INSERT INTO raters (name, kind) VALUES ('ann', 'human');"
                "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 99);");
    }
    {
        auto opened = Study::open(older);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
        QCOMPARE(opened.value()->schemaVersion(), Schema::currentVersion());
        // From now on the file refuses what breaks a rule.
        const QString error = runSql(opened.value()->database(),
                                     "UPDATE ratings SET value = 0 WHERE rater_id = 1 AND candidate_id = 1");
        QVERIFY2(error.contains(QStringLiteral("inside its dimension's scale")), qPrintable(error));
    }
    // What was stored before is reported, not changed.
    const auto report = StudyCheck::run(older);
    QVERIFY(report.ok());
    QCOMPARE(report.value().problems,
             (std::vector<std::string>{"table ratings, row rater_id 1, candidate_id 1, dimension_id 1: rating 99 by "
                                       "'ann' is outside the scale of dimension 'coherence' (1 to 5)"}));
}

QTEST_GUILESS_MAIN(TestDataRules)
#include "tst_data_rules.moc"
