// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace concord::judge {

// Seconds a Retry-After value asks to wait, read at `now`: delay-seconds ("120") or an HTTP date in
// any of the three forms HTTP allows (IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT", RFC 850
// "Sunday, 06-Nov-94 08:49:37 GMT", asctime "Sun Nov  6 08:49:37 1994"). A date in the past asks for
// 0. Nothing for a value that is neither (it is ignored, as HTTP says). Read without the C library's
// locale, which a GUI sets to the user's language.
std::optional<double> parseRetryAfter(std::string_view value, std::time_t now);

// A wait as messages give it: "86400 s", "1.5 s".
std::string secondsText(double seconds);

} // namespace concord::judge
