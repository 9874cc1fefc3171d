// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/connection_uri.h"

#include "model/hex_digit.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

namespace concord::store {

namespace {

constexpr std::string_view kSchemes[] = {"postgresql://", "postgres://"};

std::size_t schemeLength(std::string_view text)
{
    for (std::string_view scheme : kSchemes) {
        if (text.starts_with(scheme))
            return scheme.size();
    }
    return 0;
}

bool isSpace(char c)
{
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// libpq's keywords are case-sensitive; a secret is recognised in any case, so that a misspelt keyword's
// value is not shown either.
bool isSecretKeyword(std::string_view keyword)
{
    return equalsIgnoringCase(keyword, "password") || equalsIgnoringCase(keyword, "sslpassword");
}

// Percent-decoding as libpq does it for URIs; nothing when an escape is malformed.
std::optional<std::string> percentDecoded(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size())
            return std::nullopt;
        const int high = model::hexDigitValue(text[i + 1]);
        const int low = model::hexDigitValue(text[i + 2]);
        if (high < 0 || low < 0)
            return std::nullopt;
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return out;
}

// The parts of a URI. The user information is what comes before the first '@' that precedes any '/', as
// libpq finds it; without one, before the last '@': a password holding an unencoded '/' or '?' is
// malformed (libpq refuses it, quoting it) but must not be shown either. A '@' after the host (a database
// name's) is then taken for the end of user information, which hides too much and never too little.
// The query is what follows the first '?' after the user information.
struct UriParts {
    std::size_t userStart = 0;
    std::size_t userEnd = std::string_view::npos;    // at the '@', npos without user information
    std::size_t queryStart = std::string_view::npos; // at the '?'
};

UriParts uriParts(std::string_view uri, std::size_t prefix)
{
    UriParts parts;
    parts.userStart = prefix;
    std::size_t p = prefix;
    while (p < uri.size() && uri[p] != '@' && uri[p] != '/')
        ++p;
    if (p < uri.size() && uri[p] == '@')
        parts.userEnd = p;
    else if (const std::size_t last = uri.rfind('@'); last != std::string_view::npos && last >= prefix)
        parts.userEnd = last;
    const std::size_t after = parts.userEnd == std::string_view::npos ? prefix : parts.userEnd + 1;
    parts.queryStart = uri.find('?', after);
    return parts;
}

std::vector<std::string_view> split(std::string_view text, char separator)
{
    std::vector<std::string_view> pieces;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(separator, start);
        pieces.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            return pieces;
        start = end + 1;
    }
}

// A query parameter is dropped when its name is a secret's, or when the name cannot be decoded (libpq
// refuses the string then, but whatever follows the name is not shown).
bool dropsParameter(std::string_view parameter)
{
    const std::string_view name = parameter.substr(0, parameter.find('='));
    const auto decoded = percentDecoded(name);
    return !decoded || isSecretKeyword(*decoded);
}

struct KeywordPair {
    std::size_t start = 0; // the keyword's first character
    std::size_t end = 0;   // one past the value
    std::string keyword;
    std::string_view rawValue; // as written, without its quotes
    std::string value;         // with libpq's backslash escapes undone
};

// libpq's keyword = value syntax: values are bare words or single-quoted, backslash escapes the next
// character. Parsing stops at the first malformed pair (libpq refuses the string there).
std::vector<KeywordPair> keywordPairs(std::string_view text)
{
    std::vector<KeywordPair> pairs;
    std::size_t p = 0;
    while (true) {
        while (p < text.size() && isSpace(text[p]))
            ++p;
        if (p == text.size())
            return pairs;
        KeywordPair pair;
        pair.start = p;
        while (p < text.size() && text[p] != '=' && !isSpace(text[p]))
            ++p;
        pair.keyword = std::string(text.substr(pair.start, p - pair.start));
        while (p < text.size() && isSpace(text[p]))
            ++p;
        if (p == text.size() || text[p] != '=')
            return pairs;
        ++p;
        while (p < text.size() && isSpace(text[p]))
            ++p;
        const bool quoted = p < text.size() && text[p] == '\'';
        if (quoted)
            ++p;
        const std::size_t valueStart = p;
        bool closed = !quoted;
        while (p < text.size()) {
            const char c = text[p];
            if (quoted ? c == '\'' : isSpace(c)) {
                closed = true;
                break;
            }
            if (c == '\\' && p + 1 < text.size()) {
                pair.value += text[p + 1];
                p += 2;
                continue;
            }
            pair.value += c;
            ++p;
        }
        pair.rawValue = text.substr(valueStart, p - valueStart);
        if (quoted && closed)
            ++p;
        pair.end = p;
        pairs.push_back(std::move(pair));
        if (!closed) // an unterminated quote: the value ran to the end
            return pairs;
    }
}

// One of the keywords of the libpq Concord is linked with, so a newer libpq's keywords are known too.
bool isKnownKeyword(std::string_view word)
{
    PQconninfoOption *options = PQconndefaults();
    bool known = false;
    for (PQconninfoOption *option = options; option && option->keyword; ++option) {
        if (word == option->keyword) {
            known = true;
            break;
        }
    }
    PQconninfoFree(options);
    return known;
}

bool startsWithKeyword(std::string_view text)
{
    std::size_t p = 0;
    while (p < text.size() && isSpace(text[p]))
        ++p;
    const std::size_t start = p;
    while (p < text.size() && (std::isalnum(static_cast<unsigned char>(text[p])) || text[p] == '_'))
        ++p;
    const std::string word(text.substr(start, p - start));
    while (p < text.size() && isSpace(text[p]))
        ++p;
    if (word.empty() || p == text.size() || text[p] != '=')
        return false;
    return isKnownKeyword(word);
}

void addSecret(std::vector<std::string> &secrets, std::string_view raw)
{
    if (raw.empty())
        return;
    secrets.emplace_back(raw);
    if (auto decoded = percentDecoded(raw); decoded && !decoded->empty() && *decoded != raw)
        secrets.push_back(std::move(*decoded));
}

std::vector<std::string> secretsOf(std::string_view connection)
{
    std::vector<std::string> secrets;
    if (const std::size_t prefix = schemeLength(connection)) {
        const UriParts parts = uriParts(connection, prefix);
        if (parts.userEnd != std::string_view::npos) {
            const std::string_view userinfo = connection.substr(parts.userStart, parts.userEnd - parts.userStart);
            if (const std::size_t colon = userinfo.find(':'); colon != std::string_view::npos) {
                const std::string_view password = userinfo.substr(colon + 1);
                addSecret(secrets, password);
                // libpq reads a password with an unencoded '/' or '?' as host, port and database: pieces.
                for (std::string_view piece : split(password, '/')) {
                    for (std::string_view part : split(piece, '?'))
                        addSecret(secrets, part);
                }
            }
        }
        if (parts.queryStart != std::string_view::npos) {
            for (std::string_view parameter : split(connection.substr(parts.queryStart + 1), '&')) {
                const std::size_t equals = parameter.find('=');
                if (equals != std::string_view::npos && dropsParameter(parameter))
                    addSecret(secrets, parameter.substr(equals + 1));
            }
        }
        return secrets;
    }
    for (const KeywordPair &pair : keywordPairs(connection)) {
        if (isSecretKeyword(pair.keyword)) {
            addSecret(secrets, pair.rawValue);
            if (!pair.value.empty() && pair.value != pair.rawValue)
                secrets.push_back(pair.value);
        }
    }
    return secrets;
}

} // namespace

bool isConnectionString(std::string_view text)
{
    return schemeLength(text) > 0 || startsWithKeyword(text);
}

std::string withoutPassword(std::string_view connection)
{
    if (const std::size_t prefix = schemeLength(connection)) {
        const UriParts parts = uriParts(connection, prefix);
        std::string out(connection.substr(0, prefix));
        std::size_t rest = prefix;
        if (parts.userEnd != std::string_view::npos) {
            const std::string_view userinfo = connection.substr(parts.userStart, parts.userEnd - parts.userStart);
            out += userinfo.substr(0, userinfo.find(':'));
            rest = parts.userEnd;
        }
        if (parts.queryStart == std::string_view::npos) {
            out += connection.substr(rest);
            return out;
        }
        out += connection.substr(rest, parts.queryStart - rest);
        std::string query;
        for (std::string_view parameter : split(connection.substr(parts.queryStart + 1), '&')) {
            if (dropsParameter(parameter))
                continue;
            query += query.empty() ? '?' : '&';
            query += parameter;
        }
        return out + query;
    }
    if (!startsWithKeyword(connection))
        return std::string(connection);
    std::string out;
    for (const KeywordPair &pair : keywordPairs(connection)) {
        // libpq refuses an unknown keyword: it and what follows are left out like a malformed pair (kept,
        // "postgres://u:secret@ =x" after a removed password would make the shown text a URI with a password).
        if (!isKnownKeyword(pair.keyword))
            break;
        if (isSecretKeyword(pair.keyword))
            continue;
        if (!out.empty())
            out += ' ';
        out += connection.substr(pair.start, pair.end - pair.start);
    }
    // What follows a malformed pair or an unknown keyword is left out: libpq refuses the string anyway, and it
    // may hold a secret.
    return out;
}

std::string redactPassword(const std::string &message, std::string_view connection)
{
    std::vector<std::string> secrets = secretsOf(connection);
    // Longest first, so that a secret containing another is replaced whole.
    std::sort(secrets.begin(), secrets.end(), [](const auto &a, const auto &b) { return a.size() > b.size(); });
    // One pass, so that the mask itself is never searched again.
    std::string out;
    out.reserve(message.size());
    for (std::size_t at = 0; at < message.size();) {
        const auto secret = std::find_if(secrets.begin(), secrets.end(), [&](const std::string &s) {
            return std::string_view(message).substr(at).starts_with(s);
        });
        if (secret == secrets.end()) {
            out += message[at++];
            continue;
        }
        out += "[redacted]";
        at += secret->size();
    }
    return out;
}

} // namespace concord::store
