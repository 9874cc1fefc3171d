// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/openai_batch.h"

#include "judge/batch/batch_lines.h"

#include <nlohmann/json.hpp>

namespace concord::judge {

using nlohmann::json;

std::string openAiBatchLine(std::string_view customId, std::string_view path, std::string_view body)
{
    checkBatchRequest(customId, body);
    std::string line = R"({"custom_id":)";
    line.append(json(std::string(customId)).dump())
        .append(R"(,"method":"POST","url":)")
        .append(json(std::string(path)).dump())
        .append(R"(,"body":)")
        .append(body)
        .append("}");
    return line;
}

Result<BatchStatus> parseOpenAiBatch(const std::string &body)
{
    return capture([&]() -> BatchStatus {
        BatchStatus s;
        const json j = batchObject(body, s);
        const std::string status = stringField(j, "status");
        const auto state = batchStateFromString(status);
        if (!state)
            fail("unknown batch status '" + status + "'", "status");
        s.state = *state;
        if (const auto counts = j.find("request_counts"); counts != j.end() && counts->is_object()) {
            s.total = countField(*counts, "total");
            s.succeeded = countField(*counts, "completed");
            s.failed = countField(*counts, "failed");
            s.processing = s.total >= s.succeeded + s.failed ? s.total - s.succeeded - s.failed : 0;
        }
        s.inputFileId = stringField(j, "input_file_id");
        s.outputFileId = stringField(j, "output_file_id");
        s.errorFileId = stringField(j, "error_file_id");
        if (const auto metadata = j.find("metadata"); metadata != j.end() && metadata->is_object())
            s.token = stringField(*metadata, "concord_token");
        if (const auto errors = j.find("errors"); errors != j.end() && errors->is_object())
            if (const auto data = errors->find("data"); data != errors->end() && data->is_array())
                for (const auto &e : *data) {
                    if (!e.is_object())
                        continue;
                    std::string text = stringField(e, "message");
                    if (const auto line = e.find("line"); line != e.end() && line->is_number_integer())
                        text = "line " + std::to_string(line->get<long long>()) + ": " + text;
                    s.errors.append(s.errors.empty() ? "" : "\n").append(text);
                }
        return s;
    });
}

Result<std::vector<BatchResult>> parseOpenAiBatchResults(std::string_view jsonl, const std::string &fileName)
{
    return readBatchLines(jsonl, fileName, [](const json &j, BatchResult &r) {
        const auto response = j.find("response");
        const auto error = j.find("error");
        if (response != j.end() && !response->is_null() && !response->is_object())
            fail("'response' is neither an object nor null", "response");
        if (error != j.end() && !error->is_null() && !error->is_object())
            fail("'error' is neither an object nor null", "error");
        if (response != j.end() && response->is_object()) {
            const auto status = response->find("status_code");
            if (status == response->end() || !status->is_number_integer())
                fail("the response has no status_code", "status_code");
            r.httpStatus = status->get<int>();
            const auto body = response->find("body");
            if (r.httpStatus == 200 && body != response->end() && body->is_object()) {
                r.outcome = BatchOutcome::Succeeded;
                r.body = body->dump();
                return;
            }
            if (body != response->end() && body->is_object())
                if (const auto e = body->find("error"); e != body->end() && e->is_object())
                    r.error = stringField(*e, "message");
        }
        std::string code;
        if (error != j.end() && error->is_object()) {
            code = stringField(*error, "code");
            if (r.error.empty())
                r.error = stringField(*error, "message");
        }
        r.outcome = code == "batch_expired"     ? BatchOutcome::Expired
                    : code == "batch_cancelled" ? BatchOutcome::Cancelled
                                                : BatchOutcome::Errored;
        if (r.error.empty())
            r.error = r.httpStatus ? "HTTP " + std::to_string(r.httpStatus) + " without a message"
                                   : std::string("no answer and no error message");
    });
}

} // namespace concord::judge
