// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace concord::store {

// PostgreSQL's text form of bytea, the hex format ("\x" and two lower-case hex digits a byte): how a
// team study's binary values travel as statement parameters, in COPY and in query results.
class ByteaText {
public:
    static std::string fromBytes(std::string_view bytes);
    // Throws concord::Failure when TEXT is not that form (the older escape format is not read: the server
    // sends hex unless told otherwise).
    static std::string toBytes(std::string_view text);
};

} // namespace concord::store
