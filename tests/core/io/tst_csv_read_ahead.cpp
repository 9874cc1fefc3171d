// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Records read a batch ahead on a thread of their own come out exactly as the reader gives them: the
// same records with their lines, in order, and the reader's failure after the records before it.
#include "io/csv_read_ahead.h"

#include "error.h"

#include <QTest>

#include <string>
#include <vector>

using namespace concord;

class TestCsvReadAhead : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void givesWhatTheReaderGives_data();
    void givesWhatTheReaderGives();
    void stopsWhenLeftEarly();
};

namespace {

// Every record as "line:field|field|…", and the failure as "failed at LINE: message" after them.
std::vector<std::string> readAll(const std::string &text, std::size_t blockSize, bool ahead)
{
    std::vector<std::string> out;
    auto source = io::ByteSource::fromText(text, blockSize);
    io::CsvReader reader(source, ',');
    std::optional<io::CsvReadAhead> readAhead;
    if (ahead)
        readAhead.emplace(reader);
    io::CsvRecord record;
    try {
        while (ahead ? readAhead->next(record) : reader.next(record)) {
            std::string line = std::to_string(record.line) + ":";
            for (std::size_t i = 0; i < record.fields.size(); ++i) {
                if (i > 0)
                    line.push_back('|');
                line.append(record.fields[i]);
            }
            out.push_back(line);
        }
    } catch (const Failure &f) {
        out.push_back("failed at " + std::to_string(f.error().line) + ": " + f.error().message);
    }
    return out;
}

std::string rows(int count, int fields)
{
    std::string text;
    for (int r = 0; r < count; ++r) {
        for (int f = 0; f < fields; ++f) {
            if (f > 0)
                text.push_back(',');
            text.append(static_cast<std::size_t>(r % 7 + f), 'x');
            text.append(std::to_string(r));
        }
        text.append(r % 3 == 0 ? "\r\n" : "\n");
    }
    return text;
}

} // namespace

void TestCsvReadAhead::givesWhatTheReaderGives_data()
{
    QTest::addColumn<QByteArray>("text");
    const auto many = static_cast<int>(io::CsvReadAhead::kBatchRecords * (io::CsvReadAhead::kBatchesAhead + 3));
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("one record") << QByteArray("a,b");
    QTest::newRow("exactly one batch") << QByteArray::fromStdString(
        rows(static_cast<int>(io::CsvReadAhead::kBatchRecords), 3));
    QTest::newRow("more batches than are read ahead") << QByteArray::fromStdString(rows(many, 4));
    QTest::newRow("quoted line breaks") << QByteArray::fromStdString(rows(300, 2) + "\"a\nb\",c\n" + rows(600, 2));
    QTest::newRow("broken quote late") << QByteArray::fromStdString(rows(many, 2) + "x,\"open\n" + rows(10, 2));
    QTest::newRow("bad UTF-8 late") << QByteArray::fromStdString(rows(700, 2) + "ok,\xff\n" + rows(10, 2));
    QTest::newRow("text after a closing quote in the first batch")
        << QByteArray::fromStdString(rows(5, 2) + "\"a\"b,c\n" + rows(2000, 2));
}

void TestCsvReadAhead::givesWhatTheReaderGives()
{
    QFETCH(QByteArray, text);
    const std::string t = text.toStdString();
    for (const std::size_t blockSize : {0, 7, 4096}) {
        const auto expected = readAll(t, blockSize, false);
        QVERIFY(!expected.empty() || t.empty());
        QCOMPARE(readAll(t, blockSize, true), expected);
    }
}

void TestCsvReadAhead::stopsWhenLeftEarly()
{
    // A caller that fails on a record leaves the rest unread: the reading thread must stop and be
    // joined, however far ahead it is, without reading on through the file.
    const std::string text = rows(50'000, 3);
    auto source = io::ByteSource::fromText(text, 4096);
    io::CsvReader reader(source, ',');
    {
        io::CsvReadAhead ahead(reader);
        io::CsvRecord record;
        QVERIFY(ahead.next(record));
        QCOMPARE(record.line, 1L);
    }
    QVERIFY(source.bytesConsumed() < static_cast<std::int64_t>(text.size()));
    // What the thread had not read is still there for anyone else.
    io::CsvRecord record;
    QVERIFY(reader.next(record));
}

QTEST_APPLESS_MAIN(TestCsvReadAhead)
#include "tst_csv_read_ahead.moc"
