// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The translations are complete and nothing user-visible in ui/ bypasses them:
//  (a) translations/*.ts: every message finished, with a non-empty translation (each numerus form),
//      the source's placeholders and mnemonic kept; both languages hold the same messages, and every
//      tr()/translate() literal of ui/ and app/gui/ is among them (update_translations has been run);
//  (b) ui/*.cpp and app/gui/*.cpp: no string literal with letters goes straight into a user-visible
//      setter or constructor (setText, setWindowTitle, addAction, QLabel(...), QMessageBox::..., ...)
//      without tr(). A literal on a line marked `// not translated: <reason>` is allowed (a URL, an
//      environment variable's name, a syntax example); literals without letters (symbols, "%1") are.
#include "ts_file.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

namespace {

using concord::test::TsFile;
using concord::test::TsMessage;

// ---- (a) the .ts files -------------------------------------------------------------------------

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%(L?[1-9][0-9]?|n)"));
    QSet<QString> result;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        result.insert(it.next().captured(0));
    return result;
}

bool hasMnemonic(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i; // "&&" is a literal ampersand
            continue;
        }
        if (!text[i + 1].isSpace())
            return true;
    }
    return false;
}

// What is wrong with the messages of one .ts file, one line each.
QStringList tsProblems(const TsFile &file, const QString &name)
{
    QStringList problems;
    if (!file.error.isEmpty())
        problems << QStringLiteral("%1: not valid XML: %2").arg(name, file.error);
    for (const TsMessage &m : file.messages) {
        const QString where = QStringLiteral("%1:%2 [%3] \"%4\"").arg(name).arg(m.line).arg(m.context, m.source);
        if (!m.type.isEmpty()) {
            problems << QStringLiteral("%1: translation is %2").arg(where, m.type);
            continue;
        }
        if (m.translations.isEmpty()) {
            problems << QStringLiteral("%1: no translation").arg(where);
            continue;
        }
        for (const QString &form : m.translations) {
            if (form.trimmed().isEmpty()) {
                problems << QStringLiteral("%1: empty translation").arg(where);
                break;
            }
            QSet<QString> wanted = placeholders(m.source);
            QSet<QString> got = placeholders(form);
            if (m.numerus) {
                // A singular form may spell the number out ("one document") instead of %n.
                wanted.remove(QStringLiteral("%n"));
                got.remove(QStringLiteral("%n"));
            }
            if (wanted != got) {
                problems << QStringLiteral("%1: placeholders differ in \"%2\"").arg(where, form);
                break;
            }
            if (hasMnemonic(m.source) != hasMnemonic(form)) {
                problems << QStringLiteral("%1: the mnemonic (&) is %2 in \"%3\"")
                                .arg(where, hasMnemonic(m.source) ? QStringLiteral("lost") : QStringLiteral("added"),
                                     form);
                break;
            }
        }
    }
    return problems;
}

// ---- source scanning ----------------------------------------------------------------------------

struct Source {
    QString code;         // comments blanked out, line breaks and string literals kept
    std::set<int> marked; // lines with `// not translated: <reason>`
};

int lineAt(const QString &text, qsizetype pos)
{
    return static_cast<int>(QStringView(text).left(pos).count(QLatin1Char('\n'))) + 1;
}

// Skips a string or character literal starting at the quote text[i]; returns the index after it.
qsizetype skipLiteral(const QString &text, qsizetype i)
{
    const QChar quote = text[i];
    // Raw string R"delim( ... )delim"
    if (quote == QLatin1Char('"') && i > 0 && text[i - 1] == QLatin1Char('R')) {
        const qsizetype open = text.indexOf(QLatin1Char('('), i);
        if (open > 0) {
            const QString end = QLatin1Char(')') + text.mid(i + 1, open - i - 1) + QLatin1Char('"');
            const qsizetype close = text.indexOf(end, open);
            return close < 0 ? text.size() : close + end.size();
        }
    }
    for (++i; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('\\'))
            ++i;
        else if (text[i] == quote || text[i] == QLatin1Char('\n'))
            return i + 1;
    }
    return i;
}

Source preprocess(const QString &text)
{
    static const QRegularExpression marker(QStringLiteral("^//\\s*not translated:\\s*\\S"));
    Source source;
    source.code = text;
    for (qsizetype i = 0; i < text.size();) {
        const QChar c = text[i];
        if (c == QLatin1Char('"') || (c == QLatin1Char('\'') && !(i > 0 && text[i - 1].isLetterOrNumber()))) {
            i = skipLiteral(text, i);
        } else if (c == QLatin1Char('/') && i + 1 < text.size() && text[i + 1] == QLatin1Char('/')) {
            qsizetype end = text.indexOf(QLatin1Char('\n'), i);
            if (end < 0)
                end = text.size();
            if (marker.match(QStringView(text).mid(i, end - i)).hasMatch())
                source.marked.insert(lineAt(text, i));
            for (qsizetype k = i; k < end; ++k)
                source.code[k] = QLatin1Char(' ');
            i = end;
        } else if (c == QLatin1Char('/') && i + 1 < text.size() && text[i + 1] == QLatin1Char('*')) {
            qsizetype end = text.indexOf(QStringLiteral("*/"), i + 2);
            end = end < 0 ? text.size() : end + 2;
            for (qsizetype k = i; k < end; ++k)
                if (source.code[k] != QLatin1Char('\n'))
                    source.code[k] = QLatin1Char(' ');
            i = end;
        } else {
            ++i;
        }
    }
    return source;
}

// The content of a string literal (quotes, prefix and escapes dropped; good enough to look for letters).
QString literalText(const QString &literal)
{
    const qsizetype first = literal.indexOf(QLatin1Char('"'));
    QString body = literal.mid(first + 1, literal.lastIndexOf(QLatin1Char('"')) - first - 1);
    static const QRegularExpression escape(QStringLiteral("\\\\(x[0-9a-fA-F]+|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)"));
    body.replace(escape, QStringLiteral(" "));
    static const QRegularExpression specifier(QStringLiteral("%(L?[0-9]+|[pvmn])"));
    body.replace(specifier, QStringLiteral(" "));
    return body;
}

bool hasLetter(const QString &text)
{
    for (const QChar c : text)
        if (c.isLetter())
            return true;
    return false;
}

// Reads the argument list whose '(' is at text[open]: the arguments' [begin, end) ranges and the index
// after the ')'.
struct Arguments {
    QList<std::pair<qsizetype, qsizetype>> ranges;
    qsizetype end = 0;
};

Arguments readArguments(const QString &text, qsizetype open)
{
    Arguments args;
    int depth = 0;
    qsizetype begin = open + 1;
    for (qsizetype i = open; i < text.size();) {
        const QChar c = text[i];
        if (c == QLatin1Char('"') || (c == QLatin1Char('\'') && !(i > 0 && text[i - 1].isLetterOrNumber()))) {
            i = skipLiteral(text, i);
            continue;
        }
        if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
            ++depth;
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
            if (--depth == 0) {
                if (!QStringView(text).mid(begin, i - begin).trimmed().isEmpty() || !args.ranges.isEmpty())
                    args.ranges.append({begin, i});
                args.end = i + 1;
                return args;
            }
        } else if (c == QLatin1Char(',') && depth == 1) {
            args.ranges.append({begin, i});
            begin = i + 1;
        }
        ++i;
    }
    args.end = text.size();
    return args;
}

// String literals reaching the argument's value directly: at its top level, inside literal wrappers
// (QStringLiteral, QLatin1String, QString(...), fromUtf8...), braces and plain parentheses, but not
// inside other calls (tr(), .arg(), a helper's arguments), whose result is what is shown.
QList<qsizetype> directLiterals(const QString &text, qsizetype begin, qsizetype end)
{
    static const QSet<QString> wrappers{
        QStringLiteral("QStringLiteral"), QStringLiteral("QLatin1String"), QStringLiteral("QLatin1StringView"),
        QStringLiteral("QString"),        QStringLiteral("QStringView"),   QStringLiteral("fromUtf8"),
        QStringLiteral("fromLatin1"),     QStringLiteral("fromLocal8Bit"), QStringLiteral("QStringList"),
        QStringLiteral("QLatin1Char"),    QStringLiteral("QChar")};
    QList<qsizetype> found;
    for (qsizetype i = begin; i < end;) {
        const QChar c = text[i];
        if (c == QLatin1Char('"')) {
            found << i;
            i = skipLiteral(text, i);
        } else if (c == QLatin1Char('\'') && !(i > 0 && text[i - 1].isLetterOrNumber())) {
            i = skipLiteral(text, i);
        } else if (c.isLetter() || c == QLatin1Char('_')) {
            qsizetype j = i;
            while (j < end && (text[j].isLetterOrNumber() || text[j] == QLatin1Char('_')))
                ++j;
            const QString identifier = text.mid(i, j - i);
            qsizetype k = j;
            while (k < end && text[k].isSpace())
                ++k;
            if (k < end && text[k] == QLatin1Char('(') && !wrappers.contains(identifier))
                i = readArguments(text, k).end; // a call: its result, not its arguments, is shown
            else
                i = j;
        } else {
            ++i;
        }
    }
    return found;
}

struct Violation {
    int line;
    QString call;
    QString literal;
};

// Which arguments of each checked call are shown to the user (-1: all of them).
struct Call {
    QString name;
    int argument;
};

QList<Violation> untranslatedLiterals(const QString &text)
{
    static const QStringList everyArgument{
        // setters
        QStringLiteral("setText"), QStringLiteral("setWindowTitle"), QStringLiteral("setToolTip"),
        QStringLiteral("setStatusTip"), QStringLiteral("setWhatsThis"), QStringLiteral("setPlaceholderText"),
        QStringLiteral("setTitle"), QStringLiteral("setLabelText"), QStringLiteral("setPrefix"),
        QStringLiteral("setSuffix"), QStringLiteral("setSpecialValueText"), QStringLiteral("setAccessibleName"),
        QStringLiteral("setAccessibleDescription"), QStringLiteral("setTabText"), QStringLiteral("setTabToolTip"),
        QStringLiteral("setItemText"), QStringLiteral("setHeaderData"), QStringLiteral("setHorizontalHeaderLabels"),
        QStringLiteral("setVerticalHeaderLabels"), QStringLiteral("setHeaderLabels"), QStringLiteral("setNameFilter"),
        QStringLiteral("setNameFilters"), QStringLiteral("setInformativeText"), QStringLiteral("setDetailedText"),
        QStringLiteral("setButtonText"), QStringLiteral("setFormat"), QStringLiteral("setDescription"),
        // adders and messages
        QStringLiteral("addAction"), QStringLiteral("addMenu"), QStringLiteral("addTab"), QStringLiteral("insertTab"),
        QStringLiteral("addRow"), QStringLiteral("insertRow"), QStringLiteral("addItems"), QStringLiteral("addButton"),
        QStringLiteral("addSection"), QStringLiteral("showMessage"), QStringLiteral("showError"),
        QStringLiteral("information"), QStringLiteral("warning"), QStringLiteral("critical"),
        QStringLiteral("question"), QStringLiteral("about"), QStringLiteral("getText"), QStringLiteral("getItem"),
        QStringLiteral("getInt"), QStringLiteral("getDouble"), QStringLiteral("getOpenFileName"),
        QStringLiteral("getOpenFileNames"), QStringLiteral("getSaveFileName"), QStringLiteral("getExistingDirectory"),
        // constructors of things that show their text
        QStringLiteral("QLabel"), QStringLiteral("QPushButton"), QStringLiteral("QToolButton"),
        QStringLiteral("QCheckBox"), QStringLiteral("QRadioButton"), QStringLiteral("QGroupBox"),
        QStringLiteral("QAction"), QStringLiteral("QMenu"), QStringLiteral("QDockWidget"),
        QStringLiteral("QCommandLinkButton"), QStringLiteral("QMessageBox"), QStringLiteral("QTableWidgetItem"),
        QStringLiteral("QListWidgetItem"), QStringLiteral("QTreeWidgetItem"), QStringLiteral("QStandardItem"),
        QStringLiteral("QProgressDialog"), QStringLiteral("QFileDialog")};
    // addItem/insertItem(text, userData) and (icon, text, userData): the user data is not shown.
    static const QStringList allButLast{QStringLiteral("addItem"), QStringLiteral("insertItem")};

    static const QRegularExpression call([] {
        QStringList names = everyArgument + allButLast;
        // A call, or a constructor with a variable name: QLabel label(...) / new QLabel(...).
        return QStringLiteral("\\b(%1)\\b(?:\\s+[A-Za-z_]\\w*)?\\s*\\(").arg(names.join(QLatin1Char('|')));
    }());

    const Source source = preprocess(text);
    QList<Violation> violations;
    for (auto it = call.globalMatch(source.code); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const QString name = match.captured(1);
        const qsizetype open = match.capturedEnd(0) - 1;
        const Arguments args = readArguments(source.code, open);
        for (qsizetype a = 0; a < args.ranges.size(); ++a) {
            if (allButLast.contains(name) && args.ranges.size() > 1 && a == args.ranges.size() - 1)
                continue;
            const auto [begin, end] = args.ranges[a];
            for (const qsizetype at : directLiterals(source.code, begin, end)) {
                const QString literal = source.code.mid(at, skipLiteral(source.code, at) - at);
                if (!hasLetter(literalText(literal)))
                    continue;
                const int line = lineAt(source.code, at);
                const int callLine = lineAt(source.code, match.capturedStart(0));
                if (source.marked.contains(line) || source.marked.contains(callLine))
                    continue;
                violations << Violation{line, name, literal};
            }
        }
    }
    return violations;
}

// The source texts of tr("...") and translate("context", "...") calls with literal arguments.
QStringList trLiterals(const QString &text)
{
    static const QRegularExpression call(
        QStringLiteral("(?:\\btr|\\btranslate\\s*\\(\\s*\"[^\"]*\"\\s*,|\\bQT_TR_NOOP|\\bQT_TRANSLATE_NOOP\\s*\\(\\s*"
                       "\"[^\"]*\"\\s*,)\\s*\\(?\\s*(?=\")"));
    static const QRegularExpression piece(QStringLiteral("\\G\\s*\"((?:[^\"\\\\\\n]|\\\\.)*)\""));
    const QString code = preprocess(text).code;
    QStringList result;
    for (auto it = call.globalMatch(code); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        QString value;
        qsizetype pos = match.capturedEnd(0);
        for (;;) {
            const QRegularExpressionMatch p = piece.match(code, pos, QRegularExpression::NormalMatch,
                                                          QRegularExpression::AnchorAtOffsetMatchOption);
            if (!p.hasMatch())
                break;
            value += p.captured(1);
            pos = p.capturedEnd(0);
        }
        // C escapes that occur in Concord's messages.
        QString unescaped;
        for (qsizetype i = 0; i < value.size(); ++i) {
            if (value[i] == QLatin1Char('\\') && i + 1 < value.size()) {
                const QChar e = value[++i];
                unescaped += e == QLatin1Char('n')   ? QChar(QLatin1Char('\n'))
                             : e == QLatin1Char('t') ? QChar(QLatin1Char('\t'))
                                                     : e;
            } else {
                unescaped += value[i];
            }
        }
        result << unescaped;
    }
    return result;
}

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QStringList guiSources(const QString &sourceDir)
{
    QStringList paths;
    for (const QString &dir : {QStringLiteral("ui"), QStringLiteral("app/gui")}) {
        // ui/ keeps its sources in feature folders: walk them all.
        QDirIterator it(sourceDir + QLatin1Char('/') + dir, {QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            paths << it.next();
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

} // namespace

class TestTranslatableStrings : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tsCheckFindsProblems();
    void translationsAreComplete_data();
    void translationsAreComplete();
    void bothLanguagesHoldTheSameMessages();
    void everyTrStringIsInTheTranslations();
    void scannerFindsUntranslatedStrings();
    void userVisibleStringsAreTranslatable();

private:
    QString m_sourceDir;
};

void TestTranslatableStrings::initTestCase()
{
    m_sourceDir = qEnvironmentVariable("CONCORD_SOURCE_DIR");
    QVERIFY2(!m_sourceDir.isEmpty(), "CONCORD_SOURCE_DIR is not set (ctest sets it)");
    QVERIFY2(QFile::exists(m_sourceDir + QStringLiteral("/translations/concord_de.ts")), qPrintable(m_sourceDir));
}

// The checker itself: each kind of gap is reported, a complete message is not.
void TestTranslatableStrings::tsCheckFindsProblems()
{
    const QByteArray ts = R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>C</name>
    <message><source>&amp;File</source><translation>&amp;Datei</translation></message>
    <message><source>Open</source><translation type="unfinished"></translation></message>
    <message><source>Save</source><translation></translation></message>
    <message><source>%1 of %2</source><translation>%1 von</translation></message>
    <message><source>&amp;Edit</source><translation>Bearbeiten</translation></message>
    <message><source>Old</source><translation type="vanished">Alt</translation></message>
    <message numerus="yes"><source>%n file(s)</source><translation><numerusform>eine Datei</numerusform><numerusform></numerusform></translation></message>
    <message numerus="yes"><source>%n row(s)</source><translation><numerusform>eine Zeile</numerusform><numerusform>%n Zeilen</numerusform></translation></message>
</context>
</TS>
)";
    const TsFile file = concord::test::readTs(ts);
    QCOMPARE(file.error, QString());
    QCOMPARE(file.language, QStringLiteral("de"));
    QCOMPARE(file.messages.size(), 8);
    const QStringList problems = tsProblems(file, QStringLiteral("x.ts"));
    QCOMPARE(problems.size(), 6);
    QVERIFY(problems[0].contains(QStringLiteral("\"Open\": translation is unfinished")));
    QVERIFY(problems[1].contains(QStringLiteral("\"Save\": empty translation")));
    QVERIFY(problems[2].contains(QStringLiteral("placeholders differ")));
    QVERIFY(problems[3].contains(QStringLiteral("mnemonic (&) is lost")));
    QVERIFY(problems[4].contains(QStringLiteral("\"Old\": translation is vanished")));
    QVERIFY(problems[5].contains(QStringLiteral("\"%n file(s)\": empty translation")));
    QVERIFY(!concord::test::readTs("<TS><context><name>C</name><message>").error.isEmpty());
}

void TestTranslatableStrings::translationsAreComplete_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("language");
    QTest::newRow("German") << QStringLiteral("concord_de.ts") << QStringLiteral("de");
    QTest::newRow("Simplified Chinese") << QStringLiteral("concord_zh_CN.ts") << QStringLiteral("zh_CN");
}

void TestTranslatableStrings::translationsAreComplete()
{
    QFETCH(QString, file);
    QFETCH(QString, language);
    QFile ts(m_sourceDir + QStringLiteral("/translations/") + file);
    QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(ts.fileName()));
    const TsFile parsed = concord::test::readTs(ts.readAll());
    QCOMPARE(parsed.language, language);
    QVERIFY(parsed.messages.size() > 100);
    const QStringList problems = tsProblems(parsed, file);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 problem(s):\n").arg(problems.size()) + problems.join(QLatin1Char('\n'))));
}

void TestTranslatableStrings::bothLanguagesHoldTheSameMessages()
{
    auto keys = [this](const QString &name) {
        QFile ts(m_sourceDir + QStringLiteral("/translations/") + name);
        if (!ts.open(QIODevice::ReadOnly))
            return QStringList{};
        QStringList result;
        for (const TsMessage &m : concord::test::readTs(ts.readAll()).messages)
            result << m.context + QLatin1Char('|') + m.source + QLatin1Char('|') + m.comment;
        return result;
    };
    const QStringList german = keys(QStringLiteral("concord_de.ts"));
    QVERIFY(!german.isEmpty());
    QCOMPARE(keys(QStringLiteral("concord_zh_CN.ts")), german);
}

void TestTranslatableStrings::everyTrStringIsInTheTranslations()
{
    QFile ts(m_sourceDir + QStringLiteral("/translations/concord_de.ts"));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QSet<QString> sources;
    for (const TsMessage &m : concord::test::readTs(ts.readAll()).messages)
        sources.insert(m.source);

    QVERIFY(
        trLiterals(QStringLiteral("a = tr(\"One\" \"Two\\n\"); b = QCoreApplication::translate(\"main\", \"Three\");"))
        == (QStringList{QStringLiteral("OneTwo\n"), QStringLiteral("Three")}));

    QStringList missing;
    int count = 0;
    for (const QString &path : guiSources(m_sourceDir)) {
        for (const QString &text : trLiterals(readText(path))) {
            ++count;
            if (!sources.contains(text))
                missing << QStringLiteral("%1: \"%2\"").arg(QDir(m_sourceDir).relativeFilePath(path), text);
        }
    }
    QVERIFY(count > 100);
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("not in translations/*.ts (build the update_translations target, "
                                       "then translate):\n")
                        + missing.join(QLatin1Char('\n'))));
}

// The scanner itself, on a made-up source: what it must report and what it must let through.
void TestTranslatableStrings::scannerFindsUntranslatedStrings()
{
    const QString source = QStringLiteral(R"cpp(
void f()
{
    label->setText(QStringLiteral("Untranslated"));                    // 3
    label->setText(tr("Translated"));
    box->setWindowTitle(u"Raw title"_s);                                // 5
    menu->addAction(QLatin1String("Quit"), this, &X::quit);             // 6
    auto *ok = new QPushButton(QStringLiteral("OK"), this);            // 7
    QLabel hint(QStringLiteral("Hint"));                                // 8
    QMessageBox::warning(this, tr("Title"),
                         QStringLiteral("Body text"));                  // 10
    edit->setPlaceholderText(QStringLiteral("https://example.org")); // not translated: a URL
    combo->addItem(tr("Valid only"), QStringLiteral("valid"));
    label->setText(QStringLiteral("—"));
    label->setText(tr("%1 of %2").arg(QStringLiteral("abc"), x));
    setToolTip(tr("Saved") + QStringLiteral(" (draft)"));             // 15
    setText(ok ? tr("Yes") : QStringLiteral("No"));                    // 16
    // label->setText(QStringLiteral("in a comment"));
    /* setText("in a block comment") */
    setObjectName(QStringLiteral("notShown"));
    label->setText(makeText(QStringLiteral("helper argument")));
    statusBar()->showMessage("plain literal", 2000);                  // 21
    addTab(widget, QString::fromUtf8("Tab"));                           // 22
    edit->setPlaceholderText(QStringLiteral("no marker reason")); // not translated:
}
)cpp");
    const QList<Violation> violations = untranslatedLiterals(source);
    QList<int> lines;
    for (const Violation &v : violations)
        lines << v.line - 1; // the source starts with a line break
    QCOMPARE(lines, (QList<int>{3, 5, 6, 7, 8, 10, 15, 16, 21, 22, 23}));
    QCOMPARE(violations.constFirst().call, QStringLiteral("setText"));
    QCOMPARE(violations.constFirst().literal, QStringLiteral("\"Untranslated\""));
}

void TestTranslatableStrings::userVisibleStringsAreTranslatable()
{
    const QStringList paths = guiSources(m_sourceDir);
    QVERIFY(paths.size() > 20);
    QStringList report;
    for (const QString &path : paths) {
        const QString text = readText(path);
        QVERIFY2(!text.isEmpty(), qPrintable(path));
        for (const Violation &v : untranslatedLiterals(text))
            report << QStringLiteral("%1:%2: %3(...) shows %4 without tr() (or mark the line "
                                     "`// not translated: <reason>`)")
                          .arg(QDir(m_sourceDir).relativeFilePath(path))
                          .arg(v.line)
                          .arg(v.call, v.literal);
    }
    QVERIFY2(report.isEmpty(), qPrintable(report.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestTranslatableStrings)
#include "tst_translatable_strings.moc"
