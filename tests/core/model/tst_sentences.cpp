// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Sentence splitting for per-sentence factuality: offsets in code points, abbreviations, numbers,
// quotes, CJK.
#include "model/sentences.h"

#include <QTest>

using concord::model::splitSentences;

class TestSentences : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void splits_data();
    void splits();
};

void TestSentences::splits_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("sentences");
    QTest::newRow("two") << QStringLiteral("The council met. It voted 7 to 4.")
                         << QStringList{QStringLiteral("The council met."), QStringLiteral("It voted 7 to 4.")};
    QTest::newRow("decimal") << QStringLiteral("It cost 2.3 million euros. Work starts soon.")
                             << QStringList{QStringLiteral("It cost 2.3 million euros."),
                                            QStringLiteral("Work starts soon.")};
    QTest::newRow("lower-case after dot")
        << QStringLiteral("U.S. officials said so.") << QStringList{QStringLiteral("U.S. officials said so.")};
    QTest::newRow("title") << QStringLiteral("Mr. Smith left. Dr. Jones stayed.")
                           << QStringList{QStringLiteral("Mr. Smith left."), QStringLiteral("Dr. Jones stayed.")};
    QTest::newRow("initial") << QStringLiteral("J. Smith won.") << QStringList{QStringLiteral("J. Smith won.")};
    QTest::newRow("quote closes") << QStringLiteral("\"It is done.\" She left!")
                                  << QStringList{QStringLiteral("\"It is done.\""), QStringLiteral("She left!")};
    QTest::newRow("question and spaces") << QStringLiteral("  Why?  Because.  ")
                                         << QStringList{QStringLiteral("Why?"), QStringLiteral("Because.")};
    QTest::newRow("no terminal") << QStringLiteral("a fragment without a stop")
                                 << QStringList{QStringLiteral("a fragment without a stop")};
    QTest::newRow("accented start") << QStringLiteral("Zoë won. Élise lost.")
                                    << QStringList{QStringLiteral("Zoë won."), QStringLiteral("Élise lost.")};
    QTest::newRow("cjk") << QStringLiteral("会议结束了。投票通过。")
                         << QStringList{QStringLiteral("会议结束了。"), QStringLiteral("投票通过。")};
    QTest::newRow("empty") << QString() << QStringList{};
}

void TestSentences::splits()
{
    QFETCH(QString, text);
    QFETCH(QStringList, sentences);
    const std::string utf8 = text.toStdString();
    const auto spans = splitSentences(utf8);
    // Offsets are code points: cut the text as Python's str would.
    const QList<uint> codePoints = text.toUcs4();
    QStringList got;
    for (const auto &s : spans)
        got << QString::fromUcs4(reinterpret_cast<const char32_t *>(codePoints.constData()) + s.start, s.end - s.start);
    QCOMPARE(got, sentences);
}

QTEST_APPLESS_MAIN(TestSentences)
#include "tst_sentences.moc"
