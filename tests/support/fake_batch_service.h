// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "test_llm_server.h"

#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace concord::test {

// The batch APIs of OpenAI (/v1/files, /v1/batches) and Anthropic (/v1/messages/batches) as the test server
// answers them. A batch stays where the test puts it (setState); a final state writes its results, each request
// answered by the test's answer function. Everything submitted is counted, so a test can tell a request sent twice.
class FakeBatchService {
public:
    enum class Api { OpenAI, Anthropic };
    // What became of one request of a batch.
    struct Outcome {
        std::string kind = "succeeded"; // succeeded, errored, expired, cancelled
        int status = 200;
        std::string body; // succeeded: the online API's answer body; errored: the error's message
    };
    using Answer = std::function<Outcome(const std::string &customId, const std::string &body)>;
    struct Batch {
        Api api = Api::OpenAI;
        std::string id;
        std::string state;                                         // as the API spells it
        std::string token;                                         // OpenAI metadata concord_token
        std::vector<std::pair<std::string, std::string>> requests; // custom id, body
        std::string inputFile;                                     // OpenAI: the uploaded requests' file id
        std::string outputFile, errorFile;                         // OpenAI: file ids once final
        std::string results;                                       // Anthropic: the results JSONL once ended
    };

    explicit FakeBatchService(TestLlmServer &server); // base URLs: server.baseUrl() + "/v1"
    void setAnswer(Answer answer);
    // The reply to a batch path, or nothing for any other request (the caller answers those).
    std::optional<Reply> handle(const RecordedRequest &request);
    // Moves a batch to a state (OpenAI: validating … cancelled; Anthropic: in_progress, canceling, ended). A
    // final state answers every request (OpenAI "expired": every request expired; "cancelled": cancelled).
    void setState(const std::string &id, const std::string &state);
    // Answers every batch path with this status (a server without a batch API: 404), or normally again with 0.
    void failEveryRequest(int status);
    // Where Anthropic's results_url points (scheme, host and port); the server's own address by default.
    void setResultsOrigin(std::string origin);

    std::vector<Batch> batches() const;
    std::size_t requestsSubmitted() const; // over every batch
    std::size_t resultDownloads() const;
    std::size_t filesKept() const;    // OpenAI files uploaded or written and not deleted
    std::size_t filesDeleted() const; // OpenAI files deleted (DELETE /v1/files/ID)
    // Answers every file deletion with this status (0: deletes them again).
    void failFileDeletes(int status);

private:
    Reply batchReply(const Batch &b) const;
    void finish(Batch &b);

    TestLlmServer &m_server;
    mutable std::mutex m_mutex;
    Answer m_answer;
    std::vector<Batch> m_batches;
    std::map<std::string, std::string> m_files; // OpenAI file id -> content
    int m_failStatus = 0;
    std::string m_resultsOrigin;
    std::size_t m_downloads = 0;
    std::size_t m_filesDeleted = 0;
    int m_deleteStatus = 0;
    int m_next = 1;
};

} // namespace concord::test
