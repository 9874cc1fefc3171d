// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace concord::io {

// Converts between UTF-8 and code points, because span offsets count code points (as Python's
// str indexes text), not bytes.
class Utf8Text {
public:
    // Throws concord::Failure on bytes that are not valid UTF-8.
    static std::u32string decode(std::string_view text);
    static std::string encode(std::u32string_view text);
    // The number of code points, or -1 when the text is not valid UTF-8.
    static long length(std::string_view text);
};

} // namespace concord::io
