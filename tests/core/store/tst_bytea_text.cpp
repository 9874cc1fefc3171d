// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// PostgreSQL's hex text of bytea, both ways: every byte value, and text that is not that form refused.
#include "store/bytea_text.h"

#include "error.h"

#include <QTest>

using namespace concord;
using concord::store::ByteaText;

Q_DECLARE_METATYPE(std::string)

class TestByteaText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bytesToText_data();
    void bytesToText();
    void everyByteComesBack();
    void otherTextIsRefused_data();
    void otherTextIsRefused();
};

void TestByteaText::bytesToText_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<std::string>("text");
    QTest::newRow("nothing") << std::string() << std::string("\\x");
    QTest::newRow("a zero byte") << std::string(1, '\0') << std::string("\\x00");
    QTest::newRow("letters") << std::string("Az") << std::string("\\x417a");
    QTest::newRow("high bytes") << std::string("\xff\x80\x0f") << std::string("\\xff800f");
}

void TestByteaText::bytesToText()
{
    QFETCH(std::string, bytes);
    QFETCH(std::string, text);
    QCOMPARE(ByteaText::fromBytes(bytes), text);
    QCOMPARE(ByteaText::toBytes(text), bytes);
}

void TestByteaText::everyByteComesBack()
{
    std::string all;
    for (int b = 0; b < 256; ++b)
        all.push_back(static_cast<char>(b));
    QCOMPARE(ByteaText::toBytes(ByteaText::fromBytes(all)), all);
    // The server may send upper-case digits' values as well: they read the same.
    QCOMPARE(ByteaText::toBytes("\\xABcd"), std::string("\xab\xcd"));
}

void TestByteaText::otherTextIsRefused_data()
{
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("said");
    QTest::newRow("empty") << std::string() << QStringLiteral("does not begin with \\x");
    QTest::newRow("the escape format") << std::string("abc\\000") << QStringLiteral("does not begin with \\x");
    QTest::newRow("half a byte") << std::string("\\x0") << QStringLiteral("odd number of hex digits");
    QTest::newRow("not a digit") << std::string("\\x0g") << QStringLiteral("no hex digit at position 4");
    QTest::newRow("a space") << std::string("\\x 0") << QStringLiteral("no hex digit at position 3");
}

void TestByteaText::otherTextIsRefused()
{
    QFETCH(std::string, text);
    QFETCH(QString, said);
    try {
        ByteaText::toBytes(text);
        QFAIL("text not in the hex format was read");
    } catch (const Failure &bad) {
        const QString message = QString::fromStdString(bad.error().message);
        QVERIFY2(message.contains(said), qPrintable(message));
    }
}

QTEST_GUILESS_MAIN(TestByteaText)
#include "tst_bytea_text.moc"
