// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/last_study.h"

#include "common/app_settings.h"
#include "common/demo_study_file.h"
#include "window/main_window.h"

#include "store/connection_uri.h"

#include <QFileInfo>

namespace concord::ui {

QString LastStudy::candidate()
{
    return AppSettings().recentStudies().value(0);
}

LastStudy::Outcome LastStudy::open(MainWindow &window)
{
    Outcome outcome;
    const QString last = candidate();
    if (!last.isEmpty()) {
        const Status status = window.openStudy(last);
        if (status) {
            outcome.opened = last;
            return outcome;
        }
        const QString reason = QString::fromStdString(status.error().describe());
        if (store::isConnectionString(last.toStdString())) {
            // Not replaced by the demo: the team study stays first in Open Recent for the next start.
            outcome.ask = last;
            outcome.note = tr("The team study %1 did not open without asking: %2").arg(last, reason);
            return outcome;
        }
        outcome.note = tr("The last study, %1, did not open (%2): the demo study is open instead.")
                           .arg(QFileInfo(last).fileName(), reason);
    }
    auto demo = DemoStudyFile::ensure(DemoStudyFile::defaultPath());
    if (!demo) {
        outcome.error = tr("cannot create the demo study: %1").arg(QString::fromStdString(demo.error().describe()));
        return outcome;
    }
    if (const Status status = window.openStudy(demo.value()); !status) {
        outcome.error = QString::fromStdString(status.error().describe());
        return outcome;
    }
    outcome.opened = demo.value();
    return outcome;
}

} // namespace concord::ui
