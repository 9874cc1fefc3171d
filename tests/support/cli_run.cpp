// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_run.h"

#include "test_paths.h"

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>

namespace concord::test {

CliRun runCli(const QStringList &args, const QProcessEnvironment &env, const QString &workingDirectory)
{
    QProcess p;
    p.setProcessEnvironment(env);
    if (!workingDirectory.isEmpty())
        p.setWorkingDirectory(workingDirectory);
    p.start(cliPath(), args);
    if (!p.waitForFinished(120000))
        return {};
    // A crash (an uncaught exception aborts) is not a normal exit: -1.
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QByteArray sha256Of(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

} // namespace concord::test
