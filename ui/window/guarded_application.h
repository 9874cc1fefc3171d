// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QApplication>

namespace concord::ui {

// The application object of the window: an exception that escapes a slot or an event handler
// (core throws concord::Failure, and a bug may throw anything) is caught where Qt delivers the event,
// reported once, and the application keeps running instead of calling std::terminate.
class GuardedApplication : public QApplication {
    Q_OBJECT
public:
    GuardedApplication(int &argc, char **argv);

    bool notify(QObject *receiver, QEvent *event) override;

Q_SIGNALS:
    // One line saying what went wrong; the window shows it (app/gui connects it).
    void exceptionCaught(const QString &message);

private:
    void report(const QString &message);
};

} // namespace concord::ui
