// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// `concord --screenshot FILE [--view NAME] [STUDY]`, run as a user runs it (through QProcess).
#include "small_study.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <utility>

using concord::test::SmallStudy;

class TestScreenshot : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void rendersAStudy();
    void rendersTheDemoStudyWhenGivenNone();
    void unknownViewFailsWithTheKnownNames();
    void missingStudyFails();
    void colourSchemeOptionRendersDark();
    void storedColourSchemeIsUsed();
    void unknownColourSchemeFails();

private:
    struct Run {
        int exitCode = -1;
        QByteArray standardError;
    };
    Run run(const QStringList &arguments);
    // Concord's own lines on stderr (the platform plugin may add warnings of its own).
    static QStringList concordLines(const QByteArray &standardError);
    static void verifyScreenshot(const QString &png);
    // The share of sampled pixels darker than mid grey.
    static double darkShare(const QString &png);

    QTemporaryDir m_dir;
    QString m_concord;
    QString m_study;
};

void TestScreenshot::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_concord = qEnvironmentVariable("CONCORD_GUI");
    QVERIFY2(QFileInfo(m_concord).isExecutable(), "CONCORD_GUI names the built concord executable");
    m_study = m_dir.filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(m_study), QString());
}

TestScreenshot::Run TestScreenshot::run(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // The demo study and the settings go into the test's own folder, not the user's.
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    process.setProcessEnvironment(env);
    process.start(m_concord, arguments);
    Run result;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.standardError = process.readAllStandardError();
    return result;
}

QStringList TestScreenshot::concordLines(const QByteArray &standardError)
{
    QStringList lines;
    const QStringList all = QString::fromUtf8(standardError).split(QLatin1Char('\n'));
    for (const QString &line : all) {
        if (line.startsWith(QStringLiteral("concord: ")))
            lines << line;
    }
    return lines;
}

void TestScreenshot::verifyScreenshot(const QString &png)
{
    QImage image;
    QVERIFY2(image.load(png, "PNG"), qPrintable(png));
    QCOMPARE(image.size(), QSize(1280, 800));
    // Not a blank canvas: a window with text has many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    }
    QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
}

void TestScreenshot::rendersAStudy()
{
    const QString png = m_dir.filePath(QStringLiteral("study.png"));
    const Run result
        = run({QStringLiteral("--screenshot"), png, QStringLiteral("--view"), QStringLiteral("annotate"), m_study});
    QVERIFY2(result.exitCode == 0, result.standardError.constData());
    verifyScreenshot(png);
}

void TestScreenshot::rendersTheDemoStudyWhenGivenNone()
{
    const QString png = m_dir.filePath(QStringLiteral("demo.png"));
    const Run result = run({QStringLiteral("--screenshot"), png});
    QVERIFY2(result.exitCode == 0, result.standardError.constData());
    verifyScreenshot(png);
    // The demo study was made in AppDataLocation.
    QVERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral("data/Concord/Concord/demo.concord"))));
}

void TestScreenshot::unknownViewFailsWithTheKnownNames()
{
    const QString png = m_dir.filePath(QStringLiteral("never.png"));
    const Run result
        = run({QStringLiteral("--screenshot"), png, QStringLiteral("--view"), QStringLiteral("nonsense"), m_study});
    QVERIFY(result.exitCode != 0);
    const QStringList lines = concordLines(result.standardError);
    QCOMPARE(lines.size(), 1);
    const QString message = lines.constFirst();
    QVERIFY2(message.contains(QStringLiteral("nonsense")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("annotate")), qPrintable(message));
    QVERIFY(!QFileInfo::exists(png));
}

void TestScreenshot::missingStudyFails()
{
    const QString png = m_dir.filePath(QStringLiteral("missing.png"));
    const Run result = run({QStringLiteral("--screenshot"), png, m_dir.filePath(QStringLiteral("absent.concord"))});
    QVERIFY(result.exitCode != 0);
    const QStringList lines = concordLines(result.standardError);
    QCOMPARE(lines.size(), 1);
    const QString message = lines.constFirst();
    QVERIFY2(message.contains(QStringLiteral("absent.concord")), qPrintable(message));
    QVERIFY(!QFileInfo::exists(png));
}

double TestScreenshot::darkShare(const QString &png)
{
    QImage image;
    if (!image.load(png, "PNG"))
        return -1;
    int dark = 0;
    int all = 0;
    for (int y = 0; y < image.height(); y += 9) {
        for (int x = 0; x < image.width(); x += 9, ++all)
            dark += qGray(image.pixel(x, y)) < 128 ? 1 : 0;
    }
    return all ? static_cast<double>(dark) / all : -1;
}

void TestScreenshot::colourSchemeOptionRendersDark()
{
    const QString dark = m_dir.filePath(QStringLiteral("dark.png"));
    const QString light = m_dir.filePath(QStringLiteral("light.png"));
    for (const auto &[png, scheme] :
         {std::pair{dark, QStringLiteral("dark")}, std::pair{light, QStringLiteral("light")}}) {
        const Run result = run({QStringLiteral("--screenshot"), png, QStringLiteral("--colour-scheme"), scheme,
                                QStringLiteral("--view"), QStringLiteral("agreement"), m_study});
        QVERIFY2(result.exitCode == 0, result.standardError.constData());
        verifyScreenshot(png);
    }
    QVERIFY2(darkShare(dark) > 0.6, qPrintable(QString::number(darkShare(dark))));
    QVERIFY2(darkShare(light) < 0.4, qPrintable(QString::number(darkShare(light))));
}

void TestScreenshot::storedColourSchemeIsUsed()
{
    // View > Colour Scheme stored Dark: a screenshot without the option is dark too.
    const QString config = m_dir.filePath(QStringLiteral("config/Concord/Concord.conf"));
    QVERIFY(QDir().mkpath(QFileInfo(config).path()));
    {
        QFile file(config);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
        file.write("[ui]\ncolourScheme=dark\n");
    }
    const QString png = m_dir.filePath(QStringLiteral("stored-dark.png"));
    const Run result
        = run({QStringLiteral("--screenshot"), png, QStringLiteral("--view"), QStringLiteral("agreement"), m_study});
    QFile::remove(config);
    QVERIFY2(result.exitCode == 0, result.standardError.constData());
    QVERIFY2(darkShare(png) > 0.6, qPrintable(QString::number(darkShare(png))));
}

void TestScreenshot::unknownColourSchemeFails()
{
    const QString png = m_dir.filePath(QStringLiteral("never-scheme.png"));
    const Run result = run(
        {QStringLiteral("--screenshot"), png, QStringLiteral("--colour-scheme"), QStringLiteral("purple"), m_study});
    QCOMPARE(result.exitCode, 1);
    const QStringList lines = concordLines(result.standardError);
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.constFirst().contains(QStringLiteral("purple")), qPrintable(lines.constFirst()));
    QVERIFY2(lines.constFirst().contains(QStringLiteral("dark")), qPrintable(lines.constFirst()));
    QVERIFY(!QFileInfo::exists(png));
}

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
