// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// No output file may be written over a study: the study by any name, and the files SQLite keeps
// beside it, whether they exist yet or not.
#include "store/study.h"
#include "store/study_files.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace concord;
using namespace concord::store;
namespace fs = std::filesystem;

class TestStudyFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void writeTarget_data();
    void writeTarget();
    void studyThroughASymlink();
    void newStudyBesideAnother_data();
    void newStudyBesideAnother();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    fs::path m_root;
};

void TestStudyFiles::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_root = fs::path(m_dir->path().toStdString());
    fs::create_directories(m_root / "sub");
    auto study = Study::create((m_root / "s.concord").string());
    QVERIFY2(study, study ? "" : study.error().describe().c_str());
    fs::create_hard_link(m_root / "s.concord", m_root / "hard.csv");
    fs::create_symlink(m_root / "s.concord", m_root / "link.csv");
    fs::create_symlink("s.concord-wal", m_root / "wal-link.csv"); // dangling: the log does not exist now
    fs::create_symlink(m_root, m_root / "sub" / "up");
    fs::create_symlink("../s.concord", m_root / "sub" / "relative-link.csv");
}

void TestStudyFiles::writeTarget_data()
{
    QTest::addColumn<QString>("target"); // relative to the temporary folder
    QTest::addColumn<bool>("refused");
    QTest::newRow("the study") << "s.concord" << true;
    QTest::newRow("./ and ..") << "sub/../././s.concord" << true;
    QTest::newRow("hard link") << "hard.csv" << true;
    QTest::newRow("symlink to it") << "link.csv" << true;
    QTest::newRow("relative symlink to it") << "sub/relative-link.csv" << true;
    QTest::newRow("through a symlinked folder") << "sub/up/s.concord" << true;
    QTest::newRow("-wal") << "s.concord-wal" << true;
    QTest::newRow("-shm") << "s.concord-shm" << true;
    QTest::newRow("-journal") << "s.concord-journal" << true;
    QTest::newRow("-shm through a symlinked folder") << "sub/up/s.concord-shm" << true;
    QTest::newRow("symlink to the -wal that does not exist") << "wal-link.csv" << true;
    QTest::newRow("another file") << "out.csv" << false;
    QTest::newRow("a name starting like the study") << "s.concord.csv" << false;
    QTest::newRow("a -wal of another name") << "t.concord-wal" << false;
    QTest::newRow("in the sub folder") << "sub/s.concord" << false;
}

void TestStudyFiles::writeTarget()
{
    QFETCH(QString, target);
    QFETCH(bool, refused);
    const auto &study = m_root / "s.concord";
    for (const bool relative : {false, true}) {
        // Relative names as the user typed them, from the study's folder.
        const std::string name = relative ? target.toStdString() : (m_root / target.toStdString()).string();
        const std::string studyName = relative ? std::string("s.concord") : study.string();
        const auto cwd = fs::current_path();
        fs::current_path(m_root);
        const Status status = StudyFiles::checkWriteTarget(name, studyName);
        fs::current_path(cwd);
        QCOMPARE(!status.ok(), refused);
        if (refused)
            QVERIFY2(status.error().message.starts_with("refusing to write " + name), status.error().message.c_str());
    }
}

void TestStudyFiles::studyThroughASymlink()
{
    // The study opened by a symlink's name: its real file and the real file's sidecars are refused.
    const std::string viaLink = (m_root / "link.csv").string();
    QVERIFY(!StudyFiles::checkWriteTarget((m_root / "s.concord").string(), viaLink));
    QVERIFY(!StudyFiles::checkWriteTarget((m_root / "s.concord-wal").string(), viaLink));
    QVERIFY(!StudyFiles::checkWriteTarget((m_root / "link.csv-wal").string(), viaLink));
    QVERIFY(StudyFiles::checkWriteTarget((m_root / "out.csv").string(), viaLink));
}

void TestStudyFiles::newStudyBesideAnother_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("refused");
    QTest::newRow("-wal of the study") << "s.concord-wal" << true;
    QTest::newRow("-shm of the study") << "s.concord-shm" << true;
    QTest::newRow("-journal of the study") << "s.concord-journal" << true;
    QTest::newRow("-wal of nothing") << "t.concord-wal" << false;
    QTest::newRow("an ordinary name") << "t.concord" << false;
}

void TestStudyFiles::newStudyBesideAnother()
{
    QFETCH(QString, name);
    QFETCH(bool, refused);
    const std::string path = (m_root / name.toStdString()).string();
    QCOMPARE(!StudyFiles::checkNewStudyPath(path).ok(), refused);
    auto created = Study::create(path);
    QCOMPARE(!created.ok(), refused);
    if (refused)
        QVERIFY(!fs::exists(path));
}

QTEST_GUILESS_MAIN(TestStudyFiles)
#include "tst_study_files.moc"
