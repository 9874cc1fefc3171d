// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The agreement table that File > Export > Statistics Table writes: Krippendorff's alpha of a human
// group per likert and rank dimension at the dimension's default level (or one chosen for all), once
// more with a judge as one more coder, and alpha written as a paper prints it or with every digit for
// CSV; and the default level of measurement per kind of dimension.
#include "reports/agreement_report.h"
#include "reports/agreement_table.h"
#include "store/study.h"

#include <QTest>

#include <charconv>
#include <cmath>
#include <limits>

using namespace concord;
using model::Id;

Q_DECLARE_METATYPE(std::optional<double>)
Q_DECLARE_METATYPE(concord::model::DimensionKind)
Q_DECLARE_METATYPE(concord::stats::MeasurementLevel)

class TestAgreementTable : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formatsAlpha_data();
    void formatsAlpha();
    void rowsPerDimensionAndCoders_data();
    void rowsPerDimensionAndCoders();
    void defaultLevelPerKind_data();
    void defaultLevelPerKind();
    void agreementAtTheDefaultLevel();
    void headerAndCaption();
    void aGroupOfOneHasNoAlpha();
    void needsALikertOrRankDimension();
};

namespace {

// Two documents with systems A and B; experts ann and bob agree exactly, the judge says the
// opposite, carl is the only rater of the crowd. "coherence" is likert, "overall" a ranking,
// "faithful" binary (no alpha there).
std::unique_ptr<store::Study> makeStudy()
{
    auto created = store::Study::createInMemory();
    if (!created)
        qFatal("in-memory study: %s", created.error().describe().c_str());
    auto study = std::move(created).value();
    const Status written = study->write([&] {
        const Id a = study->ensureSystem("A");
        const Id b = study->ensureSystem("B");
        model::Dimension coherence;
        coherence.name = "coherence";
        const Id likert = study->ensureDimension(coherence);
        model::Dimension overall;
        overall.name = "overall";
        overall.kind = model::DimensionKind::Rank;
        const Id rank = study->ensureDimension(overall);
        model::Dimension faithful;
        faithful.name = "faithful";
        faithful.kind = model::DimensionKind::Binary;
        const Id binary = study->ensureDimension(faithful);
        auto rater = [&](const char *name, model::RaterKind kind, const char *group) {
            model::Rater r;
            r.name = name;
            r.kind = kind;
            r.group = group;
            return study->ensureRater(r);
        };
        const Id ann = rater("ann", model::RaterKind::Human, "expert");
        const Id bob = rater("bob", model::RaterKind::Human, "expert");
        const Id judge = rater("judge", model::RaterKind::Judge, "judges");
        const Id carl = rater("carl", model::RaterKind::Human, "crowd");
        double value = 1;
        for (const char *external : {"d1", "d2"}) {
            model::Document document;
            document.externalId = external;
            document.source = "An article.";
            const Id doc = study->addDocument(document);
            const Id ca = study->addCandidate(doc, a, "A's summary.");
            const Id cb = study->addCandidate(doc, b, "B's summary.");
            for (const Id candidate : {ca, cb}) {
                study->setRating(ann, candidate, likert, value);
                study->setRating(bob, candidate, likert, value);
                study->setRating(judge, candidate, likert, 5 - value);
                study->setRating(carl, candidate, likert, value);
                study->setRating(ann, candidate, binary, 1);
                value += 1;
            }
            study->setRanking(ann, doc, rank, {{ca, 1}, {cb, 2}});
            study->setRanking(bob, doc, rank, {{ca, 1}, {cb, 2}});
            study->setRanking(judge, doc, rank, {{ca, 2}, {cb, 1}});
        }
    });
    if (!written)
        qFatal("test study: %s", written.error().describe().c_str());
    return study;
}

QStringList lines(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *item : items)
        out.push_back(QString::fromUtf8(item));
    return out;
}

double parse(const std::string &text)
{
    double v = std::numeric_limits<double>::quiet_NaN();
    std::from_chars(text.data(), text.data() + text.size(), v);
    return v;
}

} // namespace

void TestAgreementTable::formatsAlpha_data()
{
    QTest::addColumn<std::optional<double>>("alpha");
    QTest::addColumn<bool>("full");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char *name, std::optional<double> alpha, bool full, const char *expected) {
        QTest::newRow(name) << alpha << full << QString::fromUtf8(expected);
    };
    row("undefined, paper", std::nullopt, false, "");
    row("undefined, csv", std::nullopt, true, "");
    row("one, paper", 1.0, false, "1.0000");
    row("one, csv", 1.0, true, "1");
    row("a third, paper", 1.0 / 3, false, "0.3333");
    row("a third, csv", 1.0 / 3, true, "0.3333333333333333");
    row("shortest round trip", 0.1 + 0.2, true, "0.30000000000000004");
    row("negative, paper", -0.25, false, "-0.2500");
    row("negative, csv", -0.25, true, "-0.25");
    row("small, csv", 1e-5, true, "1e-05");
    row("small, paper", 1e-5, false, "0.0000");
    row("small negative, paper", -1e-5, false, "-0.0000");
    row("negative zero, paper", -0.0, false, "0.0000");
    row("negative zero, csv", -0.0, true, "0");
    // Exact ties at the fifth decimal round away from zero, even where the fourth is even.
    row("tie, even fourth", 0.03125, false, "0.0313");
    row("tie, odd fourth", 0.09375, false, "0.0938");
    row("negative tie", -0.15625, false, "-0.1563");
    row("large tie", 99999.96875, false, "99999.9688");
    row("above a tie", 0.12345, false, "0.1235"); // the double is a little above 0.12345
    row("nearly one", 0.99995, false, "1.0000");
}

void TestAgreementTable::formatsAlpha()
{
    QFETCH(std::optional<double>, alpha);
    QFETCH(bool, full);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(reports::formatAlpha(alpha, full)), expected);
}

void TestAgreementTable::rowsPerDimensionAndCoders_data()
{
    QTest::addColumn<QString>("rater");
    QTest::addColumn<QString>("level"); // empty: each dimension's default
    QTest::addColumn<bool>("full");
    // dimension, coders, alpha, units, pairable values, level per row; alpha -2/9 is the judge's
    // reversed scores and ranks (worked by hand: D_o/D_e = 11/9 on both). Every value appears three
    // times in the coincidences, so the ordinal distance is 9·(c − k)², a multiple of the interval
    // one: the same alpha at both levels.
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("group, paper") << QString() << QString() << false
                                  << lines(
                                         {"coherence|expert|1.0000|4|8|ordinal", "overall|expert|1.0000|4|8|ordinal"});
    QTest::newRow("group, csv") << QString() << QString() << true
                                << lines({"coherence|expert|1|4|8|ordinal", "overall|expert|1|4|8|ordinal"});
    QTest::newRow("with judge, paper") << QStringLiteral("judge") << QString() << false
                                       << lines({"coherence|expert|1.0000|4|8|ordinal",
                                                 "coherence|expert + judge|-0.2222|4|12|ordinal",
                                                 "overall|expert|1.0000|4|8|ordinal",
                                                 "overall|expert + judge|-0.2222|4|12|ordinal"});
    QTest::newRow("with judge, csv") << QStringLiteral("judge") << QString() << true
                                     << lines({"coherence|expert|1|4|8|ordinal",
                                               "coherence|expert + judge|-0.2222222222222222|4|12|ordinal",
                                               "overall|expert|1|4|8|ordinal",
                                               "overall|expert + judge|-0.2222222222222222|4|12|ordinal"});
    // One level chosen for every dimension, as the Agreement view's level selector passes it on.
    QTest::newRow("with judge, interval chosen")
        << QStringLiteral("judge") << QStringLiteral("interval") << false
        << lines({"coherence|expert|1.0000|4|8|interval", "coherence|expert + judge|-0.2222|4|12|interval",
                  "overall|expert|1.0000|4|8|interval", "overall|expert + judge|-0.2222|4|12|interval"});
    // Nominal, coherence: each unit (e.g. 1, 1, 4) has 4 ordered pairs of different values over
    // m − 1 = 2, so D_o = 4·2/12; the values 1..4 appear 3 times each, D_e = (12² − 4·3²)/(12·11)
    // = 108/132; alpha = 1 − (8/12)/(108/132) = 1 − 22/27 = 5/27. Overall has two values, 6 each:
    // D_e = (12² − 2·6²)/132 = 72/132, alpha = 1 − (8/12)/(72/132) = −2/9, as at any level.
    QTest::newRow("with judge, nominal chosen")
        << QStringLiteral("judge") << QStringLiteral("nominal") << false
        << lines({"coherence|expert|1.0000|4|8|nominal", "coherence|expert + judge|0.1852|4|12|nominal",
                  "overall|expert|1.0000|4|8|nominal", "overall|expert + judge|-0.2222|4|12|nominal"});
}

void TestAgreementTable::rowsPerDimensionAndCoders()
{
    QFETCH(QString, rater);
    QFETCH(QString, level);
    QFETCH(bool, full);
    QFETCH(QStringList, expected);
    auto study = makeStudy();
    reports::AgreementTableRequest request{"expert", rater.toStdString(), std::nullopt};
    if (!level.isEmpty())
        request.level = stats::measurementLevelFromString(level.toStdString()).value();
    const auto table = reports::agreementTable(*study, request, full);
    QVERIFY2(table.ok(), table.ok() ? "" : table.error().describe().c_str());
    const auto &rows = table.value().rows;
    QCOMPARE(rows.size(), std::size_t(expected.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const QStringList want = expected.at(qsizetype(i)).split(QLatin1Char('|'));
        const auto &row = rows[i];
        QCOMPARE(row.size(), std::size_t{8});
        QCOMPARE(QString::fromStdString(row[0]), want.at(0));
        QCOMPARE(row[1], std::string("expert"));
        QCOMPARE(QString::fromStdString(row[2]), want.at(1));
        if (full) // every digit of a computed value: equal up to the last bit of rounding
            QVERIFY2(std::abs(parse(row[3]) - parse(want.at(2).toStdString())) < 1e-12, row[3].c_str());
        else
            QCOMPARE(QString::fromStdString(row[3]), want.at(2));
        QCOMPARE(QString::fromStdString(row[4]), want.at(3));
        QCOMPARE(QString::fromStdString(row[5]), want.at(4));
        QCOMPARE(QString::fromStdString(row[6]), want.at(5));
        QCOMPARE(row[7], std::string()); // alpha is defined: no note
    }
}

void TestAgreementTable::defaultLevelPerKind_data()
{
    QTest::addColumn<model::DimensionKind>("kind");
    QTest::addColumn<stats::MeasurementLevel>("level");
    // Ordered values whose steps need not be equal: ordinal. Categories: nominal.
    QTest::newRow("likert") << model::DimensionKind::Likert << stats::MeasurementLevel::Ordinal;
    QTest::newRow("rank") << model::DimensionKind::Rank << stats::MeasurementLevel::Ordinal;
    QTest::newRow("binary") << model::DimensionKind::Binary << stats::MeasurementLevel::Nominal;
    QTest::newRow("spans") << model::DimensionKind::Spans << stats::MeasurementLevel::Nominal;
    QTest::newRow("pairwise") << model::DimensionKind::Pairwise << stats::MeasurementLevel::Nominal;
}

void TestAgreementTable::defaultLevelPerKind()
{
    QFETCH(model::DimensionKind, kind);
    QFETCH(stats::MeasurementLevel, level);
    model::Dimension dimension;
    dimension.name = "d";
    dimension.kind = kind;
    QCOMPARE(stats::toString(reports::defaultAlphaLevel(dimension)), stats::toString(level));
    // Scale labels name the points of an ordered scale: they do not make a likert dimension nominal.
    dimension.labels = {"bad", "poor", "fair", "good", "excellent"};
    QCOMPARE(stats::toString(reports::defaultAlphaLevel(dimension)), stats::toString(level));
}

void TestAgreementTable::agreementAtTheDefaultLevel()
{
    // computeAgreement without a level uses the dimension's default and says which in its JSON.
    auto study = makeStudy();
    reports::AgreementRequest request;
    request.group = "expert";
    request.dimension = "coherence";
    request.extraRaters = {"judge"};
    const auto byDefault = reports::computeAgreement(*study, request);
    QVERIFY(byDefault.ok());
    QVERIFY(byDefault.value().alpha.level == stats::MeasurementLevel::Ordinal);
    QCOMPARE(reports::toJson(byDefault.value()).at("level").get<std::string>(), std::string("ordinal"));
    request.level = stats::MeasurementLevel::Nominal;
    const auto nominal = reports::computeAgreement(*study, request);
    QVERIFY(nominal.ok());
    QCOMPARE(reports::toJson(nominal.value()).at("level").get<std::string>(), std::string("nominal"));
    QVERIFY(std::abs(*nominal.value().alpha.alpha - 5.0 / 27.0)
            < 1e-12); // worked out in rowsPerDimensionAndCoders_data
}

void TestAgreementTable::headerAndCaption()
{
    auto study = makeStudy();
    const auto alone = reports::agreementTable(*study, {"expert", ""}, false);
    QVERIFY(alone.ok());
    QCOMPARE(alone.value().header, (std::vector<std::string>{"dimension", "group", "coders", "alpha", "units",
                                                             "pairable_values", "level", "note"}));
    QCOMPARE(alone.value().numeric, (std::vector<bool>{false, false, false, true, true, true, false, false}));
    QCOMPARE(alone.value().caption, std::string("Krippendorff's alpha of the expert raters per dimension"));
    const auto withJudge = reports::agreementTable(*study, {"expert", "judge"}, false);
    QVERIFY(withJudge.ok());
    QCOMPARE(withJudge.value().caption,
             std::string("Krippendorff's alpha of the expert raters per dimension, and with judge added"));
}

void TestAgreementTable::aGroupOfOneHasNoAlpha()
{
    auto study = makeStudy();
    const auto table = reports::agreementTable(*study, {"crowd", ""}, true);
    QVERIFY(table.ok());
    QCOMPARE(table.value().rows.size(), std::size_t{2});
    const auto &coherence = table.value().rows.front();
    QCOMPARE(coherence[0], std::string("coherence"));
    QCOMPARE(coherence[3], std::string()); // undefined: empty, and the note says why
    QVERIFY(!coherence[7].empty());
}

void TestAgreementTable::needsALikertOrRankDimension()
{
    auto created = store::Study::createInMemory();
    QVERIFY(created.ok());
    auto &study = *created.value();
    QVERIFY(study
                .write([&] {
                    model::Dimension faithful;
                    faithful.name = "faithful";
                    faithful.kind = model::DimensionKind::Binary;
                    study.ensureDimension(faithful);
                })
                .ok());
    const auto table = reports::agreementTable(study, {"expert", ""}, false);
    QVERIFY(!table.ok());
    QCOMPARE(table.error().describe(),
             std::string("the study has no Likert or rank dimension to compute agreement on"));
}

QTEST_APPLESS_MAIN(TestAgreementTable)
#include "tst_agreement_table.moc"
