// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/annotation_edit.h"

#include <optional>
#include <string_view>

namespace concord::store {

class Study;

// Records an edit's id in concord_applied_edits and makes the edit in one statement, outside any
// transaction: the statement is its own transaction, so the two commit together or not at all, and the
// server answers once. Through BEGIN, record, write and COMMIT an edit takes four round trips; with 32
// annotators at once on one server those waits and wake-ups, not the writes, made most of an edit's time.
//
// Only edits that are a single write have such a form: a rating set, an error span added, an explanation
// written, a unit marked. For any other edit (and for a value the Study's own write would refuse, so that
// its message is the one given) the answer is nullopt and the caller sends it the usual way. Otherwise true
// when the edit was applied now, false when its id was on the server already (an earlier send committed it).
// PostgreSQL only: a study file never records edit ids.
std::optional<bool> applyStamped(Study &study, const AnnotationEdit &edit, std::string_view appliedAt);

} // namespace concord::store
