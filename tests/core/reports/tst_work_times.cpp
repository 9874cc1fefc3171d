// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Time per document and throughput from edit times, worked by hand: a gap counts towards the later edit's
// document, a pause longer than the idle limit is a break (counted for nothing, and the document read after it
// has no known time), throughput counts a document once in the bucket of its last edit.
#include "model/utc_timestamp.h"
#include "reports/work_times.h"

#include <QTest>

#include <optional>
#include <string>
#include <vector>

using namespace concord;
using concord::reports::WorkTimeOptions;
using concord::store::EditTimeRow;

Q_DECLARE_METATYPE(std::vector<EditTimeRow>)
Q_DECLARE_METATYPE(std::optional<double>)

namespace {

// An edit by rater 1 on DOCUMENT at 12:MM:SS on 2026-11-24.
EditTimeRow at(model::Id document, int minute, int second, model::Id rater = 1)
{
    char text[32];
    std::snprintf(text, sizeof text, "2026-11-24T12:%02d:%02dZ", minute, second);
    return {rater, document, text};
}

} // namespace

class TestWorkTimes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timestamps_data();
    void timestamps();
    void onePerson_data();
    void onePerson();
    void peopleApartAndUnreadableCounted();
    void throughputPerHour();
    void json();
};

void TestWorkTimes::timestamps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("seconds"); // -1: not a timestamp

    QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << qint64(0);
    QTest::newRow("a day") << "1970-01-02T00:00:01Z" << qint64(86401);
    QTest::newRow("leap day") << "2024-02-29T12:00:00Z" << qint64(1709208000);
    QTest::newRow("late") << "2026-11-24T12:00:00Z" << qint64(1795521600);
    QTest::newRow("no such day") << "2026-02-29T12:00:00Z" << qint64(-1);
    QTest::newRow("hour 24") << "2026-11-24T24:00:00Z" << qint64(-1);
    QTest::newRow("another zone") << "2026-11-24T12:00:00+01:00" << qint64(-1);
    QTest::newRow("no Z") << "2026-11-24T12:00:00" << qint64(-1);
    QTest::newRow("space") << "2026-11-24 12:00:00Z" << qint64(-1);
    QTest::newRow("letters") << "2026-1a-24T12:00:00Z" << qint64(-1);
    QTest::newRow("empty") << "" << qint64(-1);
}

void TestWorkTimes::timestamps()
{
    QFETCH(QString, text);
    QFETCH(qint64, seconds);
    const auto parsed = model::UtcTimestamp::seconds(text.toStdString());
    QCOMPARE(parsed.has_value(), seconds >= 0);
    if (parsed) {
        QCOMPARE(qint64(*parsed), seconds);
    }
}

void TestWorkTimes::onePerson_data()
{
    QTest::addColumn<std::vector<EditTimeRow>>("rows");
    QTest::addColumn<qint64>("idle");
    QTest::addColumn<QList<qint64>>("seconds"); // per document, by document id
    QTest::addColumn<QList<bool>>("timed");     // per document
    QTest::addColumn<qint64>("active");
    QTest::addColumn<int>("sessions");
    QTest::addColumn<std::optional<double>>("median");

    // Document 1 opened at 12:00:00 (its reading start unknown), marks at 12:01, 12:02; document 2 at 12:04
    // and 12:07; document 3 at 12:08 and 12:08:30.
    QTest::newRow("three documents") << std::vector<EditTimeRow>{at(1, 0, 0), at(1, 1, 0), at(1, 2, 0), at(2, 4, 0),
                                                                 at(2, 7, 0), at(3, 8, 0), at(3, 8, 30)}
                                     << qint64(600) << QList<qint64>{120, 300, 90} << QList<bool>{false, true, true}
                                     << qint64(510) << 1 << std::optional<double>(195.0);
    // The same with a 2-minute idle limit: 12:04 -> 12:07 is a break, so document 2 keeps only 12:02 -> 12:04.
    QTest::newRow("a break inside a document")
        << std::vector<EditTimeRow>{at(1, 0, 0), at(1, 1, 0), at(1, 2, 0), at(2, 4, 0),
                                    at(2, 7, 0), at(3, 8, 0), at(3, 8, 30)}
        << qint64(120) << QList<qint64>{120, 120, 90} << QList<bool>{false, true, true} << qint64(330) << 2
        << std::optional<double>(105.0);
    // Lunch before document 2: its reading began after the break, so its time is unknown.
    QTest::newRow("a break before a document")
        << std::vector<EditTimeRow>{at(1, 0, 0), at(1, 1, 0), at(2, 45, 0), at(2, 46, 0), at(3, 47, 30)} << qint64(600)
        << QList<qint64>{60, 60, 90} << QList<bool>{false, false, true} << qint64(210) << 2
        << std::optional<double>(90.0);
    // Back to document 1 after document 2: the gap counts for document 1 again.
    QTest::newRow("going back") << std::vector<EditTimeRow>{at(2, 0, 0), at(1, 1, 0), at(2, 3, 0), at(1, 3, 20)}
                                << qint64(600) << QList<qint64>{80, 120} << QList<bool>{true, false} << qint64(200) << 1
                                << std::optional<double>(80.0);
    // Given out of order, as rows may come: sorted by time first.
    QTest::newRow("out of order") << std::vector<EditTimeRow>{at(2, 3, 0), at(1, 0, 0), at(2, 1, 0)} << qint64(600)
                                  << QList<qint64>{0, 180} << QList<bool>{false, true} << qint64(180) << 1
                                  << std::optional<double>(180.0);
    QTest::newRow("one edit") << std::vector<EditTimeRow>{at(1, 0, 0)} << qint64(600) << QList<qint64>{0}
                              << QList<bool>{false} << qint64(0) << 1 << std::optional<double>();
}

void TestWorkTimes::onePerson()
{
    QFETCH(std::vector<EditTimeRow>, rows);
    QFETCH(qint64, idle);
    QFETCH(QList<qint64>, seconds);
    QFETCH(QList<bool>, timed);
    QFETCH(qint64, active);
    QFETCH(int, sessions);
    QFETCH(std::optional<double>, median);

    WorkTimeOptions options;
    options.idleSeconds = idle;
    const reports::WorkTimes times = reports::workTimes(rows, options);
    QCOMPARE(times.unreadable, std::size_t(0));
    QCOMPARE(times.people.size(), std::size_t(1));
    const reports::PersonWorkTime &person = times.people.front();
    QCOMPARE(person.edits, rows.size());
    QCOMPARE(person.documents.size(), std::size_t(seconds.size()));
    for (std::size_t i = 0; i < person.documents.size(); ++i) {
        QCOMPARE(person.documents[i].document, model::Id(i + 1));
        QCOMPARE(qint64(person.documents[i].seconds), seconds.at(static_cast<qsizetype>(i)));
        QCOMPARE(person.documents[i].timed, timed.at(static_cast<qsizetype>(i)));
    }
    QCOMPARE(qint64(person.activeSeconds), active);
    QCOMPARE(person.sessions, std::size_t(sessions));
    QCOMPARE(person.medianSecondsPerDocument.has_value(), median.has_value());
    if (median) {
        QCOMPARE(*person.medianSecondsPerDocument, *median);
    }
}

void TestWorkTimes::peopleApartAndUnreadableCounted()
{
    // Two people at the same minutes: each one's gaps are their own, never the other's.
    const std::vector<EditTimeRow> rows{
        at(1, 0, 0, 7), at(1, 0, 10, 3), at(2, 2, 0, 7), at(2, 5, 10, 3), {3, 2, "yesterday"}};
    const reports::WorkTimes times = reports::workTimes(rows, {});
    QCOMPARE(times.unreadable, std::size_t(1));
    QCOMPARE(times.people.size(), std::size_t(2));
    QCOMPARE(times.people[0].rater, model::Id(3));
    QCOMPARE(times.people[0].activeSeconds, std::int64_t(300));
    QCOMPARE(times.people[1].rater, model::Id(7));
    QCOMPARE(times.people[1].activeSeconds, std::int64_t(120));
    QCOMPARE(times.people[1].meanSecondsPerDocument, std::optional<double>(120.0));
}

void TestWorkTimes::throughputPerHour()
{
    // Documents 1 and 2 end in the 12 o'clock hour, document 3 in the 13 o'clock hour although it began at
    // 12:59; document 1's early edit at 11:59 does not count it twice.
    const std::vector<EditTimeRow> rows{{1, 1, "2026-11-24T11:59:00Z"},
                                        {1, 1, "2026-11-24T12:00:30Z"},
                                        {1, 2, "2026-11-24T12:05:00Z"},
                                        {1, 3, "2026-11-24T12:59:00Z"},
                                        {1, 3, "2026-11-24T13:01:00Z"}};
    const reports::WorkTimes times = reports::workTimes(rows, {});
    QCOMPARE(times.people.size(), std::size_t(1));
    const auto &throughput = times.people.front().throughput;
    QCOMPARE(throughput.size(), std::size_t(2));
    QCOMPARE(throughput[0].start, *model::UtcTimestamp::seconds("2026-11-24T12:00:00Z"));
    QCOMPARE(throughput[0].documents, std::size_t(2));
    QCOMPARE(throughput[1].start, *model::UtcTimestamp::seconds("2026-11-24T13:00:00Z"));
    QCOMPARE(throughput[1].documents, std::size_t(1));
    WorkTimeOptions daily;
    daily.bucketSeconds = 86400;
    const auto perDay = reports::workTimes(rows, daily).people.front().throughput;
    QCOMPARE(perDay.size(), std::size_t(1));
    QCOMPARE(perDay[0].documents, std::size_t(3));
}

void TestWorkTimes::json()
{
    const std::vector<EditTimeRow> rows{at(1, 0, 0), at(2, 1, 0), at(2, 2, 0)};
    const WorkTimeOptions options;
    const nlohmann::json j = reports::toJson(reports::workTimes(rows, options), options);
    QCOMPARE(j.at("idle_seconds").get<int>(), 600);
    QCOMPARE(j.at("bucket_seconds").get<int>(), 3600);
    const nlohmann::json &person = j.at("people").at(0);
    QCOMPARE(person.at("rater").get<int>(), 1);
    QCOMPARE(person.at("documents").get<int>(), 2);
    QCOMPARE(person.at("timed_documents").get<int>(), 1);
    QCOMPARE(person.at("median_seconds_per_document").get<double>(), 120.0);
    QCOMPARE(person.at("throughput").at(0).at("start").get<std::string>(), std::string("2026-11-24T12:00:00Z"));
    QCOMPARE(person.at("throughput").at(0).at("documents").get<int>(), 2);
}

QTEST_GUILESS_MAIN(TestWorkTimes)
#include "tst_work_times.moc"
