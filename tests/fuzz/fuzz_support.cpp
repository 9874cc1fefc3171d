// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzz_support.h"

#include "fuzz_study.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace concord::fuzz {

std::string_view asText(const std::uint8_t *data, std::size_t size)
{
    return {reinterpret_cast<const char *>(data), size};
}

std::string writeTempFile(std::string_view suffix, std::string_view bytes)
{
    const std::string path = (std::filesystem::temp_directory_path()
                              / ("concord-fuzz-" + std::to_string(::getpid()) + std::string(suffix)))
                                 .string();
    removeTempFile(path);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    check(out.good(), "the input can be written to a temporary file");
    return path;
}

void removeTempFile(const std::string &path)
{
    std::error_code ignored;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(path + suffix, ignored);
    // A study in an older format is upgraded after a backup beside it, named by the older version.
    for (std::size_t version = 0; version < store::Schema::migrations().size(); ++version)
        std::filesystem::remove(path + ".v" + std::to_string(version) + ".bak", ignored);
}

std::unique_ptr<store::Study> smallStudy()
{
    auto created = store::Study::createInMemory();
    check(created.ok(), "an in-memory study can be created");
    std::unique_ptr<store::Study> study = std::move(created.value());
    const Status status = study->write([&] { test::fillFuzzStudy(*study); });
    check(status.ok(), "the small study can be written");
    return study;
}

void checkProviderResponse(judge::ProviderKind kind, std::string_view body)
{
    // The key a server might echo: the seeds hold it, so mutations move it about.
    static const char *const key = "sk-fuzz-0123456789abcdef";
    static const bool keySet = ::setenv("CONCORD_FUZZ_API_KEY", key, 1) == 0;
    check(keySet, "the key's environment variable can be set");
    judge::ProviderConfig config;
    config.kind = kind;
    config.baseUrl = "http://127.0.0.1:9/v1";
    config.model = "fuzz-model";
    config.apiKeyEnv = "CONCORD_FUZZ_API_KEY";
    const auto provider = judge::Provider::create(config);
    check(provider.ok(), "a provider can be created");
    const std::string text(body);
    const auto response = provider.value()->parseResponse(text);
    if (response.ok())
        check(!response.value().choices.empty(), "a read answer has a choice");
    else
        check(!response.error().message.empty(), "an unreadable answer says what is wrong");
    for (const int status : {400, 429, 500}) {
        const std::string message = provider.value()->errorMessage(status, text);
        check(message.rfind("HTTP " + std::to_string(status), 0) == 0, "an error line starts with the status");
        check(message.find(key) == std::string::npos, "an error line never holds the key");
    }
}

bool sameCounts(const store::StudyCounts &a, const store::StudyCounts &b)
{
    return a.documents == b.documents && a.systems == b.systems && a.candidates == b.candidates
           && a.dimensions == b.dimensions && a.raters == b.raters && a.ratings == b.ratings && a.rankings == b.rankings
           && a.errorSpans == b.errorSpans && a.pairwiseOutcomes == b.pairwiseOutcomes
           && a.explanations == b.explanations && a.unitMarks == b.unitMarks
           && a.presentationOrders == b.presentationOrders && a.judgeCalls == b.judgeCalls;
}

void check(bool condition, const char *promise)
{
    if (condition)
        return;
    std::fprintf(stderr, "broken promise: %s\n", promise);
    std::abort();
}

} // namespace concord::fuzz
