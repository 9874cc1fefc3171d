// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringView>

namespace concord::ui {

// Natural order of names such as systems: runs of digits compare as numbers, so "M8" comes before
// "M10" (plain string order puts "M10" first). Letters compare case-insensitively, case breaks ties,
// and equal numbers with more leading zeros come after, so the order is total.
int naturalCompare(QStringView a, QStringView b);
inline bool naturalLess(QStringView a, QStringView b)
{
    return naturalCompare(a, b) < 0;
}

} // namespace concord::ui
