// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A study's private copy: what the study holds, taken while another connection writes, and writes to
// the copy never reaching the study; in memory, or in a temporary file that goes with the copy.
#include "store/study.h"
#include "store/study_copy.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace concord;
using namespace concord::store;

class TestStudyCopy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void copiesTheStudy_data();
    void copiesTheStudy();
};

namespace {

model::Rater human(const char *name)
{
    model::Rater rater;
    rater.name = name;
    rater.kind = model::RaterKind::Human;
    return rater;
}

} // namespace

void TestStudyCopy::copiesTheStudy_data()
{
    QTest::addColumn<qint64>("memoryLimit");
    QTest::addColumn<bool>("inMemory");

    QTest::newRow("in memory") << qint64(StudyCopy::kMemoryLimit) << true;
    QTest::newRow("larger than the limit: a temporary file") << qint64(0) << false;
}

void TestStudyCopy::copiesTheStudy()
{
    QFETCH(qint64, memoryLimit);
    QFETCH(bool, inMemory);

    QTemporaryDir dir;
    QTemporaryDir temp; // the system temp folder, for this test alone
    qputenv("TMPDIR", temp.path().toUtf8());
    auto created = Study::create(dir.filePath(QStringLiteral("study.concord")).toStdString());
    QVERIFY(created.ok());
    Study &study = *created.value();
    QVERIFY(study.write([&] { study.ensureRater(human("alice")); }).ok());

    // Another connection in the middle of a write: the copy neither waits for it nor sees it.
    auto other = Study::open(study.path());
    QVERIFY(other.ok());
    Transaction pending(other.value()->database());
    other.value()->ensureRater(human("uncommitted"));
    {
        StudyCopy copy(study, memoryLimit);
        QCOMPARE(copy.inMemory(), inMemory);
        QCOMPARE(QDir(temp.path()).isEmpty(), inMemory);
        Study &scratch = copy.study();
        QVERIFY(scratch.raterId("alice"));
        QVERIFY(!scratch.raterId("uncommitted"));
        QCOMPARE(scratch.counts().raters, study.counts().raters);

        // Writes to the copy stay there; foreign keys are enforced in it as in the study.
        QVERIFY(scratch.write([&] { scratch.ensureRater(human("bob")); }).ok());
        QVERIFY(scratch.raterId("bob"));
        QCOMPARE(scratch.database().pragmaInt("foreign_keys"), 1);
    }
    QVERIFY(!study.raterId("bob"));
    QVERIFY2(QDir(temp.path()).isEmpty(), "the temporary copy is gone with the copy");
    qunsetenv("TMPDIR");
}

QTEST_APPLESS_MAIN(TestStudyCopy)
#include "tst_study_copy.moc"
