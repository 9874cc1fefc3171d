// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace concord::ui {

// Error spans are stored in Unicode code points (as Python's str counts), while QString indexes
// UTF-16 units: a character outside the Basic Multilingual Plane (an emoji, a rare CJK ideograph)
// is one code point but two QString units. These convert between the two.
class TextOffsets {
public:
    // The code-point offset of a UTF-16 position; a position inside a surrogate pair counts as
    // the start of that character.
    static int toCodePoint(const QString &text, int utf16Position);
    // The UTF-16 position of a code-point offset, clamped to the text.
    static int toUtf16(const QString &text, int codePoint);
    static int codePointLength(const QString &text);
};

} // namespace concord::ui
