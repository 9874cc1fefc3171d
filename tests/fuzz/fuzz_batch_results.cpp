// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// What a provider's batch API sends back, damaged or hostile: the first byte chooses the format (OpenAI's output or
// error file, Anthropic's results file, either's batch object), the rest is its text. Reading never crashes and
// gives either an error naming where, or results whose custom ids are valid and distinct, in file order, each
// answer a JSON object, every other outcome with a reason.
#include "fuzz_support.h"
#include "judge/batch/anthropic_batch.h"
#include "judge/batch/openai_batch.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

using namespace concord;

namespace {

void checkResults(const Result<std::vector<judge::BatchResult>> &results)
{
    if (!results) {
        const Error &e = results.error();
        fuzz::check(e.file == "results.jsonl" && e.line >= 1 && !e.message.empty(), "an error names file and line");
        return;
    }
    std::set<std::string> ids;
    long line = 0;
    for (const judge::BatchResult &r : results.value()) {
        fuzz::check(judge::validCustomId(r.customId), "a valid custom id");
        fuzz::check(ids.insert(r.customId).second, "each custom id once");
        fuzz::check(r.line > line, "results in file order");
        line = r.line;
        if (r.outcome == judge::BatchOutcome::Succeeded) {
            fuzz::check(nlohmann::json::parse(r.body, nullptr, false).is_object(), "an answer is a JSON object");
            // It can be asked again: the line built from it reads back as an object.
            const std::string again = judge::openAiBatchLine(r.customId, "/v1/chat/completions", r.body);
            fuzz::check(nlohmann::json::parse(again, nullptr, false).is_object(), "a request line is an object");
        } else {
            fuzz::check(!r.error.empty(), "a request without an answer says why");
        }
    }
}

void checkStatus(const Result<judge::BatchStatus> &status)
{
    if (!status) {
        fuzz::check(!status.error().message.empty() && !status.error().field.empty(), "an error names its field");
        return;
    }
    fuzz::check(!status.value().id.empty(), "a batch has an id");
    fuzz::check(judge::batchStateFromString(judge::toString(status.value().state)) == status.value().state,
                "the state reads back");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string text(fuzz::asText(data + 1, size - 1));
    switch (data[0] % 4) {
    case 0:
        checkResults(judge::parseOpenAiBatchResults(text, "results.jsonl"));
        break;
    case 1:
        checkResults(judge::parseAnthropicBatchResults(text, "results.jsonl"));
        break;
    case 2:
        checkStatus(judge::parseOpenAiBatch(text));
        break;
    default:
        checkStatus(judge::parseAnthropicBatch(text));
        break;
    }
    return 0;
}
