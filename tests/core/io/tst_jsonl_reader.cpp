// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// JSON Lines read a record at a time, with the input arriving in blocks of every size: the same
// objects and the same line numbers, in errors too, however the lines fall across blocks.
#include "io/jsonl_reader.h"

#include "error.h"

#include <QTest>

#include <string>

using namespace concord;

class TestJsonlReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsObjects_data();
    void readsObjects();
    void errorsNameTheLine_data();
    void errorsNameTheLine();
    void readsALineLongerThanManyBlocks();
};

namespace {

// Each object's "k" value with its line, as "line:value".
QStringList readAll(const std::string &text, std::size_t blockSize)
{
    auto source = io::ByteSource::fromText(text, blockSize);
    io::JsonlReader reader(source);
    nlohmann::json object;
    QStringList out;
    while (reader.next(object))
        out << QStringLiteral("%1:%2").arg(reader.line()).arg(QString::fromStdString(object.value("k", std::string())));
    return out;
}

} // namespace

void TestJsonlReader::readsObjects_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("objects");
    QTest::newRow("plain") << QByteArray("{\"k\":\"a\"}\n{\"k\":\"b\"}\n")
                           << QStringList{QStringLiteral("1:a"), QStringLiteral("2:b")};
    QTest::newRow("no final newline") << QByteArray("{\"k\":\"a\"}\n{\"k\":\"b\"}")
                                      << QStringList{QStringLiteral("1:a"), QStringLiteral("2:b")};
    QTest::newRow("crlf") << QByteArray("{\"k\":\"a\"}\r\n{\"k\":\"b\"}\r\n")
                          << QStringList{QStringLiteral("1:a"), QStringLiteral("2:b")};
    QTest::newRow("blank lines") << QByteArray("\n  \n{\"k\":\"a\"}\n\r\n\t\n{\"k\":\"b\"}\n\n")
                                 << QStringList{QStringLiteral("3:a"), QStringLiteral("6:b")};
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF{\"k\":\"a\"}\n") << QStringList{QStringLiteral("1:a")};
    QTest::newRow("newline escaped in a string")
        << QByteArray("{\"k\":\"x\\ny\"}\n") << QStringList{QStringLiteral("1:x\ny")};
    QTest::newRow("empty") << QByteArray("") << QStringList{};
}

void TestJsonlReader::readsObjects()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, objects);
    for (const std::size_t blockSize : {0, 1, 2, 5})
        QVERIFY2(readAll(text.toStdString(), blockSize) == objects,
                 qPrintable(QStringLiteral("block size %1").arg(blockSize)));
}

void TestJsonlReader::errorsNameTheLine_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("not JSON") << QByteArray("{\"k\":\"a\"}\n\n{oops\n") << 3 << QStringLiteral("malformed");
    QTest::newRow("not an object") << QByteArray("{\"k\":\"a\"}\n[1]\n") << 2 << QStringLiteral("JSON object");
    QTest::newRow("not UTF-8") << QByteArray("{\"k\":\"a\"}\n{\"k\":\"\xff\"}\n") << 2 << QStringLiteral("UTF-8");
}

void TestJsonlReader::errorsNameTheLine()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(QString, messagePart);
    for (const std::size_t blockSize : {0, 1, 3}) {
        try {
            readAll(text.toStdString(), blockSize);
            QFAIL("no error");
        } catch (const Failure &f) {
            QCOMPARE(f.error().line, static_cast<long>(line));
            QVERIFY2(QString::fromStdString(f.error().message).contains(messagePart, Qt::CaseInsensitive), f.what());
        }
    }
}

void TestJsonlReader::readsALineLongerThanManyBlocks()
{
    const std::string big(3 * 1024 * 1024, 'z');
    const std::string text = "{\"k\":\"" + big + "\"}\n{\"k\":\"after\"}";
    auto source = io::ByteSource::fromText(text, 4096);
    io::JsonlReader reader(source);
    nlohmann::json object;
    QVERIFY(reader.next(object));
    QCOMPARE(object["k"].get<std::string>().size(), big.size());
    QVERIFY(reader.next(object));
    QCOMPARE(object["k"].get<std::string>(), std::string("after"));
    QCOMPARE(reader.line(), 2L);
    QVERIFY(!reader.next(object));
}

QTEST_APPLESS_MAIN(TestJsonlReader)
#include "tst_jsonl_reader.moc"
