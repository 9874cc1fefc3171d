// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/text_offsets.h"

#include <algorithm>

namespace concord::ui {

int TextOffsets::toCodePoint(const QString &text, int utf16Position)
{
    const int end = std::clamp(utf16Position, 0, static_cast<int>(text.size()));
    int codePoints = 0;
    for (int i = 0; i < end; ++i) {
        // A low surrogate continues the character its high surrogate started.
        if (!(text.at(i).isLowSurrogate() && i > 0 && text.at(i - 1).isHighSurrogate()))
            ++codePoints;
    }
    // A position between the halves of a pair belongs to the character it splits.
    if (end > 0 && end < text.size() && text.at(end).isLowSurrogate() && text.at(end - 1).isHighSurrogate())
        --codePoints;
    return codePoints;
}

int TextOffsets::toUtf16(const QString &text, int codePoint)
{
    int i = 0;
    for (int seen = 0; seen < codePoint && i < text.size(); ++seen) {
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            i += 2;
        else
            i += 1;
    }
    return i;
}

int TextOffsets::codePointLength(const QString &text)
{
    return toCodePoint(text, static_cast<int>(text.size()));
}

} // namespace concord::ui
