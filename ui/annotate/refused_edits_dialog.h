// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "annotate/refused_edits_model.h"

#include <QDialog>

#include <functional>
#include <vector>

class QLabel;
class QPushButton;
class QTableView;

namespace concord::ui {

class StudySession;

// Annotate > Refused Edits…: the edits the team study's server refused, with its reasons; the chosen ones are
// entered again (once what was refused is mended: sent after every edit made since) or dropped for good. Reads
// only the local journal: it opens at once, with the server away too.
class RefusedEditsDialog : public QDialog {
    Q_OBJECT
public:
    // rows: the refused edits as they are now (read again after each action).
    using Rows = std::function<std::vector<RefusedEditsModel::Row>()>;
    RefusedEditsDialog(StudySession *session, Rows rows, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QPushButton *sendAgainButton() const { return m_sendAgain; }
    QPushButton *dropButton() const { return m_drop; }
    RefusedEditsModel *model() const { return m_model; }

Q_SIGNALS:
    // Edits were entered again (they wait to be sent).
    void enteredAgain();

private:
    void reload();
    std::vector<std::string> chosen() const;
    void updateButtons();

    StudySession *m_session;
    Rows m_rows;
    RefusedEditsModel *m_model;
    QTableView *m_table;
    QLabel *m_error;
    QPushButton *m_sendAgain;
    QPushButton *m_drop;
};

} // namespace concord::ui
