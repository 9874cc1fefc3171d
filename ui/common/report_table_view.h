// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace concord::ui {

// How the comparison tabs show a report's table: read-only, whole rows selected, alternating colours, no row
// numbers, the last column stretched. With fitToContents every column is as wide as its cells and its title, in
// any language, after each reset — for tables of a few dozen rows: fitting visits every row on the GUI thread.
QTableView *reportTableView(QAbstractItemModel *model, const QString &objectName, QWidget *parent, bool fitToContents);

} // namespace concord::ui
