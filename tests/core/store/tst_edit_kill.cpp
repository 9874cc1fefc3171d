// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Never lose an edit: 16 annotator processes (tests/support/concord_edit_annotator, each its own login
// and journal) make 300 edits each on one team study at once; some are killed with SIGKILL mid-run and
// started again on their journal to send what waits there, and the server is stopped and started again
// in the middle. Afterwards every edit any process reported as saved or queued is on the server exactly
// once, no edit is there twice, and every journal is empty.
#include "store/edit_journal.h"
#include "store/pg_connection.h"

#include "pg_test_cluster.h"
#include "team_edit_study.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace concord;
using namespace concord::store;

namespace {

constexpr int kAnnotators = 16;
constexpr int kEdits = 300;
constexpr int kKilled = 4; // annotators 0..3, each at another point of its run
// Between two edits of an annotator: a person's pace, and a run long enough to be killed in the middle
// however fast the server answers (one edit is one round trip).
constexpr int kPauseMs = 10;

QString annotatorProgram()
{
    return QString::fromUtf8(qgetenv("CONCORD_EDIT_ANNOTATOR"));
}

// One annotator's processes (a first run, and after a kill a run that only sends its journal) and what
// they reported.
struct Annotator {
    std::unique_ptr<QProcess> process;
    QByteArray pending;                  // output not yet ended by a newline
    std::map<int, std::string> reported; // edit index -> id, saved or queued
    int saved = 0;
    int queued = 0;
    bool killed = false;
    bool done = false;
    QString errors;
};

} // namespace

class TestEditKill : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void killedAndStoppedLoseNothing();

private:
    void launch(int index, int edits);
    int total(int Annotator::*field) const;

    QTemporaryDir m_dir;
    std::unique_ptr<test::PgTestCluster> m_cluster;
    test::TeamEditStudy m_study;
    std::vector<Annotator> m_annotators;
};

void TestEditKill::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(!annotatorProgram().isEmpty(), "CONCORD_EDIT_ANNOTATOR is not set");
    m_cluster = std::make_unique<test::PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    const QString error = m_study.create(*m_cluster, QStringLiteral("kill"), m_dir.path(), kAnnotators, 8);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestEditKill::cleanupTestCase()
{
    for (Annotator &a : m_annotators)
        if (a.process && a.process->state() != QProcess::NotRunning) {
            a.process->kill();
            a.process->waitForFinished();
        }
    m_cluster.reset();
}

int TestEditKill::total(int Annotator::*field) const
{
    int sum = 0;
    for (const Annotator &a : m_annotators)
        sum += a.*field;
    return sum;
}

void TestEditKill::launch(int index, int edits)
{
    Annotator &a = m_annotators[static_cast<std::size_t>(index)];
    a.process = std::make_unique<QProcess>();
    QProcess *process = a.process.get();
    connect(process, &QProcess::readyReadStandardOutput, this, [this, index, process] {
        Annotator &me = m_annotators[static_cast<std::size_t>(index)];
        me.pending += process->readAllStandardOutput();
        for (int end = me.pending.indexOf('\n'); end >= 0; end = me.pending.indexOf('\n')) {
            const QList<QByteArray> words = me.pending.left(end).split(' ');
            me.pending.remove(0, end + 1);
            if (words.size() == 1 && words[0] == "done")
                me.done = true;
            else if (words.size() == 3 && (words[0] == "saved" || words[0] == "queued")) {
                me.reported[words[1].toInt()] = words[2].toStdString();
                ++(words[0] == "saved" ? me.saved : me.queued);
            } else
                me.errors
                    += QStringLiteral("unexpected line: ") + QString::fromUtf8(words.join(' ')) + QLatin1Char('\n');
        }
    });
    connect(process, &QProcess::readyReadStandardError, this, [this, index, process] {
        m_annotators[static_cast<std::size_t>(index)].errors += QString::fromUtf8(process->readAllStandardError());
    });
    const std::size_t at = static_cast<std::size_t>(index);
    process->start(annotatorProgram(),
                   {QString::fromStdString(m_study.annotatorUris[at]),
                    m_dir.filePath(QStringLiteral("journal-%1.sqlite").arg(index)), QStringLiteral("k%1").arg(index),
                    QString::number(edits), QString::number(kPauseMs)});
}

void TestEditKill::killedAndStoppedLoseNothing()
{
    m_annotators.resize(kAnnotators);
    for (int i = 0; i < kAnnotators; ++i)
        launch(i, kEdits);
    for (int i = 0; i < kAnnotators; ++i)
        QVERIFY2(m_annotators[static_cast<std::size_t>(i)].process->waitForStarted(), "an annotator did not start");

    // The first few are killed at different points of their runs, while every other one keeps editing.
    for (int i = 0; i < kKilled; ++i) {
        Annotator &a = m_annotators[static_cast<std::size_t>(i)];
        const int after = 30 + 40 * i;
        QTRY_VERIFY2_WITH_TIMEOUT(a.saved + a.queued >= after || a.done, qPrintable(a.errors), 120000);
        QVERIFY2(!a.done, "an annotator finished its run before it could be killed in the middle of it");
        // Never pid 0: that would be this whole process group.
        const auto pid = static_cast<pid_t>(a.process->processId());
        QVERIFY(pid > 0);
        ::kill(pid, SIGKILL);
        QVERIFY(a.process->waitForFinished(30000));
        a.killed = true;
    }

    // The server goes away in the middle of the others' runs, until they have queued edits.
    QTRY_VERIFY_WITH_TIMEOUT(total(&Annotator::saved) >= kAnnotators * kEdits / 3, 120000);
    QVERIFY2(m_cluster->stop(), qPrintable(m_cluster->error()));
    QTRY_VERIFY_WITH_TIMEOUT(total(&Annotator::queued) >= 3 * kAnnotators, 120000);
    // The killed ones are started again (on their journals) while the server is still away.
    for (int i = 0; i < kKilled; ++i)
        launch(i, 0);
    QVERIFY2(m_cluster->start(), qPrintable(m_cluster->error()));

    for (Annotator &a : m_annotators) {
        // One that ended already is not running any more: waitForFinished would say false for it.
        QVERIFY2(a.process->state() == QProcess::NotRunning || a.process->waitForFinished(180000),
                 "an annotator did not finish");
        QVERIFY2(a.process->exitStatus() == QProcess::NormalExit && a.process->exitCode() == 0, qPrintable(a.errors));
    }
    QCoreApplication::processEvents(); // the last lines
    for (const Annotator &a : m_annotators)
        QVERIFY2(a.done, qPrintable(a.errors));
    QVERIFY2(total(&Annotator::queued) > 0, "no edit waited for the server");

    PgConnection admin(m_study.adminUri);
    // Nothing is on the server twice: each edit adds a span noted with its annotator and index.
    const PgResult twice = admin.query("SELECT count(*) FROM (SELECT note FROM error_spans GROUP BY rater_id, note "
                                       "HAVING count(*) > 1) t");
    QCOMPARE(twice.integer(0, 0), std::int64_t(0));
    std::set<std::string> onServer;
    const PgResult spans = admin.query("SELECT note FROM error_spans");
    for (int row = 0; row < spans.rows(); ++row)
        onServer.insert(std::string(spans.text(row, 0)));
    std::set<std::string> recorded;
    const PgResult ids = admin.query("SELECT edit_id FROM concord_applied_edits");
    for (int row = 0; row < ids.rows(); ++row)
        recorded.insert(std::string(ids.text(row, 0)));
    QCOMPARE(static_cast<std::size_t>(ids.rows()), onServer.size());

    std::size_t reported = 0;
    for (int i = 0; i < kAnnotators; ++i) {
        const Annotator &a = m_annotators[static_cast<std::size_t>(i)];
        if (!a.killed)
            QCOMPARE(static_cast<int>(a.reported.size()), kEdits);
        for (const auto &[index, id] : a.reported) {
            const std::string note = QStringLiteral("k%1-%2").arg(i).arg(index).toStdString();
            QVERIFY2(onServer.count(note) == 1, note.c_str());
            QVERIFY2(recorded.count(id) == 1, id.c_str());
        }
        reported += a.reported.size();
        auto journal = EditJournal::open(m_dir.filePath(QStringLiteral("journal-%1.sqlite").arg(i)).toStdString(),
                                         EditJournal::studyKey(m_study.annotatorUris[static_cast<std::size_t>(i)]),
                                         m_study.annotators[static_cast<std::size_t>(i)]);
        QVERIFY(journal.ok());
        QCOMPARE(journal.value()->count(), std::int64_t(0));
    }
    qInfo("%zu edits reported (%d saved, %d queued), %zu on the server", reported, total(&Annotator::saved),
          total(&Annotator::queued), onServer.size());
    // A killed process may have committed an edit it had no time to report, never more than one each.
    QVERIFY(onServer.size() >= reported && onServer.size() <= reported + kKilled);
}

QTEST_GUILESS_MAIN(TestEditKill)
#include "tst_edit_kill.moc"
