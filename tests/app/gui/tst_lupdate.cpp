// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Qt's own lupdate agrees that translations/*.ts are up to date: run over the GUI's sources (the list
// app/gui gives qt_add_translations) into a copy of each .ts file, it finds no new source text (which
// it would add unfinished), no message the sources no longer have (vanished or obsolete), and changes
// no translation. tst_translatable_strings reads tr() literals itself; lupdate also understands what
// that scanner does not: strings in headers, translate() with a context, QT_TR_NOOP, plural forms
// (%n) and the contexts C++ gives them.
#include "ts_file.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using concord::test::TsFile;
using concord::test::TsMessage;

namespace {

QString key(const TsMessage &m)
{
    return m.context + QLatin1Char('|') + m.source + QLatin1Char('|') + m.comment;
}

// What lupdate changed in a .ts file, one line each: messages it added or left unfinished, messages
// the sources lack, translations it changed, messages it dropped.
QStringList differences(const TsFile &before, const TsFile &after, const QString &name)
{
    QStringList found;
    std::map<QString, const TsMessage *> old;
    for (const TsMessage &m : before.messages)
        old.emplace(key(m), &m);
    for (const TsMessage &m : after.messages) {
        const QString where = QStringLiteral("%1 [%2] \"%3\"").arg(name, m.context, m.source);
        const auto it = old.find(key(m));
        if (it == old.end()) {
            found << QStringLiteral("%1: in the sources but not in the translations (new, %2)")
                         .arg(where, m.type.isEmpty() ? QStringLiteral("finished") : m.type);
            continue;
        }
        const TsMessage &was = *it->second;
        old.erase(it);
        if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
            found << QStringLiteral("%1: no longer in the sources (%2)").arg(where, m.type);
        else if (!m.type.isEmpty())
            found << QStringLiteral("%1: %2").arg(where, m.type);
        else if (m.numerus != was.numerus)
            found << QStringLiteral("%1: the sources %2 it with a count (%n)")
                         .arg(where, m.numerus ? QStringLiteral("call") : QStringLiteral("do not call"));
        else if (m.translations != was.translations)
            found << QStringLiteral("%1: lupdate changed the translation to \"%2\"")
                         .arg(where, m.translations.join(QLatin1Char('|')));
    }
    for (const auto &[k, m] : old)
        found << QStringLiteral("%1 [%2] \"%3\": dropped by lupdate").arg(name, m->context, m->source);
    return found;
}

struct Run {
    bool ok = false;
    QString output; // lupdate's own report and warnings
};

// lupdate over the files and include paths of a list file (one a line, include paths as -I<path>)
// into ts, which it updates in place.
Run lupdate(const QString &listFile, const QString &ts)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(qEnvironmentVariable("CONCORD_LUPDATE"),
                  {QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-no-ui-lines"),
                   QLatin1Char('@') + listFile, QStringLiteral("-ts"), ts});
    Run run;
    if (!process.waitForFinished(300000)) {
        run.output = process.errorString();
        return run;
    }
    run.output = QString::fromUtf8(process.readAll());
    run.ok = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    return run;
}

// lupdate's warnings that mean a string may be missed. "lacks Q_OBJECT macro" is left out: a class that
// declares its own tr() still gets its own context, which the comparison checks.
QStringList warnings(const QString &output)
{
    QStringList result;
    for (const QString &line : output.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString text = line.trimmed();
        if (text.startsWith(QLatin1String("Updating ")) || text.startsWith(QLatin1String("Found "))
            || text.startsWith(QLatin1String("Removed ")) || text.startsWith(QLatin1String("Kept "))
            || text.startsWith(QLatin1String("Same-text heuristic")) || text.startsWith(QLatin1String("Similar-text"))
            || text.contains(QLatin1String("lacks Q_OBJECT macro")))
            continue;
        result << text;
    }
    return result;
}

bool write(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

} // namespace

class TestLupdate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void checkFindsNewAndVanishedMessages();
    void translationsMatchTheSources_data();
    void translationsMatchTheSources();

private:
    QString m_sourceDir;
    QString m_sources;
};

void TestLupdate::initTestCase()
{
    m_sourceDir = qEnvironmentVariable("CONCORD_SOURCE_DIR");
    m_sources = qEnvironmentVariable("CONCORD_LUPDATE_SOURCES");
    const QString tool = qEnvironmentVariable("CONCORD_LUPDATE");
    QVERIFY2(!m_sourceDir.isEmpty() && !m_sources.isEmpty() && !tool.isEmpty(),
             "CONCORD_SOURCE_DIR, CONCORD_LUPDATE_SOURCES and CONCORD_LUPDATE are not all set (ctest sets them)");
    QVERIFY2(QFile::exists(tool), qPrintable(tool));
    QFile list(m_sources);
    QVERIFY2(list.open(QIODevice::ReadOnly), qPrintable(m_sources));
    const QStringList lines = QString::fromUtf8(list.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() > 50, qPrintable(QString::number(lines.size())));
    QVERIFY(!lines.filter(QRegularExpression(QStringLiteral("/app/gui/main\\.cpp$"))).isEmpty());
}

// The check itself, on a made-up source and translation: a new text is reported, and one the source
// no longer has, while a kept one (in a header, with a context and a plural) is not.
void TestLupdate::checkFindsNewAndVanishedMessages()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(write(dir.filePath(QStringLiteral("probe.h")), R"cpp(#pragma once
#include <QCoreApplication>
inline QString kept() { return QCoreApplication::translate("probe", "Kept"); }
inline QString files(int n) { return QCoreApplication::translate("probe", "%n file(s)", nullptr, n); }
inline QString added() { return QCoreApplication::translate("probe", "Added"); }
)cpp"));
    QVERIFY(write(dir.filePath(QStringLiteral("probe.lst")), dir.filePath(QStringLiteral("probe.h")).toUtf8() + '\n'));
    const QByteArray ts = R"xml(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>probe</name>
    <message>
        <source>Kept</source>
        <translation>Behalten</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>Gone</source>
        <translation>Weg</translation>
    </message>
</context>
</TS>
)xml";
    const QString path = dir.filePath(QStringLiteral("probe_de.ts"));
    QVERIFY(write(path, ts));
    const Run run = lupdate(dir.filePath(QStringLiteral("probe.lst")), path);
    QVERIFY2(run.ok, qPrintable(run.output));
    const QStringList found
        = differences(concord::test::readTs(ts), concord::test::readTsFile(path), QStringLiteral("probe_de.ts"));
    QCOMPARE(found.size(), 2);
    QVERIFY2(
        found.filter(QStringLiteral("\"Added\": in the sources but not in the translations (new, unfinished)")).size()
            == 1,
        qPrintable(found.join(QLatin1Char('\n'))));
    QVERIFY2(found.filter(QStringLiteral("\"Gone\": no longer in the sources")).size() == 1,
             qPrintable(found.join(QLatin1Char('\n'))));
}

void TestLupdate::translationsMatchTheSources_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("German") << QStringLiteral("concord_de.ts");
    QTest::newRow("Simplified Chinese") << QStringLiteral("concord_zh_CN.ts");
}

void TestLupdate::translationsMatchTheSources()
{
    QFETCH(QString, file);
    QFile original(m_sourceDir + QStringLiteral("/translations/") + file);
    QVERIFY2(original.open(QIODevice::ReadOnly), qPrintable(original.fileName()));
    const QByteArray xml = original.readAll();
    const TsFile before = concord::test::readTs(xml);
    QVERIFY2(before.error.isEmpty(), qPrintable(before.error));
    QVERIFY(before.messages.size() > 100);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(file);
    QVERIFY(write(copy, xml));
    const Run run = lupdate(m_sources, copy);
    QVERIFY2(run.ok, qPrintable(run.output));
    static const QRegularExpression found(QStringLiteral("Found (\\d+) source text"));
    const QRegularExpressionMatch count = found.match(run.output);
    QVERIFY2(count.hasMatch() && count.captured(1).toInt() > 100, qPrintable(run.output));
    QVERIFY2(warnings(run.output).isEmpty(), qPrintable(warnings(run.output).join(QLatin1Char('\n'))));

    const TsFile after = concord::test::readTsFile(copy);
    QVERIFY2(after.error.isEmpty(), qPrintable(after.error));
    const QStringList problems = differences(before, after, file);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 message(s) differ from the sources (build update_translations, then "
                                       "translate):\n")
                            .arg(problems.size())
                        + problems.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestLupdate)
#include "tst_lupdate.moc"
