// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/team_status_indicator.h"

#include "common/palette_colours.h"

#include <QEvent>
#include <QLocale>

namespace concord::ui {

using Server = StudySession::Server;

TeamStatusIndicator::TeamStatusIndicator(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("teamStatus"));
    setTextFormat(Qt::PlainText);
    setAccessibleName(tr("Team study server"));
    hide();
}

void TeamStatusIndicator::follow(StudySession *session)
{
    const auto update = [this, session] { setStatus(session->teamStatus(), session->displayName()); };
    connect(session, &StudySession::connectionStateChanged, this, update);
    connect(session, &StudySession::pendingEditsChanged, this, update);
    connect(session, &StudySession::sendStateChanged, this, update);
    connect(session, &StudySession::studyChanged, this, update);
    update();
}

void TeamStatusIndicator::setStatus(StudySession::TeamStatus status, const QString &server)
{
    m_status = status;
    m_server = server;
    if (status.server == Server::None) {
        // A study file has no server to speak of.
        clear();
        setToolTip({});
        setAccessibleDescription({});
        hide();
        return;
    }
    QString state;
    QString meaning;
    switch (status.server) {
    case Server::Connected:
        state = tr("Server connected");
        meaning = status.pendingEdits > 0
                      ? tr("Connected to %1: the edits made while the connection was lost are being sent.").arg(server)
                      : tr("Connected to %1: every edit is saved on the server.").arg(server);
        break;
    case Server::Reconnecting:
        state = tr("Offline");
        meaning = tr("The connection to %1 was lost; Concord keeps trying. Your edits are kept on this computer and "
                     "sent when the server is back.")
                      .arg(server);
        break;
    case Server::ReadOnly:
        state = tr("Server read only");
        meaning = tr("Connected to %1 read only: this study cannot be changed from here.").arg(server);
        break;
    case Server::None:
        break;
    }
    // "Unsent: 3" rather than "3 edit(s)": English has no plural forms without a translation. Short words,
    // since the status bar also holds the study's counts on a small screen; the tooltip says it in full.
    if (status.pendingEdits > 0)
        state += QStringLiteral(" · ") + tr("Unsent: %1").arg(QLocale().toString(status.pendingEdits));
    if (!status.sendProblem.isEmpty() && status.pendingEdits > 0)
        meaning += QLatin1Char(' ')
                   + tr("Sending failed: %1. Concord tries again in %2 s, and waits longer after each failure.")
                         .arg(status.sendProblem)
                         .arg(status.retryInSeconds);
    if (status.refusedEdits > 0) {
        state += QStringLiteral(" · ") + tr("Refused: %1").arg(QLocale().toString(status.refusedEdits));
        meaning += QLatin1Char(' ')
                   + tr("The server refused edits it would not keep; Annotate > Refused Edits… lists them with its "
                        "reasons, to enter them again or drop them.");
    }
    setText(state);
    setToolTip(meaning);
    setAccessibleDescription(state + QStringLiteral(". ") + meaning);
    followPalette();
    show();
}

void TeamStatusIndicator::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void TeamStatusIndicator::followPalette()
{
    // A lost connection, or refused edits, stand out in the error colour (4.5 against the window, light or dark);
    // otherwise the label takes the window's text colour like the rest of the status bar.
    const bool lost = m_status.server == Server::Reconnecting || m_status.refusedEdits > 0;
    if (!lost) {
        if (testAttribute(Qt::WA_SetPalette))
            setPalette(QPalette());
        return;
    }
    QPalette p = palette();
    const QColor colour = PaletteColours::errorText(p);
    if (p.color(QPalette::WindowText) == colour && testAttribute(Qt::WA_SetPalette))
        return;
    QPalette own;
    own.setColor(QPalette::WindowText, colour);
    setPalette(own);
}

} // namespace concord::ui
