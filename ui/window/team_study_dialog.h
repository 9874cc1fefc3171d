// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QDialog>
#include <QString>

#include <functional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace concord::ui {

class ErrorLabel;

// File > Open Team Study…: a team study's libpq connection string (a URI or key=value words), a
// Test Connection button and Open. Connecting can take seconds (an unreachable host), so every try
// runs on a worker thread and its outcome comes back as one line: who is connected to which study,
// or the server's reason. There is no password field: libpq finds the password (~/.pgpass,
// PGPASSWORD, a service file, a client certificate); one typed inside the connection string is used
// for this connection and never shown in the dialog's messages.
class TeamStudyDialog : public QDialog {
    Q_OBJECT
public:
    // open: opens the study from the connection string once the connection works (the window's
    // openStudy); its error stays in the dialog, which stays open.
    using Opener = std::function<Status(const QString &connection)>;
    explicit TeamStudyDialog(Opener open, QWidget *parent = nullptr);
    ~TeamStudyDialog() override;

    QString connection() const;
    void setConnection(const QString &connection);
    // A connection is being tried (Test Connection or Open).
    bool isTrying() const { return m_trying; }
    // The line the last try left: what was found, or what is wrong (never a password).
    QString outcome() const;
    bool outcomeOk() const { return m_outcomeOk; }

    void accept() override;

protected:
    void resizeEvent(QResizeEvent *event) override;

Q_SIGNALS:
    // A try has finished; ok: the connection works and holds a Concord study.
    void tried(bool ok);

private:
    void connectionEdited();
    void tryConnection(bool thenOpen);
    void tryDone(unsigned generation, bool thenOpen, Result<QString> found);
    void showOutcome(bool ok, const QString &text);
    void updateButtons();
    // A top-level layout gives a word-wrapped label the height of its widest lines only: each is given
    // the height its text needs at its width.
    void fitWrappedLabels();

    Opener m_open;
    QLabel *m_intro;
    QLineEdit *m_connection;
    QPushButton *m_testButton;
    QLabel *m_result;
    ErrorLabel *m_error;
    QDialogButtonBox *m_buttons;
    unsigned m_generation = 0; // a try for an older text reports to nobody
    bool m_trying = false;
    bool m_outcomeOk = false;
};

} // namespace concord::ui
