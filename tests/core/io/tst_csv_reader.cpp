// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The CSV reader: RFC 4180 quoting, both delimiters, CRLF, a byte order mark, the line each
// record starts on, and errors for broken quotes that name the line.
#include "io/csv_reader.h"

#include "error.h"

#include <QTest>

using namespace concord;

class TestCsvReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsRecords_data();
    void readsRecords();
    void brokenQuotesNameTheLine_data();
    void brokenQuotesNameTheLine();
};

namespace {

using Records = QList<QStringList>;

struct Read {
    Records records;
    QList<int> lines;
};

// blockSize 0 hands the reader all the text at once; other sizes as a file arrives, a block at a time,
// so that every record, field, quote and line end falls across a block boundary somewhere.
Read readAll(const QByteArray &text, char delimiter, std::size_t blockSize = 0)
{
    Read out;
    auto source = io::ByteSource::fromText(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                                           blockSize);
    io::CsvReader reader(source, delimiter);
    io::CsvRecord record;
    while (reader.next(record)) {
        QStringList fields;
        for (const auto &f : record.fields)
            fields << QString::fromStdString(f);
        out.records << fields;
        out.lines << static_cast<int>(record.line);
    }
    return out;
}

} // namespace

void TestCsvReader::readsRecords_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<char>("delimiter");
    QTest::addColumn<Records>("records");
    QTest::addColumn<QList<int>>("lines");

    const auto L = [](std::initializer_list<const char *> fields) {
        QStringList out;
        for (const char *f : fields)
            out << QString::fromUtf8(f);
        return out;
    };

    QTest::newRow("plain") << QByteArray("a,b,c\n1,2,3\n") << ',' << Records{L({"a", "b", "c"}), L({"1", "2", "3"})}
                           << QList<int>{1, 2};
    QTest::newRow("no final newline") << QByteArray("a,b\n1,2") << ',' << Records{L({"a", "b"}), L({"1", "2"})}
                                      << QList<int>{1, 2};
    QTest::newRow("crlf") << QByteArray("a,b\r\n1,2\r\n") << ',' << Records{L({"a", "b"}), L({"1", "2"})}
                          << QList<int>{1, 2};
    QTest::newRow("empty fields") << QByteArray(",a,,\n") << ',' << Records{L({"", "a", "", ""})} << QList<int>{1};
    QTest::newRow("quoted delimiter") << QByteArray("\"a,b\",c\n") << ',' << Records{L({"a,b", "c"})} << QList<int>{1};
    QTest::newRow("doubled quotes") << QByteArray("\"say \"\"hi\"\"\",x\n") << ',' << Records{L({"say \"hi\"", "x"})}
                                    << QList<int>{1};
    QTest::newRow("empty quoted") << QByteArray("\"\",\"\"\n") << ',' << Records{L({"", ""})} << QList<int>{1};
    QTest::newRow("embedded newline") << QByteArray("id,text\n1,\"line one\nline two\"\n2,x\n") << ','
                                      << Records{L({"id", "text"}), L({"1", "line one\nline two"}), L({"2", "x"})}
                                      << QList<int>{1, 2, 4};
    QTest::newRow("embedded crlf kept") << QByteArray("\"a\r\nb\",c\r\nd,e\r\n") << ','
                                        << Records{L({"a\r\nb", "c"}), L({"d", "e"})} << QList<int>{1, 3};
    QTest::newRow("tab delimiter") << QByteArray("a\tb,c\n\"x\ty\"\tz\n") << '\t'
                                   << Records{L({"a", "b,c"}), L({"x\ty", "z"})} << QList<int>{1, 2};
    QTest::newRow("bom skipped") << QByteArray("\xEF\xBB\xBFid,name\n1,Zoë\n") << ','
                                 << Records{L({"id", "name"}), L({"1", "Zoë"})} << QList<int>{1, 2};
    QTest::newRow("blank lines skipped") << QByteArray("a\n\n\r\nb\n\n") << ',' << Records{L({"a"}), L({"b"})}
                                         << QList<int>{1, 4};
    QTest::newRow("quote inside unquoted field")
        << QByteArray("5\" disk,x\n") << ',' << Records{L({"5\" disk", "x"})} << QList<int>{1};
    QTest::newRow("empty text") << QByteArray("") << ',' << Records{} << QList<int>{};
    QTest::newRow("only a bom") << QByteArray("\xEF\xBB\xBF") << ',' << Records{} << QList<int>{};
    QTest::newRow("quote at a field's start only")
        << QByteArray("a\"\"b,\"\"\"x\"\"\"\n") << ',' << Records{L({"a\"\"b", "\"x\""})} << QList<int>{1};
    QTest::newRow("lone cr ends a record")
        << QByteArray("a\rb\r\"c\"") << ',' << Records{L({"a"}), L({"b"}), L({"c"})} << QList<int>{1, 2, 3};
    QTest::newRow("record reused with fewer fields")
        << QByteArray("a,b,c\nd\n") << ',' << Records{L({"a", "b", "c"}), L({"d"})} << QList<int>{1, 2};
}

void TestCsvReader::readsRecords()
{
    QFETCH(QByteArray, text);
    QFETCH(char, delimiter);
    QFETCH(Records, records);
    QFETCH(QList<int>, lines);
    for (const std::size_t blockSize : {0, 1, 2, 3, 5}) {
        const Read read = readAll(text, delimiter, blockSize);
        QVERIFY2(read.records == records, qPrintable(QStringLiteral("block size %1").arg(blockSize)));
        QVERIFY2(read.lines == lines, qPrintable(QStringLiteral("block size %1").arg(blockSize)));
    }
}

void TestCsvReader::brokenQuotesNameTheLine_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("messagePart");

    QTest::newRow("unterminated at end") << QByteArray("a,b\n1,\"open\n2,3\n") << 2 << QStringLiteral("never closed");
    QTest::newRow("unterminated first line") << QByteArray("\"abc") << 1 << QStringLiteral("never closed");
    QTest::newRow("text after closing quote")
        << QByteArray("a,b\nx,y\n\"ab\"c,d\n") << 3 << QStringLiteral("after a closing quote");
}

void TestCsvReader::brokenQuotesNameTheLine()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(QString, messagePart);
    for (const std::size_t blockSize : {0, 1, 2}) {
        auto source = io::ByteSource::fromText(
            std::string_view(text.constData(), static_cast<std::size_t>(text.size())), blockSize);
        io::CsvReader reader(source, ',');
        io::CsvRecord record;
        try {
            while (reader.next(record)) { }
            QFAIL("no error for a broken quote");
        } catch (const Failure &f) {
            QCOMPARE(f.error().line, static_cast<long>(line));
            QVERIFY2(QString::fromStdString(f.error().message).contains(messagePart), f.what());
        }
    }
}

QTEST_APPLESS_MAIN(TestCsvReader)
#include "tst_csv_reader.moc"
