// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/study.h"

#include <cstdint>
#include <memory>
#include <string>

namespace concord::store {

// A private, throwaway copy of a study, taken with SQLite's online backup: work on it (a dry run of an
// import) never holds the study's write lock, so no other writer of the study waits or fails for it.
// Copying only reads the study, under a shared lock for the copy's duration (in WAL mode readers
// never block writers). The copy lives in memory — about 70 MB for a million ratings — unless the
// study is larger than memoryLimit, when it goes to a temporary file in the system temp folder.
// Either is gone when the StudyCopy is.
class StudyCopy {
public:
    static constexpr std::int64_t kMemoryLimit = std::int64_t{512} * 1024 * 1024;

    // Throws concord::Failure.
    explicit StudyCopy(Study &source, std::int64_t memoryLimit = kMemoryLimit);
    ~StudyCopy();
    StudyCopy(const StudyCopy &) = delete;
    StudyCopy &operator=(const StudyCopy &) = delete;

    Study &study() { return *m_study; }
    bool inMemory() const { return m_tempPath.empty(); }

private:
    void removeTempFile() noexcept;

    std::string m_tempPath;
    std::unique_ptr<Study> m_study;
};

} // namespace concord::store
