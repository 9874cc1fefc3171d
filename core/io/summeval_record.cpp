// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/summeval_record.h"

#include "io/utf8_text.h"
#include "model/hex_digit.h"

#include <cstdint>
#include <cstring>

namespace concord::io {

using nlohmann::json;
using Type = SummEvalRecord::Type;

const char *jsonTypeName(Type type)
{
    switch (type) {
    case Type::null:
        return "null";
    case Type::object:
        return "object";
    case Type::array:
        return "array";
    case Type::string:
        return "string";
    case Type::boolean:
        return "boolean";
    case Type::binary:
        return "binary";
    case Type::discarded:
        return "discarded";
    default:
        return "number";
    }
}

void SummEvalRecord::clear()
{
    for (Value *v : {&id, &modelId, &text, &decoded, &filepath})
        v->type = kAbsent;
    referencesType = kAbsent;
    referenceCount = 0;
    for (auto &list : annotations) {
        list.type = kAbsent;
        list.size = 0;
    }
}

void SummEvalRecord::assign(const json &object)
{
    clear();
    const auto value = [&](const char *key, Value &out) {
        const auto it = object.find(key);
        if (it == object.end())
            return;
        out.type = it->type();
        if (it->is_string())
            out.text = it->get_ref<const std::string &>();
    };
    value("id", id);
    value("model_id", modelId);
    value("text", text);
    value("decoded", decoded);
    value("filepath", filepath);
    if (const auto it = object.find("references"); it != object.end()) {
        referencesType = it->type();
        if (it->is_array()) {
            referenceCount = it->size();
            if (references.size() < referenceCount)
                references.resize(referenceCount);
            for (std::size_t i = 0; i < referenceCount; ++i) {
                const json &item = (*it)[i];
                references[i].type = item.type();
                if (item.is_string())
                    references[i].text = item.get_ref<const std::string &>();
            }
        }
    }
    for (std::size_t g = 0; g < kLists.size(); ++g) {
        const auto it = object.find(kLists[g]);
        if (it == object.end())
            continue;
        List &list = annotations[g];
        list.type = it->type();
        if (!it->is_array())
            continue;
        list.size = it->size();
        if (list.items.size() < list.size)
            list.items.resize(list.size);
        for (std::size_t a = 0; a < list.size; ++a) {
            const json &item = (*it)[a];
            Annotation &annotation = list.items[a];
            annotation.type = item.type();
            for (std::size_t d = 0; d < kDimensions.size(); ++d) {
                annotation.ratings[d] = json(json::value_t::discarded);
                if (!item.is_object())
                    continue;
                const auto r = item.find(kDimensions[d]);
                if (r == item.end())
                    continue;
                // Only a rating's type, value and printed form are read: a number is kept as it is,
                // anything else by its type alone.
                annotation.ratings[d] = r->is_number() ? *r : json(r->type());
            }
        }
    }
}

namespace {

// What a byte inside a JSON string is: plain (copied as it is), the closing quote, an escape, a
// control character (refused), or the start of a multi-byte UTF-8 sequence.
enum ByteClass : std::uint8_t { Plain, Quote, Backslash, Control, High };

constexpr std::array<std::uint8_t, 256> makeClasses()
{
    std::array<std::uint8_t, 256> classes{};
    for (int c = 0; c < 256; ++c)
        classes[c] = c < 0x20 ? Control : c == '"' ? Quote : c == '\\' ? Backslash : c >= 0x80 ? High : Plain;
    return classes;
}
constexpr std::array<std::uint8_t, 256> kClasses = makeClasses();

// A reader of the JSON subset SummEval lines are written in. Every function returns false for input it
// does not read (the caller then leaves the line to nlohmann's parser): it never accepts text that
// nlohmann refuses, and reads what it accepts to the same values.
class FastReader {
public:
    explicit FastReader(std::string_view text)
        : m_p(text.data())
        , m_end(text.data() + text.size())
    { }

    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\n' || *m_p == '\r'))
            ++m_p;
    }
    bool atEnd() const { return m_p == m_end; }
    bool take(char c)
    {
        skipSpace();
        if (m_p < m_end && *m_p == c) {
            ++m_p;
            return true;
        }
        return false;
    }
    bool peek(char c)
    {
        skipSpace();
        return m_p < m_end && *m_p == c;
    }

    // A string, unescaped into out.
    bool string(std::string &out)
    {
        out.clear();
        if (!take('"'))
            return false;
        while (true) {
            const char *run = m_p;
            // Eight plain bytes at a time (articles are long runs of them), then byte by byte.
            while (m_end - m_p >= 8 && allPlain(m_p))
                m_p += 8;
            while (m_p < m_end && kClasses[static_cast<unsigned char>(*m_p)] == Plain)
                ++m_p;
            out.append(run, static_cast<std::size_t>(m_p - run));
            if (m_p == m_end)
                return false;
            switch (kClasses[static_cast<unsigned char>(*m_p)]) {
            case Quote:
                ++m_p;
                return true;
            case Backslash:
                if (!escape(out))
                    return false;
                break;
            case High:
                if (!utf8(out))
                    return false;
                break;
            default: // a control character must be escaped
                return false;
            }
        }
    }

    // True when none of the 8 bytes at p is a quote, a backslash, a control character or beyond ASCII.
    static bool allPlain(const char *p)
    {
        constexpr std::uint64_t ones = 0x0101010101010101ull;
        constexpr std::uint64_t highs = 0x8080808080808080ull;
        std::uint64_t v = 0;
        std::memcpy(&v, p, sizeof v);
        const auto hasZero = [](std::uint64_t x) { return (x - ones) & ~x & highs; };
        const std::uint64_t below20 = (v - ones * 0x20) & ~v & highs; // some byte < 0x20 (or >= 0x80)
        return !(v & highs) && !below20 && !hasZero(v ^ (ones * '"')) && !hasZero(v ^ (ones * '\\'));
    }

    // A whole number nlohmann reads exactly and prints as it was written: -?(0|[1-9][0-9]{0,14}),
    // not followed by a fraction or an exponent.
    bool wholeNumber(json &out)
    {
        skipSpace();
        const bool negative = m_p < m_end && *m_p == '-';
        if (negative)
            ++m_p;
        if (m_p == m_end || *m_p < '0' || *m_p > '9')
            return false;
        std::int64_t value = 0;
        const char *digits = m_p;
        // Past 15 digits the line goes to the full parser: stop before the value could overflow.
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9') {
            if (m_p - digits >= 15)
                return false;
            value = value * 10 + (*m_p++ - '0');
        }
        const std::ptrdiff_t length = m_p - digits;
        if (length > 15 || (*digits == '0' && (length > 1 || negative)))
            return false;
        if (m_p < m_end && (*m_p == '.' || *m_p == 'e' || *m_p == 'E'))
            return false;
        // nlohmann keeps a number without a sign as unsigned and one with a sign as signed.
        if (negative)
            out = json(static_cast<json::number_integer_t>(-value));
        else
            out = json(static_cast<json::number_unsigned_t>(value));
        return true;
    }

    // Any value, read and dropped; nesting and numbers are kept within what cannot fail in nlohmann.
    bool skipValue(int depth = 0)
    {
        skipSpace();
        if (m_p == m_end || depth > 64)
            return false;
        switch (*m_p) {
        case '"':
            return string(m_scratch);
        case '{':
            ++m_p;
            if (take('}'))
                return true;
            do {
                if (!string(m_scratch) || !take(':') || !skipValue(depth + 1))
                    return false;
            } while (take(','));
            return take('}');
        case '[':
            ++m_p;
            if (take(']'))
                return true;
            do {
                if (!skipValue(depth + 1))
                    return false;
            } while (take(','));
            return take(']');
        case 't':
            return literal("true");
        case 'f':
            return literal("false");
        case 'n':
            return literal("null");
        default:
            return skipNumber();
        }
    }

private:
    bool literal(const char *word)
    {
        const std::size_t n = std::strlen(word);
        if (static_cast<std::size_t>(m_end - m_p) < n || std::memcmp(m_p, word, n) != 0)
            return false;
        m_p += n;
        return true;
    }

    // -?(0|[1-9][0-9]*)(\.[0-9]+)? of at most 30 characters: no exponent, so never out of a double's range.
    bool skipNumber()
    {
        const char *start = m_p;
        if (m_p < m_end && *m_p == '-')
            ++m_p;
        const char *digits = m_p;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
            ++m_p;
        if (m_p == digits || (*digits == '0' && m_p - digits > 1))
            return false;
        if (m_p < m_end && *m_p == '.') {
            const char *fraction = ++m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            if (m_p == fraction)
                return false;
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E'))
            return false;
        return m_p - start <= 30;
    }

    // \uXXXX at m_p (the backslash), moved past; -1 when it is not one.
    long unicodeEscape()
    {
        if (m_end - m_p < 6 || m_p[0] != '\\' || m_p[1] != 'u')
            return -1;
        long value = 0;
        for (int i = 2; i < 6; ++i) {
            const int digit = model::hexDigitValue(m_p[i]);
            if (digit < 0)
                return -1;
            value = value * 16 + digit;
        }
        m_p += 6;
        return value;
    }

    bool escape(std::string &out)
    {
        if (m_end - m_p < 2)
            return false;
        char c = 0;
        switch (m_p[1]) {
        case '"':
            c = '"';
            break;
        case '\\':
            c = '\\';
            break;
        case '/':
            c = '/';
            break;
        case 'b':
            c = '\b';
            break;
        case 'f':
            c = '\f';
            break;
        case 'n':
            c = '\n';
            break;
        case 'r':
            c = '\r';
            break;
        case 't':
            c = '\t';
            break;
        case 'u': {
            const long first = unicodeEscape();
            if (first < 0 || (first >= 0xDC00 && first <= 0xDFFF))
                return false;
            if (first >= 0xD800 && first <= 0xDBFF) {
                const long second = unicodeEscape();
                if (second < 0xDC00 || second > 0xDFFF)
                    return false;
                out += Utf8Text::encode(std::u32string(
                    1, static_cast<char32_t>(0x10000 + ((static_cast<unsigned long>(first) - 0xD800) << 10)
                                             + (static_cast<unsigned long>(second) - 0xDC00))));
            } else {
                out += Utf8Text::encode(std::u32string(1, static_cast<char32_t>(static_cast<unsigned long>(first))));
            }
            return true;
        }
        default:
            return false;
        }
        out.push_back(c);
        m_p += 2;
        return true;
    }

    // One well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
    bool utf8(std::string &out)
    {
        const auto byte = [&](std::ptrdiff_t i) { return static_cast<unsigned char>(m_p[i]); };
        const auto cont = [&](std::ptrdiff_t i, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
            return m_end - m_p > i && byte(i) >= lo && byte(i) <= hi;
        };
        const unsigned char b = byte(0);
        std::ptrdiff_t n = 0;
        if (b >= 0xC2 && b <= 0xDF)
            n = cont(1) ? 2 : 0;
        else if (b == 0xE0)
            n = cont(1, 0xA0) && cont(2) ? 3 : 0;
        else if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF)
            n = cont(1) && cont(2) ? 3 : 0;
        else if (b == 0xED)
            n = cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
        else if (b == 0xF0)
            n = cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
        else if (b >= 0xF1 && b <= 0xF3)
            n = cont(1) && cont(2) && cont(3) ? 4 : 0;
        else if (b == 0xF4)
            n = cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
        if (n == 0)
            return false;
        out.append(m_p, static_cast<std::size_t>(n));
        m_p += n;
        return true;
    }

    const char *m_p;
    const char *m_end;
    std::string m_scratch;
};

} // namespace

bool SummEvalRecord::readFast(std::string_view line)
{
    clear();
    FastReader in(line);
    if (!in.take('{'))
        return false;
    std::string key;
    std::uint32_t seen = 0;
    // A member named twice: nlohmann keeps the last, the DOM path sees to it.
    const auto once = [&seen](int bit) {
        if (seen & (1u << bit))
            return false;
        seen |= 1u << bit;
        return true;
    };
    const auto stringMember = [&](Value &v) {
        if (!in.string(v.text))
            return false;
        v.type = Type::string;
        return true;
    };
    if (!in.take('}')) {
        do {
            if (!in.string(key) || !in.take(':'))
                return false;
            bool ok = true;
            if (key == "id")
                ok = once(0) && stringMember(id);
            else if (key == "model_id")
                ok = once(1) && stringMember(modelId);
            else if (key == "text")
                ok = once(2) && stringMember(text);
            else if (key == "decoded")
                ok = once(3) && stringMember(decoded);
            else if (key == "filepath")
                ok = once(4) && stringMember(filepath);
            else if (key == "references") {
                ok = once(5) && in.take('[');
                referencesType = Type::array;
                if (ok && !in.take(']')) {
                    do {
                        if (references.size() <= referenceCount)
                            references.emplace_back();
                        Value &v = references[referenceCount++];
                        ok = stringMember(v);
                    } while (ok && in.take(','));
                    ok = ok && in.take(']');
                }
            } else if (key == kLists[0] || key == kLists[1]) {
                const std::size_t g = key == kLists[0] ? 0 : 1;
                List &list = annotations[g];
                ok = once(6 + static_cast<int>(g)) && in.take('[');
                list.type = Type::array;
                if (ok && !in.take(']')) {
                    do {
                        if (list.items.size() <= list.size)
                            list.items.emplace_back();
                        Annotation &a = list.items[list.size++];
                        a.type = Type::object;
                        for (auto &r : a.ratings)
                            r = json(Type::discarded);
                        ok = in.take('{');
                        if (ok && !in.take('}')) {
                            do {
                                ok = in.string(key) && in.take(':');
                                if (!ok)
                                    break;
                                std::size_t d = 0;
                                while (d < kDimensions.size() && key != kDimensions[d])
                                    ++d;
                                if (d == kDimensions.size())
                                    ok = in.skipValue(2);
                                else
                                    ok = a.ratings[d].is_discarded() && in.wholeNumber(a.ratings[d]);
                            } while (ok && in.take(','));
                            ok = ok && in.take('}');
                        }
                    } while (ok && in.take(','));
                    ok = ok && in.take(']');
                }
            } else {
                ok = in.skipValue(1);
            }
            if (!ok)
                return false;
        } while (in.take(','));
        if (!in.take('}'))
            return false;
    }
    in.skipSpace();
    return in.atEnd();
}

} // namespace concord::io
