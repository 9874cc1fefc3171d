// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Judges view's batch mode against the local test server's stand-in of OpenAI's batch API: the checkbox sends
// the run as a batch, the estimate shows the batch price, a view opened again (the window closed meanwhile) shows the
// waiting batch, and Fetch Batch Results stores its answers on the run's thread, after which nothing waits.
#include "common/study_session.h"
#include "fake_batch_service.h"
#include "judge/judges_view.h"
#include "judge_study.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using concord::test::FakeBatchService;
using concord::test::JudgeStudy;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;
using namespace concord;
using concord::ui::JudgesView;

namespace {

std::string answer()
{
    return R"({"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant",)"
           R"("content":"Score: 4"}}],"usage":{"prompt_tokens":100,"completion_tokens":10}})";
}

} // namespace

class TestJudgesBatches : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void batchRunShownAgainAndFetched();
    void waitingBatchesArePolledOnTheirOwn();
    void batchOfferedWhereItCanBe();
    void rateLimitsReachTheRun();

private:
    void fill(JudgesView &view);
    std::size_t storedCalls() const;

    QTemporaryDir m_dir;
    QString m_study;
    int m_serial = 0;
    std::unique_ptr<TestLlmServer> m_server;
    std::unique_ptr<FakeBatchService> m_batches;
    std::atomic<int> m_online{0};
    std::unique_ptr<ui::StudySession> m_session;
};

void TestJudgesBatches::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestJudgesBatches::init()
{
    m_study = m_dir.filePath(QStringLiteral("batches-%1.concord").arg(++m_serial));
    QCOMPARE(JudgeStudy::create(m_study), QString());
    m_server = std::make_unique<TestLlmServer>();
    m_batches = std::make_unique<FakeBatchService>(*m_server);
    m_online = 0;
    m_server->setHandler([this](const RecordedRequest &r) {
        if (auto reply = m_batches->handle(r))
            return *reply;
        ++m_online;
        return Reply::openAi("Score: 4");
    });
    QVERIFY(m_server->start() > 0);
    m_batches->setAnswer([](const std::string &, const std::string &) {
        return FakeBatchService::Outcome{"succeeded", 200, answer()};
    });
    m_session = std::make_unique<ui::StudySession>();
    QVERIFY(m_session->open(m_study).ok());
}

void TestJudgesBatches::cleanup()
{
    m_session.reset();
    m_batches.reset();
    m_server.reset();
}

void TestJudgesBatches::fill(JudgesView &view)
{
    auto *baseUrl = view.findChild<QLineEdit *>(QStringLiteral("baseUrl"));
    auto *model = view.findChild<QLineEdit *>(QStringLiteral("model"));
    auto *raterName = view.findChild<QLineEdit *>(QStringLiteral("raterName"));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    QVERIFY(baseUrl && model && raterName && protocol);
    baseUrl->clear();
    QTest::keyClicks(baseUrl, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    model->clear();
    QTest::keyClicks(model, QStringLiteral("test-model"));
    raterName->clear();
    QTest::keyClicks(raterName, QStringLiteral("batch judge"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    view.findChild<QLineEdit *>(QStringLiteral("apiKeyEnv"))->clear();
}

std::size_t TestJudgesBatches::storedCalls() const
{
    auto study = store::Study::open(m_study.toStdString(), {true});
    if (!study)
        return 0;
    const auto rater = study.value()->raterId("batch judge");
    return rater ? study.value()->judgeCalls(*rater, "rts").size() : 0;
}

void TestJudgesBatches::batchRunShownAgainAndFetched()
{
    {
        JudgesView view(m_session.get());
        view.resize(1200, 800);
        view.show();
        fill(view);
        auto *batch = view.findChild<QCheckBox *>(QStringLiteral("batchMode"));
        QVERIFY(batch && batch->isEnabled());
        QTest::mouseClick(batch, Qt::LeftButton);
        QVERIFY(batch->isChecked());
        QVERIFY(view.runOptions().batch);

        QSignalSpy estimated(&view, &JudgesView::estimateFinished);
        QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("estimateButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(estimated.count(), 1, 30000);
        const QString estimate = view.findChild<QLabel *>(QStringLiteral("estimateText"))->text();
        QVERIFY2(estimate.contains(QStringLiteral("Through a batch API")) && estimate.contains(QStringLiteral("50%")),
                 qPrintable(estimate));

        QSignalSpy finished(&view, &JudgesView::runFinished);
        QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(finished.at(0).at(0).toBool());
        const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
        QVERIFY2(status.contains(QStringLiteral("Submitted %1 requests in 1 batches").arg(JudgeStudy::calls)),
                 qPrintable(status));
        QCOMPARE(m_online.load(), 0);
        QCOMPARE(m_batches->requestsSubmitted(), std::size_t(JudgeStudy::calls));
    } // the view goes, as when the window is closed

    // Opened again: the batch is shown, and fetching it while it runs stores nothing.
    m_session = std::make_unique<ui::StudySession>();
    QVERIFY(m_session->open(m_study).ok());
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    auto *waiting = view.findChild<QLabel *>(QStringLiteral("waitingBatches"));
    auto *fetch = view.findChild<QPushButton *>(QStringLiteral("fetchBatchesButton"));
    QVERIFY(waiting && fetch);
    QTRY_VERIFY(waiting->isVisible());
    QVERIFY2(waiting->text().contains(QStringLiteral("1 batches (%1 requests) wait").arg(JudgeStudy::calls)),
             qPrintable(waiting->text()));
    // The run waits for its batch: it is not offered as an interrupted run to resume.
    QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("resumeInterruptedButton"))->isVisible());
    QVERIFY(fetch->isEnabled());
    QSignalSpy polled(&view, &JudgesView::batchesPolled);
    QTest::mouseClick(fetch, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(polled.count(), 1, 30000);
    QVERIFY(polled.at(0).at(0).toBool());
    QCOMPARE(storedCalls(), std::size_t(0));
    QVERIFY(waiting->isVisible());

    m_batches->setState(m_batches->batches().at(0).id, "completed");
    QTest::mouseClick(fetch, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(polled.count(), 2, 30000);
    QVERIFY(polled.at(1).at(0).toBool());
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("1 batches fetched, %1 answers stored").arg(JudgeStudy::calls)),
             qPrintable(status));
    QCOMPARE(storedCalls(), std::size_t(JudgeStudy::calls));
    QTRY_VERIFY(!waiting->isVisible());
    QVERIFY(!fetch->isVisible());
    QCOMPARE(m_online.load(), 0);
}

// While batches wait, the view asks their providers on its own: a failing poll is said in the status line (no
// message box, asked again later), and once the batch has ended its answers are stored without a click.
void TestJudgesBatches::waitingBatchesArePolledOnTheirOwn()
{
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    fill(view);
    view.findChild<QCheckBox *>(QStringLiteral("batchMode"))->setChecked(true);
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QVERIFY(view.startRun());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    auto *waiting = view.findChild<QLabel *>(QStringLiteral("waitingBatches"));
    QTRY_VERIFY(waiting->isVisible());
    QVERIFY2(waiting->text().contains(QStringLiteral("every 5 minutes on their own")), qPrintable(waiting->text()));

    QSignalSpy errors(&view, &JudgesView::errorShown);
    QSignalSpy polled(&view, &JudgesView::batchesPolled);
    m_batches->failEveryRequest(503);
    view.setBatchPollInterval(20);
    QTRY_VERIFY_WITH_TIMEOUT(polled.count() >= 1, 30000);
    QVERIFY(!polled.at(0).at(0).toBool());
    QCOMPARE(errors.count(), 0);
    QVERIFY2(view.findChild<QLabel *>(QStringLiteral("runStatus"))
                 ->text()
                 .startsWith(QStringLiteral("Batches polled on their own at ")),
             qPrintable(view.findChild<QLabel *>(QStringLiteral("runStatus"))->text()));
    QCOMPARE(storedCalls(), std::size_t(0));

    // The provider answers again and the batch has ended: the next poll on time stores it.
    m_batches->failEveryRequest(0);
    m_batches->setState(m_batches->batches().at(0).id, "completed");
    QTRY_COMPARE_WITH_TIMEOUT(storedCalls(), std::size_t(JudgeStudy::calls), 30000);
    QTRY_VERIFY(!waiting->isVisible());
    QCOMPARE(errors.count(), 0);
    QCOMPARE(m_online.load(), 0);
    // Nothing waits: nothing more is polled.
    const int polls = static_cast<int>(polled.count());
    QTest::qWait(200);
    QCOMPARE(polled.count(), polls);
}

void TestJudgesBatches::batchOfferedWhereItCanBe()
{
    JudgesView view(m_session.get());
    view.show();
    fill(view);
    auto *batch = view.findChild<QCheckBox *>(QStringLiteral("batchMode"));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    auto *kind = view.findChild<QComboBox *>(QStringLiteral("providerKind"));
    auto *reask = view.findChild<QSpinBox *>(QStringLiteral("reaskInvalid"));
    QVERIFY(batch && protocol && kind && reask);
    QVERIFY(batch->isEnabled());
    QVERIFY(reask->isEnabled());
    // A batch's answers come back together: nothing is asked again on the way.
    batch->setChecked(true);
    QVERIFY(!reask->isEnabled());
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("geval")));
    QVERIFY(!batch->isEnabled());
    QVERIFY(!view.runOptions().batch);
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    QVERIFY(batch->isEnabled());
    kind->setCurrentIndex(kind->findText(QStringLiteral("ollama")));
    QVERIFY(!batch->isEnabled());
    QVERIFY2(batch->toolTip().contains(QStringLiteral("Ollama has no batch API")), qPrintable(batch->toolTip()));
}

// A provider's requests and tokens a minute, set in the panel, are the run's limits (0: none).
void TestJudgesBatches::rateLimitsReachTheRun()
{
    JudgesView view(m_session.get());
    view.show();
    fill(view);
    auto *rpm = view.findChild<QSpinBox *>(QStringLiteral("requestsPerMinute"));
    auto *tpm = view.findChild<QSpinBox *>(QStringLiteral("tokensPerMinute"));
    QVERIFY(rpm && tpm);
    QCOMPARE(view.runOptions().requestsPerMinute, 0.0);
    QCOMPARE(view.runOptions().tokensPerMinute, 0.0);
    QCOMPARE(rpm->text(), QStringLiteral("no limit"));
    rpm->setFocus();
    rpm->selectAll();
    QTest::keyClicks(rpm, QStringLiteral("120"));
    tpm->setFocus();
    tpm->selectAll();
    QTest::keyClicks(tpm, QStringLiteral("50000"));
    QCOMPARE(view.runOptions().requestsPerMinute, 120.0);
    QCOMPARE(view.runOptions().tokensPerMinute, 50000.0);
}

QTEST_MAIN(TestJudgesBatches)
#include "tst_judges_batches.moc"
