// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "review/reject_dialog.h"

#include "common/error_label.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace concord::ui {

RejectDialog::RejectDialog(const QString &annotator, const QString &document, const QStringList &people,
                           QWidget *parent)
    : QDialog(parent)
    , m_comment(new QPlainTextEdit(this))
    , m_sendTo(new QComboBox(this))
    , m_error(new ErrorLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("rejectDialog"));
    setWindowTitle(tr("Reject Work"));
    m_comment->setObjectName(QStringLiteral("rejectComment"));
    m_comment->setTabChangesFocus(true);
    m_comment->setPlaceholderText(tr("What should change (required)"));
    m_sendTo->setObjectName(QStringLiteral("rejectSendTo"));
    m_sendTo->addItem(tr("Back to %1").arg(annotator), QString());
    for (const QString &person : people) {
        if (person != annotator)
            m_sendTo->addItem(person, person);
    }
    m_error->setObjectName(QStringLiteral("rejectError"));
    m_error->setWordWrap(true);
    m_error->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Reject"));

    auto *heading = new QLabel(tr("Reject %1's work on %2.").arg(annotator, document), this);
    heading->setTextFormat(Qt::PlainText);
    heading->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Comment:"), m_comment);
    form->addRow(tr("&Send to:"), m_sendTo);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &RejectDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &RejectDialog::reject);
    m_comment->setFocus();
}

QString RejectDialog::comment() const
{
    return m_comment->toPlainText().trimmed();
}

QString RejectDialog::sendTo() const
{
    return m_sendTo->currentData().toString();
}

QString RejectDialog::errorText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

void RejectDialog::accept()
{
    // The core refuses a rejection without a comment too; saying so here keeps what was chosen.
    if (comment().isEmpty()) {
        m_error->setText(tr("A rejection needs a comment that says what to change."));
        m_error->show();
        m_comment->setFocus();
        return;
    }
    QDialog::accept();
}

} // namespace concord::ui
