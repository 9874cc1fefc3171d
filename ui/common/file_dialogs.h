// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFileDialog>
#include <QString>
#include <QStringList>

namespace concord::ui {

// QFileDialog's static functions, with a dialog that never reads the files it lists: Qt's own (a platform
// dialog in this process may sniff file contents, and dropping an open study's locks so can cost it saved
// work) with ContentBlindIconProvider. Every file dialog of the window comes from here.
class FileDialogs {
public:
    static QString getOpenFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                                   QString *selectedFilter = nullptr);
    static QStringList getOpenFileNames(QWidget *parent, const QString &caption, const QString &dir,
                                        const QString &filter, QString *selectedFilter = nullptr);
    static QString getSaveFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                                   QString *selectedFilter = nullptr, QFileDialog::Options options = {});
    // For a dialog set up by hand: the same options and icon provider.
    static void makeContentBlind(QFileDialog &dialog);
};

} // namespace concord::ui
