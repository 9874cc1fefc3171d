// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The journal of unsent edits: edits come back in the order they were appended, per study and rater, leave
// when removed, and survive the process being killed (SIGKILL) at any moment after append returned.
#include "store/edit_journal.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

using namespace concord;
using namespace concord::store;

namespace {

constexpr const char *kChildEnv = "CONCORD_TST_EDIT_JOURNAL_CHILD";
constexpr const char *kStudy = "postgresql://ann@db.example/study";

std::unique_ptr<EditJournal> openJournal(const QString &path, const std::string &study = kStudy,
                                         const std::string &rater = "ann")
{
    auto journal = EditJournal::open(path.toStdString(), study, rater);
    if (!journal)
        qFatal("%s", journal.error().describe().c_str());
    return std::move(journal).value();
}

std::vector<std::string> idsOf(const std::vector<AnnotationEdit> &edits)
{
    std::vector<std::string> out;
    for (const auto &e : edits)
        out.push_back(e.id);
    return out;
}

// The child: appends edits without end, printing each id once append has returned, until it is killed.
int appendUntilKilled(const char *path)
{
    auto journal = EditJournal::open(path, kStudy, "ann");
    if (!journal) {
        std::fprintf(stderr, "%s\n", journal.error().describe().c_str());
        return 1;
    }
    // Ends by itself should the test be gone before it kills it.
    for (int i = 1; i <= 100000; ++i) {
        const AnnotationEdit edit = AnnotationEdit::setRating(1, i, 1, i % 5 + 1);
        journal.value()->append(edit);
        std::printf("%s\n", edit.id.c_str());
        std::fflush(stdout);
    }
    return 0;
}

} // namespace

class TestEditJournal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsOrder();
    void removes();
    void separatesStudiesAndRaters();
    void appendingTwiceKeepsOne();
    void setAsideNoLongerWaits();
    void setAsideSentAgainWaitsLast();
    void survivesSigkill();
    void refusesANewerJournal();
    void studyKeyHasNoPassword();
};

void TestEditJournal::keepsOrder()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("journal.sqlite"));
    std::vector<AnnotationEdit> made;
    {
        auto journal = openJournal(path);
        QCOMPARE(journal->count(), std::int64_t(0));
        // Made in an order their ids do not sort in.
        for (int i = 0; i < 50; ++i) {
            made.push_back(i % 2 ? AnnotationEdit::setRating(1, 100 - i, 2, 3)
                                 : AnnotationEdit::clearRating(1, i + 1, 2));
            journal->append(made.back());
        }
        QCOMPARE(journal->count(), std::int64_t(50));
        QVERIFY(journal->pending() == made);
    }
    // And after the file was closed.
    auto reopened = openJournal(path);
    QVERIFY(reopened->pending() == made);
}

void TestEditJournal::removes()
{
    QTemporaryDir dir;
    auto journal = openJournal(dir.filePath(QStringLiteral("journal.sqlite")));
    const AnnotationEdit a = AnnotationEdit::setRating(1, 2, 3, 4);
    const AnnotationEdit b = AnnotationEdit::setExplanation(1, 2, 0, "why");
    const AnnotationEdit c = AnnotationEdit::setUnitMark(1, 2, 0, true);
    for (const auto *e : {&a, &b, &c})
        journal->append(*e);
    journal->remove(b.id);
    QCOMPARE(idsOf(journal->pending()), (std::vector<std::string>{a.id, c.id}));
    journal->remove(b.id); // gone already: nothing happens
    journal->remove(a.id);
    QCOMPARE(journal->count(), std::int64_t(1));
    // An edit appended after the newest was removed still comes last.
    journal->remove(c.id);
    const AnnotationEdit d = AnnotationEdit::clearRating(1, 2, 3);
    journal->append(d);
    journal->append(c);
    QCOMPARE(idsOf(journal->pending()), (std::vector<std::string>{d.id, c.id}));
}

void TestEditJournal::separatesStudiesAndRaters()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("journal.sqlite"));
    auto mine = openJournal(path);
    auto otherRater = openJournal(path, kStudy, "bob");
    auto otherStudy = openJournal(path, "postgresql://ann@db.example/other", "ann");
    const AnnotationEdit a = AnnotationEdit::setRating(1, 2, 3, 4);
    const AnnotationEdit b = AnnotationEdit::setRating(2, 2, 3, 5);
    const AnnotationEdit c = AnnotationEdit::setRating(1, 7, 3, 1);
    mine->append(a);
    otherRater->append(b);
    otherStudy->append(c);
    QCOMPARE(idsOf(mine->pending()), std::vector<std::string>{a.id});
    QCOMPARE(idsOf(otherRater->pending()), std::vector<std::string>{b.id});
    QCOMPARE(idsOf(otherStudy->pending()), std::vector<std::string>{c.id});
    mine->remove(b.id); // another rater's entry is not this journal's to remove
    QCOMPARE(otherRater->count(), std::int64_t(1));
}

void TestEditJournal::appendingTwiceKeepsOne()
{
    QTemporaryDir dir;
    auto journal = openJournal(dir.filePath(QStringLiteral("journal.sqlite")));
    const AnnotationEdit a = AnnotationEdit::setRating(1, 2, 3, 4);
    journal->append(a);
    journal->append(a);
    QCOMPARE(journal->count(), std::int64_t(1));
}

void TestEditJournal::setAsideNoLongerWaits()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("journal.sqlite"));
    auto journal = openJournal(path);
    const AnnotationEdit a = AnnotationEdit::setRating(1, 2, 3, 4);
    const AnnotationEdit b = AnnotationEdit::clearRating(1, 2, 3);
    journal->append(a);
    journal->append(b);
    journal->setAside(a.id, "the summary is gone");
    QCOMPARE(idsOf(journal->pending()), std::vector<std::string>{b.id});
    QCOMPARE(journal->count(), std::int64_t(1));
    // Kept with its reason, also for another session on the file.
    const auto aside = openJournal(path)->setAside();
    QCOMPARE(aside.size(), std::size_t(1));
    QVERIFY(aside.front().first == a);
    QCOMPARE(aside.front().second, std::string("the summary is gone"));
}

void TestEditJournal::setAsideSentAgainWaitsLast()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("journal.sqlite"));
    auto journal = openJournal(path);
    const AnnotationEdit a = AnnotationEdit::setRating(1, 2, 3, 4);
    const AnnotationEdit b = AnnotationEdit::setRating(1, 5, 3, 2);
    const AnnotationEdit c = AnnotationEdit::setRating(1, 6, 3, 1);
    journal->append(a);
    journal->append(b);
    journal->setAside(a.id, "rating 4 is outside the scale");
    journal->append(c);
    // Entered again: it waits after the edits made since, once, and is no longer set aside.
    journal->sendAgain(a.id);
    QCOMPARE(idsOf(journal->pending()), (std::vector<std::string>{b.id, c.id, a.id}));
    QVERIFY(journal->pending().back() == a);
    QVERIFY(journal->setAside().empty());
    QCOMPARE(journal->count(), std::int64_t(3));
    // An edit that is not set aside (waiting, or unknown) is left as it is.
    journal->sendAgain(b.id);
    journal->sendAgain("0123456789abcdef0123456789abcdef");
    QCOMPARE(idsOf(journal->pending()), (std::vector<std::string>{b.id, c.id, a.id}));
    // Dropped: gone for good, also for another session on the file.
    journal->setAside(c.id, "the summary is gone");
    journal->remove(c.id);
    QVERIFY(openJournal(path)->setAside().empty());
    QCOMPARE(idsOf(openJournal(path)->pending()), (std::vector<std::string>{b.id, a.id}));
}

void TestEditJournal::survivesSigkill()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("journal.sqlite"));
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kChildEnv), path);
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForStarted());
    // Killed while it appends, after it reported at least 200 appends as done.
    QByteArray out;
    while (out.count('\n') < 200) {
        QVERIFY2(child.waitForReadyRead(30000), "the child stopped appending");
        out += child.readAllStandardOutput();
    }
    ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished(30000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    out += child.readAllStandardOutput();
    std::vector<std::string> reported;
    for (const QByteArray &line : out.split('\n'))
        if (line.size() == 32) // a line cut off by the kill is not a report
            reported.push_back(line.toStdString());
    QVERIFY(reported.size() >= 200);

    // Every reported append is there, in order; at most one more (appended, not yet reported).
    auto journal = openJournal(path);
    const std::vector<std::string> kept = idsOf(journal->pending());
    QVERIFY2(kept.size() == reported.size() || kept.size() == reported.size() + 1,
             qPrintable(QStringLiteral("%1 kept, %2 reported").arg(kept.size()).arg(reported.size())));
    QVERIFY(std::equal(reported.begin(), reported.end(), kept.begin()));
}

void TestEditJournal::refusesANewerJournal()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("journal.sqlite"));
    {
        Database db(path.toStdString(), Database::Mode::ReadWriteCreate);
        db.exec("PRAGMA user_version = 99");
    }
    const auto journal = EditJournal::open(path.toStdString(), kStudy, "ann");
    QVERIFY(!journal);
    QVERIFY(journal.error().message.find("newer") != std::string::npos);
}

void TestEditJournal::studyKeyHasNoPassword()
{
    QCOMPARE(EditJournal::studyKey("postgresql://ann:s3cret@db.example/study").find("s3cret"), std::string::npos);
    QCOMPARE(EditJournal::studyKey("/home/ann/study.concord"), std::string("/home/ann/study.concord"));
}

int main(int argc, char **argv)
{
    if (const char *path = std::getenv(kChildEnv))
        return appendUntilKilled(path);
    QCoreApplication app(argc, argv);
    TestEditJournal test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_edit_journal.moc"
