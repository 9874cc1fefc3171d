// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFileIconProvider>
#include <QMimeDatabase>

namespace concord::ui {

// Icons and type names for a file dialog from a file's name alone. Qt's own provider reads the first
// bytes of every file whose name it cannot place (a .concord study among them) to tell its type, and
// closing that read drops the SQLite locks this process holds on an open study: another program then
// takes itself for the study's last reader and deletes its log while the window still writes to it.
class ContentBlindIconProvider : public QFileIconProvider {
public:
    QIcon icon(IconType type) const override;
    QIcon icon(const QFileInfo &info) const override;
    QString type(const QFileInfo &info) const override;

private:
    QMimeDatabase m_mimes;
};

} // namespace concord::ui
