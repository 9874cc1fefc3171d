// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "test_paths.h"

#include <QDir>
#include <QFileInfo>

namespace concord::test {

namespace {
QString fromEnv(const char *name)
{
    return QString::fromLocal8Bit(qgetenv(name));
}
} // namespace

QString sharedDir()
{
    const QString dir = fromEnv("CONCORD_SHARED_DIR");
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        return {};
    return QDir(dir).canonicalPath();
}

QString summevalDir()
{
    const QString shared = sharedDir();
    if (shared.isEmpty())
        return {};
    const QString dir = shared + QStringLiteral("/data/summeval");
    return QFileInfo(dir).isDir() ? dir : QString();
}

QStringList summevalFiles()
{
    const QString dir = summevalDir();
    if (dir.isEmpty())
        return {};
    QStringList out;
    const auto entries = QDir(dir).entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name);
    for (const QString &name : entries)
        out << dir + QLatin1Char('/') + name;
    return out;
}

QString sourceDir()
{
    return fromEnv("CONCORD_SOURCE_DIR");
}

QString cliPath()
{
    return fromEnv("CONCORD_CLI");
}

} // namespace concord::test
