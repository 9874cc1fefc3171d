// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/combo_refill.h"

#include <QComboBox>
#include <QSignalBlocker>
#include <QStringList>

#include <algorithm>

namespace concord::ui {

void refillCombo(QComboBox *box, const QStringList &items, const QString &preferred)
{
    const QString current = box->currentText();
    const QSignalBlocker block(box);
    box->clear();
    box->addItems(items);
    int i = box->findText(current);
    if (i < 0)
        i = box->findText(preferred);
    box->setCurrentIndex(items.isEmpty() ? -1 : std::max(i, 0));
}

} // namespace concord::ui
