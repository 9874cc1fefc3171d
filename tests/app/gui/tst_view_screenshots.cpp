// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// `concord --screenshot FILE --view NAME STUDY` for every view the window registers (annotate, judges,
// and any view added later): each renders a full, non-blank window, and each view's picture differs
// from the others'. The names are the ones concord itself lists for an unknown view.
#include "judge_study.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using concord::test::JudgeStudy;

class TestViewScreenshots : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyViewRenders();

private:
    struct Run {
        int exitCode = -1;
        QByteArray standardError;
    };
    Run run(const QStringList &arguments);

    QTemporaryDir m_dir;
    QString m_concord;
    QString m_study;
};

void TestViewScreenshots::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_concord = qEnvironmentVariable("CONCORD_GUI");
    QVERIFY2(QFileInfo(m_concord).isExecutable(), "CONCORD_GUI names the built concord executable");
    m_study = m_dir.filePath(QStringLiteral("views.concord"));
    QCOMPARE(JudgeStudy::create(m_study), QString());
}

TestViewScreenshots::Run TestViewScreenshots::run(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
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

void TestViewScreenshots::everyViewRenders()
{
    const Run listing = run({QStringLiteral("--screenshot"), m_dir.filePath(QStringLiteral("never.png")),
                             QStringLiteral("--view"), QStringLiteral("?"), m_study});
    QVERIFY(listing.exitCode != 0);
    const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("known views: ([a-z, -]+)"))
                                              .match(QString::fromUtf8(listing.standardError));
    QVERIFY2(match.hasMatch(), listing.standardError.constData());
    const QStringList views = match.captured(1).trimmed().split(QStringLiteral(", "));
    QVERIFY2(views.contains(QStringLiteral("annotate")) && views.contains(QStringLiteral("judges")),
             qPrintable(views.join(QLatin1Char(' '))));

    QSet<QByteArray> pictures;
    for (const QString &view : views) {
        const QString png = m_dir.filePath(view + QStringLiteral(".png"));
        const Run result = run({QStringLiteral("--screenshot"), png, QStringLiteral("--view"), view, m_study});
        QVERIFY2(result.exitCode == 0,
                 qPrintable(view + QStringLiteral(": ") + QString::fromUtf8(result.standardError)));
        QImage image;
        QVERIFY2(image.load(png, "PNG"), qPrintable(png));
        QCOMPARE(image.size(), QSize(1280, 800));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 8, qPrintable(view));
        const QByteArray hash = QCryptographicHash::hash(QByteArrayView(image.constBits(), image.sizeInBytes()),
                                                         QCryptographicHash::Sha256);
        QVERIFY2(!pictures.contains(hash), qPrintable(view + QStringLiteral(" looks exactly like another view")));
        pictures.insert(hash);
    }
}

QTEST_GUILESS_MAIN(TestViewScreenshots)
#include "tst_view_screenshots.moc"
