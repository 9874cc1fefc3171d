// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

namespace concord::ui {

// The width a top-level window needs for its whole title to show in the title bar: the text plus
// room for the window icon and the title bar's buttons. Small dialogs are otherwise sized by their
// contents, and the window manager cuts their titles off.
int titleFitWidth(const QWidget &window);

// Makes window at least titleFitWidth wide.
void fitTitle(QWidget &window);

} // namespace concord::ui
