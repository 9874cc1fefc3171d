// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's splitters across restarts: no pane comes back collapsed, whichever views were
// opened, and View > Reset Layout brings back the sizes every view was built with.
#include "common/app_settings.h"
#include "window/main_window.h"

#include <QAction>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using concord::ui::AppSettings;
using concord::ui::MainWindow;

namespace {

using PaneSizes = QMap<QString, QList<int>>; // "VIEW/N" -> the sizes of that view's N-th splitter

const QSize windowSize(1100, 700);

// Every splitter of the view shown now, the view itself first if it is one.
QList<QSplitter *> splittersOfCurrentView(const MainWindow &window)
{
    QWidget *view = qobject_cast<QStackedWidget *>(window.centralWidget())->currentWidget();
    QList<QSplitter *> found = view->findChildren<QSplitter *>();
    if (auto *self = qobject_cast<QSplitter *>(view))
        found.prepend(self);
    return found;
}

bool anyPaneEmpty(const QSplitter *splitter)
{
    return std::ranges::any_of(splitter->sizes(), [](int size) { return size <= 0; });
}

// Brings a splitter on screen: every tab it sits in becomes the current one (Qt lays out only
// what is shown, as a person sees it).
void reveal(QWidget *widget)
{
    for (QWidget *page = widget; page->parentWidget(); page = page->parentWidget()) {
        // A tab's page sits in the tab widget's own stacked widget.
        auto *tabs = qobject_cast<QTabWidget *>(page->parentWidget()->parentWidget());
        if (const int index = tabs ? tabs->indexOf(page) : -1; index >= 0)
            tabs->setCurrentIndex(index);
    }
    // Showing posts the layout requests that give the panes their sizes.
    QCoreApplication::sendPostedEvents();
}

// A window as Concord starts one: the saved layout restored, then shown.
std::unique_ptr<MainWindow> startWindow()
{
    auto window = std::make_unique<MainWindow>();
    window->restoreLayout();
    window->resize(windowSize);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

} // namespace

class TestGuiLayoutRoundtrip : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void everyPaneKeptAfterOpeningEveryView();
    void viewsNeverOpenedKeepTheirPanes();
    void collapsedPanesNotSaved();
    void zeroSizesOfOlderSettingsIgnored();
    void resetLayoutBringsBackTheBuiltSizes();

private:
    // Shows every view in turn (waiting until its splitters are laid out) and returns their sizes.
    static PaneSizes openEveryView(MainWindow &window);
    static QStringList viewsWithEmptyPanes(MainWindow &window);

    QTemporaryDir m_dir;
};

void TestGuiLayoutRoundtrip::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The settings the app uses (AppSettings over QSettings), in a folder of the test's own.
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_layout_roundtrip"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestGuiLayoutRoundtrip::init()
{
    QSettings().clear();
}

PaneSizes TestGuiLayoutRoundtrip::openEveryView(MainWindow &window)
{
    PaneSizes sizes;
    for (const QString &name : window.viewNames()) {
        if (!window.showView(name))
            return {};
        const QList<QSplitter *> splitters = splittersOfCurrentView(window);
        for (qsizetype i = 0; i < splitters.size(); ++i) {
            QSplitter *splitter = splitters.at(i);
            reveal(splitter);
            // A collapsed pane stays so: its sizes are read and judged all the same.
            [[maybe_unused]] const bool open = QTest::qWaitFor([splitter] { return !anyPaneEmpty(splitter); }, 500);
            sizes.insert(name + QLatin1Char('/') + QString::number(i), splitter->sizes());
        }
    }
    return sizes;
}

QStringList TestGuiLayoutRoundtrip::viewsWithEmptyPanes(MainWindow &window)
{
    QStringList empty;
    const PaneSizes sizes = openEveryView(window);
    for (auto it = sizes.cbegin(); it != sizes.cend(); ++it) {
        if (std::ranges::any_of(it.value(), [](int size) { return size <= 0; }))
            empty << it.key();
    }
    return empty;
}

void TestGuiLayoutRoundtrip::everyPaneKeptAfterOpeningEveryView()
{
    {
        auto window = startWindow();
        QVERIFY(window);
        QCOMPARE(viewsWithEmptyPanes(*window), QStringList());
        QVERIFY(window->close());
    }
    auto window = startWindow();
    QVERIFY(window);
    QCOMPARE(viewsWithEmptyPanes(*window), QStringList());
}

void TestGuiLayoutRoundtrip::viewsNeverOpenedKeepTheirPanes()
{
    // Quit twice from Annotate only: the other views were built but never laid out.
    for (int start = 0; start < 2; ++start) {
        auto window = startWindow();
        QVERIFY(window);
        QCOMPARE(window->currentViewName(), QStringLiteral("annotate"));
        QVERIFY(window->close());
    }
    auto window = startWindow();
    QVERIFY(window);
    QCOMPARE(viewsWithEmptyPanes(*window), QStringList());
}

void TestGuiLayoutRoundtrip::collapsedPanesNotSaved()
{
    {
        auto window = startWindow();
        QVERIFY(window);
        openEveryView(*window);
        // Drag every splitter's first pane shut, as a person can.
        for (const QString &name : window->viewNames()) {
            QVERIFY(window->showView(name));
            for (QSplitter *splitter : splittersOfCurrentView(*window)) {
                QList<int> sizes = splitter->sizes();
                sizes[sizes.size() - 1] += sizes.at(0);
                sizes[0] = 0;
                splitter->setSizes(sizes);
            }
        }
        QVERIFY(window->close());
    }
    auto window = startWindow();
    QVERIFY(window);
    QCOMPARE(viewsWithEmptyPanes(*window), QStringList());
}

void TestGuiLayoutRoundtrip::zeroSizesOfOlderSettingsIgnored()
{
    {
        auto window = startWindow();
        QVERIFY(window);
        openEveryView(*window);
        QVERIFY(window->close());
    }
    // What an older Concord wrote for views never opened: zeros.
    QSettings settings;
    settings.beginGroup(QStringLiteral("window/splitters"));
    const QStringList keys = settings.childKeys();
    settings.endGroup();
    QVERIFY(!keys.isEmpty());
    {
        AppSettings app;
        for (const QString &key : keys)
            app.setSplitterSizes(key, QList<int>(app.splitterSizes(key).size(), 0));
    }
    auto window = startWindow();
    QVERIFY(window);
    QCOMPARE(viewsWithEmptyPanes(*window), QStringList());
}

void TestGuiLayoutRoundtrip::resetLayoutBringsBackTheBuiltSizes()
{
    PaneSizes built;
    {
        auto window = startWindow();
        QVERIFY(window);
        built = openEveryView(*window);
        QVERIFY(!built.isEmpty());
        // Give every splitter other sizes: half of the first pane goes to the last.
        for (const QString &name : window->viewNames()) {
            QVERIFY(window->showView(name));
            for (QSplitter *splitter : splittersOfCurrentView(*window)) {
                QList<int> sizes = splitter->sizes();
                sizes[sizes.size() - 1] += sizes.at(0) / 2;
                sizes[0] -= sizes.at(0) / 2;
                splitter->setSizes(sizes);
            }
        }
        QVERIFY(window->close());
    }
    auto window = startWindow();
    QVERIFY(window);
    const PaneSizes moved = openEveryView(*window);
    QCOMPARE(moved.keys(), built.keys());
    QVERIFY(moved != built);

    // Back on Annotate, so that the other views are reset while hidden, as a person would.
    QVERIFY(window->showView(QStringLiteral("annotate")));
    QAction *reset = window->findChild<QAction *>(QStringLiteral("resetLayoutAction"));
    QVERIFY(reset);
    const QList<QMenu *> menus = window->menuBar()->findChildren<QMenu *>();
    QVERIFY(std::ranges::any_of(menus, [reset](const QMenu *menu) {
        return menu->title() == MainWindow::tr("&View") && menu->actions().contains(reset);
    }));
    reset->trigger();

    QSettings settings;
    settings.beginGroup(QStringLiteral("window/splitters"));
    QCOMPARE(settings.childKeys(), QStringList());
    settings.endGroup();
    QCOMPARE(openEveryView(*window), built);

    // Quitting now saves the built sizes, which the next start shows.
    QVERIFY(window->close());
    window = startWindow();
    QVERIFY(window);
    QCOMPARE(openEveryView(*window), built);
}

QTEST_MAIN(TestGuiLayoutRoundtrip)
#include "tst_gui_layout_roundtrip.moc"
