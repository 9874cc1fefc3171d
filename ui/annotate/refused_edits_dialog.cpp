// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/refused_edits_dialog.h"

#include "common/study_session.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace concord::ui {

RefusedEditsDialog::RefusedEditsDialog(StudySession *session, Rows rows, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_rows(std::move(rows))
    , m_model(new RefusedEditsModel(this))
    , m_table(new QTableView(this))
    , m_error(new QLabel(this))
{
    setObjectName(QStringLiteral("refusedEditsDialog"));
    setWindowTitle(tr("Refused Edits"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("The server refused these edits: they break a rule the study keeps (its reason says "
                                "which). Enter them again once the study's lead has mended what they were refused "
                                "for, or drop them."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table->setObjectName(QStringLiteral("refusedEdits"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    m_error->setObjectName(QStringLiteral("refusedEditsError"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_sendAgain = buttons->addButton(tr("&Enter Again"), QDialogButtonBox::ActionRole);
    m_drop = buttons->addButton(tr("&Drop"), QDialogButtonBox::DestructiveRole);
    m_sendAgain->setObjectName(QStringLiteral("sendAgain"));
    m_drop->setObjectName(QStringLiteral("drop"));
    m_sendAgain->setAutoDefault(false);
    m_drop->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RefusedEditsDialog::updateButtons);
    const auto act = [this](Status (StudySession::*action)(const std::vector<std::string> &)) {
        const Status done = (m_session->*action)(chosen());
        m_error->setVisible(!done);
        if (!done)
            m_error->setText(QString::fromStdString(done.error().describe()));
        reload();
        return bool(done);
    };
    connect(m_sendAgain, &QPushButton::clicked, this, [this, act] {
        if (act(&StudySession::sendAgain))
            Q_EMIT enteredAgain();
    });
    connect(m_drop, &QPushButton::clicked, this, [act] { act(&StudySession::dropRefused); });
    reload();
    resize(760, 360);
}

void RefusedEditsDialog::reload()
{
    m_model->setRows(m_rows());
    m_table->resizeColumnToContents(RefusedEditsModel::WhatColumn);
    m_table->resizeColumnToContents(RefusedEditsModel::DocumentColumn);
    if (m_model->rowCount() > 0) {
        // Every refused edit chosen at first: most often they were refused for one cause and go together.
        m_table->setCurrentIndex(m_model->index(0, 0));
        m_table->selectAll();
    }
    updateButtons();
}

std::vector<std::string> RefusedEditsDialog::chosen() const
{
    std::set<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedIndexes())
        rows.insert(index.row());
    std::vector<std::string> ids;
    for (const int row : rows)
        ids.push_back(m_model->rows()[static_cast<std::size_t>(row)].editId);
    return ids;
}

void RefusedEditsDialog::updateButtons()
{
    const bool any = m_table->selectionModel() && m_table->selectionModel()->hasSelection();
    m_sendAgain->setEnabled(any);
    m_drop->setEnabled(any);
}

} // namespace concord::ui
