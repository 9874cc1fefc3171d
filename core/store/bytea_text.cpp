// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/bytea_text.h"

#include "error.h"
#include "model/hex_digit.h"

namespace concord::store {

namespace {

constexpr char kDigits[] = "0123456789abcdef";

} // namespace

std::string ByteaText::fromBytes(std::string_view bytes)
{
    std::string out;
    out.reserve(2 + 2 * bytes.size());
    out.append("\\x");
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        out.push_back(kDigits[byte >> 4]);
        out.push_back(kDigits[byte & 0x0f]);
    }
    return out;
}

std::string ByteaText::toBytes(std::string_view text)
{
    if (text.size() < 2 || text[0] != '\\' || text[1] != 'x')
        fail("a binary value from PostgreSQL is not in the hex format (it does not begin with \\x)");
    if (text.size() % 2 != 0)
        fail("a binary value from PostgreSQL has an odd number of hex digits");
    std::string out;
    out.reserve(text.size() / 2 - 1);
    for (std::size_t at = 2; at < text.size(); at += 2) {
        const int high = model::hexDigitValue(text[at]);
        const int low = model::hexDigitValue(text[at + 1]);
        if (high < 0 || low < 0)
            fail("a binary value from PostgreSQL has a character that is no hex digit at position "
                 + std::to_string(high < 0 ? at + 1 : at + 2));
        out.push_back(static_cast<char>(high * 16 + low));
    }
    return out;
}

} // namespace concord::store
