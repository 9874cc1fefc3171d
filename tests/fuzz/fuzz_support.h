// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/provider.h"
#include "store/study.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace concord::fuzz {

// The bytes libFuzzer hands a target, as text.
std::string_view asText(const std::uint8_t *data, std::size_t size);

// A file of this process's own in the temporary folder (libFuzzer's -jobs and -fork run several
// processes at once), overwritten with the bytes on each input: importers read files, not memory.
std::string writeTempFile(std::string_view suffix, std::string_view bytes);
// Removes the temporary file and the -wal/-shm/-journal files SQLite may have left beside it.
void removeTempFile(const std::string &path);

// An in-memory study for the importers to import into: documents d1 and d2 (d1 with two semantic
// content units), systems s1, s2 and s3 with a summary of each document, the Likert dimensions
// coherence (1–5) and fluency (1–3) and the rank dimension overall.
std::unique_ptr<store::Study> smallStudy();

// What an importer must leave behind when it fails: the study exactly as before.
bool sameCounts(const store::StudyCounts &a, const store::StudyCounts &b);

// A provider's reading of a 2xx answer and of an error body: a response with at least one choice, or an
// error saying what is wrong; the error line never holds the API key, even when the body echoes it.
void checkProviderResponse(judge::ProviderKind kind, std::string_view body);

// Stops the run when a promise of the code under test is broken (libFuzzer then saves the input).
void check(bool condition, const char *promise);

} // namespace concord::fuzz
