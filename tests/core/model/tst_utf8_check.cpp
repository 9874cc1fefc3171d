// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Strict UTF-8: where the first bad byte is (overlong forms, surrogates, values above U+10FFFF,
// truncated and stray bytes), its repair with U+FFFD, and the message that points at it.
#include "model/utf8_check.h"

#include <QTest>

using concord::model::Utf8Check;

class TestUtf8Check : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void firstInvalid_data();
    void firstInvalid();
    void repaired_data();
    void repaired();
    void describesTheByte_data();
    void describesTheByte();
};

void TestUtf8Check::firstInvalid_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("at"); // -1: valid

    QTest::newRow("empty") << QByteArray() << -1;
    QTest::newRow("ascii") << QByteArray("plain text, 7 bits\n") << -1;
    QTest::newRow("two bytes") << QByteArray("Caf\xC3\xA9") << -1;
    QTest::newRow("three bytes") << QByteArray("\xE4\xBC\x9A\xE8\xAE\xAE") << -1;
    QTest::newRow("four bytes") << QByteArray("a\xF0\x9F\x98\x80"
                                              "b")
                                << -1;
    QTest::newRow("largest U+10FFFF") << QByteArray("\xF4\x8F\xBF\xBF") << -1;
    QTest::newRow("U+FFFF") << QByteArray("\xEF\xBF\xBF") << -1;
    QTest::newRow("nul byte") << QByteArray("a\0b", 3) << -1;
    QTest::newRow("latin-1") << QByteArray("Caf\xE9 au lait") << 3;
    QTest::newRow("stray continuation") << QByteArray("ab\x80") << 2;
    QTest::newRow("overlong slash") << QByteArray("x\xC0\xAF") << 1;
    QTest::newRow("overlong C1") << QByteArray("\xC1\xBF") << 0;
    QTest::newRow("overlong three bytes") << QByteArray("\xE0\x80\xAF") << 0;
    QTest::newRow("overlong four bytes") << QByteArray("\xF0\x8F\xBF\xBF") << 0;
    QTest::newRow("high surrogate") << QByteArray("ok \xED\xA0\x80") << 3;
    QTest::newRow("low surrogate") << QByteArray("\xED\xBF\xBF") << 0;
    QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0;
    QTest::newRow("F5 lead") << QByteArray("\xF5\x80\x80\x80") << 0;
    QTest::newRow("FF byte") << QByteArray("\xFF\xFEh\0", 4) << 0;
    QTest::newRow("truncated at the end") << QByteArray("abc\xE2\x82") << 3;
    QTest::newRow("truncated before ascii") << QByteArray("\xE2\x82z") << 0;
    QTest::newRow("second of two bad") << QByteArray("\xC3\xA9\xE9\xE9") << 2;
}

void TestUtf8Check::firstInvalid()
{
    QFETCH(QByteArray, text);
    QFETCH(int, at);
    const std::string_view view(text.constData(), static_cast<std::size_t>(text.size()));
    const auto bad = Utf8Check::firstInvalid(view);
    QCOMPARE(bad ? static_cast<int>(*bad) : -1, at);
    QCOMPARE(Utf8Check::valid(view), at < 0);
}

void TestUtf8Check::repaired_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("valid unchanged") << QByteArray("Caf\xC3\xA9") << QByteArray("Caf\xC3\xA9");
    QTest::newRow("latin-1") << QByteArray("Caf\xE9!") << QByteArray("Caf\xEF\xBF\xBD!");
    QTest::newRow("each bad byte") << QByteArray("\xC0\xAF") << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD");
    QTest::newRow("good after bad") << QByteArray("\xFF\xC3\xA9") << QByteArray("\xEF\xBF\xBD\xC3\xA9");
}

void TestUtf8Check::repaired()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const std::string out
        = Utf8Check::repaired(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    QCOMPARE(QByteArray::fromStdString(out), expected);
    QVERIFY(Utf8Check::valid(out));
}

void TestUtf8Check::describesTheByte_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");

    QTest::newRow("after text") << QByteArray("Caf\xE9") << QStringLiteral("not valid UTF-8: byte 0xE9 after \"Caf\"");
    QTest::newRow("at the start") << QByteArray("\xFF\xFE")
                                  << QStringLiteral("not valid UTF-8: byte 0xFF at the start");
    QTest::newRow("start of a line") << QByteArray("ok\n\x80")
                                     << QStringLiteral("not valid UTF-8: byte 0x80 at the start of a line");
    QTest::newRow("only this line") << QByteArray("first\nsecond \xE9")
                                    << QStringLiteral("not valid UTF-8: byte 0xE9 after \"second \"");
    QTest::newRow("at most 20 bytes, whole characters")
        << QByteArray("\xC3\xA9"
                      "abcdefghijklmnopqrs\xE9")
        << QStringLiteral("not valid UTF-8: byte 0xE9 after \"abcdefghijklmnopqrs\"");
}

void TestUtf8Check::describesTheByte()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const std::string_view view(text.constData(), static_cast<std::size_t>(text.size()));
    QCOMPARE(QString::fromStdString(Utf8Check::describeInvalid(view, Utf8Check::firstInvalid(view).value())), message);
}

QTEST_APPLESS_MAIN(TestUtf8Check)
#include "tst_utf8_check.moc"
