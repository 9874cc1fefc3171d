// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "language.h"

#include "common/app_settings.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTranslator>

namespace concord::gui {

namespace {

struct Language {
    QString code; // as stored
    QString name; // in its own language, never translated
};

const Language languages[] = {
    {QStringLiteral("en"), QStringLiteral("English")},
    {QStringLiteral("de"), QStringLiteral("Deutsch")},
    {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
};

bool known(const QString &language)
{
    for (const Language &l : languages)
        if (l.code == language)
            return true;
    return false;
}

// The translators installed by installTranslations(), children of the application.
QTranslator *replaceTranslator(QCoreApplication &app, const char *name)
{
    const QString objectName = QString::fromLatin1(name);
    if (auto *old = app.findChild<QTranslator *>(objectName, Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(old);
        delete old;
    }
    auto *translator = new QTranslator(&app);
    translator->setObjectName(objectName);
    return translator;
}

} // namespace

QString languageSetting()
{
    const QString language = concord::ui::AppSettings().language();
    return known(language) ? language : QString();
}

void setLanguageSetting(const QString &language)
{
    // Anything else follows the system.
    concord::ui::AppSettings().setLanguage(known(language) ? language : QString());
}

QLocale languageLocale(const QString &language)
{
    if (language == QLatin1String("en"))
        return QLocale(QLocale::English, QLocale::UnitedStates);
    if (language == QLatin1String("de"))
        return QLocale(QLocale::German, QLocale::Germany);
    if (language == QLatin1String("zh_CN"))
        return QLocale(QLocale::Chinese, QLocale::SimplifiedChineseScript, QLocale::China);
    return QLocale::system();
}

bool installTranslations(QCoreApplication &app, const QLocale &locale)
{
    // Qt's own strings (standard buttons and dialogs) where the system ships them, then Concord's.
    QTranslator *qt = replaceTranslator(app, "qtbaseTranslator");
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    QTranslator *concord = replaceTranslator(app, "concordTranslator");
    if (!concord->load(locale, QStringLiteral("concord"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return false;
    QCoreApplication::installTranslator(concord);
    return true;
}

void addLanguageMenu(QMainWindow &window)
{
    // The View menu is MainWindow's; without one (never so far) Language gets a menu of its own.
    const QString viewTitle = QCoreApplication::translate("concord::ui::MainWindow", "&View");
    QMenu *view = nullptr;
    for (QAction *action : window.menuBar()->actions())
        if (action->menu() && action->menu()->title() == viewTitle)
            view = action->menu();
    QMenu *menu = nullptr;
    if (view) {
        view->addSeparator();
        menu = view->addMenu(QCoreApplication::translate("language", "&Language"));
    } else {
        menu = window.menuBar()->addMenu(QCoreApplication::translate("language", "&Language"));
    }
    menu->setObjectName(QStringLiteral("languageMenu"));

    auto *group = new QActionGroup(menu);
    const QString current = languageSetting();
    auto add = [&](const QString &code, const QString &text) {
        QAction *action = menu->addAction(text);
        action->setData(code);
        action->setCheckable(true);
        action->setChecked(code == current);
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, &window, [&window, code] {
            if (code == languageSetting())
                return;
            setLanguageSetting(code);
            auto *box = new QMessageBox(
                QMessageBox::Information, QCoreApplication::translate("language", "Language"),
                QCoreApplication::translate("language", "The language changes when Concord starts again."),
                QMessageBox::Ok, &window);
            box->setObjectName(QStringLiteral("languageRestartBox"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        });
    };
    add(QString(), QCoreApplication::translate("language", "&System Language"));
    menu->addSeparator();
    for (const Language &l : languages)
        add(l.code, l.name); // each language named in its own language, the same in every translation
}

} // namespace concord::gui
