// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// One term per concept: translations/glossary.md names, for each of Concord's concepts, the English
// forms of its source texts, the German and Chinese term, and the rejected alternatives. Every message
// of concord_de.ts and concord_zh_CN.ts whose source names a concept must avoid that concept's rejected
// terms, and the German term must be in use among the messages that name the concept.
#include "ts_file.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {

using concord::test::TsMessage;

// A made-up message of context "C" for the checker's own test.
TsMessage madeUp(const QString &source, const QString &translation, qint64 line)
{
    TsMessage message;
    message.context = QStringLiteral("C");
    message.source = source;
    message.translations = QStringList{translation};
    message.line = line;
    return message;
}

// One row of the glossary's table.
struct Concept {
    QString name;
    QStringList english;
    QString german;
    QStringList germanRejected;
    QString chinese;
    QStringList chineseRejected;
    int line = 0;
};

QStringList list(const QString &cell)
{
    QStringList result;
    for (const QString &item : cell.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!item.trimmed().isEmpty())
            result << item.trimmed();
    return result;
}

// The rows of the first table with six columns; the header and the |---| line are skipped.
QList<Concept> readGlossary(const QString &markdown)
{
    QList<Concept> concepts;
    bool header = true;
    int number = 0;
    for (const QString &line : markdown.split(QLatin1Char('\n'))) {
        ++number;
        const QString row = line.trimmed();
        if (!row.startsWith(QLatin1Char('|'))) {
            if (!concepts.isEmpty())
                break;
            header = true;
            continue;
        }
        QStringList cells = row.mid(1, row.endsWith(QLatin1Char('|')) ? row.size() - 2 : -1).split(QLatin1Char('|'));
        if (cells.size() != 6)
            continue;
        if (header || cells[0].trimmed().startsWith(QLatin1String("---"))) {
            header = false;
            continue;
        }
        for (QString &cell : cells)
            cell = cell.trimmed();
        concepts << Concept{cells[0], list(cells[1]), cells[2], list(cells[3]), cells[4], list(cells[5]), number};
    }
    return concepts;
}

// Whether the English source names the concept: one of its forms as a whole word, in any case.
bool names(const QString &source, const QStringList &english)
{
    for (const QString &form : english) {
        const QRegularExpression word(QStringLiteral("(?<![\\w-])%1(?![\\w-])").arg(QRegularExpression::escape(form)),
                                      QRegularExpression::CaseInsensitiveOption
                                          | QRegularExpression::UseUnicodePropertiesOption);
        // The mnemonic's & may sit inside a word ("Study &Bundle"): look at the text without it.
        if (word.match(QString(source).remove(QLatin1Char('&'))).hasMatch())
            return true;
    }
    return false;
}

// The rejected German term found in text: a whole word, or with a trailing "…" any word it starts.
QString rejectedGerman(const QString &text, const QStringList &rejected)
{
    const QString plain = QString(text).remove(QLatin1Char('&'));
    for (const QString &term : rejected) {
        const bool prefix = term.endsWith(QChar(0x2026));
        const QString stem = prefix ? term.chopped(1) : term;
        const QRegularExpression word(
            QStringLiteral("(?<!\\w)%1%2")
                .arg(QRegularExpression::escape(stem), prefix ? QString() : QStringLiteral("(?!\\w)")),
            QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
        const QRegularExpressionMatch match = word.match(plain);
        if (match.hasMatch())
            return term;
    }
    return {};
}

QString rejectedChinese(const QString &text, const QStringList &rejected)
{
    for (const QString &term : rejected)
        if (text.contains(term))
            return term;
    return {};
}

// The term itself, without a note in parentheses: "Bewertung (bewerten)" is "Bewertung".
QString term(const QString &cell)
{
    const qsizetype open = cell.indexOf(QStringLiteral(" ("));
    return (open < 0 ? cell : cell.left(open)).trimmed();
}

// What breaks the glossary in one language's messages, one line each.
QStringList problems(const Concept &entry, const QList<TsMessage> &messages, const QString &file, bool chinese)
{
    QStringList found;
    bool used = false;
    bool named = false;
    const QString wanted = chinese ? entry.chinese : term(entry.german);
    for (const TsMessage &m : messages) {
        if (!names(m.source, entry.english))
            continue;
        named = true;
        for (const QString &translation : m.translations) {
            const QString bad = chinese ? rejectedChinese(translation, entry.chineseRejected)
                                        : rejectedGerman(translation, entry.germanRejected);
            if (!bad.isEmpty()) {
                found << QStringLiteral("%1:%2 [%3] \"%4\": \"%5\" says %6, the glossary's term is %7")
                             .arg(file)
                             .arg(m.line)
                             .arg(m.context, m.source, translation, bad, wanted);
                break;
            }
            if (translation.contains(wanted, Qt::CaseInsensitive))
                used = true;
        }
    }
    if (!chinese && named && !used)
        found << QStringLiteral("%1: no translation of \"%2\" uses %3").arg(file, entry.english.join(u", "), wanted);
    return found;
}

} // namespace

class TestGlossary : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void checkFindsRejectedTerms();
    void glossaryIsComplete();
    void translationsFollowTheGlossary_data();
    void translationsFollowTheGlossary();

private:
    QList<Concept> m_concepts;
    QList<TsMessage> m_german;
    QList<TsMessage> m_chinese;
};

void TestGlossary::initTestCase()
{
    const QString sourceDir = qEnvironmentVariable("CONCORD_SOURCE_DIR");
    QVERIFY2(!sourceDir.isEmpty(), "CONCORD_SOURCE_DIR is not set (ctest sets it)");
    QFile glossary(sourceDir + QStringLiteral("/translations/glossary.md"));
    QVERIFY2(glossary.open(QIODevice::ReadOnly), qPrintable(glossary.fileName()));
    m_concepts = readGlossary(QString::fromUtf8(glossary.readAll()));
    for (auto [name, messages] : {std::pair{QStringLiteral("concord_de.ts"), &m_german},
                                  std::pair{QStringLiteral("concord_zh_CN.ts"), &m_chinese}}) {
        const concord::test::TsFile ts = concord::test::readTsFile(sourceDir + QStringLiteral("/translations/") + name);
        QVERIFY2(ts.error.isEmpty(), qPrintable(name + QStringLiteral(": ") + ts.error));
        *messages = ts.messages;
        QVERIFY(messages->size() > 100);
    }
}

// The checker itself, on a made-up glossary and translation.
void TestGlossary::checkFindsRejectedTerms()
{
    const QList<Concept> concepts = readGlossary(QStringLiteral(
        "Intro\n\n| Concept | English | German | German: not | Chinese | Chinese: not |\n|---|---|---|---|---|---|\n"
        "| summary | summary, candidates | Zusammenfassung | Kandidat… | 摘要 | 候选 |\n"
        "| mean | mean | Mittelwert | Mittel, Durchschnitt… | 均值 | |\n\nAfter the table | a | b | c | d | e |\n"));
    QCOMPARE(concepts.size(), 2);
    QCOMPARE(concepts[0].english, (QStringList{QStringLiteral("summary"), QStringLiteral("candidates")}));
    QCOMPARE(concepts[1].germanRejected, (QStringList{QStringLiteral("Mittel"), QStringLiteral("Durchschnitt…")}));
    QCOMPARE(concepts[1].line, 6);

    const QList<TsMessage> german{madeUp(QStringLiteral("Candidates: %1"), QStringLiteral("Kandidaten: %1"), 1),
                                  madeUp(QStringLiteral("Summary %1"), QStringLiteral("Zusammenfassung %1"), 2),
                                  madeUp(QStringLiteral("%1 mean"), QStringLiteral("Mittelwert von %1"), 3),
                                  madeUp(QStringLiteral("the mean of %1"), QStringLiteral("das Mittel von %1"), 4),
                                  madeUp(QStringLiteral("Meaning"), QStringLiteral("Mittel"), 5),
                                  madeUp(QStringLiteral("a mean"), QStringLiteral("ein Durchschnittswert"), 6)};
    const QStringList summary = problems(concepts[0], german, QStringLiteral("de.ts"), false);
    QCOMPARE(summary.size(), 1);
    QVERIFY2(summary[0].startsWith(QStringLiteral("de.ts:1 [C] \"Candidates: %1\": \"Kandidaten: %1\" says Kandidat…")),
             qPrintable(summary[0]));
    const QStringList mean = problems(concepts[1], german, QStringLiteral("de.ts"), false);
    QCOMPARE(mean.size(), 2);
    QVERIFY2(mean[0].startsWith(QStringLiteral("de.ts:4 ")), qPrintable(mean[0]));
    QVERIFY2(mean[1].startsWith(QStringLiteral("de.ts:6 ")), qPrintable(mean[1]));

    // A concept named but its term never used.
    const QList<TsMessage> unused{madeUp(QStringLiteral("Summary"), QStringLiteral("Text"), 1)};
    QCOMPARE(problems(concepts[0], unused, QStringLiteral("de.ts"), false).size(), 1);

    const QList<TsMessage> chinese{madeUp(QStringLiteral("Candidates"), QStringLiteral("候选摘要"), 7),
                                   madeUp(QStringLiteral("Summary"), QStringLiteral("摘要"), 8)};
    const QStringList zh = problems(concepts[0], chinese, QStringLiteral("zh.ts"), true);
    QCOMPARE(zh.size(), 1);
    QVERIFY2(zh[0].startsWith(QStringLiteral("zh.ts:7 ")), qPrintable(zh[0]));
}

void TestGlossary::glossaryIsComplete()
{
    QVERIFY2(m_concepts.size() >= 30, qPrintable(QString::number(m_concepts.size())));
    QStringList gaps;
    for (const Concept &c : m_concepts) {
        if (c.name.isEmpty() || c.english.isEmpty() || term(c.german).isEmpty() || c.chinese.isEmpty())
            gaps << QStringLiteral("glossary.md:%1: %2: a cell is empty").arg(c.line).arg(c.name);
        for (const QString &rejected : c.germanRejected)
            if (QString(rejected).remove(QChar(0x2026)).compare(term(c.german), Qt::CaseInsensitive) == 0)
                gaps << QStringLiteral("glossary.md:%1: %2 rejects its own term").arg(c.line).arg(c.name);
    }
    QVERIFY2(gaps.isEmpty(), qPrintable(gaps.join(QLatin1Char('\n'))));
}

void TestGlossary::translationsFollowTheGlossary_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<bool>("chinese");
    for (qsizetype i = 0; i < m_concepts.size(); ++i) {
        const QString name = m_concepts[i].name.section(QStringLiteral(" ("), 0, 0);
        QTest::addRow("German: %s", qPrintable(name)) << int(i) << false;
        QTest::addRow("Chinese: %s", qPrintable(name)) << int(i) << true;
    }
}

void TestGlossary::translationsFollowTheGlossary()
{
    QFETCH(int, row);
    QFETCH(bool, chinese);
    const QStringList found
        = problems(m_concepts[row], chinese ? m_chinese : m_german,
                   chinese ? QStringLiteral("concord_zh_CN.ts") : QStringLiteral("concord_de.ts"), chinese);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestGlossary)
#include "tst_glossary.moc"
