// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A study open in this process keeps SQLite's locks whatever else the process does with its files: POSIX
// record locks belong to the process, and closing any descriptor of the file drops them all, after which
// another program takes itself for the last connection and deletes the log under our feet (the first entry
// of SQLite's "How To Corrupt An SQLite Database File"). The rest of that page, as it applies here: hard
// links, renames, network file systems, PRAGMAs set by another program, and fork.
#include "sqlite_lock_probe.h"
#include "study_fingerprint.h"

#include "io/byte_source.h"
#include "io/study_bundle.h"
#include "judge/answer_spill.h"
#include "store/open_databases.h"
#include "store/sqlite_header.h"
#include "store/study.h"
#include "store/study_files.h"

#include <sqlite3.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <functional>
#include <memory>

#include <sys/wait.h>
#include <unistd.h>

using namespace concord;

namespace {

using StudyPtr = std::unique_ptr<store::Study>;

StudyPtr openStudy(const QString &path, bool readOnly = false)
{
    auto opened = store::Study::open(path.toStdString(), store::OpenOptions{.readOnly = readOnly});
    if (!opened)
        qWarning("%s", opened.error().describe().c_str());
    return opened ? std::move(opened).value() : nullptr;
}

// A write of its own, one transaction: a document named name.
Status addDocument(store::Study &study, const std::string &name)
{
    return study.write([&] {
        model::Document d;
        d.externalId = name;
        d.source = "text of " + name;
        study.addDocument(d);
    });
}

long long documents(const QString &path)
{
    return test::countRows(path, QStringLiteral("SELECT count(*) FROM documents"));
}

// What a thread of this process may do with a study's files while a connection holds it.
using Action = std::function<void(const QString &study)>;

} // namespace

Q_DECLARE_METATYPE(Action)

class TestStudyLocks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void lockVisibleWhileOpen();
    void plainReadDropsTheLock();
    void sameProcessKeepsTheLock_data();
    void sameProcessKeepsTheLock();
    void headerMessages_data();
    void headerMessages();
    void hardLinkedStudyIsReadOnly();
    void renamedStudyRefusesWrites();
    void networkFileSystems_data();
    void networkFileSystems();
    void localFolderIsWritable();
    void writeTargetRefusesDatabasesInUse();
    void journalModeSetByAnotherProgram();
    void exclusiveLockOfAnotherProgram();
    void childProcessesInheritNoStudy();

private:
    QString newStudy(const QString &name = QStringLiteral("s.concord"));
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestStudyLocks::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestStudyLocks::newStudy(const QString &name)
{
    const QString path = m_dir->filePath(name);
    auto created = store::Study::create(path.toStdString());
    if (!created)
        qWarning("%s", created.error().describe().c_str());
    return created ? path : QString();
}

void TestStudyLocks::lockVisibleWhileOpen()
{
    const QString path = newStudy();
    QVERIFY(!path.isEmpty());
    QVERIFY(!test::sqliteReadLockVisible(path));
    {
        StudyPtr study = openStudy(path);
        QVERIFY(study);
        QVERIFY(addDocument(*study, "d1"));
        QVERIFY(test::sqliteReadLockVisible(path));
    }
    QVERIFY(!test::sqliteReadLockVisible(path));
}

// The mechanism itself, so that the probe is known to see it: a plain open and close of the file.
void TestStudyLocks::plainReadDropsTheLock()
{
    const QString path = newStudy();
    StudyPtr study = openStudy(path);
    QVERIFY(study);
    QVERIFY(addDocument(*study, "d1"));
    QVERIFY(test::sqliteReadLockVisible(path));
    {
        std::ifstream in(path.toStdString(), std::ios::binary);
        QVERIFY(in.good());
    }
    QVERIFY(!test::sqliteReadLockVisible(path));
}

void TestStudyLocks::sameProcessKeepsTheLock_data()
{
    QTest::addColumn<Action>("action");
    QTest::newRow("opened again for writing") << Action([](const QString &s) { QVERIFY(openStudy(s)); });
    QTest::newRow("opened again read-only") << Action([](const QString &s) { QVERIFY(openStudy(s, true)); });
    QTest::newRow("header checked") << Action(
        [](const QString &s) { QVERIFY(store::SqliteHeader::check(s.toStdString())); });
    QTest::newRow("imported as a table") << Action([](const QString &s) {
        try {
            (void)io::ByteSource::fromFile(s.toStdString());
            QFAIL("the study was opened as input");
        } catch (const Failure &f) {
            QVERIFY2(QString::fromStdString(f.error().describe()).contains(QStringLiteral("open in Concord")),
                     f.error().describe().c_str());
        }
    });
    QTest::newRow("its log imported as a table") << Action([](const QString &s) {
        const QString log = s + QStringLiteral("-wal");
        QVERIFY(QFile::exists(log));
        QVERIFY_THROWS_EXCEPTION(Failure, (void)io::ByteSource::fromFile(log.toStdString()));
    });
    QTest::newRow("imported as a bundle") << Action([](const QString &s) {
        auto other = store::Study::createInMemory();
        QVERIFY(other);
        const auto report = io::StudyBundle::importFile(*other.value(), s.toStdString());
        QVERIFY(!report);
        QVERIFY2(QString::fromStdString(report.error().describe()).contains(QStringLiteral("open in Concord")),
                 report.error().describe().c_str());
    });
    QTest::newRow("named as a judge's pending answers") << Action([](const QString &s) {
        // A study "X.pending" is where a judge run on the study "X" would keep its paid answers.
        QVERIFY(s.endsWith(QStringLiteral(".pending")));
        judge::AnswerSpill spill(s.chopped(8).toStdString());
        QVERIFY_THROWS_EXCEPTION(Failure, spill.load());
        QVERIFY_THROWS_EXCEPTION(Failure, spill.append({judge::SpilledAnswer{}}));
    });
}

void TestStudyLocks::sameProcessKeepsTheLock()
{
    QFETCH(Action, action);
    const QString path = newStudy(QStringLiteral("s.pending"));
    const QByteArray before = test::studyFingerprint(path);
    StudyPtr study = openStudy(path);
    QVERIFY(study);
    QVERIFY(addDocument(*study, "d1"));
    QVERIFY(test::sqliteReadLockVisible(path));
    action(path);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(test::sqliteReadLockVisible(path));
    QVERIFY(addDocument(*study, "d2"));
    study.reset();
    QCOMPARE(documents(path), 2);
    QCOMPARE(test::integrityCheck(path), QStringLiteral("ok"));
    QVERIFY(test::studyFingerprint(path) != before);
}

void TestStudyLocks::headerMessages_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("is empty");
    QTest::newRow("text") << QByteArray("doc_id,system,summary\n1,a,b\n")
                          << QStringLiteral("is not an SQLite database");
    QTest::newRow("short") << QByteArray("SQLite") << QStringLiteral("is not an SQLite database");
    QTest::newRow("header cut") << QByteArray("SQLite format 3") << QStringLiteral("is not an SQLite database");
    QTest::newRow("header") << QByteArray("SQLite format 3", 16) + QByteArray(84, '\0') << QString();
}

void TestStudyLocks::headerMessages()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const QString path = m_dir->filePath(QStringLiteral("file.concord"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
    file.close();
    const Status header = store::SqliteHeader::check(path.toStdString());
    if (message.isEmpty()) {
        QVERIFY(header);
        return;
    }
    QVERIFY(!header);
    const QString said = QString::fromStdString(header.error().describe());
    QVERIFY2(said.contains(message) && said.contains(path), qPrintable(said));
    // Study::open says the same and leaves the file as it was.
    auto opened = store::Study::open(path.toStdString());
    QVERIFY(!opened);
    QVERIFY2(QString::fromStdString(opened.error().describe()).contains(message), opened.error().describe().c_str());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), bytes);
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
}

// SQLite keeps the log beside the name it was given: a writer under a second name would not see the first's.
void TestStudyLocks::hardLinkedStudyIsReadOnly()
{
    const QString path = newStudy();
    {
        StudyPtr study = openStudy(path);
        QVERIFY(study);
        QVERIFY(addDocument(*study, "d1"));
    }
    const QString link = m_dir->filePath(QStringLiteral("link.concord"));
    QCOMPARE(::link(QFile::encodeName(path).constData(), QFile::encodeName(link).constData()), 0);
    const QByteArray before = test::studyFingerprint(path);
    for (const QString &name : {path, link}) {
        auto opened = store::Study::open(name.toStdString());
        QVERIFY(!opened);
        QVERIFY2(QString::fromStdString(opened.error().describe()).contains(QStringLiteral("hard links")),
                 opened.error().describe().c_str());
        StudyPtr reading = openStudy(name, true);
        QVERIFY(reading);
        QCOMPARE(reading->documentSummaries().size(), std::size_t{1});
    }
    QCOMPARE(test::studyFingerprint(path), before);
    // One name again: writable again.
    QVERIFY(QFile::remove(link));
    QVERIFY(openStudy(path));
}

void TestStudyLocks::renamedStudyRefusesWrites()
{
    const QString path = newStudy();
    StudyPtr study = openStudy(path);
    QVERIFY(study);
    QVERIFY(addDocument(*study, "before"));
    const QString moved = m_dir->filePath(QStringLiteral("moved.concord"));
    QVERIFY(QFile::rename(path, moved));
    const Status refused = addDocument(*study, "after");
    QVERIFY(!refused);
    QVERIFY2(QString::fromStdString(refused.error().describe()).contains(QStringLiteral("renamed, moved or deleted")),
             refused.error().describe().c_str());
    // Reading goes on; the refused write put the log back into the file under its new name (SQLite, closing,
    // would have left it under the old one).
    QCOMPARE(study->documentSummaries().size(), std::size_t{1});
    study.reset();
    QCOMPARE(documents(moved), 1);
    QCOMPARE(test::integrityCheck(moved), QStringLiteral("ok"));
    StudyPtr reopened = openStudy(moved);
    QVERIFY(reopened);
    QVERIFY(addDocument(*reopened, "after"));
    reopened.reset();
    QCOMPARE(documents(moved), 2);
}

void TestStudyLocks::networkFileSystems_data()
{
    QTest::addColumn<long>("type");
    QTest::addColumn<QString>("name");
    QTest::newRow("nfs") << 0x6969L << QStringLiteral("NFS");
    QTest::newRow("smb") << 0x517BL << QStringLiteral("SMB");
    QTest::newRow("cifs") << static_cast<long>(0xFF534D42) << QStringLiteral("CIFS");
    QTest::newRow("smb2") << static_cast<long>(0xFE534D42) << QStringLiteral("SMB2");
    QTest::newRow("9p") << 0x01021997L << QStringLiteral("9P");
    QTest::newRow("ceph") << 0x00C36400L << QStringLiteral("Ceph");
    QTest::newRow("afs") << 0x5346414FL << QStringLiteral("AFS");
    QTest::newRow("ext4") << 0xEF53L << QString();
    QTest::newRow("tmpfs") << 0x01021994L << QString();
    QTest::newRow("btrfs") << 0x9123683EL << QString();
    QTest::newRow("xfs") << 0x58465342L << QString();
    QTest::newRow("overlay") << 0x794C7630L << QString();
}

void TestStudyLocks::networkFileSystems()
{
    QFETCH(long, type);
    QFETCH(QString, name);
    QCOMPARE(QString::fromUtf8(store::StudyFiles::networkFileSystem(type).data(),
                               static_cast<qsizetype>(store::StudyFiles::networkFileSystem(type).size())),
             name);
}

void TestStudyLocks::localFolderIsWritable()
{
    const QString path = newStudy();
    QVERIFY(store::StudyFiles::checkWritable(path.toStdString()));
    QVERIFY(store::StudyFiles::checkWritable(m_dir->filePath(QStringLiteral("not-yet.concord")).toStdString()));
}

void TestStudyLocks::writeTargetRefusesDatabasesInUse()
{
    const QString a = newStudy(QStringLiteral("a.concord"));
    const QString b = newStudy(QStringLiteral("b.concord"));
    StudyPtr first = openStudy(a);
    StudyPtr second = openStudy(b);
    QVERIFY(first && second);
    QVERIFY(addDocument(*second, "d1"));
    // The other study open in this process, and its log.
    for (const QString &target : QStringList{b, b + QStringLiteral("-wal")}) {
        const Status refused = store::StudyFiles::checkWriteTarget(target.toStdString(), a.toStdString());
        QVERIFY(!refused);
        QVERIFY2(QString::fromStdString(refused.error().describe()).contains(QStringLiteral("open in Concord")),
                 refused.error().describe().c_str());
    }
    // Another program's study in use shows by its log beside it.
    second.reset();
    QFile log(b + QStringLiteral("-wal"));
    QVERIFY(log.open(QIODevice::WriteOnly));
    log.close();
    const Status inUse = store::StudyFiles::checkWriteTarget(b.toStdString(), a.toStdString());
    QVERIFY(!inUse);
    QVERIFY2(QString::fromStdString(inUse.error().describe()).contains(QStringLiteral("in use")),
             inUse.error().describe().c_str());
    QVERIFY(
        store::StudyFiles::checkWriteTarget(m_dir->filePath(QStringLiteral("out.csv")).toStdString(), a.toStdString()));
}

// Another program may leave the study in rollback-journal mode: the next writer puts it back to WAL.
void TestStudyLocks::journalModeSetByAnotherProgram()
{
    const QString path = newStudy();
    sqlite3 *other = nullptr;
    QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &other, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_exec(other, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(other);
    StudyPtr study = openStudy(path);
    QVERIFY(study);
    {
        store::Statement mode = study->database().prepare("PRAGMA journal_mode");
        QVERIFY(mode.step());
        QCOMPARE(mode.textAt(0), std::string("wal"));
    }
    QVERIFY(addDocument(*study, "d1"));
    QVERIFY(test::sqliteReadLockVisible(path));
    study.reset();
    QCOMPARE(documents(path), 1);
}

// Another program holding the study in exclusive locking mode: opening says the study is busy and changes
// nothing, and works once the other lets go.
void TestStudyLocks::exclusiveLockOfAnotherProgram()
{
    const QString path = newStudy();
    const QByteArray before = test::studyFingerprint(path);
    int ready[2];
    int done[2];
    QCOMPARE(::pipe(ready), 0);
    QCOMPARE(::pipe(done), 0);
    const QByteArray name = QFile::encodeName(path);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // No connection of the parent is open on this file, so the child's SQLite starts from nothing of it.
        sqlite3 *db = nullptr;
        int rc = sqlite3_open_v2(name.constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
        rc |= sqlite3_exec(db, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE", nullptr, nullptr, nullptr);
        const char status = rc == SQLITE_OK ? 'y' : 'n';
        (void)!::write(ready[1], &status, 1);
        char wait = 0;
        (void)!::read(done[0], &wait, 1);
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(db);
        ::_exit(0);
    }
    char status = 0;
    QCOMPARE(::read(ready[0], &status, 1), ssize_t{1});
    QCOMPARE(status, 'y');
    auto opened = store::Study::open(path.toStdString());
    QVERIFY(!opened);
    QVERIFY2(QString::fromStdString(opened.error().describe()).contains(QStringLiteral("locked")),
             opened.error().describe().c_str());
    QCOMPARE(::write(done[1], "x", 1), ssize_t{1});
    int exit = 0;
    QCOMPARE(::waitpid(child, &exit, 0), child);
    for (int fd : {ready[0], ready[1], done[0], done[1]})
        ::close(fd);
    QCOMPARE(test::studyFingerprint(path), before);
    StudyPtr study = openStudy(path);
    QVERIFY(study);
    QVERIFY(addDocument(*study, "d1"));
}

// SQLite opens its files close-on-exec: a program Concord starts (QProcess forks, then runs it) holds no
// descriptor of the study through which it could write to it.
void TestStudyLocks::childProcessesInheritNoStudy()
{
    const QString path = newStudy();
    StudyPtr study = openStudy(path);
    QVERIFY(study);
    QVERIFY(addDocument(*study, "d1"));
    QProcess listing;
    listing.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("ls -l /proc/$$/fd")});
    QVERIFY(listing.waitForFinished(30000));
    const QString fds = QString::fromLocal8Bit(listing.readAllStandardOutput());
    QVERIFY2(fds.contains(QStringLiteral("->")), qPrintable(fds));
    QVERIFY2(!fds.contains(QFileInfo(path).fileName()), qPrintable(fds));
    QVERIFY(test::sqliteReadLockVisible(path));
}

QTEST_GUILESS_MAIN(TestStudyLocks)
#include "tst_study_locks.moc"
