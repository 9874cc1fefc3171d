// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/report_table_view.h"

#include "common/header_width.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QTableView>

namespace concord::ui {

QTableView *reportTableView(QAbstractItemModel *model, const QString &objectName, QWidget *parent, bool fitToContents)
{
    auto *view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(model);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    if (fitToContents) {
        const auto fitColumns = [view] {
            view->resizeColumnsToContents();
            widenSectionsToTitles(view->horizontalHeader());
        };
        QObject::connect(model, &QAbstractItemModel::modelReset, view, fitColumns);
        QObject::connect(model, &QAbstractItemModel::headerDataChanged, view, fitColumns);
        fitColumns();
    }
    return view;
}

} // namespace concord::ui
