// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Installation and packages: `cmake --install` lays out the binaries, desktop entry, AppStream
// metadata, MIME type and icons; the desktop entry and metainfo validate; CPack builds a .deb whose
// control data names its Debian dependencies, and a tarball with the same files.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString env(const char *name)
{
    return QString::fromLocal8Bit(qgetenv(name));
}

struct Run {
    int exitCode = -1;
    QString out;
};

Run run(const QString &program, const QStringList &args, int timeoutMs = 600000)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

const QString kId = QStringLiteral("org.concordeval.Concord");

} // namespace

class TestPackaging : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void installLayout();
    void installedMetadataValidates();
    void debianPackage();
    void tarball();

private:
    QTemporaryDir m_prefix;
    QTemporaryDir m_packages;
};

void TestPackaging::initTestCase()
{
    QVERIFY2(!env("CONCORD_BUILD_DIR").isEmpty() && !env("CONCORD_CMAKE").isEmpty(),
             "CTest passes the build dir and cmake");
    const Run install = run(env("CONCORD_CMAKE"), {QStringLiteral("--install"), env("CONCORD_BUILD_DIR"),
                                                   QStringLiteral("--prefix"), m_prefix.path()});
    QVERIFY2(install.exitCode == 0, qPrintable(install.out));
}

void TestPackaging::installLayout()
{
    const QDir p(m_prefix.path());
    for (const QString &file : {QStringLiteral("bin/concord"), QStringLiteral("bin/concord-cli"),
                                QStringLiteral("share/applications/%1.desktop").arg(kId),
                                QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kId),
                                QStringLiteral("share/mime/packages/%1.xml").arg(kId),
                                QStringLiteral("share/icons/hicolor/scalable/apps/%1.svg").arg(kId),
                                QStringLiteral("share/icons/hicolor/48x48/apps/%1.png").arg(kId),
                                QStringLiteral("share/icons/hicolor/256x256/apps/%1.png").arg(kId)})
        QVERIFY2(QFileInfo::exists(p.filePath(file)), qPrintable(file));
    QVERIFY(QFileInfo(p.filePath(QStringLiteral("bin/concord-cli"))).isExecutable());
    // The licence: the full text, and the copyright file that names it.
    QFile licence(p.filePath(QStringLiteral("share/licenses/concord/LICENSE")));
    QVERIFY(licence.open(QIODevice::ReadOnly));
    QVERIFY(licence.readAll().contains("GNU GENERAL PUBLIC LICENSE"));
    QFile copyrightFile(p.filePath(QStringLiteral("share/doc/concord/copyright")));
    QVERIFY(copyrightFile.open(QIODevice::ReadOnly));
    const QByteArray copyrightText = copyrightFile.readAll();
    QVERIFY(copyrightText.contains("License: GPL-3.0-or-later"));
    QVERIFY(copyrightText.startsWith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"));
    // The installed CLI runs.
    const Run version = run(p.filePath(QStringLiteral("bin/concord-cli")), {QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith(QStringLiteral("concord-cli ")));
    // A double-clicked study opens in Concord: the MIME type and the desktop entry agree.
    QFile desktop(p.filePath(QStringLiteral("share/applications/%1.desktop").arg(kId)));
    QVERIFY(desktop.open(QIODevice::ReadOnly));
    const QByteArray entry = desktop.readAll();
    QVERIFY(entry.contains("MimeType=application/x-concord-study;"));
    QVERIFY(entry.contains("Exec=concord %f"));
    QFile mime(p.filePath(QStringLiteral("share/mime/packages/%1.xml").arg(kId)));
    QVERIFY(mime.open(QIODevice::ReadOnly));
    const QByteArray types = mime.readAll();
    QVERIFY(types.contains("type=\"application/x-concord-study\""));
    QVERIFY(types.contains("pattern=\"*.concord\""));
}

void TestPackaging::installedMetadataValidates()
{
    const QDir p(m_prefix.path());
    // concord-dev installs both validators, so on a prepared machine neither is missing.
    const QString desktopValidate = QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
    const QString appstream = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
    if (desktopValidate.isEmpty() || appstream.isEmpty())
        QSKIP("desktop-file-validate or appstreamcli is not installed (packaging/concord-dev test installs them)");
    const Run d = run(desktopValidate, {p.filePath(QStringLiteral("share/applications/%1.desktop").arg(kId))});
    QVERIFY2(d.exitCode == 0, qPrintable(d.out));
    const Run a = run(appstream, {QStringLiteral("validate"), QStringLiteral("--no-net"),
                                  p.filePath(QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kId))});
    QVERIFY2(a.exitCode == 0, qPrintable(a.out));
}

void TestPackaging::debianPackage()
{
    const Run pack = run(env("CONCORD_CPACK"),
                         {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), m_packages.path(),
                          QStringLiteral("--config"), env("CONCORD_BUILD_DIR") + QStringLiteral("/CPackConfig.cmake")});
    QVERIFY2(pack.exitCode == 0, qPrintable(pack.out));
    const QStringList debs = QDir(m_packages.path()).entryList({QStringLiteral("*.deb")}, QDir::Files);
    QCOMPARE(debs.size(), 1);
    const QString deb = m_packages.filePath(debs.first());
    const Run info = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--info"), deb});
    QVERIFY2(info.exitCode == 0, qPrintable(info.out));
    QVERIFY2(info.out.contains(QStringLiteral("Package: concord")), qPrintable(info.out));
    QVERIFY(info.out.contains(QStringLiteral("Version: 0.1.0")));
    QVERIFY(info.out.contains(QStringLiteral("Section: science")));
    // dpkg-shlibdeps found the libraries the binaries link.
    const QString depends = info.out.section(QStringLiteral("Depends:"), 1).section(QLatin1Char('\n'), 0, 0);
    for (const char *library : {"libqt6widgets6", "libqt6charts6", "libsqlite3-0", "libcurl4", "libc6"})
        QVERIFY2(depends.contains(QLatin1String(library)), qPrintable(QStringLiteral("Depends: ") + depends));
    QVERIFY2(info.out.contains(QStringLiteral("Recommends: fonts-noto-cjk")), qPrintable(info.out));
    const Run contents = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--contents"), deb});
    QVERIFY(contents.exitCode == 0);
    for (const QString &file : {QStringLiteral("./usr/bin/concord"), QStringLiteral("./usr/bin/concord-cli"),
                                QStringLiteral("./usr/share/applications/%1.desktop").arg(kId),
                                QStringLiteral("./usr/share/metainfo/%1.metainfo.xml").arg(kId),
                                QStringLiteral("./usr/share/doc/concord/copyright")})
        QVERIFY2(contents.out.contains(file), qPrintable(file));
    // The licence travels with the package, in Debian's machine-readable copyright format.
    const Run copyright = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--fsys-tarfile"), deb});
    QCOMPARE(copyright.exitCode, 0);
    QVERIFY(copyright.out.contains(QStringLiteral("License: GPL-3.0-or-later")));
}

void TestPackaging::tarball()
{
    const Run pack = run(env("CONCORD_CPACK"),
                         {QStringLiteral("-G"), QStringLiteral("TGZ"), QStringLiteral("-B"), m_packages.path(),
                          QStringLiteral("--config"), env("CONCORD_BUILD_DIR") + QStringLiteral("/CPackConfig.cmake")});
    QVERIFY2(pack.exitCode == 0, qPrintable(pack.out));
    const QStringList tars = QDir(m_packages.path()).entryList({QStringLiteral("*.tar.gz")}, QDir::Files);
    QCOMPARE(tars.size(), 1);
    const Run list = run(QStringLiteral("tar"), {QStringLiteral("-tzf"), m_packages.filePath(tars.first())});
    QCOMPARE(list.exitCode, 0);
    QVERIFY(list.out.contains(QStringLiteral("/bin/concord-cli")));
    QVERIFY(list.out.contains(QStringLiteral("/share/metainfo/%1.metainfo.xml").arg(kId)));
}

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
