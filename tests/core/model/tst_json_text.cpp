// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// JSON read with a depth limit (refused while parsing, before a deep value exists), bad UTF-8
// named by member and column, and JSON written without throwing on bad UTF-8.
#include "model/json_text.h"

#include "error.h"

#include <QTest>

using concord::Failure;
using concord::model::JsonText;
using nlohmann::json;

class TestJsonText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reads_data();
    void reads();
    void refuses_data();
    void refuses();
    void discardsWhatItRefuses();
    void writesBadUtf8AsReplacement();
};

namespace {

QByteArray nested(int depth, const char *open, const char *close, const char *inner = "")
{
    QByteArray out;
    out.reserve(depth * 8);
    for (int i = 0; i < depth; ++i)
        out += open;
    out += inner;
    for (int i = 0; i < depth; ++i)
        out += close;
    return out;
}

} // namespace

void TestJsonText::reads_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("depth"); // of the value read

    QTest::newRow("scalar") << QByteArray("42") << 0;
    QTest::newRow("object") << QByteArray(R"({"a": [1, {"b": null}], "c": "Caf\u00e9 é"})") << 2;
    QTest::newRow("arrays at the limit") << nested(512, "[", "]") << 512;
    QTest::newRow("objects at the limit") << nested(512, "{\"k\":", "}", "1") << 512;
    QTest::newRow("brackets in strings do not count")
        << (QByteArray("[\"") + nested(2000, "[{", "}]") + QByteArray("\\\"[[\"]")) << 1;
}

void TestJsonText::reads()
{
    QFETCH(QByteArray, text);
    QFETCH(int, depth);
    const json value = JsonText::parse(text.toStdString());
    QVERIFY(!value.is_discarded());
    int seen = 0;
    const json *at = &value;
    while (at->is_structured() && !at->empty()) {
        ++seen;
        at = at->is_array() ? &at->front() : &at->begin().value();
    }
    if (at->is_structured())
        ++seen;
    QCOMPARE(seen, depth);
    QVERIFY(!JsonText::tooDeepAt(text.toStdString()));
}

void TestJsonText::refuses_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<long>("line");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");

    QTest::newRow("arrays one past the limit")
        << nested(513, "[", "]") << 1L << QString() << QStringLiteral("nested more than 512 levels deep at column 513");
    QTest::newRow("arrays 100,000 deep") << nested(100000, "[", "]") << 1L << QString()
                                         << QStringLiteral("nested more than 512 levels deep at column 513");
    QTest::newRow("objects 100,000 deep") << nested(100000, "{\"a\":", "}", "0") << 1L << QStringLiteral("a")
                                          << QStringLiteral("nested more than 512 levels deep at column 2561");
    QTest::newRow("deep inside a member")
        << (QByteArray("{\"id\": \"x\", \"value\": ") + nested(100000, "[", "]") + "}") << 1L << QStringLiteral("value")
        << QStringLiteral("nested more than 512 levels deep at column 533");
    QTest::newRow("deep on the third line")
        << (QByteArray("{\n\"id\": \"x\",\n  \"v\": ") + nested(600, "[", "]") + "}") << 3L << QStringLiteral("v")
        << QStringLiteral("nested more than 512 levels deep at column 519");
    QTest::newRow("unclosed deep") << nested(100000, "[", "") << 1L << QString()
                                   << QStringLiteral("nested more than 512 levels deep at column 513");
    QTest::newRow("latin-1 in a member") << QByteArray("{\"id\": \"d1\", \"summary\": \"Caf\xE9\"}") << 1L
                                         << QStringLiteral("summary")
                                         << QStringLiteral("not valid UTF-8: byte 0xE9 after \"Caf\" (column 29)");
    QTest::newRow("latin-1 in a key") << QByteArray("{\"id\": 1, \"caf\xE9\": 2}") << 1L << QString()
                                      << QStringLiteral("not valid UTF-8: byte 0xE9 after \"caf\" (column 15)");
    QTest::newRow("overlong in a nested string") << QByteArray("{\"meta\": {\"a\": [\"\xC0\xAF\"]}}") << 1L
                                                 << QStringLiteral("meta") << QStringLiteral("byte 0xC0");
    QTest::newRow("escaped lone surrogate")
        << QByteArray(R"({"t": "\ud800"})") << 1L << QString() << QStringLiteral("malformed JSON at column");
    QTest::newRow("syntax") << QByteArray("{\"a\": tru}") << 1L << QString()
                            << QStringLiteral("malformed JSON at column 10: syntax error");
    QTest::newRow("syntax on line 2") << QByteArray("{\n  \"a\": ,\n}") << 2L << QString()
                                      << QStringLiteral("malformed JSON at column 8");
    QTest::newRow("two documents") << QByteArray("{} {}") << 1L << QString()
                                   << QStringLiteral("malformed JSON at column 4");
    QTest::newRow("empty") << QByteArray() << 1L << QString() << QStringLiteral("malformed JSON at column 1");
}

void TestJsonText::refuses()
{
    QFETCH(QByteArray, text);
    QFETCH(long, line);
    QFETCH(QString, field);
    QFETCH(QString, message);
    try {
        JsonText::parse(text.toStdString());
        QFAIL("parsed");
    } catch (const Failure &f) {
        QVERIFY2(QString::fromStdString(f.error().message).contains(message), f.error().message.c_str());
        QCOMPARE(f.error().line, line);
        QCOMPARE(QString::fromStdString(f.error().field), field);
    }
    QVERIFY(JsonText::parseOrDiscarded(text.toStdString()).is_discarded());
    QVERIFY(JsonText::parseOrderedOrDiscarded(text.toStdString()).is_discarded());
}

void TestJsonText::discardsWhatItRefuses()
{
    const std::string deep = nested(100000, "[", "]").toStdString();
    QCOMPARE(JsonText::tooDeepAt(deep).value_or(0), std::size_t{512});
    QVERIFY(JsonText::parseOrDiscarded(deep).is_discarded());
    QVERIFY_THROWS_EXCEPTION(Failure, JsonText::parseOrdered(deep));
    const auto ordered = JsonText::parseOrdered(R"({"b": 1, "a": 2})");
    QCOMPARE(ordered.begin().key(), std::string("b"));
}

void TestJsonText::writesBadUtf8AsReplacement()
{
    json value = {{"name", std::string("Caf\xE9")}, {"ok", "é"}};
    QVERIFY_THROWS_EXCEPTION(json::type_error, static_cast<void>(value.dump()));
    QCOMPARE(JsonText::dump(value), std::string("{\"name\":\"Caf\xEF\xBF\xBD\",\"ok\":\"é\"}"));
    QCOMPARE(JsonText::dump(value, 1), std::string("{\n \"name\": \"Caf\xEF\xBF\xBD\",\n \"ok\": \"é\"\n}"));
    nlohmann::ordered_json ordered = {{"z", std::string("\xFF")}};
    QCOMPARE(JsonText::dump(ordered), std::string("{\"z\":\"\xEF\xBF\xBD\"}"));
}

QTEST_APPLESS_MAIN(TestJsonText)
#include "tst_json_text.moc"
