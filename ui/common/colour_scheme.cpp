// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/colour_scheme.h"

#include "common/app_settings.h"
#include "common/scheme_style.h"

#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QMenu>
#include <QStyle>
#include <QStyleFactory>

namespace concord::ui {

namespace {

// QApplication::setPalette reaches only some widgets before the event loop runs (at start, in
// tests): every window resolves its palette again, which reaches all their children. Where the
// palette has reached already, nothing changes and nothing is sent.
void propagate()
{
    for (QWidget *window : QApplication::topLevelWidgets()) {
        QEvent change(QEvent::ApplicationPaletteChange);
        QCoreApplication::sendEvent(window, &change);
    }
}

// The platform's style, remembered before Light or Dark replaces it with Fusion.
QString &systemStyle()
{
    static QString name;
    return name;
}

void useStyle(const QString &name)
{
    if (qobject_cast<SchemeStyle *>(QApplication::style())
        || QApplication::style()->name().compare(name, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(name);
}

} // namespace

std::optional<ColourScheme::Scheme> ColourScheme::fromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n.isEmpty() || n == QStringLiteral("system"))
        return Scheme::System;
    if (n == QStringLiteral("light"))
        return Scheme::Light;
    if (n == QStringLiteral("dark"))
        return Scheme::Dark;
    return std::nullopt;
}

QString ColourScheme::name(Scheme scheme)
{
    switch (scheme) {
    case Scheme::Light:
        return QStringLiteral("light");
    case Scheme::Dark:
        return QStringLiteral("dark");
    case Scheme::System:
        break;
    }
    return QStringLiteral("system");
}

ColourScheme::Scheme ColourScheme::stored()
{
    return fromName(AppSettings().colourScheme()).value_or(Scheme::System);
}

void ColourScheme::store(Scheme scheme)
{
    AppSettings().setColourScheme(scheme == Scheme::System ? QString() : name(scheme));
}

void ColourScheme::apply(Scheme scheme)
{
    if (scheme == Scheme::System) {
        // Nothing replaced yet (the start of most runs): leave the platform's style and palette alone.
        if (systemStyle().isEmpty())
            return;
        useStyle(systemStyle());
        // A palette with no role set resolves to the platform's.
        QApplication::setPalette(QPalette());
        propagate();
        return;
    }
    if (systemStyle().isEmpty())
        systemStyle() = QApplication::style()->name();
    // Fusion draws with the palette's colours on every platform; native styles may not.
    if (!qobject_cast<SchemeStyle *>(QApplication::style()))
        QApplication::setStyle(new SchemeStyle);
    QApplication::setPalette(scheme == Scheme::Dark ? darkPalette() : lightPalette());
    propagate();
}

QPalette ColourScheme::lightPalette()
{
    if (QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion"))) {
        const QPalette palette = fusion->standardPalette();
        delete fusion;
        return palette;
    }
    return QPalette(QColor(239, 239, 239));
}

QPalette ColourScheme::darkPalette()
{
    const QColor window(45, 45, 48);
    const QColor base(30, 30, 32);
    const QColor text(232, 232, 232);
    const QColor dimmed(140, 140, 140);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(40, 40, 43));
    p.setColor(QPalette::ToolTipBase, QColor(60, 60, 64));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, dimmed);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(55, 55, 59));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 110, 110));
    p.setColor(QPalette::Light, QColor(75, 75, 80));
    p.setColor(QPalette::Midlight, QColor(62, 62, 66));
    p.setColor(QPalette::Mid, QColor(35, 35, 38));
    p.setColor(QPalette::Dark, QColor(25, 25, 27));
    p.setColor(QPalette::Shadow, QColor(10, 10, 10));
    p.setColor(QPalette::Link, QColor(110, 170, 255));
    p.setColor(QPalette::LinkVisited, QColor(190, 150, 255));
    // White on the highlight reads at better than 4.5:1.
    p.setColor(QPalette::Highlight, QColor(38, 105, 180));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(120, 120, 120));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(70, 70, 75));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, QColor(170, 170, 170));
    return p;
}

QMenu *ColourScheme::addMenu(QMenu *parent)
{
    QMenu *menu = parent->addMenu(tr("&Colour Scheme"));
    menu->setObjectName(QStringLiteral("colourSchemeMenu"));
    auto *group = new QActionGroup(menu);
    const Scheme current = stored();
    auto add = [&](Scheme scheme, const QString &text) {
        QAction *action = menu->addAction(text);
        action->setObjectName(QStringLiteral("colourScheme_") + name(scheme));
        action->setData(name(scheme));
        action->setCheckable(true);
        action->setChecked(scheme == current);
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, menu, [scheme] {
            store(scheme);
            apply(scheme);
        });
    };
    add(Scheme::System, tr("&System"));
    menu->addSeparator();
    add(Scheme::Light, tr("&Light"));
    add(Scheme::Dark, tr("&Dark"));
    return menu;
}

} // namespace concord::ui
