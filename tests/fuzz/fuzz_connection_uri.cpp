// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Connection strings on any bytes: telling one from a path, removing its password and redacting it from a
// message never crash, a path comes back unchanged, and removing the password twice changes nothing more.
// The bytes are also cut into the parts of a URI and of a keyword string around a known password, which
// must then be gone from what is shown and from a message that quotes the whole connection string.
#include "fuzz_support.h"
#include "store/connection_uri.h"

#include <string>
#include <string_view>

using namespace concord;

namespace {

constexpr std::string_view kSecret = "Zq7pw0rdXk";

// A part that cannot change where the URI's user information or a keyword's value ends, so the secret
// placed around it stays the password by libpq's reading, and that does not hold the secret itself.
std::string plainPart(std::string_view bytes)
{
    std::string part;
    for (char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x21 || u == 0x7f || std::string_view("@/?#:='\"\\%&").find(c) != std::string_view::npos)
            continue;
        part.push_back(c);
    }
    // The password itself in a shown part (a host named like it) would be shown rightly.
    for (auto at = part.find(kSecret); at != std::string::npos; at = part.find(kSecret))
        part.erase(at, kSecret.size());
    return part.empty() ? std::string("x") : part;
}

void checkSecretGone(const std::string &connection)
{
    fuzz::check(store::isConnectionString(connection), "a URI or keyword string is a connection string");
    fuzz::check(store::withoutPassword(connection).find(kSecret) == std::string::npos, "the password is not shown");
    const std::string message = "could not connect to \"" + connection + "\": " + std::string(kSecret);
    fuzz::check(store::redactPassword(message, connection).find(kSecret) == std::string::npos,
                "the password is redacted from a message");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);

    const bool connection = store::isConnectionString(text);
    const std::string shown = store::withoutPassword(text);
    if (!connection)
        fuzz::check(shown == text, "a path is returned unchanged");
    fuzz::check(store::withoutPassword(shown) == shown, "removing the password twice changes nothing more");
    (void)store::redactPassword(std::string(text), text);

    const std::size_t third = text.size() / 3;
    const std::string user = plainPart(text.substr(0, third));
    const std::string host = plainPart(text.substr(third, third));
    const std::string database = plainPart(text.substr(2 * third));
    checkSecretGone("postgresql://" + user + ":" + std::string(kSecret) + "@" + host + "/" + database);
    checkSecretGone("postgres://" + user + "@" + host + "/" + database + "?password=" + std::string(kSecret));
    checkSecretGone("host=" + host + " user=" + user + " password=" + std::string(kSecret) + " dbname=" + database);
    return 0;
}
