// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Offscreen smoke test of the translations: a real MainWindow with Concord's German and Simplified
// Chinese translators installed shows translated menus and views, every menu's mnemonics stay unique,
// and View > Language stores the choice that the next start loads.
#include "language.h"
#include "window/main_window.h"

#include <QAction>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using concord::ui::MainWindow;

class TestTranslations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void german();
    void simplifiedChinese();
    void englishNeedsNoTranslator();
    void languageMenuStoresTheChoice();

private:
    static QStringList titles(const QList<QAction *> &actions);
    static QMenu *menu(const MainWindow &window, const QString &title);
    static void checkMnemonics(const QMenu *menu);
    static void checkMenuBarMnemonics(MainWindow &window);
    static bool labelShows(const MainWindow &window, const QString &text);

    QTemporaryDir m_dir;
};

void TestTranslations::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Keep the settings of the person running the tests out of it.
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_translations"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestTranslations::init()
{
    QSettings().clear();
}

void TestTranslations::cleanup()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    concord::gui::installTranslations(*QCoreApplication::instance(), QLocale());
}

QStringList TestTranslations::titles(const QList<QAction *> &actions)
{
    QStringList result;
    for (const QAction *action : actions)
        if (!action->isSeparator())
            result << action->text();
    return result;
}

QMenu *TestTranslations::menu(const MainWindow &window, const QString &title)
{
    for (QAction *action : window.menuBar()->actions())
        if (action->menu() && action->menu()->title() == title)
            return action->menu();
    return nullptr;
}

// Alt+letter must reach one entry: no two entries of one menu share a mnemonic, and each has one.
void TestTranslations::checkMnemonics(const QMenu *menu)
{
    QMap<QChar, QString> seen;
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        const QString text = action->text();
        // The language names are written in their own language and need none; nor do placeholders.
        if (menu->objectName() == QLatin1String("languageMenu") && !action->data().toString().isEmpty())
            continue;
        if (!action->isEnabled() && !action->menu())
            continue;
        const QKeySequence mnemonic = QKeySequence::mnemonic(text);
        QVERIFY2(!mnemonic.isEmpty(),
                 qPrintable(QStringLiteral("no mnemonic in '%1' of menu '%2'").arg(text, menu->title())));
        const QChar key = mnemonic.toString().back().toUpper();
        QVERIFY2(!seen.contains(key), qPrintable(QStringLiteral("'%1' and '%2' in menu '%3' share Alt+%4")
                                                     .arg(seen.value(key), text, menu->title(), QString(key))));
        seen.insert(key, text);
        if (action->menu())
            checkMnemonics(action->menu());
    }
}

void TestTranslations::checkMenuBarMnemonics(MainWindow &window)
{
    QMap<QChar, QString> seen;
    for (const QAction *action : window.menuBar()->actions()) {
        const QKeySequence mnemonic = QKeySequence::mnemonic(action->text());
        QVERIFY2(!mnemonic.isEmpty(), qPrintable(action->text()));
        const QChar key = mnemonic.toString().back().toUpper();
        QVERIFY2(!seen.contains(key), qPrintable(seen.value(key) + QStringLiteral(" / ") + action->text()));
        seen.insert(key, action->text());
        checkMnemonics(action->menu());
        if (QTest::currentTestFailed())
            return;
        // Alt and the underlined letter open this menu, and no other.
        QTest::keyClick(&window, static_cast<Qt::Key>(mnemonic[0].key() & ~Qt::KeyboardModifierMask), Qt::AltModifier);
        QTRY_VERIFY2(action->menu()->isVisible(),
                     qPrintable(QStringLiteral("Alt+%1 did not open '%2'").arg(QString(key), action->text())));
        action->menu()->close();
        QTRY_VERIFY(!action->menu()->isVisible());
    }
}

bool TestTranslations::labelShows(const MainWindow &window, const QString &text)
{
    const QList<QLabel *> labels = window.findChildren<QLabel *>();
    for (const QLabel *label : labels)
        if (label->text() == text)
            return true;
    qWarning("no label shows '%s'", qPrintable(text));
    return false;
}

void TestTranslations::german()
{
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QVERIFY(concord::gui::installTranslations(*QCoreApplication::instance(), QLocale()));

    MainWindow window;
    concord::gui::addLanguageMenu(window);
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QCOMPARE(titles(window.menuBar()->actions()),
             (QStringList{QStringLiteral("&Datei"), QStringLiteral("&Bearbeiten"), QStringLiteral("D&okument"),
                          QStringLiteral("A&nnotieren"), QStringLiteral("&Ansicht"), QStringLiteral("&Hilfe")}));
    QMenu *view = menu(window, QStringLiteral("&Ansicht"));
    QVERIFY(view);
    const QStringList viewTitles = titles(view->actions());
    QCOMPARE(viewTitles.mid(0, 4), (QStringList{QStringLiteral("&Annotieren"), QStringLiteral("&Bewerter"),
                                                QStringLiteral("&Übereinstimmung"), QStringLiteral("Ab&weichungen")}));
    QVERIFY2(viewTitles.contains(QStringLiteral("S&prache")), qPrintable(viewTitles.join(QLatin1Char('|'))));
    QMenu *file = menu(window, QStringLiteral("&Datei"));
    QVERIFY(file);
    QVERIFY2(titles(file->actions()).contains(QStringLiteral("&Neue Studie…")),
             qPrintable(titles(file->actions()).join(QLatin1Char('|'))));
    QVERIFY(labelShows(window, QStringLiteral("Keine Studie geöffnet.")));
    checkMenuBarMnemonics(window);
}

void TestTranslations::simplifiedChinese()
{
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::SimplifiedChineseScript, QLocale::China));
    QVERIFY(concord::gui::installTranslations(*QCoreApplication::instance(), QLocale()));

    MainWindow window;
    concord::gui::addLanguageMenu(window);
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QCOMPARE(titles(window.menuBar()->actions()),
             (QStringList{QStringLiteral("文件(&F)"), QStringLiteral("编辑(&E)"), QStringLiteral("文档(&D)"),
                          QStringLiteral("标注(&A)"), QStringLiteral("视图(&V)"), QStringLiteral("帮助(&H)")}));
    QMenu *view = menu(window, QStringLiteral("视图(&V)"));
    QVERIFY(view);
    const QStringList viewTitles = titles(view->actions());
    QCOMPARE(viewTitles.mid(0, 4), (QStringList{QStringLiteral("标注(&A)"), QStringLiteral("评审模型(&J)"),
                                                QStringLiteral("一致性(&G)"), QStringLiteral("分歧(&D)")}));
    QVERIFY2(viewTitles.contains(QStringLiteral("语言(&L)")), qPrintable(viewTitles.join(QLatin1Char('|'))));
    QMenu *file = menu(window, QStringLiteral("文件(&F)"));
    QVERIFY(file);
    QVERIFY2(titles(file->actions()).contains(QStringLiteral("新建研究(&N)…")),
             qPrintable(titles(file->actions()).join(QLatin1Char('|'))));
    QVERIFY(labelShows(window, QStringLiteral("尚未打开研究。")));
    checkMenuBarMnemonics(window);
}

void TestTranslations::englishNeedsNoTranslator()
{
    // German first, then English: the German translator must go, not stay underneath.
    QVERIFY(concord::gui::installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German)));
    QVERIFY(!concord::gui::installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English)));
    MainWindow window;
    QCOMPARE(titles(window.menuBar()->actions()).constFirst(), QStringLiteral("&File"));
}

void TestTranslations::languageMenuStoresTheChoice()
{
    QCOMPARE(concord::gui::languageSetting(), QString());
    QCOMPARE(concord::gui::languageLocale(QString()), QLocale::system());
    QCOMPARE(concord::gui::languageLocale(QStringLiteral("de")).language(), QLocale::German);
    QCOMPARE(concord::gui::languageLocale(QStringLiteral("zh_CN")).script(), QLocale::SimplifiedChineseScript);

    MainWindow window;
    concord::gui::addLanguageMenu(window);
    auto *languages = window.findChild<QMenu *>(QStringLiteral("languageMenu"));
    QVERIFY(languages);
    QCOMPARE(titles(languages->actions()), (QStringList{QStringLiteral("&System Language"), QStringLiteral("English"),
                                                        QStringLiteral("Deutsch"), QStringLiteral("简体中文")}));
    QVERIFY(languages->actions().constFirst()->isChecked());

    QAction *deutsch = languages->actions().value(3);
    QCOMPARE(deutsch->text(), QStringLiteral("Deutsch"));
    deutsch->trigger();
    QCOMPARE(concord::gui::languageSetting(), QStringLiteral("de"));
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("de"));
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("languageRestartBox"));
    QVERIFY(box);
    QVERIFY(box->text().contains(QStringLiteral("starts again")));
    box->close();

    // What the next start loads: German.
    QVERIFY(concord::gui::installTranslations(*QCoreApplication::instance(),
                                              concord::gui::languageLocale(concord::gui::languageSetting())));
    QCOMPARE(QCoreApplication::translate("concord::ui::MainWindow", "&File"), QStringLiteral("&Datei"));

    // Back to the system's language; an unknown stored value counts as the system's too.
    languages->actions().constFirst()->trigger();
    QCOMPARE(concord::gui::languageSetting(), QString());
    QVERIFY(!QSettings().contains(QStringLiteral("ui/language")));
    QSettings().setValue(QStringLiteral("ui/language"), QStringLiteral("xx"));
    QCOMPARE(concord::gui::languageSetting(), QString());
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
