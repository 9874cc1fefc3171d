// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The interface language: the system's unless the Language menu overrides it (AppSettings::language(), stored as "ui/language").
#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;
class QMainWindow;

namespace concord::gui {

// The stored choice: "" follows the system, else "en", "de" or "zh_CN".
QString languageSetting();
void setLanguageSetting(const QString &language);

// The locale whose translations the choice asks for (the system's for "").
QLocale languageLocale(const QString &language);

// Installs Qt's own translations (qtbase, where the system has them) and Concord's (embedded under
// :/i18n) for the locale, replacing any installed before. Returns whether Concord's were found:
// false for English, which needs none.
bool installTranslations(QCoreApplication &app, const QLocale &locale);

// Adds View > Language (System, English, Deutsch, 简体中文) to the window: a choice is stored and
// takes effect at the next start, which the window says.
void addLanguageMenu(QMainWindow &window);

} // namespace concord::gui
