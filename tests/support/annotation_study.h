// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace concord::test {

// A study for the Annotate tests, written through core: one Likert dimension (fluency, 1-5 with
// labels), two rank dimensions (overall, explained; missing), a document explanation, error spans,
// and three documents of three candidates; doc-1 has two content units and a summary with an emoji
// (a character outside the BMP, two UTF-16 units). Returns an empty string or the error.
struct AnnotationStudy {
    static QString create(const QString &path, int documents = 3);
    // The text of doc-1's candidate by system "sys-b" (the one with the emoji).
    static QString emojiSummary();
};

} // namespace concord::test
