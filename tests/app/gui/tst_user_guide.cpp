// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Help > User Guide: the README is built into the program, the same text as the sources' README, and the menu
// has one entry per section of it, first in Help; an entry shows the README at that section's heading.
#include "window/main_window.h"
#include "window/user_guide.h"

#include "test_paths.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>

using concord::ui::MainWindow;
using concord::ui::UserGuide;

class TestUserGuide : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theReadmeIsBuiltIn();
    void helpListsEverySection();
    void anEntryShowsItsSection();
};

void TestUserGuide::theReadmeIsBuiltIn()
{
    QFile built(UserGuide::resourcePath());
    QVERIFY2(built.open(QIODevice::ReadOnly), qPrintable(UserGuide::resourcePath()));
    QFile source(concord::test::sourceDir() + QStringLiteral("/README.md"));
    QVERIFY2(source.open(QIODevice::ReadOnly), qPrintable(source.fileName()));
    QCOMPARE(built.readAll(), source.readAll());
    const QStringList sections = UserGuide::sections();
    for (const QString &section : {QStringLiteral("Two commands"), QStringLiteral("Command line"),
                                   QStringLiteral("The study file"), QStringLiteral("Settings")})
        QVERIFY2(sections.contains(section), qPrintable(sections.join(u'|')));
    // A shell comment in a code block ("# 1 raters, 1 ratings") is no section.
    for (const QString &section : sections)
        QVERIFY2(!section.startsWith(QLatin1Char('#')) && !section.contains(QStringLiteral("raters")),
                 qPrintable(section));
}

void TestUserGuide::helpListsEverySection()
{
    MainWindow window;
    QMenu *guide = UserGuide::addMenu(window);
    QVERIFY(guide);
    QMenu *help = nullptr;
    for (QAction *action : window.menuBar()->actions())
        if (action->menu() && action->menu()->title() == QStringLiteral("&Help"))
            help = action->menu();
    QVERIFY(help);
    QCOMPARE(help->actions().constFirst()->menu(), guide);
    QCOMPARE(guide->title(), QStringLiteral("&User Guide"));
    QStringList listed;
    for (const QAction *action : guide->actions())
        listed << action->data().toString();
    QCOMPARE(listed, UserGuide::sections());
    // Every entry of Help has its own underlined letter.
    QSet<QChar> keys;
    for (const QAction *action : help->actions()) {
        if (action->isSeparator())
            continue;
        const QKeySequence mnemonic = QKeySequence::mnemonic(action->text());
        QVERIFY2(!mnemonic.isEmpty(), qPrintable(action->text()));
        const QChar key = mnemonic.toString().back().toUpper();
        QVERIFY2(!keys.contains(key), qPrintable(action->text()));
        keys.insert(key);
    }
}

void TestUserGuide::anEntryShowsItsSection()
{
    MainWindow window;
    QMenu *guide = UserGuide::addMenu(window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction *entry = nullptr;
    for (QAction *action : guide->actions())
        if (action->data().toString() == QStringLiteral("The study file"))
            entry = action;
    QVERIFY(entry);
    entry->trigger();
    auto *shown = window.findChild<UserGuide *>();
    QVERIFY(shown);
    QTRY_VERIFY(shown->isVisible());
    QTextBrowser *browser = shown->browser();
    QCOMPARE(browser->textCursor().block().text(), QStringLiteral("The study file"));
    // The heading at the top of the view, the text before it scrolled away.
    const QRect heading = browser->cursorRect();
    QVERIFY2(heading.top() >= 0 && heading.top() < browser->viewport()->height() / 4,
             qPrintable(QStringLiteral("the heading is %1 px down a view %2 px high")
                            .arg(heading.top())
                            .arg(browser->viewport()->height())));
    QVERIFY(browser->verticalScrollBar()->value() > 0);
    // A section's words, and none of the README's pictures, which are not built in.
    QVERIFY(browser->toPlainText().contains(QStringLiteral("Concord")));
    QVERIFY(!browser->toMarkdown().contains(QStringLiteral("docs/annotate.png")));
    // Another entry shows the same window at its own section.
    guide->actions().constFirst()->trigger();
    QCOMPARE(window.findChildren<UserGuide *>().size(), 1);
    QCOMPARE(browser->textCursor().block().text(), UserGuide::sections().constFirst());
}

QTEST_MAIN(TestUserGuide)
#include "tst_user_guide.moc"
