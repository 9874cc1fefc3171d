// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Judges view's run plan against the local test server, driven as a user does: three judges (two models at an
// OpenAI-compatible server, one at Anthropic; three protocols) added from the settings one after another, estimated
// together, and run at once with one progress: every request sent once, every answer stored under its judge, the plan
// run again sends nothing. One name twice is refused, Delete removes a judge, a judge whose key is refused is named
// while the others finish, and a provider profile keeps its concurrency and rate limits.
#include "common/study_session.h"
#include "judge/judge_plan_box.h"
#include "judge/judges_view.h"
#include "judge_study.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using concord::test::JudgeStudy;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;
using namespace concord;
using concord::ui::JudgesView;

class TestJudgesPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void threeJudgesRunTogether();
    void oneNameTwiceIsRefusedAndDeleteRemoves();
    void aFailingJudgeIsNamedWhileTheOthersFinish();
    void profileKeepsTheProviderLimits();

private:
    void fill(JudgesView &view, const QString &kind, const QString &model, const QString &protocol);
    void addThree(JudgesView &view);
    std::size_t storedCalls(const std::string &rater, const std::string &protocol) const;
    std::size_t answeredCalls(const std::string &rater, const std::string &protocol) const;

    QTemporaryDir m_dir;
    QString m_study;
    int m_serial = 0;
    std::unique_ptr<TestLlmServer> m_server;
    std::atomic<int> m_anthropicStatus{200};
    std::unique_ptr<ui::StudySession> m_session;
};

void TestJudgesPlan::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestJudgesPlan::init()
{
    m_study = m_dir.filePath(QStringLiteral("plan-%1.concord").arg(++m_serial));
    QCOMPARE(JudgeStudy::create(m_study), QString());
    m_anthropicStatus = 200;
    m_server = std::make_unique<TestLlmServer>();
    m_server->setHandler([this](const RecordedRequest &r) {
        if (r.body.find("\"model\":\"claude-c\"") != std::string::npos)
            return m_anthropicStatus == 200
                       ? Reply::anthropic({"Score: 3"})
                       : Reply::json(m_anthropicStatus, R"({"type":"error","error":{"type":"authentication_error",)"
                                                        R"("message":"invalid x-api-key"}})");
        if (r.body.find("\"model\":\"model-b\"") != std::string::npos)
            return Reply::openAi("Answer: D");
        return Reply::openAi("The summary reads well.\nScore: 4");
    });
    QVERIFY(m_server->start() > 0);
    m_session = std::make_unique<ui::StudySession>();
    QVERIFY(m_session->open(m_study).ok());
}

void TestJudgesPlan::cleanup()
{
    m_session.reset();
    m_server.reset();
}

void TestJudgesPlan::fill(JudgesView &view, const QString &kind, const QString &model, const QString &protocol)
{
    auto *kindBox = view.findChild<QComboBox *>(QStringLiteral("providerKind"));
    auto *baseUrl = view.findChild<QLineEdit *>(QStringLiteral("baseUrl"));
    auto *modelEdit = view.findChild<QLineEdit *>(QStringLiteral("model"));
    auto *protocolBox = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    QVERIFY(kindBox && baseUrl && modelEdit && protocolBox);
    kindBox->setCurrentIndex(kindBox->findText(kind));
    baseUrl->clear();
    QTest::keyClicks(baseUrl, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    modelEdit->clear();
    QTest::keyClicks(modelEdit, model);
    // No judge name: the default, "<model> <protocol>".
    view.findChild<QLineEdit *>(QStringLiteral("raterName"))->clear();
    protocolBox->setCurrentIndex(protocolBox->findText(protocol));
    QCOMPARE(protocolBox->currentText(), protocol);
    view.findChild<QLineEdit *>(QStringLiteral("apiKeyEnv"))->clear();
}

void TestJudgesPlan::addThree(JudgesView &view)
{
    auto *add = view.findChild<QPushButton *>(QStringLiteral("addToPlanButton"));
    auto *concurrency = view.findChild<QSpinBox *>(QStringLiteral("concurrency"));
    QVERIFY(add && concurrency);
    QTRY_VERIFY(add->isEnabled());
    fill(view, QStringLiteral("openai"), QStringLiteral("model-a"), QStringLiteral("rts"));
    concurrency->setValue(1);
    QTest::mouseClick(add, Qt::LeftButton);
    fill(view, QStringLiteral("openai"), QStringLiteral("model-b"), QStringLiteral("mcq"));
    concurrency->setValue(3);
    QTest::mouseClick(add, Qt::LeftButton);
    fill(view, QStringLiteral("anthropic"), QStringLiteral("claude-c"), QStringLiteral("llmeval"));
    concurrency->setValue(2);
    QTest::mouseClick(add, Qt::LeftButton);
}

std::size_t TestJudgesPlan::storedCalls(const std::string &rater, const std::string &protocol) const
{
    auto study = store::Study::open(m_study.toStdString(), {true});
    if (!study)
        return 0;
    const auto id = study.value()->raterId(rater);
    return id ? study.value()->judgeCalls(*id, protocol).size() : 0;
}

std::size_t TestJudgesPlan::answeredCalls(const std::string &rater, const std::string &protocol) const
{
    auto study = store::Study::open(m_study.toStdString(), {true});
    if (!study)
        return 0;
    const auto id = study.value()->raterId(rater);
    if (!id)
        return 0;
    std::size_t answered = 0;
    for (const auto &call : study.value()->judgeCalls(*id, protocol))
        answered += call.error.empty();
    return answered;
}

void TestJudgesPlan::threeJudgesRunTogether()
{
    JudgesView view(m_session.get());
    view.resize(1200, 900);
    view.show();
    QSignalSpy errors(&view, &JudgesView::errorShown);
    addThree(view);
    QCOMPARE(errors.count(), 0);
    auto *list = view.findChild<QListWidget *>(QStringLiteral("planJudges"));
    QVERIFY(list);
    QCOMPARE(list->count(), 3);
    QCOMPARE(view.planBox()->size(), 3);
    // Each line says the judge, its provider and what it keeps to.
    QVERIFY2(list->item(0)->text().startsWith(QStringLiteral("model-a rts: model-a at openai, rts, online; 1 at once")),
             qPrintable(list->item(0)->text()));
    QVERIFY2(list->item(2)->text().startsWith(QStringLiteral("claude-c llmeval: claude-c at anthropic, llmeval")),
             qPrintable(list->item(2)->text()));
    QCOMPARE(view.planBox()->judges().at(1).judge.options.concurrency, 3);

    QSignalSpy estimated(&view, &JudgesView::estimateFinished);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("estimatePlanButton")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(estimated.count(), 1, 30000);
    QVERIFY(estimated.at(0).at(0).toBool());
    const QString estimate = view.findChild<QLabel *>(QStringLiteral("estimateText"))->text();
    QVERIFY2(estimate.contains(
                 QStringLiteral("All 3 judges: %1 calls to send (0 already answered)").arg(3 * JudgeStudy::calls)),
             qPrintable(estimate));
    QVERIFY2(estimate.contains(QStringLiteral("model-b mcq: %1 calls to send").arg(JudgeStudy::calls)),
             qPrintable(estimate));
    QCOMPARE(m_server->requestCount(), std::size_t(0));

    QSignalSpy finished(&view, &JudgesView::runFinished);
    auto *progress = view.findChild<QProgressBar *>(QStringLiteral("runProgress"));
    QVERIFY(progress);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runPlanButton")), Qt::LeftButton);
    QVERIFY(view.isRunning());
    // Nothing is added or run twice while the plan runs; Cancel is there.
    QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("addToPlanButton"))->isEnabled());
    QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("runPlanButton"))->isEnabled());
    QVERIFY(view.findChild<QPushButton *>(QStringLiteral("cancelButton"))->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(finished.at(0).at(0).toBool());
    // One progress: the bar counts the three judges' calls together.
    QCOMPARE(progress->maximum(), 3 * JudgeStudy::calls);
    QCOMPARE(progress->value(), 3 * JudgeStudy::calls);
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.startsWith(QStringLiteral("Plan finished.")), qPrintable(status));
    for (const char *judge : {"model-a rts", "model-b mcq", "claude-c llmeval"})
        QVERIFY2(status.contains(QStringLiteral("%1: %2 of %2 calls done (0 cached), 0 failed")
                                     .arg(QString::fromLatin1(judge))
                                     .arg(JudgeStudy::calls)),
                 qPrintable(status));
    QCOMPARE(m_server->requestCount(), std::size_t(3 * JudgeStudy::calls));
    QCOMPARE(storedCalls("model-a rts", "rts"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("model-b mcq", "mcq"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("claude-c llmeval", "llmeval"), std::size_t(JudgeStudy::calls));
    QCOMPARE(errors.count(), 0);
    // The estimate on show was the plan's: made again, it says everything is answered.
    QTRY_COMPARE_WITH_TIMEOUT(estimated.count(), 2, 30000);
    QVERIFY2(
        view.findChild<QLabel *>(QStringLiteral("estimateText"))
            ->text()
            .contains(QStringLiteral("All 3 judges: 0 calls to send (%1 already answered)").arg(3 * JudgeStudy::calls)),
        qPrintable(view.findChild<QLabel *>(QStringLiteral("estimateText"))->text()));

    // Run again: every call is answered, nothing is sent.
    QTRY_VERIFY(view.findChild<QPushButton *>(QStringLiteral("runPlanButton"))->isEnabled());
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runPlanButton")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
    QVERIFY(finished.at(1).at(0).toBool());
    QCOMPARE(m_server->requestCount(), std::size_t(3 * JudgeStudy::calls));
    const QString again = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(
        again.contains(QStringLiteral("model-a rts: %1 of %1 calls done (%1 cached), 0 failed").arg(JudgeStudy::calls)),
        qPrintable(again));
}

void TestJudgesPlan::oneNameTwiceIsRefusedAndDeleteRemoves()
{
    JudgesView view(m_session.get());
    view.show();
    QSignalSpy errors(&view, &JudgesView::errorShown);
    auto *add = view.findChild<QPushButton *>(QStringLiteral("addToPlanButton"));
    auto *list = view.findChild<QListWidget *>(QStringLiteral("planJudges"));
    auto *run = view.findChild<QPushButton *>(QStringLiteral("runPlanButton"));
    QVERIFY(add && list && run);
    QTRY_VERIFY(add->isEnabled());
    QVERIFY(!run->isEnabled()); // nothing to run yet
    fill(view, QStringLiteral("openai"), QStringLiteral("model-a"), QStringLiteral("rts"));
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(list->count(), 1);
    QVERIFY(run->isEnabled());
    // The same judge again: its answers would be stored under one name.
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(errors.count(), 1);
    QVERIFY2(errors.at(0).at(1).toString().contains(QStringLiteral("named 'model-a rts' already")),
             qPrintable(errors.at(0).at(1).toString()));
    QCOMPARE(list->count(), 1);
    // Under another name it is another judge.
    QTest::keyClicks(view.findChild<QLineEdit *>(QStringLiteral("raterName")), QStringLiteral("model-a second"));
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(list->count(), 2);
    // A form that cannot be run is not added: a missing model is named.
    view.findChild<QLineEdit *>(QStringLiteral("model"))->clear();
    view.findChild<QLineEdit *>(QStringLiteral("raterName"))->clear();
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(errors.count(), 2);
    QVERIFY2(errors.at(1).at(1).toString().contains(QStringLiteral("model")),
             qPrintable(errors.at(1).at(1).toString()));
    QCOMPARE(list->count(), 2);

    // Delete in the list removes the chosen judge.
    list->setFocus();
    list->setCurrentRow(0);
    QTest::keyClick(list, Qt::Key_Delete);
    QCOMPARE(list->count(), 1);
    QCOMPARE(view.planBox()->judges().front().judge.options.raterName, std::string("model-a second"));
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("removeFromPlanButton")), Qt::LeftButton);
    QCOMPARE(list->count(), 0);
    QVERIFY(!run->isEnabled());
    QVERIFY(!view.startPlan());
    QCOMPARE(m_server->requestCount(), std::size_t(0));
}

void TestJudgesPlan::aFailingJudgeIsNamedWhileTheOthersFinish()
{
    m_anthropicStatus = 401;
    JudgesView view(m_session.get());
    view.resize(1200, 900);
    view.show();
    addThree(view);
    QCOMPARE(view.planBox()->size(), 3);
    QSignalSpy errors(&view, &JudgesView::errorShown);
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QVERIFY(view.startPlan());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(!finished.at(0).at(0).toBool());
    QCOMPARE(errors.count(), 1);
    const QString error = errors.at(0).at(1).toString();
    QVERIFY2(error.startsWith(QStringLiteral("claude-c llmeval: "))
                 && error.contains(QStringLiteral("refused the request (HTTP 401)")),
             qPrintable(error));
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.startsWith(QStringLiteral("Plan ended: 1 of 3 judges failed")), qPrintable(status));
    QCOMPARE(storedCalls("model-a rts", "rts"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("model-b mcq", "mcq"), std::size_t(JudgeStudy::calls));
    // The refused judge's calls that were in flight are kept as failed calls, none with an answer.
    QCOMPARE(answeredCalls("claude-c llmeval", "llmeval"), std::size_t(0));
}

// The provider's concurrency and rate limits are saved with its profile and come back with it.
void TestJudgesPlan::profileKeepsTheProviderLimits()
{
    {
        JudgesView view(m_session.get());
        view.show();
        fill(view, QStringLiteral("openai"), QStringLiteral("limited-model"), QStringLiteral("rts"));
        view.findChild<QComboBox *>(QStringLiteral("providerProfile"))->setCurrentText(QStringLiteral("limited"));
        view.findChild<QSpinBox *>(QStringLiteral("concurrency"))->setValue(4);
        view.findChild<QSpinBox *>(QStringLiteral("requestsPerMinute"))->setValue(120);
        view.findChild<QSpinBox *>(QStringLiteral("tokensPerMinute"))->setValue(90000);
        QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("saveProvider")), Qt::LeftButton);
        QVERIFY(JudgesView::savedProviders().contains(QStringLiteral("limited")));
    }
    JudgesView view(m_session.get());
    view.show();
    view.findChild<QSpinBox *>(QStringLiteral("concurrency"))->setValue(8);
    view.loadProvider(QStringLiteral("limited"));
    QCOMPARE(view.findChild<QSpinBox *>(QStringLiteral("concurrency"))->value(), 4);
    QCOMPARE(view.runOptions().concurrency, 4);
    QCOMPARE(view.runOptions().requestsPerMinute, 120.0);
    QCOMPARE(view.runOptions().tokensPerMinute, 90000.0);
}

QTEST_MAIN(TestJudgesPlan)
#include "tst_judges_plan.moc"
