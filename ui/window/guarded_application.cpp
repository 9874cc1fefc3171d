// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/guarded_application.h"

#include "error.h"

#include <cstdio>
#include <exception>

namespace concord::ui {

GuardedApplication::GuardedApplication(int &argc, char **argv)
    : QApplication(argc, argv)
{ }

bool GuardedApplication::notify(QObject *receiver, QEvent *event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const Failure &failure) {
        report(QString::fromStdString(failure.error().describe()));
    } catch (const std::exception &e) {
        report(QString::fromUtf8(e.what()));
    } catch (...) {
        report(tr("an unexpected error occurred"));
    }
    return false;
}

void GuardedApplication::report(const QString &message)
{
    std::fprintf(stderr, "concord: %s\n", qPrintable(message));
    // Reported from the event loop, not from inside the handler that failed.
    QMetaObject::invokeMethod(
        this, [this, message] { Q_EMIT exceptionCaught(message); }, Qt::QueuedConnection);
}

} // namespace concord::ui
