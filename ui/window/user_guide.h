// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

class QMainWindow;
class QMenu;
class QTextBrowser;

namespace concord::ui {

// Help > User Guide: the README, which is built into the program (a resource), shown at one of its
// sections in a window of its own. It reads the same from the build tree and from an installed package, and
// never asks the network for anything (the README's pictures, which are not built in, are left out).
class UserGuide : public QDialog {
    Q_OBJECT
public:
    // Where the README is built in.
    static QString resourcePath();
    // The README's text, as built in.
    static QString readme();
    // Its sections (the "## " headings, outside code), in order.
    static QStringList sections();
    // Adds Help > User Guide with one entry per section to window's Help menu (a menu of its own without one).
    static QMenu *addMenu(QMainWindow &window);

    explicit UserGuide(QWidget *parent = nullptr);
    // Shows the README with section's heading at the top; false if it has no such section.
    bool showSection(const QString &section);
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser;
};

} // namespace concord::ui
