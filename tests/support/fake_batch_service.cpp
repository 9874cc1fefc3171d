// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fake_batch_service.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace concord::test {

using nlohmann::json;

namespace {

constexpr std::string_view kOpenAiFinal[] = {"completed", "failed", "expired", "cancelled"};

bool isOpenAiFinal(const std::string &state)
{
    return std::find(std::begin(kOpenAiFinal), std::end(kOpenAiFinal), state) != std::end(kOpenAiFinal);
}

// The file part of a multipart/form-data body, as OpenAI's upload reads it.
std::string uploadedFile(const RecordedRequest &request)
{
    const auto type = request.headers.find("content-type");
    if (type == request.headers.end())
        return {};
    const auto at = type->second.find("boundary=");
    if (at == std::string::npos)
        return {};
    const std::string delimiter = "--" + type->second.substr(at + 9);
    const std::string &body = request.body;
    for (std::size_t part = body.find(delimiter); part != std::string::npos;) {
        const std::size_t next = body.find("\r\n" + delimiter, part + delimiter.size());
        if (next == std::string::npos)
            break;
        const std::string text = body.substr(part + delimiter.size(), next - part - delimiter.size());
        if (text.find("name=\"file\"") != std::string::npos)
            if (const auto start = text.find("\r\n\r\n"); start != std::string::npos)
                return text.substr(start + 4);
        part = next + 2;
    }
    return {};
}

std::string pathOnly(const std::string &path)
{
    return path.substr(0, path.find('?'));
}

std::string queryValue(const std::string &path, const std::string &name)
{
    const auto q = path.find('?');
    if (q == std::string::npos)
        return {};
    std::istringstream in(path.substr(q + 1));
    for (std::string pair; std::getline(in, pair, '&');)
        if (pair.starts_with(name + "="))
            return pair.substr(name.size() + 1);
    return {};
}

} // namespace

FakeBatchService::FakeBatchService(TestLlmServer &server)
    : m_server(server)
    , m_answer([](const std::string &, const std::string &) {
        return Outcome{"errored", 500, "the test gave no answer"};
    })
{ }

void FakeBatchService::setAnswer(Answer answer)
{
    std::lock_guard lock(m_mutex);
    m_answer = std::move(answer);
}

void FakeBatchService::setResultsOrigin(std::string origin)
{
    std::lock_guard lock(m_mutex);
    m_resultsOrigin = std::move(origin);
}

void FakeBatchService::failEveryRequest(int status)
{
    std::lock_guard lock(m_mutex);
    m_failStatus = status;
}

std::vector<FakeBatchService::Batch> FakeBatchService::batches() const
{
    std::lock_guard lock(m_mutex);
    return m_batches;
}

std::size_t FakeBatchService::requestsSubmitted() const
{
    std::lock_guard lock(m_mutex);
    std::size_t n = 0;
    for (const auto &b : m_batches)
        n += b.requests.size();
    return n;
}

std::size_t FakeBatchService::resultDownloads() const
{
    std::lock_guard lock(m_mutex);
    return m_downloads;
}

std::size_t FakeBatchService::filesKept() const
{
    std::lock_guard lock(m_mutex);
    return m_files.size();
}

std::size_t FakeBatchService::filesDeleted() const
{
    std::lock_guard lock(m_mutex);
    return m_filesDeleted;
}

void FakeBatchService::failFileDeletes(int status)
{
    std::lock_guard lock(m_mutex);
    m_deleteStatus = status;
}

Reply FakeBatchService::batchReply(const Batch &b) const
{
    std::size_t succeeded = 0, errored = 0, expired = 0, cancelled = 0;
    const bool final = b.api == Api::OpenAI ? isOpenAiFinal(b.state) : b.state == "ended";
    if (final) {
        // A file deleted once its results were stored counts nothing any more.
        const auto file = [this](const std::string &id) {
            const auto it = m_files.find(id);
            return it == m_files.end() ? std::string() : it->second;
        };
        std::istringstream lines(b.api == Api::OpenAI ? file(b.outputFile) + file(b.errorFile) : b.results);
        for (std::string line; std::getline(lines, line);) {
            if (line.empty())
                continue;
            const json j = json::parse(line);
            std::string kind;
            if (b.api == Api::Anthropic)
                kind = j["result"]["type"].get<std::string>();
            else if (j["response"].is_object() && j["response"]["status_code"] == 200)
                kind = "succeeded";
            else if (j["error"].is_object())
                kind = j["error"]["code"] == "batch_expired" ? "expired" : "canceled";
            else
                kind = "errored";
            (kind == "succeeded" ? succeeded : kind == "errored" ? errored : kind == "expired" ? expired : cancelled)++;
        }
    }
    json out;
    if (b.api == Api::OpenAI) {
        out = {{"id", b.id},
               {"object", "batch"},
               {"endpoint", "/v1/chat/completions"},
               {"status", b.state},
               {"input_file_id", b.inputFile},
               {"completion_window", "24h"},
               {"output_file_id", final && !b.outputFile.empty() ? json(b.outputFile) : json(nullptr)},
               {"error_file_id", final && !b.errorFile.empty() ? json(b.errorFile) : json(nullptr)},
               {"request_counts",
                {{"total", b.requests.size()}, {"completed", succeeded}, {"failed", errored + expired + cancelled}}},
               {"metadata", b.token.empty() ? json(nullptr) : json{{"concord_token", b.token}}},
               {"errors", nullptr}};
        if (b.state == "failed")
            out["errors"]
                = {{"object", "list"}, {"data", {{{"code", "invalid"}, {"message", "bad input"}, {"line", 1}}}}};
    } else {
        out = {{"id", b.id},
               {"type", "message_batch"},
               {"processing_status", b.state},
               {"request_counts",
                {{"processing", final ? 0 : b.requests.size()},
                 {"succeeded", succeeded},
                 {"errored", errored},
                 {"canceled", cancelled},
                 {"expired", expired}}},
               {"results_url", final ? json((m_resultsOrigin.empty() ? m_server.baseUrl() : m_resultsOrigin)
                                            + "/v1/messages/batches/" + b.id + "/results")
                                     : json(nullptr)}};
    }
    return Reply::json(200, out.dump());
}

void FakeBatchService::finish(Batch &b)
{
    std::string output, errors;
    for (const auto &[customId, body] : b.requests) {
        Outcome o = m_answer(customId, body);
        if (b.api == Api::Anthropic) {
            json result;
            if (o.kind == "succeeded")
                result = {{"type", "succeeded"}, {"message", json::parse(o.body)}};
            else if (o.kind == "errored")
                result = {{"type", "errored"},
                          {"error",
                           {{"type", "error"}, {"error", {{"type", "invalid_request_error"}, {"message", o.body}}}}}};
            else
                result = {{"type", o.kind == "cancelled" ? "canceled" : o.kind}};
            b.results.append(json{{"custom_id", customId}, {"result", result}}.dump()).append("\n");
            continue;
        }
        if (o.kind == "succeeded")
            output
                .append(json{{"id", "batch_req_" + customId},
                             {"custom_id", customId},
                             {"response", {{"status_code", 200}, {"request_id", "r"}, {"body", json::parse(o.body)}}},
                             {"error", nullptr}}
                            .dump())
                .append("\n");
        else if (o.kind == "errored")
            errors
                .append(json{{"id", "batch_req_" + customId},
                             {"custom_id", customId},
                             {"response", {{"status_code", o.status}, {"body", {{"error", {{"message", o.body}}}}}}},
                             {"error", nullptr}}
                            .dump())
                .append("\n");
        else
            errors
                .append(json{{"id", "batch_req_" + customId},
                             {"custom_id", customId},
                             {"response", nullptr},
                             {"error",
                              {{"code", o.kind == "expired" ? "batch_expired" : "batch_cancelled"},
                               {"message", "not done in time"}}}}
                            .dump())
                .append("\n");
    }
    if (b.api == Api::OpenAI && b.state != "failed") {
        b.outputFile = "file-out-" + b.id;
        b.errorFile = "file-err-" + b.id;
    }
    m_files[b.outputFile] = output;
    m_files[b.errorFile] = errors;
}

void FakeBatchService::setState(const std::string &id, const std::string &state)
{
    std::lock_guard lock(m_mutex);
    for (auto &b : m_batches)
        if (b.id == id) {
            b.state = state;
            if (b.api == Api::OpenAI ? isOpenAiFinal(state) : state == "ended")
                finish(b);
        }
}

std::optional<Reply> FakeBatchService::handle(const RecordedRequest &request)
{
    const std::string path = pathOnly(request.path);
    const bool anthropic = path.starts_with("/v1/messages/batches");
    if (!anthropic && !path.starts_with("/v1/batches") && !path.starts_with("/v1/files"))
        return std::nullopt;
    std::lock_guard lock(m_mutex);
    if (m_failStatus != 0)
        return Reply::openAiError(m_failStatus, "not found", "invalid_request_error");
    const auto find = [&](const std::string &id) -> Batch * {
        for (auto &b : m_batches)
            if (b.id == id)
                return &b;
        return nullptr;
    };
    const auto notFound = [] { return Reply::openAiError(404, "no such batch", "invalid_request_error"); };

    if (anthropic) {
        const std::string rest = path.substr(std::string("/v1/messages/batches").size());
        if (rest.empty() && request.method == "POST") {
            const json body = json::parse(request.body);
            Batch b;
            b.api = Api::Anthropic;
            b.id = "msgbatch_" + std::to_string(m_next++);
            b.state = "in_progress";
            for (const auto &r : body["requests"])
                b.requests.emplace_back(r["custom_id"].get<std::string>(), r["params"].dump());
            m_batches.push_back(b);
            return batchReply(m_batches.back());
        }
        const std::string id = rest.substr(1, rest.find('/', 1) - 1);
        Batch *b = find(id);
        if (!b)
            return notFound();
        if (rest.ends_with("/cancel") && request.method == "POST") {
            b->state = "canceling";
            return batchReply(*b);
        }
        if (rest.ends_with("/results")) {
            ++m_downloads;
            return Reply::json(200, b->results);
        }
        return batchReply(*b);
    }
    if (path == "/v1/files" && request.method == "POST") {
        const std::string id = "file-" + std::to_string(m_next++);
        m_files[id] = uploadedFile(request);
        return Reply::json(200, json{{"id", id}, {"object", "file"}, {"purpose", "batch"}}.dump());
    }
    if (path.starts_with("/v1/files/") && request.method == "DELETE") {
        const std::string id = path.substr(10);
        if (m_deleteStatus != 0)
            return Reply::openAiError(m_deleteStatus, "the file could not be deleted", "server_error");
        if (m_files.erase(id) == 0)
            return Reply::openAiError(404, "no such file", "invalid_request_error");
        ++m_filesDeleted;
        return Reply::json(200, json{{"id", id}, {"object", "file"}, {"deleted", true}}.dump());
    }
    if (path.starts_with("/v1/files/") && path.ends_with("/content")) {
        const std::string id = path.substr(10, path.size() - 10 - 8);
        const auto file = m_files.find(id);
        if (file == m_files.end())
            return notFound();
        ++m_downloads;
        return Reply::json(200, file->second);
    }
    if (path == "/v1/batches" && request.method == "POST") {
        const json body = json::parse(request.body);
        const auto file = m_files.find(body["input_file_id"].get<std::string>());
        if (file == m_files.end())
            return notFound();
        Batch b;
        b.api = Api::OpenAI;
        b.id = "batch_" + std::to_string(m_next++);
        b.state = "validating";
        b.inputFile = body["input_file_id"].get<std::string>();
        if (body.contains("metadata") && body["metadata"].is_object())
            b.token = body["metadata"].value("concord_token", "");
        std::istringstream lines(file->second);
        for (std::string line; std::getline(lines, line);)
            if (!line.empty()) {
                const json j = json::parse(line);
                b.requests.emplace_back(j["custom_id"].get<std::string>(), j["body"].dump());
            }
        m_batches.push_back(b);
        return batchReply(m_batches.back());
    }
    if (path == "/v1/batches" && request.method == "GET") {
        // Newest first, paged by limit and after, as OpenAI lists them.
        const std::string limitText = queryValue(request.path, "limit");
        const std::size_t limit = limitText.empty() ? 20 : std::stoul(limitText);
        const std::string after = queryValue(request.path, "after");
        std::vector<const Batch *> newest;
        for (auto it = m_batches.rbegin(); it != m_batches.rend(); ++it)
            if (it->api == Api::OpenAI)
                newest.push_back(&*it);
        std::size_t from = 0;
        if (!after.empty())
            while (from < newest.size() && newest[from++]->id != after) { }
        json data = json::array();
        for (std::size_t i = from; i < newest.size() && data.size() < limit; ++i)
            data.push_back(json::parse(batchReply(*newest[i]).body));
        const bool more = from + data.size() < newest.size();
        return Reply::json(200, json{{"object", "list"},
                                     {"data", data},
                                     {"has_more", more},
                                     {"last_id", data.empty() ? json(nullptr) : data.back()["id"]}}
                                    .dump());
    }
    const std::string rest = path.substr(std::string("/v1/batches/").size());
    const std::string id = rest.substr(0, rest.find('/'));
    Batch *b = find(id);
    if (!b)
        return notFound();
    if (rest.ends_with("/cancel") && request.method == "POST")
        b->state = "cancelling";
    return batchReply(*b);
}

} // namespace concord::test
