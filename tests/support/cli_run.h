// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace concord::test {

// One concord-cli run as a user makes it: its exit code (-1 when it crashed, aborted or hung for two
// minutes) and what it printed.
struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

CliRun runCli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
              const QString &workingDirectory = QString());

// SHA-256 of a file's bytes; empty when it cannot be read.
QByteArray sha256Of(const QString &path);

} // namespace concord::test
