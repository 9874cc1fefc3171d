// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

class QComboBox;
class QDialogButtonBox;
class QPlainTextEdit;

namespace concord::ui {

class ErrorLabel;

// Rejecting an annotator's work on a document: a comment that says what to change (required: the dialog
// stays open and says so without one), and whom the document goes to: back to the annotator, or another
// person of the team, whose assignment gains it.
class RejectDialog : public QDialog {
    Q_OBJECT
public:
    RejectDialog(const QString &annotator, const QString &document, const QStringList &people,
                 QWidget *parent = nullptr);

    QString comment() const;
    // Empty: back to the annotator.
    QString sendTo() const;
    QString errorText() const;

    QPlainTextEdit *commentEdit() const { return m_comment; }
    QComboBox *sendToBox() const { return m_sendTo; }
    QDialogButtonBox *buttons() const { return m_buttons; }

    void accept() override;

private:
    QPlainTextEdit *m_comment;
    QComboBox *m_sendTo;
    ErrorLabel *m_error;
    QDialogButtonBox *m_buttons;
};

} // namespace concord::ui
