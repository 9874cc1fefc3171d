// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// SHA-256 against FIPS 180-4 / coreutils values, across block boundaries.
#include "judge/sha256.h"

#include <QTest>

using concord::judge::Sha256;

class TestSha256 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void digest_data();
    void digest();
    void incrementalEqualsWhole();
};

void TestSha256::digest_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("hex");
    QTest::newRow("empty") << QByteArray()
                           << QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    QTest::newRow("abc") << QByteArray("abc")
                         << QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    QTest::newRow("two blocks") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                                << QStringLiteral("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    QTest::newRow("1000 a") << QByteArray(1000, 'a')
                            << QStringLiteral("41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

void TestSha256::digest()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, hex);
    QCOMPARE(QString::fromStdString(
                 Sha256::hex(std::string_view(input.constData(), static_cast<std::size_t>(input.size())))),
             hex);
}

void TestSha256::incrementalEqualsWhole()
{
    const std::string text(777, 'z');
    Sha256 h;
    for (std::size_t i = 0; i < text.size(); i += 13)
        h.update(std::string_view(text).substr(i, 13));
    const auto parts = h.digest();
    Sha256 whole;
    whole.update(text);
    QVERIFY(parts == whole.digest());
}

QTEST_APPLESS_MAIN(TestSha256)
#include "tst_sha256.moc"
