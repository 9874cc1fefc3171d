// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/study_session.h"

#include <QLabel>

namespace concord::ui {

// The status bar's word on a team study: whether its server is connected, lost (Concord keeps
// trying) or read only, and how many edits wait on this computer to be sent. Hidden for a study
// file. A lost connection is written in the palette's error colour, light or dark; the tooltip and
// the accessible description say what the state means for the person's edits.
class TeamStatusIndicator : public QLabel {
    Q_OBJECT
public:
    explicit TeamStatusIndicator(QWidget *parent = nullptr);

    // Shows session's team status from now on, and whenever it or the study changes.
    void follow(StudySession *session);
    // server: the team study's connection string without its password, named in the tooltip.
    void setStatus(StudySession::TeamStatus status, const QString &server);
    StudySession::TeamStatus status() const { return m_status; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void followPalette();

    StudySession::TeamStatus m_status;
    QString m_server;
};

} // namespace concord::ui
