// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Judges view's settings typed as a user types them: a base URL with a credential in it is flagged
// under the field and the run refuses to start (nothing sent, nothing written, nothing saved); the
// limits on Retry-After and answer size reach the run and are stored with it.
#include "common/study_session.h"
#include "judge/judge_settings_form.h"
#include "judge/judges_view.h"
#include "judge_study.h"

#include "store/study.h"
#include "test_llm_server.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using concord::test::JudgeStudy;
using concord::test::Reply;
using concord::test::TestLlmServer;
using namespace concord;
using concord::ui::JudgesView;

namespace {

const QString kKey = QStringLiteral("sk-form-0123456789-abcdef-SECRET");

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every settings file the test's QSettings wrote, whatever its name.
QByteArray settingsFiles(const QString &dir)
{
    QSettings().sync();
    QByteArray all;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        all += contents(it.next());
    return all;
}

} // namespace

class TestJudgeSettingsForm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void credentialInBaseUrlRefused_data();
    void credentialInBaseUrlRefused();
    void serverLimitsReachTheRun();
    void protocolsSayWhatTheyAsk();
    void reaskFromTheForm();
    void structuredAnswersFromTheForm();
    void repeatsFromTheForm();

private:
    void fill(JudgesView &view, const QString &baseUrl);

    QTemporaryDir m_dir;
    QString m_study;
    int m_serial = 0;
    std::unique_ptr<TestLlmServer> m_server;
    std::unique_ptr<ui::StudySession> m_session;
};

void TestJudgeSettingsForm::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestJudgeSettingsForm::init()
{
    m_study = m_dir.filePath(QStringLiteral("form-%1.concord").arg(++m_serial));
    QCOMPARE(JudgeStudy::create(m_study), QString());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 4"); });
    m_session = std::make_unique<ui::StudySession>();
    QVERIFY(m_session->open(m_study).ok());
}

void TestJudgeSettingsForm::cleanup()
{
    m_session.reset();
    m_server.reset();
}

void TestJudgeSettingsForm::fill(JudgesView &view, const QString &baseUrl)
{
    auto *url = view.findChild<QLineEdit *>(QStringLiteral("baseUrl"));
    auto *model = view.findChild<QLineEdit *>(QStringLiteral("model"));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    QVERIFY(url && model && protocol);
    url->clear();
    QTest::keyClicks(url, baseUrl);
    model->clear();
    QTest::keyClicks(model, QStringLiteral("test-model"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    view.findChild<QLineEdit *>(QStringLiteral("apiKeyEnv"))->clear();
    view.findChild<QSpinBox *>(QStringLiteral("documentLimit"))->setValue(1);
}

void TestJudgeSettingsForm::credentialInBaseUrlRefused_data()
{
    QTest::addColumn<QString>("url"); // HOST and KEY are filled in
    QTest::addColumn<QString>("where");
    QTest::newRow("user and password") << QStringLiteral("http://user:KEY@HOST/v1")
                                       << QStringLiteral("user information before the host");
    QTest::newRow("?api_key=") << QStringLiteral("http://HOST/v1?api_key=KEY")
                               << QStringLiteral("the query parameter 'api_key'");
    QTest::newRow("&access_token=") << QStringLiteral("http://HOST/v1?api-version=1&access_token=KEY")
                                    << QStringLiteral("the query parameter 'access_token'");
}

void TestJudgeSettingsForm::credentialInBaseUrlRefused()
{
    QFETCH(QString, url);
    QFETCH(QString, where);
    url.replace(QStringLiteral("HOST"), QStringLiteral("127.0.0.1:%1").arg(m_server->port()));
    url.replace(QStringLiteral("KEY"), kKey);
    const QByteArray before = contents(m_study);
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    auto *problem = view.findChild<QLabel *>(QStringLiteral("baseUrlProblem"));
    QVERIFY(problem);
    fill(view, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    QVERIFY(problem->isHidden());

    fill(view, url);
    // Said under the field as it is typed, with where the key belongs.
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("holds a credential (") + where + QStringLiteral(")")),
             qPrintable(problem->text()));
    QVERIFY2(problem->text().contains(QStringLiteral("API key variable")), qPrintable(problem->text()));
    QVERIFY(!problem->text().contains(kKey));

    // Run and Estimate refuse, saying why.
    QSignalSpy errors(&view, &JudgesView::errorShown);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
    QVERIFY(!view.isRunning());
    QVERIFY(!view.startRun());
    QVERIFY(!view.estimate());
    QCOMPARE(errors.count(), 3);
    for (const auto &error : errors) {
        QVERIFY2(error.at(1).toString().contains(QStringLiteral("holds a credential")),
                 qPrintable(error.at(1).toString()));
        QVERIFY(!error.at(1).toString().contains(kKey));
    }
    // Saving the settings as a profile is refused as well.
    view.findChild<QComboBox *>(QStringLiteral("providerProfile"))->setCurrentText(QStringLiteral("leaky"));
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("saveProvider")), Qt::LeftButton);
    QCOMPARE(errors.count(), 4);

    QCOMPARE(m_server->requestCount(), std::size_t{0});
    QCOMPARE(contents(m_study), before);
    QVERIFY(!settingsFiles(m_dir.filePath(QStringLiteral("settings"))).contains(kKey.toUtf8()));

    // Fixed, the problem goes away.
    fill(view, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    QVERIFY(problem->isHidden());
}

void TestJudgeSettingsForm::serverLimitsReachTheRun()
{
    // A Retry-After beyond the longest wait fails its call at once; what the form said is stored.
    m_server->setHandler([](const test::RecordedRequest &) {
        Reply reply = Reply::openAiError(429, "slow down", "rate_limit_exceeded");
        reply.headers.push_back({"Retry-After", "30"});
        return reply;
    });
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    fill(view, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    auto *wait = view.findChild<QSpinBox *>(QStringLiteral("maxRetryAfter"));
    auto *answer = view.findChild<QSpinBox *>(QStringLiteral("maxAnswerMib"));
    QVERIFY(wait && answer);
    QCOMPARE(wait->value(), 120);
    QCOMPARE(answer->value(), 8);
    wait->selectAll();
    QTest::keyClicks(wait, QStringLiteral("10"));
    answer->selectAll();
    QTest::keyClicks(answer, QStringLiteral("2"));
    QCOMPARE(wait->value(), 10);
    QCOMPARE(answer->value(), 2);
    QVERIFY(view.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRunning(), 30000);

    auto study = store::Study::open(m_study.toStdString(), {true});
    QVERIFY(study.ok());
    auto settings = study.value()->database().prepare("SELECT settings FROM judge_runs");
    QVERIFY(settings.step());
    const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(settings.textAt(0))).object();
    QCOMPARE(json.value(QStringLiteral("max_retry_after_s")).toDouble(), 10.0);
    QCOMPARE(json.value(QStringLiteral("max_answer_bytes")).toDouble(), 2.0 * 1024 * 1024);
    auto errors = study.value()->database().prepare("SELECT error FROM judge_calls");
    int failed = 0;
    while (errors.step()) {
        ++failed;
        QVERIFY2(errors.textAt(0).find("asked to wait 30 s before trying again, longer than the 10 s allowed")
                     != std::string::npos,
                 errors.textAt(0).c_str());
    }
    QVERIFY(failed > 0);
    // Failed at once: one request per call, no retry.
    QCOMPARE(m_server->requestCount(), static_cast<std::size_t>(failed));
}

// A protocol is more than its code: every one says what it asks the model, in its item's tooltip and below the
// box for the one chosen (the box had listed bare codes: rts, mcq, llmscore, …).
void TestJudgeSettingsForm::protocolsSayWhatTheyAsk()
{
    JudgesView view(m_session.get());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    auto *description = view.findChild<QLabel *>(QStringLiteral("protocolDescription"));
    QVERIFY(protocol);
    QVERIFY(description);
    QCOMPARE(protocol->count(), static_cast<int>(judge::allProtocols().size()));
    QStringList seen;
    for (int i = 0; i < protocol->count(); ++i) {
        const QString tip = protocol->itemData(i, Qt::ToolTipRole).toString();
        QVERIFY2(tip.size() > 20, qPrintable(protocol->itemText(i)));
        QVERIFY2(!seen.contains(tip), qPrintable(tip));
        seen << tip;
        protocol->setCurrentIndex(i);
        QCOMPARE(description->text(), tip);
        QVERIFY(description->isVisible());
    }
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    QVERIFY(description->text().startsWith(QStringLiteral("Reason, then score")));
}

// Re-ask when unreadable: the form's count reaches the run, whose status says how re-asking went; a protocol
// scored from token probabilities offers no re-asking and sends none.
void TestJudgeSettingsForm::reaskFromTheForm()
{
    // Every first answer unreadable; asked again, the model answers.
    m_server->setHandler([](const test::RecordedRequest &request) {
        return Reply::openAi(request.body.find("could not be read") != std::string::npos ? "Score: 4"
                                                                                         : "I would rather not say.");
    });
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    fill(view, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    auto *reask = view.findChild<QSpinBox *>(QStringLiteral("reaskInvalid"));
    QVERIFY(reask);
    QCOMPARE(reask->value(), 0);
    QCOMPARE(reask->text(), QStringLiteral("never"));
    QVERIFY(reask->isEnabled());
    reask->setFocus();
    QTest::keyClick(reask, Qt::Key_Up);
    QTest::keyClick(reask, Qt::Key_Up);
    QCOMPARE(view.runOptions().reaskInvalid, 2);
    QVERIFY(view.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRunning(), 30000);
    // One document: three summaries on two dimensions, each asked twice.
    constexpr int units = JudgeStudy::calls / 2;
    QCOMPARE(m_server->requestCount(), static_cast<std::size_t>(2 * units));
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("Re-asking (up to 2 times): 6 of 6 first answers invalid, 6 re-asks, 6 "
                                            "recovered; 0 invalid after re-asking")),
             qPrintable(status));

    // G-Eval reads token probabilities: nothing to re-ask, and the form says why.
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("geval")));
    QVERIFY(!reask->isEnabled());
    QVERIFY(reask->toolTip().contains(QStringLiteral("token probabilities")));
    QCOMPARE(view.runOptions().reaskInvalid, 0);
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    QVERIFY(reask->isEnabled());
    QCOMPARE(view.runOptions().reaskInvalid, 2);
}

void TestJudgeSettingsForm::structuredAnswersFromTheForm()
{
    // JSON where JSON is asked for; the request shows whether it was.
    m_server->setHandler([](const test::RecordedRequest &request) {
        return Reply::openAi(request.body.find("json_schema") != std::string::npos
                                 ? R"({"reason":"Hangs together.","score":4})"
                                 : "Score: 4");
    });
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    fill(view, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    auto *structured = view.findChild<QCheckBox *>(QStringLiteral("structuredAnswers"));
    QVERIFY(structured);
    QVERIFY(structured->isEnabled() && !structured->isChecked());
    QVERIFY(!view.runOptions().structured);
    structured->setFocus();
    QTest::keyClick(structured, Qt::Key_Space);
    QVERIFY(structured->isChecked());
    QVERIFY(view.runOptions().structured);
    QVERIFY(view.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRunning(), 30000);
    QCOMPARE(m_server->requestCount(), static_cast<std::size_t>(JudgeStudy::calls / 2));
    for (const auto &r : m_server->requests())
        QVERIFY(r.body.find(R"("response_format":{"type":"json_schema")") != std::string::npos);
    auto study = store::Study::open(m_study.toStdString(), {true});
    QVERIFY(study.ok());
    auto s = study.value()->database().prepare(
        "SELECT COUNT(*) FROM judge_calls WHERE valid = 1 AND parsed LIKE '%\"method\":\"structured\"%'");
    QVERIFY(s.step());
    QCOMPARE(s.int64At(0), std::int64_t{JudgeStudy::calls / 2});

    // A research protocol keeps its free text: the box is set aside and says why.
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("h2h")));
    QVERIFY(!structured->isEnabled());
    QVERIFY(structured->toolTip().contains(QStringLiteral("free-text")));
    QVERIFY(!view.runOptions().structured);
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("llmeval")));
    QVERIFY(structured->isEnabled() && view.runOptions().structured);
}

void TestJudgeSettingsForm::repeatsFromTheForm()
{
    // Three answers per request (n), two of them 4 and one 2: each unit scored 10/3.
    m_server->setHandler([](const test::RecordedRequest &request) {
        const auto body = nlohmann::json::parse(request.body, nullptr, false);
        const int n = body.is_object() ? body.value("n", 1) : 1;
        std::vector<std::string> choices;
        for (int i = 0; i < n; ++i)
            choices.push_back(i == 1 ? "Score: 2" : "Score: 4");
        return Reply::openAiChoices(choices);
    });
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    fill(view, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    auto *repeats = view.findChild<QSpinBox *>(QStringLiteral("repeats"));
    auto *temperature = view.findChild<QDoubleSpinBox *>(QStringLiteral("repeatTemperature"));
    auto *reask = view.findChild<QSpinBox *>(QStringLiteral("reaskInvalid"));
    QVERIFY(repeats && temperature && reask);
    QCOMPARE(repeats->text(), QStringLiteral("once"));
    QVERIFY(repeats->isEnabled() && !temperature->isEnabled() && reask->isEnabled());
    QCOMPARE(view.runOptions().repeats, 1);
    QCOMPARE(view.runOptions().sampling.temperature, 0.0);
    repeats->setFocus();
    QTest::keyClick(repeats, Qt::Key_Up);
    QTest::keyClick(repeats, Qt::Key_Up);
    // Asked three times: a temperature above 0, and no re-asking.
    QVERIFY(temperature->isEnabled());
    QVERIFY(!reask->isEnabled());
    QVERIFY(reask->toolTip().contains(QStringLiteral("out of its mean")));
    QCOMPARE(view.runOptions().repeats, 3);
    QCOMPARE(view.runOptions().sampling.temperature, 0.7);
    QCOMPARE(view.runOptions().reaskInvalid, 0);
    QVERIFY(view.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRunning(), 30000);
    QCOMPARE(m_server->requestCount(), static_cast<std::size_t>(JudgeStudy::calls / 2));
    for (const auto &r : m_server->requests())
        QCOMPARE(nlohmann::json::parse(r.body).value("n", 0), 3);
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("by the mean of 3 answers")), qPrintable(status));
    auto study = store::Study::open(m_study.toStdString(), {true});
    QVERIFY(study.ok());
    auto s = study.value()->database().prepare(
        "SELECT COUNT(*) FROM ratings r JOIN raters j ON j.id = r.rater_id WHERE j.kind = 'judge' AND abs(r.value - "
        "10.0 / 3.0) < 1e-9");
    QVERIFY(s.step());
    QCOMPARE(s.int64At(0), std::int64_t{JudgeStudy::calls / 2});

    // G-Eval samples on its own: the box is set aside and says why.
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("geval")));
    QVERIFY(!repeats->isEnabled() && !temperature->isEnabled());
    QVERIFY(repeats->toolTip().contains(QStringLiteral("samples on its own")));
    QCOMPARE(view.runOptions().repeats, 1);
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("mcq")));
    QCOMPARE(view.runOptions().repeats, 3);
}

QTEST_MAIN(TestJudgeSettingsForm)
#include "tst_judge_settings_form.moc"
