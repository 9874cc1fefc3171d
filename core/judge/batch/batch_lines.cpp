// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/batch_lines.h"

#include <nlohmann/json.hpp>

#include <unordered_set>

namespace concord::judge {

using nlohmann::json;

void checkBatchRequest(std::string_view customId, std::string_view body)
{
    if (!validCustomId(customId))
        fail("the custom id '" + std::string(customId) + "' is not 1 to 64 letters, digits, '-' or '_'", "custom_id");
    const json parsed = json::parse(body, nullptr, false);
    if (!parsed.is_object())
        fail("a batch request's body must be a JSON object", "body");
}

std::string stringField(const json &object, const char *name)
{
    const auto found = object.find(name);
    if (found == object.end() || found->is_null())
        return {};
    if (!found->is_string())
        fail(std::string("'") + name + "' is not a string", name);
    return found->get<std::string>();
}

std::size_t countField(const json &object, const char *name)
{
    const auto found = object.find(name);
    if (found == object.end() || found->is_null())
        return 0;
    if (!found->is_number_unsigned() && !(found->is_number_integer() && found->get<long long>() >= 0))
        fail(std::string("'") + name + "' is not a whole number of at least 0", name);
    return found->get<std::size_t>();
}

json batchObject(const std::string &body, BatchStatus &status)
{
    json j = json::parse(body, nullptr, false);
    if (!j.is_object())
        fail("the batch is not a JSON object", "batch");
    status.id = stringField(j, "id");
    if (status.id.empty())
        fail("the batch has no id", "id");
    return j;
}

Result<std::vector<BatchResult>> readBatchLines(std::string_view jsonl, const std::string &fileName,
                                                const std::function<void(const json &, BatchResult &)> &read)
{
    std::vector<BatchResult> out;
    std::unordered_set<std::string> seen;
    long lineNumber = 0;
    std::size_t at = 0;
    while (at < jsonl.size()) {
        const std::size_t end = std::min(jsonl.find('\n', at), jsonl.size());
        std::string_view line = jsonl.substr(at, end - at);
        at = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        auto one = capture([&]() -> BatchResult {
            const json j = json::parse(line, nullptr, false);
            if (!j.is_object())
                fail("the line is not a JSON object", "line");
            BatchResult r;
            r.customId = stringField(j, "custom_id");
            if (!validCustomId(r.customId))
                fail("'custom_id' is missing or not 1 to 64 letters, digits, '-' or '_'", "custom_id");
            if (!seen.insert(r.customId).second)
                fail("the custom id '" + r.customId + "' is there twice", "custom_id");
            r.line = lineNumber;
            read(j, r);
            return r;
        });
        if (!one) {
            Error e = one.error();
            e.file = fileName;
            e.line = lineNumber;
            return e;
        }
        out.push_back(std::move(one.value()));
    }
    return out;
}

} // namespace concord::judge
