// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/content_blind_icon_provider.h"

#include <QFileInfo>
#include <QIcon>

namespace concord::ui {

QIcon ContentBlindIconProvider::icon(IconType type) const
{
    return QFileIconProvider::icon(type);
}

QIcon ContentBlindIconProvider::icon(const QFileInfo &info) const
{
    if (info.isDir())
        return icon(QAbstractFileIconProvider::Folder);
    const QMimeType mime = m_mimes.mimeTypeForFile(info, QMimeDatabase::MatchExtension);
    const QIcon themed = QIcon::fromTheme(mime.iconName(), QIcon::fromTheme(mime.genericIconName()));
    return themed.isNull() ? icon(QAbstractFileIconProvider::File) : themed;
}

QString ContentBlindIconProvider::type(const QFileInfo &info) const
{
    if (info.isDir())
        return QFileIconProvider::type(info);
    const QMimeType mime = m_mimes.mimeTypeForFile(info, QMimeDatabase::MatchExtension);
    return mime.comment().isEmpty() ? mime.name() : mime.comment();
}

} // namespace concord::ui
