// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/anthropic_batch.h"

#include "judge/batch/batch_lines.h"

#include <nlohmann/json.hpp>

namespace concord::judge {

using nlohmann::json;

std::string anthropicBatchEntry(std::string_view customId, std::string_view body)
{
    checkBatchRequest(customId, body);
    std::string entry = R"({"custom_id":)";
    entry.append(json(std::string(customId)).dump()).append(R"(,"params":)").append(body).append("}");
    return entry;
}

std::string anthropicBatchBody(const std::vector<std::string> &entries)
{
    std::string out = R"({"requests":[)";
    for (std::size_t i = 0; i < entries.size(); ++i)
        out.append(i ? "," : "").append(entries[i]);
    return out.append("]}");
}

Result<BatchStatus> parseAnthropicBatch(const std::string &body)
{
    return capture([&]() -> BatchStatus {
        BatchStatus s;
        const json j = batchObject(body, s);
        const std::string status = stringField(j, "processing_status");
        if (status == "in_progress")
            s.state = BatchState::InProgress;
        else if (status == "canceling")
            s.state = BatchState::Cancelling;
        else if (status == "ended")
            s.state = BatchState::Completed;
        else
            fail("unknown processing_status '" + status + "'", "processing_status");
        if (const auto counts = j.find("request_counts"); counts != j.end() && counts->is_object()) {
            s.processing = countField(*counts, "processing");
            s.succeeded = countField(*counts, "succeeded");
            s.failed
                = countField(*counts, "errored") + countField(*counts, "canceled") + countField(*counts, "expired");
            s.total = s.processing + s.succeeded + s.failed;
        }
        s.resultsUrl = stringField(j, "results_url");
        return s;
    });
}

Result<std::vector<BatchResult>> parseAnthropicBatchResults(std::string_view jsonl, const std::string &fileName)
{
    return readBatchLines(jsonl, fileName, [](const json &j, BatchResult &r) {
        const auto result = j.find("result");
        if (result == j.end() || !result->is_object())
            fail("the line has no 'result' object", "result");
        const std::string type = stringField(*result, "type");
        if (type == "succeeded") {
            const auto message = result->find("message");
            if (message == result->end() || !message->is_object())
                fail("a succeeded result has no 'message' object", "message");
            r.outcome = BatchOutcome::Succeeded;
            r.httpStatus = 200;
            r.body = message->dump();
        } else if (type == "errored") {
            r.outcome = BatchOutcome::Errored;
            // {"type": "error", "error": {"type", "message"}}, or the inner object alone.
            if (const auto e = result->find("error"); e != result->end() && e->is_object()) {
                const auto inner = e->find("error");
                r.error = inner != e->end() && inner->is_object() ? stringField(*inner, "message")
                                                                  : stringField(*e, "message");
            }
            if (r.error.empty())
                r.error = "errored without a message";
        } else if (type == "canceled") {
            r.outcome = BatchOutcome::Cancelled;
            r.error = "the batch was cancelled before this request was done";
        } else if (type == "expired") {
            r.outcome = BatchOutcome::Expired;
            r.error = "the batch expired before this request was done";
        } else {
            fail("unknown result type '" + type + "'", "type");
        }
    });
}

} // namespace concord::judge
