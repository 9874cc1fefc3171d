// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

class QComboBox;

namespace concord::ui {

// Refills a box without emitting its signals (a refill is not the user's choice), keeping the current choice if it
// is still offered, else choosing preferred, else the first.
void refillCombo(QComboBox *box, const QStringList &items, const QString &preferred);

} // namespace concord::ui
