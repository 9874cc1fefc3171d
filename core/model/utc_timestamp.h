// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace concord::model {

// When something happened, as a study records it: UTC to the second in ISO 8601 (2026-11-24T12:00:00Z),
// which sorts as text and reads the same on every machine whatever its time zone.
class UtcTimestamp {
public:
    static std::string now();
    // Seconds since 1970-01-01T00:00:00Z of a timestamp written as now() writes it; empty for any other
    // text (another shape, a day that does not exist, a time zone other than Z).
    static std::optional<std::int64_t> seconds(std::string_view text);
};

} // namespace concord::model
