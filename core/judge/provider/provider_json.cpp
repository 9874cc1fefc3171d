// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/provider_json.h"

#include "error.h"
#include "model/json_text.h"

#include <limits>

namespace concord::judge::wire {

namespace {

std::string member(const std::string &path, std::string_view key)
{
    std::string out = path;
    if (!out.empty())
        out.append(".");
    out.append(key);
    return out;
}

[[noreturn]] void missing(const std::string &path)
{
    std::string message = "no ";
    message.append(path).append(" in the answer");
    fail(std::move(message), path);
}

[[noreturn]] void wrongType(const std::string &path, std::string_view wanted, const nlohmann::json &value)
{
    std::string message = path;
    message.append(" is ").append(value.is_null() ? "null" : "not ").append(value.is_null() ? "" : wanted);
    if (!value.is_null()) {
        message.append(" (it is ").append(value.type_name()).append(")");
    }
    fail(std::move(message), path);
}

} // namespace

nlohmann::json parseObject(const std::string &body)
{
    nlohmann::json value = model::JsonText::parseOrDiscarded(body);
    if (value.is_discarded()) {
        if (model::JsonText::tooDeepAt(body))
            fail("the answer is nested more than " + std::to_string(model::JsonText::kMaxDepth) + " levels deep");
        std::string message = "the answer is not JSON";
        if (body.empty())
            message.append(" (it is empty)");
        fail(std::move(message));
    }
    if (!value.is_object()) {
        std::string message = "the answer is not a JSON object (it is ";
        message.append(value.type_name()).append(")");
        fail(std::move(message));
    }
    return value;
}

const nlohmann::json &require(const nlohmann::json &parent, std::string_view key, const std::string &path)
{
    const std::string here = member(path, key);
    if (!parent.is_object())
        missing(here);
    const auto it = parent.find(key);
    if (it == parent.end())
        missing(here);
    if (it->is_null())
        wrongType(here, "", *it);
    return *it;
}

const nlohmann::json &requireArray(const nlohmann::json &parent, std::string_view key, const std::string &path)
{
    const nlohmann::json &value = require(parent, key, path);
    if (!value.is_array())
        wrongType(member(path, key), "an array", value);
    return value;
}

const nlohmann::json &requireObject(const nlohmann::json &parent, std::string_view key, const std::string &path)
{
    const nlohmann::json &value = require(parent, key, path);
    if (!value.is_object())
        wrongType(member(path, key), "an object", value);
    return value;
}

std::string requireString(const nlohmann::json &parent, std::string_view key, const std::string &path)
{
    const nlohmann::json &value = require(parent, key, path);
    if (!value.is_string())
        wrongType(member(path, key), "a string", value);
    return value.get<std::string>();
}

double requireNumber(const nlohmann::json &parent, std::string_view key, const std::string &path)
{
    const nlohmann::json &value = require(parent, key, path);
    if (!value.is_number())
        wrongType(member(path, key), "a number", value);
    return value.get<double>();
}

std::optional<std::string> optionalString(const nlohmann::json &parent, std::string_view key, const std::string &path)
{
    if (!parent.is_object())
        return std::nullopt;
    const auto it = parent.find(key);
    if (it == parent.end() || it->is_null())
        return std::nullopt;
    if (!it->is_string())
        wrongType(member(path, key), "a string", *it);
    return it->get<std::string>();
}

std::optional<long long> optionalCount(const nlohmann::json &parent, std::string_view key, const std::string &path)
{
    if (!parent.is_object())
        return std::nullopt;
    const auto it = parent.find(key);
    if (it == parent.end() || it->is_null())
        return std::nullopt;
    if (!it->is_number() || it->get<double>() < 0)
        wrongType(member(path, key), "a count", *it);
    // Token counts and choice indexes are ints: a larger number (1e30) is no count, and converting it
    // would be undefined behaviour.
    if (it->get<double>() > std::numeric_limits<int>::max()) {
        std::string message = member(path, key);
        message.append(" is not a count (").append(it->dump()).append(" is too large)");
        fail(std::move(message), member(path, key));
    }
    return static_cast<long long>(it->get<double>());
}

std::vector<TokenLogprob> tokenLogprobs(const nlohmann::json &array, const std::string &path)
{
    std::vector<TokenLogprob> out;
    out.reserve(array.size());
    for (std::size_t i = 0; i < array.size(); ++i) {
        std::string at = path;
        at.append("[").append(std::to_string(i)).append("]");
        const nlohmann::json &entry = array[i];
        if (!entry.is_object())
            wrongType(at, "an object", entry);
        TokenLogprob token;
        token.token = requireString(entry, "token", at);
        token.logprob = requireNumber(entry, "logprob", at);
        if (const auto top = entry.find("top_logprobs"); top != entry.end() && !top->is_null()) {
            const std::string topPath = member(at, "top_logprobs");
            if (!top->is_array())
                wrongType(topPath, "an array", *top);
            token.top.reserve(top->size());
            for (std::size_t k = 0; k < top->size(); ++k) {
                std::string altPath = topPath;
                altPath.append("[").append(std::to_string(k)).append("]");
                const nlohmann::json &alt = (*top)[k];
                if (!alt.is_object())
                    wrongType(altPath, "an object", alt);
                token.top.push_back({requireString(alt, "token", altPath), requireNumber(alt, "logprob", altPath)});
            }
        }
        out.push_back(std::move(token));
    }
    return out;
}

std::string dump(const nlohmann::ordered_json &value)
{
    return value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

nlohmann::ordered_json chatMessages(const std::vector<ChatMessage> &messages)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const ChatMessage &m : messages)
        out.push_back(nlohmann::ordered_json{{"role", m.role}, {"content", m.content}});
    return out;
}

} // namespace concord::judge::wire
