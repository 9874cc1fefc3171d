// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::model {

// When something happened, as a study records it: UTC to the second in ISO 8601 (2026-11-24T12:00:00Z),
// which sorts as text and reads the same on every machine whatever its time zone.
class UtcTimestamp {
public:
    static std::string now();
};

} // namespace concord::model
