// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The README's examples run as printed, in order, in one folder: what a new user types first must work.
// Every ```sh block is read from README.md; commands run with the built concord-cli and concord first on
// PATH; a "# text" line right after a command is text its output must contain. Left out, and said so: the
// set-up script itself, commands that need an LLM server (--base-url, unless only --estimate), opening the
// GUI's window, and exporting a key.
#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Example {
    QString command;
    QString expectedOutput; // empty: any
    int line = 0;
};

struct Examples {
    QList<Example> run;
    QStringList leftOut;
};

bool needsWhatATestHasNot(const QString &command)
{
    if (command.startsWith(QLatin1String("packaging/")) || command.startsWith(QLatin1String("export ")))
        return true;
    if (command.contains(QLatin1String("--base-url")) && !command.contains(QLatin1String("--estimate")))
        return true;
    // The window itself; --screenshot renders without one.
    return command.startsWith(QLatin1String("concord ")) && !command.contains(QLatin1String("--screenshot"));
}

Examples readExamples(const QString &readme)
{
    QFile file(readme);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    Examples examples;
    bool inBlock = false;
    Example current;
    auto finish = [&] {
        if (current.command.isEmpty())
            return;
        if (needsWhatATestHasNot(current.command))
            examples.leftOut << current.command;
        else
            examples.run << current;
        current = {};
    };
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i);
        if (line.startsWith(QLatin1String("```"))) {
            finish();
            inBlock = !inBlock && line.trimmed() == QLatin1String("```sh");
            continue;
        }
        if (!inBlock || line.trimmed().isEmpty())
            continue;
        if (line.startsWith(QLatin1String("# "))) {
            if (!current.command.isEmpty())
                current.expectedOutput = line.mid(2).trimmed();
            finish();
            continue;
        }
        finish();
        current.line = i + 1;
        current.command = line;
        // Continuation lines and for-loops make one command.
        while (
            (current.command.endsWith(QLatin1Char('\\'))
             || (current.command.startsWith(QLatin1String("for ")) && !current.command.endsWith(QLatin1String("done"))))
            && i + 1 < lines.size()) {
            if (current.command.endsWith(QLatin1Char('\\')))
                current.command.chop(1);
            else
                current.command += QLatin1Char('\n');
            current.command += lines.at(++i).trimmed();
        }
    }
    finish();
    return examples;
}

} // namespace

class TestReadmeExamples : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runAsPrinted();
    void standsAlone();
};

void TestReadmeExamples::runAsPrinted()
{
    const QString summeval = concord::test::sharedDir() + QStringLiteral("/data/summeval");
    if (!QFileInfo(summeval).isDir())
        QSKIP("../shared/data/summeval is absent: the README's SummEval examples need it");
    const QString cli = qEnvironmentVariable("CONCORD_CLI");
    const QString gui = qEnvironmentVariable("CONCORD_GUI");
    QVERIFY2(QFileInfo(cli).isExecutable() && QFileInfo(gui).isExecutable(), "CTest names the built programs");
    const QString source = concord::test::sourceDir();

    const Examples examples = readExamples(source + QStringLiteral("/README.md"));
    QVERIFY2(examples.run.size() >= 20, qPrintable(QStringLiteral("only %1 examples found").arg(examples.run.size())));
    for (const QString &command : examples.leftOut)
        qInfo("left out (needs an LLM server, a window or the set-up itself): %s", qPrintable(command.left(100)));

    // A user's folder: the README refers to docs/demo-judge.jsonl as it is in the project.
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("docs")));
    QVERIFY(QFile::copy(source + QStringLiteral("/docs/demo-judge.jsonl"),
                        folder.filePath(QStringLiteral("docs/demo-judge.jsonl"))));

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), QFileInfo(cli).absolutePath() + QLatin1Char(':') + QFileInfo(gui).absolutePath()
                                           + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), folder.filePath(QStringLiteral(".data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), folder.filePath(QStringLiteral(".config")));

    for (const Example &example : examples.run) {
        QString command = example.command;
        command.replace(QStringLiteral("path/to/summeval"), summeval);
        QProcess process;
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(folder.path());
        process.start(QStringLiteral("bash"), {QStringLiteral("-c"), QStringLiteral("set -eo pipefail\n") + command});
        QVERIFY(process.waitForFinished(300000));
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        const QString err = QString::fromUtf8(process.readAllStandardError());
        const QString where = QStringLiteral("README.md:%1: %2\n%3").arg(example.line).arg(example.command, err);
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0, qPrintable(where));
        if (!example.expectedOutput.isEmpty())
            QVERIFY2(
                out.contains(example.expectedOutput),
                qPrintable(QStringLiteral("%1\nexpected output: %2\ngot: %3").arg(where, example.expectedOutput, out)));
    }
    // What the examples made is there.
    for (const char *file : {"demo.concord", "study.concord", "sheet.concord", "all.csv", "calls.jsonl",
                             "annotator_c.concord", "docs/agreement.png"})
        QVERIFY2(QFileInfo::exists(folder.filePath(QLatin1String(file))), file);
}

// A user's clone has no ../shared: the README and the design document send nobody there, and the README
// links the project's own design document.
void TestReadmeExamples::standsAlone()
{
    const QString source = concord::test::sourceDir();
    for (const char *name : {"README.md", "docs/architecture.md"}) {
        QFile file(source + QLatin1Char('/') + QLatin1String(name));
        QVERIFY2(file.open(QIODevice::ReadOnly | QIODevice::Text), name);
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY2(!text.contains(QLatin1String("../shared")) && !text.contains(QLatin1String("shared/DESIGN")), name);
    }
    QFile readme(source + QStringLiteral("/README.md"));
    QVERIFY(readme.open(QIODevice::ReadOnly | QIODevice::Text));
    QVERIFY(QString::fromUtf8(readme.readAll()).contains(QLatin1String("(docs/architecture.md)")));
}

QTEST_GUILESS_MAIN(TestReadmeExamples)
#include "tst_readme_examples.moc"
