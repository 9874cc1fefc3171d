// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/redaction.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace concord::judge {

namespace {

constexpr std::size_t kShortestSecret = 4;

bool equalsLower(std::string_view name, std::string_view lower)
{
    return name.size() == lower.size() && std::equal(name.begin(), name.end(), lower.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           });
}

// How a JSON encoder may write the secret inside a string: quotes and backslashes escaped, and
// (some encoders) the slash as well.
std::vector<std::string> jsonSpellings(const std::string &secret)
{
    std::string escaped, slashEscaped;
    for (char c : secret) {
        if (c == '"' || c == '\\') {
            escaped.push_back('\\');
            slashEscaped.push_back('\\');
        } else if (c == '/') {
            slashEscaped.push_back('\\');
        }
        escaped.push_back(c);
        slashEscaped.push_back(c);
    }
    return {escaped, slashEscaped};
}

} // namespace

std::vector<std::string> secretsOf(const HttpRequest &request)
{
    std::vector<std::string> plain = request.secrets;
    for (const auto &[name, value] : request.headers) {
        if (equalsLower(name, "authorization") || equalsLower(name, "proxy-authorization")) {
            // "Bearer KEY": the key is the secret, so that an echo reads "Bearer [redacted]".
            const auto space = value.find(' ');
            const auto token = space == std::string::npos ? 0 : value.find_first_not_of(' ', space);
            if (token != std::string::npos)
                plain.push_back(value.substr(token));
        } else if (equalsLower(name, "x-api-key") || equalsLower(name, "api-key")) {
            plain.push_back(value);
        }
    }
    std::vector<std::string> out;
    for (const std::string &secret : plain) {
        if (secret.size() < kShortestSecret)
            continue;
        out.push_back(secret);
        for (std::string &spelling : jsonSpellings(secret))
            out.push_back(std::move(spelling));
    }
    std::sort(out.begin(), out.end(), [](const std::string &a, const std::string &b) {
        return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void redact(std::string &text, const std::vector<std::string> &secrets)
{
    const std::string_view mark = kRedacted;
    for (const std::string &secret : secrets) {
        if (secret.empty())
            continue;
        for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + mark.size()))
            text.replace(at, secret.size(), mark);
    }
}

void redactTail(std::string &text, const std::vector<std::string> &secrets)
{
    for (const std::string &secret : secrets) {
        // The longest start of the secret the text ends with (a whole one is redact()'s).
        for (std::size_t n = std::min(secret.size() - 1, text.size()); n >= kShortestSecret; --n) {
            if (text.compare(text.size() - n, n, secret, 0, n) == 0) {
                text.replace(text.size() - n, n, kRedacted);
                return;
            }
        }
    }
}

void redact(HttpResponse &response, const std::vector<std::string> &secrets)
{
    if (secrets.empty())
        return;
    redact(response.body, secrets);
    redact(response.transportError, secrets);
    for (auto &[name, value] : response.headers)
        redact(value, secrets);
}

} // namespace concord::judge
