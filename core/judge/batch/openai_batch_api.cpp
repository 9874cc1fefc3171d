// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/openai_batch_api.h"

#include "judge/batch/multipart_body.h"
#include "judge/batch/openai_batch.h"
#include "judge/provider/provider.h"

#include <nlohmann/json.hpp>

namespace concord::judge {

using nlohmann::json;

namespace {

BatchStatus parsedBatch(const std::string &body, std::string_view what)
{
    auto parsed = parseOpenAiBatch(body);
    if (!parsed)
        fail(std::string(what) + ": the server's batch object is unreadable: " + parsed.error().describe(), "batch");
    return std::move(parsed.value());
}

} // namespace

OpenAiBatchApi::OpenAiBatchApi(const Provider &provider, HttpClient &http)
    : BatchApi(provider, http)
{ }

BatchLimits OpenAiBatchApi::limits() const
{
    return openAiBatchLimits();
}

std::string OpenAiBatchApi::chatPath() const
{
    const std::string url = m_provider.endpoint();
    const auto scheme = url.find("://");
    const auto start = scheme == std::string::npos ? std::string::npos : url.find('/', scheme + 3);
    if (start == std::string::npos)
        return "/chat/completions";
    return url.substr(start, url.find_first_of("?#", start) - start);
}

Result<BatchStatus> OpenAiBatchApi::submit(const std::vector<BatchRequest> &requests, const std::string &token)
{
    return capture([&]() -> BatchStatus {
        if (requests.empty())
            fail("a batch needs at least one request", "batch");
        const std::string path = chatPath();
        std::string lines;
        for (const auto &r : requests)
            lines.append(openAiBatchLine(r.customId, path, r.body)).append("\n");
        const MultipartBody upload
            = multipartBody({{"purpose", "batch"}}, "file", "concord-batch.jsonl", "application/jsonl", lines);
        HttpRequest request = m_provider.apiRequest("/files", upload.body);
        request.headers.emplace_back("Content-Type", upload.contentType);
        const Error noApi{"the server at " + m_provider.config().baseUrl
                              + " has no batch API (HTTP 404 uploading the requests to /files); judge without batch",
                          {},
                          0,
                          kNoBatchApiField};
        const json file
            = json::parse(answerBody(exchange(std::move(request)), "uploading the requests", &noApi), nullptr, false);
        if (!file.is_object() || !file.contains("id") || !file["id"].is_string())
            fail("uploading the requests: the server's answer names no file id", "batch");
        const std::string fileId = file["id"].get<std::string>();

        json create = {{"input_file_id", fileId}, {"endpoint", path}, {"completion_window", "24h"}};
        if (!token.empty())
            create["metadata"] = {{"concord_token", token}};
        HttpRequest creating = m_provider.apiRequest("/batches", create.dump());
        creating.headers.emplace_back("Content-Type", "application/json");
        const Error noBatches{"the server at " + m_provider.config().baseUrl
                                  + " has no batch API (HTTP 404 creating a batch at /batches); judge without batch",
                              {},
                              0,
                              kNoBatchApiField};
        return parsedBatch(answerBody(exchange(std::move(creating)), "creating the batch", &noBatches),
                           "creating the batch");
    });
}

Result<BatchStatus> OpenAiBatchApi::status(const std::string &id)
{
    return capture([&]() -> BatchStatus {
        checkId(id, "batch");
        const Error unknown{"batch " + id + " is not known to the server (HTTP 404)", {}, 0, "batch"};
        return parsedBatch(
            answerBody(exchange(m_provider.apiRequest("/batches/" + id)), "reading batch " + id, &unknown),
            "reading batch " + id);
    });
}

Result<BatchStatus> OpenAiBatchApi::cancel(const std::string &id)
{
    return capture([&]() -> BatchStatus {
        checkId(id, "batch");
        const Error unknown{"batch " + id + " is not known to the server (HTTP 404)", {}, 0, "batch"};
        return parsedBatch(answerBody(exchange(m_provider.apiRequest("/batches/" + id + "/cancel", {}, true)),
                                      "cancelling batch " + id, &unknown),
                           "cancelling batch " + id);
    });
}

std::vector<BatchResult> OpenAiBatchApi::fileResults(const std::string &fileId)
{
    checkId(fileId, "file");
    HttpRequest request = m_provider.apiRequest("/files/" + fileId + "/content");
    request.maxBodyBytes = kMaxResultsBytes;
    const std::string body = answerBody(exchange(std::move(request)), "reading file " + fileId);
    auto parsed = parseOpenAiBatchResults(body, "file " + fileId);
    if (!parsed)
        throw Failure(parsed.error());
    return std::move(parsed.value());
}

Result<std::vector<BatchResult>> OpenAiBatchApi::results(const BatchStatus &status)
{
    return capture([&]() -> std::vector<BatchResult> {
        std::vector<BatchResult> out;
        if (!status.outputFileId.empty())
            out = fileResults(status.outputFileId);
        if (!status.errorFileId.empty()) {
            std::vector<BatchResult> failed = fileResults(status.errorFileId);
            out.insert(out.end(), std::make_move_iterator(failed.begin()), std::make_move_iterator(failed.end()));
        }
        return out;
    });
}

Result<std::size_t> OpenAiBatchApi::removeFiles(const BatchStatus &status)
{
    return capture([&]() -> std::size_t {
        std::size_t removed = 0;
        for (const std::string *file : {&status.inputFileId, &status.outputFileId, &status.errorFileId}) {
            if (file->empty())
                continue;
            checkId(*file, "file");
            HttpRequest request = m_provider.apiRequest("/files/" + *file);
            request.deleteRequest = true;
            const HttpResponse response = exchange(std::move(request));
            if (response.status == 404 && response.transportError.empty())
                continue; // gone already (deleted by hand, or a poll before this one)
            (void)answerBody(response, "deleting file " + *file);
            ++removed;
        }
        return removed;
    });
}

Result<std::optional<BatchStatus>> OpenAiBatchApi::findByToken(const std::string &token)
{
    return capture([&]() -> std::optional<BatchStatus> {
        if (token.empty())
            fail("no token to look for", "batch");
        std::string after;
        for (int page = 0; page < kSearchPages; ++page) {
            std::string path = "/batches?limit=100";
            if (!after.empty())
                path.append("&after=").append(after);
            const json listed
                = json::parse(answerBody(exchange(m_provider.apiRequest(path)), "listing batches"), nullptr, false);
            if (!listed.is_object() || !listed.contains("data") || !listed["data"].is_array())
                fail("listing batches: the server's answer has no list of batches", "batch");
            for (const auto &item : listed["data"]) {
                if (!item.is_object())
                    continue;
                const auto metadata = item.find("metadata");
                if (metadata == item.end() || !metadata->is_object())
                    continue;
                const auto mark = metadata->find("concord_token");
                if (mark != metadata->end() && mark->is_string() && mark->get<std::string>() == token)
                    return parsedBatch(item.dump(), "listing batches");
            }
            const auto more = listed.find("has_more");
            const auto last = listed.find("last_id");
            if (more == listed.end() || !more->is_boolean() || !more->get<bool>() || last == listed.end()
                || !last->is_string())
                return std::nullopt;
            after = last->get<std::string>();
            checkId(after, "batch");
        }
        fail("listing batches: no batch carries this token among the newest " + std::to_string(kSearchPages * 100)
                 + "; look for it in the provider's console",
             "batch");
    });
}

} // namespace concord::judge
