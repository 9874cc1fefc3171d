// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/header_width.h"

#include <QHeaderView>

#include <algorithm>

namespace concord::ui {

void widenSectionsToTitles(QHeaderView *header)
{
    for (int section = 0; section < header->count(); ++section)
        if (!header->isSectionHidden(section))
            header->resizeSection(section, std::max(header->sectionSize(section), header->sectionSizeHint(section)));
}

} // namespace concord::ui
