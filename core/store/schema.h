// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string_view>

namespace concord::store {

class Database;

// The study file's schema. Migration i takes a study from PRAGMA user_version i to i + 1;
// the list only ever grows, so any older study can be brought up to date.
class Schema {
public:
    static constexpr int kApplicationId = 0x434f4e43; // "CONC", so other SQLite files are recognised
    static int currentVersion();
    static std::span<const std::string_view> migrations();

    // Applies the missing migrations inside one transaction. The caller makes the backup.
    static void migrate(Database &db, int fromVersion);
    // Applies migrations [fromVersion, size) inside one transaction, foreign keys off meanwhile.
    static void migrate(Database &db, int fromVersion, std::span<const std::string_view> migrations);
};

} // namespace concord::store
