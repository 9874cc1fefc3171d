// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>
#include <vector>

namespace concord::model {

// A sentence of a text as [start, end) in Unicode code points (the offsets error spans use).
struct SentenceSpan {
    int start = 0;
    int end = 0;
};

// Splits a summary into sentences for the per-sentence factuality protocol and its accuracy: a
// sentence ends after '.', '!' or '?' (with any closing quotes or brackets) followed by white space
// and then an upper-case letter, a digit, a quote or the end — so "U.S. officials", "3.5 million",
// "Mr. Smith" and "J. Smith" stay whole. Leading and trailing white space is not part of a sentence. The same rule serves the
// judge and the statistics, so their sentences line up.
std::vector<SentenceSpan> splitSentences(std::string_view utf8);

} // namespace concord::model
