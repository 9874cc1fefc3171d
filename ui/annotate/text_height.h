// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QPlainTextEdit;

namespace concord::ui {

// Gives edit the height its whole text needs at its present width, word-wrapped, and at least
// minimumLines lines: a text on a card (inside the annotation view, which scrolls) is read whole,
// without a second scroll bar of its own. Call again when the width or the text changes.
void fitHeightToText(QPlainTextEdit *edit, int minimumLines);

} // namespace concord::ui
