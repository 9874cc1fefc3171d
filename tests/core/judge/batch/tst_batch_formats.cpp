// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Both providers' batch formats as text: the request lines and bodies carry the online request's bytes unchanged,
// batch objects read into one status, results files read line by line into outcomes (an error naming file, line
// and field otherwise), and requests cut into batches within the providers' limits.
#include "judge/batch/anthropic_batch.h"
#include "judge/batch/batch_split.h"
#include "judge/batch/multipart_body.h"
#include "judge/batch/openai_batch.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace concord;
using namespace concord::judge;

namespace {

const char *const kChatBody = R"({"model":"m","messages":[{"role":"user","content":"Rate it."}],"temperature":0})";

} // namespace

class TestBatchFormats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void requestLinesKeepTheBodyBytes();
    void requestsWithBadIdsOrBodiesAreRefused_data();
    void requestsWithBadIdsOrBodiesAreRefused();
    void openAiBatchObject();
    void anthropicBatchObject();
    void batchObjectsRefused_data();
    void batchObjectsRefused();
    void openAiResults_data();
    void openAiResults();
    void anthropicResults_data();
    void anthropicResults();
    void damagedResultsNameTheLine_data();
    void damagedResultsNameTheLine();
    void splitByCountAndBytes_data();
    void splitByCountAndBytes();
    void aRequestLargerThanABatchIsRefused();
    void uploadBodyIsMultipartFormData();
};

void TestBatchFormats::requestLinesKeepTheBodyBytes()
{
    const std::string line = openAiBatchLine("u7-0", "/v1/chat/completions", kChatBody);
    QCOMPARE(line, std::string(R"({"custom_id":"u7-0","method":"POST","url":"/v1/chat/completions","body":)")
                       + kChatBody + "}");
    QVERIFY(nlohmann::json::parse(line).is_object());
    const std::string entry = anthropicBatchEntry("u7-0", kChatBody);
    QCOMPARE(entry, std::string(R"({"custom_id":"u7-0","params":)") + kChatBody + "}");
    const std::string body = anthropicBatchBody({entry, anthropicBatchEntry("u8-1", kChatBody)});
    const auto parsed = nlohmann::json::parse(body);
    QCOMPARE(parsed.at("requests").size(), std::size_t{2});
    QCOMPARE(parsed.at("requests").at(1).at("custom_id").get<std::string>(), std::string("u8-1"));
    QCOMPARE(anthropicBatchBody({}), std::string(R"({"requests":[]})"));
}

void TestBatchFormats::requestsWithBadIdsOrBodiesAreRefused_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("field");
    QTest::newRow("empty id") << "" << kChatBody << "custom_id";
    QTest::newRow("65 characters") << QString(65, QLatin1Char('a')) << kChatBody << "custom_id";
    QTest::newRow("a quote") << "u\"1" << kChatBody << "custom_id";
    QTest::newRow("a space") << "u 1" << kChatBody << "custom_id";
    QTest::newRow("body not JSON") << "u1"
                                   << "Score: 3"
                                   << "body";
    QTest::newRow("body an array") << "u1"
                                   << "[1, 2]"
                                   << "body";
}

void TestBatchFormats::requestsWithBadIdsOrBodiesAreRefused()
{
    QFETCH(QString, id);
    QFETCH(QString, body);
    QFETCH(QString, field);
    for (int format = 0; format < 2; ++format) {
        try {
            if (format == 0)
                (void)openAiBatchLine(id.toStdString(), "/v1/chat/completions", body.toStdString());
            else
                (void)anthropicBatchEntry(id.toStdString(), body.toStdString());
            QFAIL("accepted");
        } catch (const Failure &f) {
            QCOMPARE(QString::fromStdString(f.error().field), field);
        }
    }
    QVERIFY(validCustomId(std::string(64, 'z')));
    QVERIFY(validCustomId("a-B_9"));
}

void TestBatchFormats::openAiBatchObject()
{
    const auto s = parseOpenAiBatch(
        R"({"id":"batch_abc","object":"batch","endpoint":"/v1/chat/completions","input_file_id":"file-in",
            "completion_window":"24h","status":"in_progress","output_file_id":null,"error_file_id":null,
            "request_counts":{"total":10,"completed":6,"failed":1}})");
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().describe().c_str());
    QCOMPARE(s.value().id, std::string("batch_abc"));
    QVERIFY(s.value().state == BatchState::InProgress);
    QVERIFY(!isFinal(s.value().state));
    QCOMPARE(s.value().total, std::size_t{10});
    QCOMPARE(s.value().succeeded, std::size_t{6});
    QCOMPARE(s.value().failed, std::size_t{1});
    QCOMPARE(s.value().processing, std::size_t{3});
    QVERIFY(s.value().outputFileId.empty());

    const auto failed = parseOpenAiBatch(
        R"({"id":"batch_f","status":"failed","errors":{"object":"list","data":[
            {"code":"invalid_json_line","message":"This line is not parseable as valid JSON.","line":3},
            {"code":"too_many_requests","message":"Too many requests."}]}})");
    QVERIFY(failed.ok());
    QVERIFY(failed.value().state == BatchState::Failed && isFinal(failed.value().state));
    QCOMPARE(failed.value().errors,
             std::string("line 3: This line is not parseable as valid JSON.\nToo many requests."));

    // Every state OpenAI names reads back.
    for (const char *state :
         {"validating", "in_progress", "finalizing", "completed", "failed", "expired", "cancelling", "cancelled"}) {
        const auto one = parseOpenAiBatch(std::string(R"({"id":"b","status":")") + state + "\"}");
        QVERIFY2(one.ok(), state);
        QCOMPARE(std::string(toString(one.value().state)), std::string(state));
    }
}

void TestBatchFormats::anthropicBatchObject()
{
    const auto s = parseAnthropicBatch(
        R"({"id":"msgbatch_1","type":"message_batch","processing_status":"ended",
            "request_counts":{"processing":0,"succeeded":7,"errored":1,"canceled":1,"expired":2},
            "ended_at":"2026-11-30T10:00:00Z","results_url":"https://api.anthropic.com/v1/messages/batches/msgbatch_1/results"})");
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().describe().c_str());
    QVERIFY(s.value().state == BatchState::Completed);
    QCOMPARE(s.value().total, std::size_t{11});
    QCOMPARE(s.value().succeeded, std::size_t{7});
    QCOMPARE(s.value().failed, std::size_t{4});
    QCOMPARE(s.value().resultsUrl, std::string("https://api.anthropic.com/v1/messages/batches/msgbatch_1/results"));
    const auto cancelling = parseAnthropicBatch(R"({"id":"msgbatch_2","processing_status":"canceling"})");
    QVERIFY(cancelling.ok() && cancelling.value().state == BatchState::Cancelling);
    const auto running = parseAnthropicBatch(
        R"({"id":"msgbatch_3","processing_status":"in_progress","request_counts":{"processing":5},"results_url":null})");
    QVERIFY(running.ok() && running.value().state == BatchState::InProgress && running.value().processing == 5);
    QVERIFY(running.value().resultsUrl.empty());
}

void TestBatchFormats::batchObjectsRefused_data()
{
    QTest::addColumn<bool>("anthropic");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("field");
    QTest::newRow("openai not JSON") << false << "<html>"
                                     << "batch";
    QTest::newRow("openai no id") << false << R"({"status":"completed"})"
                                  << "id";
    QTest::newRow("openai unknown status") << false << R"({"id":"b","status":"paused"})"
                                           << "status";
    QTest::newRow("openai negative count")
        << false << R"({"id":"b","status":"completed","request_counts":{"total":-1}})"
        << "total";
    QTest::newRow("openai id a number") << false << R"({"id":5,"status":"completed"})"
                                        << "id";
    QTest::newRow("anthropic unknown status") << true << R"({"id":"m","processing_status":"done"})"
                                              << "processing_status";
    QTest::newRow("anthropic count a string")
        << true << R"({"id":"m","processing_status":"ended","request_counts":{"succeeded":"7"}})"
        << "succeeded";
}

void TestBatchFormats::batchObjectsRefused()
{
    QFETCH(bool, anthropic);
    QFETCH(QString, body);
    QFETCH(QString, field);
    const auto s = anthropic ? parseAnthropicBatch(body.toStdString()) : parseOpenAiBatch(body.toStdString());
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.error().field), field);
}

void TestBatchFormats::openAiResults_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("error");
    QTest::newRow("answered")
        << R"({"id":"r1","custom_id":"u1-0","response":{"status_code":200,"request_id":"q","body":{"id":"c","choices":[{"index":0,"message":{"role":"assistant","content":"Score: 4"}}]}},"error":null})"
        << "succeeded" << 200 << "";
    QTest::newRow("refused by the model's server")
        << R"({"id":"r2","custom_id":"u2-0","response":{"status_code":400,"body":{"error":{"message":"max_tokens is too large","type":"invalid_request_error"}}},"error":null})"
        << "errored" << 400 << "max_tokens is too large";
    QTest::newRow("expired")
        << R"({"id":"r3","custom_id":"u3-0","response":null,"error":{"code":"batch_expired","message":"This request could not be executed before the completion window expired."}})"
        << "expired" << 0 << "This request could not be executed before the completion window expired.";
    QTest::newRow("cancelled")
        << R"({"id":"r4","custom_id":"u4-0","response":null,"error":{"code":"batch_cancelled","message":"This request was cancelled."}})"
        << "cancelled" << 0 << "This request was cancelled.";
    QTest::newRow("status 200 without a body") << R"({"custom_id":"u5-0","response":{"status_code":200}})"
                                               << "errored" << 200 << "HTTP 200 without a message";
    QTest::newRow("neither") << R"({"custom_id":"u6-0"})"
                             << "errored" << 0 << "no answer and no error message";
}

void TestBatchFormats::openAiResults()
{
    QFETCH(QString, line);
    QFETCH(QString, outcome);
    QFETCH(int, status);
    QFETCH(QString, error);
    // Blank lines and a Windows line end around it change nothing.
    std::string text = "\n";
    text.append(line.toStdString()).append("\r\n\n");
    const auto results = parseOpenAiBatchResults(text, "output.jsonl");
    QVERIFY2(results.ok(), results.ok() ? "" : results.error().describe().c_str());
    QCOMPARE(results.value().size(), std::size_t{1});
    const BatchResult &r = results.value().front();
    QCOMPARE(QString::fromLatin1(toString(r.outcome)), outcome);
    QCOMPARE(r.httpStatus, status);
    QCOMPARE(QString::fromStdString(r.error), error);
    QCOMPARE(r.line, 2L);
    if (r.outcome == BatchOutcome::Succeeded)
        QCOMPARE(nlohmann::json::parse(r.body).at("choices").at(0).at("message").at("content").get<std::string>(),
                 std::string("Score: 4"));
}

void TestBatchFormats::anthropicResults_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("error");
    QTest::newRow("answered")
        << R"({"custom_id":"u1-0","result":{"type":"succeeded","message":{"id":"msg","type":"message","role":"assistant","content":[{"type":"text","text":"Score: 4"}]}}})"
        << "succeeded"
        << "";
    QTest::newRow("errored")
        << R"({"custom_id":"u2-0","result":{"type":"errored","error":{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long"}}}})"
        << "errored"
        << "prompt is too long";
    QTest::newRow("errored, the inner error alone")
        << R"({"custom_id":"u3-0","result":{"type":"errored","error":{"type":"api_error","message":"overloaded"}}})"
        << "errored"
        << "overloaded";
    QTest::newRow("canceled") << R"({"custom_id":"u4-0","result":{"type":"canceled"}})"
                              << "cancelled"
                              << "the batch was cancelled before this request was done";
    QTest::newRow("expired") << R"({"custom_id":"u5-0","result":{"type":"expired"}})"
                             << "expired"
                             << "the batch expired before this request was done";
}

void TestBatchFormats::anthropicResults()
{
    QFETCH(QString, line);
    QFETCH(QString, outcome);
    QFETCH(QString, error);
    const auto results = parseAnthropicBatchResults(line.toStdString(), "results.jsonl");
    QVERIFY2(results.ok(), results.ok() ? "" : results.error().describe().c_str());
    QCOMPARE(results.value().size(), std::size_t{1});
    const BatchResult &r = results.value().front();
    QCOMPARE(QString::fromLatin1(toString(r.outcome)), outcome);
    QCOMPARE(QString::fromStdString(r.error), error);
    if (r.outcome == BatchOutcome::Succeeded)
        QCOMPARE(nlohmann::json::parse(r.body).at("content").at(0).at("text").get<std::string>(),
                 std::string("Score: 4"));
}

void TestBatchFormats::damagedResultsNameTheLine_data()
{
    QTest::addColumn<bool>("anthropic");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    const QString good = QStringLiteral(R"({"custom_id":"u1-0","result":{"type":"expired"}})");
    QTest::newRow("not JSON") << true << good + QStringLiteral("\n{\"custom_id\":") << 2 << "line";
    QTest::newRow("an array") << true << "[]" << 1 << "line";
    QTest::newRow("no custom id") << true << R"({"result":{"type":"expired"}})" << 1 << "custom_id";
    QTest::newRow("a custom id twice") << true << good + QStringLiteral("\n\n") + good << 3 << "custom_id";
    QTest::newRow("no result") << true << R"({"custom_id":"u1-0"})" << 1 << "result";
    QTest::newRow("unknown type") << true << R"({"custom_id":"u1-0","result":{"type":"pending"}})" << 1 << "type";
    QTest::newRow("succeeded without a message")
        << true << R"({"custom_id":"u1-0","result":{"type":"succeeded"}})" << 1 << "message";
    QTest::newRow("openai response a string") << false << R"({"custom_id":"u1-0","response":"ok"})" << 1 << "response";
    QTest::newRow("openai no status code")
        << false << R"({"custom_id":"u1-0","response":{"body":{}}})" << 1 << "status_code";
    QTest::newRow("openai error a list") << false << R"({"custom_id":"u1-0","error":[]})" << 1 << "error";
}

void TestBatchFormats::damagedResultsNameTheLine()
{
    QFETCH(bool, anthropic);
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, field);
    const auto results = anthropic ? parseAnthropicBatchResults(text.toStdString(), "results.jsonl")
                                   : parseOpenAiBatchResults(text.toStdString(), "results.jsonl");
    QVERIFY(!results.ok());
    QCOMPARE(results.error().file, std::string("results.jsonl"));
    QCOMPARE(results.error().line, static_cast<long>(line));
    QCOMPARE(QString::fromStdString(results.error().field), field);
}

void TestBatchFormats::splitByCountAndBytes_data()
{
    QTest::addColumn<QList<int>>("bytes");
    QTest::addColumn<int>("maxRequests");
    QTest::addColumn<int>("maxBytes");
    QTest::addColumn<QList<int>>("ends"); // each batch's end
    QTest::newRow("nothing") << QList<int>{} << 3 << 100 << QList<int>{};
    QTest::newRow("one batch") << QList<int>{10, 10, 10} << 3 << 100 << QList<int>{3};
    QTest::newRow("by count") << QList<int>{1, 1, 1, 1, 1, 1, 1} << 3 << 100 << QList<int>{3, 6, 7};
    QTest::newRow("by bytes") << QList<int>{40, 40, 40, 40} << 10 << 100 << QList<int>{2, 4};
    QTest::newRow("exactly full") << QList<int>{50, 50, 50} << 10 << 100 << QList<int>{2, 3};
    QTest::newRow("a large one alone") << QList<int>{10, 100, 10} << 10 << 100 << QList<int>{1, 2, 3};
}

void TestBatchFormats::splitByCountAndBytes()
{
    QFETCH(QList<int>, bytes);
    QFETCH(int, maxRequests);
    QFETCH(int, maxBytes);
    QFETCH(QList<int>, ends);
    std::vector<std::size_t> sizes(bytes.begin(), bytes.end());
    const auto batches
        = splitIntoBatches(sizes, {static_cast<std::size_t>(maxRequests), static_cast<std::size_t>(maxBytes)});
    QCOMPARE(batches.size(), static_cast<std::size_t>(ends.size()));
    std::size_t begin = 0;
    for (std::size_t i = 0; i < batches.size(); ++i) {
        QCOMPARE(batches[i].first, begin);
        QCOMPARE(batches[i].second, static_cast<std::size_t>(ends[static_cast<qsizetype>(i)]));
        begin = batches[i].second;
    }
    // 10,000 requests of 1 KB at OpenAI's limits: one batch; at 2,000 a batch, five.
    QCOMPARE(splitIntoBatches(std::vector<std::size_t>(10000, 1024), openAiBatchLimits()).size(), std::size_t{1});
    QCOMPARE(splitIntoBatches(std::vector<std::size_t>(10000, 1024), {2000, std::size_t{200} << 20}).size(),
             std::size_t{5});
}

void TestBatchFormats::aRequestLargerThanABatchIsRefused()
{
    try {
        (void)splitIntoBatches({10, 101, 10}, {10, 100});
        QFAIL("accepted");
    } catch (const Failure &f) {
        QCOMPARE(f.error().field, std::string("batch_limits"));
        QVERIFY(f.error().message.find("request 2 alone is 101 bytes") != std::string::npos);
    }
    QVERIFY_THROWS_EXCEPTION(Failure, splitIntoBatches({1}, {0, 100}));
}

void TestBatchFormats::uploadBodyIsMultipartFormData()
{
    const std::string file = std::string("{\"custom_id\":\"u1-0\"}\n");
    const MultipartBody m = multipartBody({{"purpose", "batch"}}, "file", "requests.jsonl", "application/jsonl", file);
    QCOMPARE(m.contentType, std::string("multipart/form-data; boundary=concord-batch-boundary"));
    QCOMPARE(m.body, std::string("--concord-batch-boundary\r\n"
                                 "Content-Disposition: form-data; name=\"purpose\"\r\n\r\n"
                                 "batch\r\n"
                                 "--concord-batch-boundary\r\n"
                                 "Content-Disposition: form-data; name=\"file\"; filename=\"requests.jsonl\"\r\n"
                                 "Content-Type: application/jsonl\r\n\r\n")
                         + file + "\r\n--concord-batch-boundary--\r\n");
    // A file that holds the boundary gets another one.
    const MultipartBody other
        = multipartBody({}, "file", "f.jsonl", "application/jsonl", "--concord-batch-boundary and more");
    QCOMPARE(other.contentType, std::string("multipart/form-data; boundary=concord-batch-boundary-0"));
    QVERIFY_THROWS_EXCEPTION(Failure, multipartBody({}, "file", "a\"b", "application/jsonl", "x"));
    QVERIFY_THROWS_EXCEPTION(Failure, multipartBody({{"bad\r\nname", "v"}}, "file", "f", "application/jsonl", "x"));
}

QTEST_GUILESS_MAIN(TestBatchFormats)
#include "tst_batch_formats.moc"
