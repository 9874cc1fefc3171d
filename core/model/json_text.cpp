// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/json_text.h"

#include "error.h"
#include "model/utf8_check.h"

namespace concord::model {

namespace {

// nlohmann's DOM builder behind a depth count: start_object/start_array past kMaxDepth stop the
// parse. It also remembers the top-level member whose value is being read, to name the field of
// an error.
template <typename Json> class LimitedSax {
public:
    using number_integer_t = typename Json::number_integer_t;
    using number_unsigned_t = typename Json::number_unsigned_t;
    using number_float_t = typename Json::number_float_t;
    using string_t = typename Json::string_t;
    using binary_t = typename Json::binary_t;

    explicit LimitedSax(Json &result)
        : m_dom(result, false)
    { }

    bool null() { return scalar(m_dom.null()); }
    bool boolean(bool v) { return scalar(m_dom.boolean(v)); }
    bool number_integer(number_integer_t v) { return scalar(m_dom.number_integer(v)); }
    bool number_unsigned(number_unsigned_t v) { return scalar(m_dom.number_unsigned(v)); }
    bool number_float(number_float_t v, const string_t &s) { return scalar(m_dom.number_float(v, s)); }
    bool string(string_t &v) { return scalar(m_dom.string(v)); }
    bool binary(binary_t &v) { return scalar(m_dom.binary(v)); }
    bool start_object(std::size_t n) { return enter() && m_dom.start_object(n); }
    bool start_array(std::size_t n) { return enter() && m_dom.start_array(n); }
    bool end_object() { return leave(m_dom.end_object()); }
    bool end_array() { return leave(m_dom.end_array()); }
    bool key(string_t &k)
    {
        if (m_depth == 1)
            m_field = k;
        return m_dom.key(k);
    }
    template <class Exception> bool parse_error(std::size_t position, const std::string &, const Exception &e)
    {
        m_errorAt = position;
        m_reason = e.what();
        return false;
    }

    bool tooDeep() const { return m_tooDeep; }
    std::size_t errorAt() const { return m_errorAt; }
    const std::string &reason() const { return m_reason; }
    const std::string &field() const { return m_field; }

private:
    bool scalar(bool ok)
    {
        if (m_depth == 1)
            m_field.clear();
        return ok;
    }
    bool enter()
    {
        if (++m_depth > JsonText::kMaxDepth) {
            m_tooDeep = true;
            return false;
        }
        return true;
    }
    bool leave(bool ok)
    {
        --m_depth;
        return scalar(ok);
    }

    nlohmann::detail::json_sax_dom_parser<Json> m_dom;
    std::size_t m_depth = 0;
    bool m_tooDeep = false;
    std::size_t m_errorAt = 0;
    std::string m_reason;
    std::string m_field;
};

// The 1-based line and column of a 0-based byte offset.
std::pair<long, long> lineAndColumn(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    long line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return {line, static_cast<long>(offset - lineStart) + 1};
}

// nlohmann's message without its "[json.exception...] parse error at line L, column C: " head,
// which would count lines of the piece it was given rather than of the file.
std::string reasonOnly(std::string reason)
{
    // nlohmann's "[json.exception.out_of_range.406] number overflow …" names its own exception type.
    if (reason.rfind("[json.exception.", 0) == 0)
        if (const auto bracket = reason.find("] "); bracket != std::string::npos)
            reason.erase(0, bracket + 2);
    if (const auto at = reason.find("column "); at != std::string::npos)
        if (const auto colon = reason.find(": ", at); colon != std::string::npos)
            reason.erase(0, colon + 2);
    return reason;
}

template <typename Json> std::optional<Error> parseInto(std::string_view text, Json &out)
{
    LimitedSax<Json> sax(out);
    if (Json::sax_parse(text, &sax))
        return std::nullopt;
    out = Json(nlohmann::detail::value_t::discarded);
    if (sax.tooDeep()) {
        const std::size_t at = JsonText::tooDeepAt(text).value_or(0);
        const auto [line, column] = lineAndColumn(text, at);
        return Error{"nested more than " + std::to_string(JsonText::kMaxDepth) + " levels deep at column "
                         + std::to_string(column),
                     {},
                     line,
                     sax.field()};
    }
    // nlohmann's position counts the bytes read, the bad one included.
    const std::size_t errorByte = sax.errorAt() > 0 ? sax.errorAt() - 1 : 0;
    if (const auto bad = Utf8Check::firstInvalid(text); bad && *bad <= errorByte) {
        const auto [line, column] = lineAndColumn(text, *bad);
        // The text before the byte from where its string starts, not the JSON around it.
        const std::size_t quote = text.substr(0, *bad).rfind('"');
        const std::size_t from = quote == std::string_view::npos ? 0 : quote + 1;
        return Error{Utf8Check::describeInvalid(text.substr(from), *bad - from) + " (column " + std::to_string(column)
                         + ")",
                     {},
                     line,
                     sax.field()};
    }
    const auto [line, column] = lineAndColumn(text, errorByte);
    // A syntax error is about the text, not about a member's value: no field.
    return Error{"malformed JSON at column " + std::to_string(column) + ": " + reasonOnly(sax.reason()), {}, line, {}};
}

template <typename Json> Json parseOrThrow(std::string_view text)
{
    Json out;
    if (auto error = parseInto(text, out))
        throw Failure(std::move(*error));
    return out;
}

template <typename Json> Json parseOrDiscard(std::string_view text)
{
    Json out;
    parseInto(text, out);
    return out;
}

} // namespace

nlohmann::json JsonText::parse(std::string_view text)
{
    return parseOrThrow<nlohmann::json>(text);
}

nlohmann::ordered_json JsonText::parseOrdered(std::string_view text)
{
    return parseOrThrow<nlohmann::ordered_json>(text);
}

nlohmann::json JsonText::parseOrDiscarded(std::string_view text)
{
    return parseOrDiscard<nlohmann::json>(text);
}

nlohmann::ordered_json JsonText::parseOrderedOrDiscarded(std::string_view text)
{
    return parseOrDiscard<nlohmann::ordered_json>(text);
}

std::optional<std::size_t> JsonText::tooDeepAt(std::string_view text)
{
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxDepth)
                return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

std::string JsonText::dump(const nlohmann::json &value, int indent)
{
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string JsonText::dump(const nlohmann::ordered_json &value, int indent)
{
    return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

} // namespace concord::model
