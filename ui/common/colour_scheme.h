// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QPalette>
#include <QString>

#include <optional>

class QMenu;

namespace concord::ui {

// The colour scheme of the whole application: the system's (its style and palette), or Light or
// Dark (the Fusion style with a light or a dark palette, the same on every platform). The choice
// is stored in AppSettings ("ui/colourScheme") and takes effect at once: widgets that derive
// colours from the palette follow through QEvent::PaletteChange.
class ColourScheme {
    Q_DECLARE_TR_FUNCTIONS(ColourScheme)
public:
    enum class Scheme { System, Light, Dark };

    // "system" (or empty), "light", "dark", case-insensitive; nullopt for anything else.
    static std::optional<Scheme> fromName(const QString &name);
    static QString name(Scheme scheme); // "system", "light", "dark"

    // The stored choice (System when none or an unknown one is stored) and storing one.
    static Scheme stored();
    static void store(Scheme scheme);

    // Sets QApplication's style and palette. System restores what the platform gave, so it changes
    // nothing unless Light or Dark was applied before.
    static void apply(Scheme scheme);
    static QPalette lightPalette();
    static QPalette darkPalette();

    // Adds "Colour Scheme" (System, Light, Dark) to the menu: a choice is stored and applied.
    static QMenu *addMenu(QMenu *parent);
};

} // namespace concord::ui
