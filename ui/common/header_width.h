// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QHeaderView;

namespace concord::ui {

// Widens every section of header that is narrower than its title (text, margins and sort
// indicator as the header measures them), so that no column title is cut, whatever the language
// or font. Only the header is measured, never the rows: cheap on large tables. Sections already
// wider keep their width.
void widenSectionsToTitles(QHeaderView *header);

} // namespace concord::ui
