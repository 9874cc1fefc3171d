// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

namespace concord::ui {

class MainWindow;

// What `concord` opens when given no study: the study last opened, the first entry of File > Open Recent,
// when it still opens; else the demo study, as the first start does.
class LastStudy {
    Q_DECLARE_TR_FUNCTIONS(LastStudy)

public:
    // The first entry of Open Recent: a study file that still exists (the list drops the others), or a team
    // study's connection string, kept without its password (libpq finds it, as for Open Recent: ~/.pgpass,
    // PGPASSWORD, a service file, a client certificate). Empty when the list is.
    static QString candidate();

    struct Outcome {
        QString opened; // the study the window opened: the last one or the demo; empty when none
        QString note;   // for the status bar: why the last study was not opened
        QString ask;    // a team study that did not open without asking (its password): for Open Team Study
        QString error;  // the demo study could not be made or opened either
    };
    // Opens candidate() in window, without asking anything. A team study that does not open is left for
    // Open Team Study (ask; the window stays empty and Open Recent keeps it first); a study file that does not
    // open gives way to the demo study.
    static Outcome open(MainWindow &window);
};

} // namespace concord::ui
