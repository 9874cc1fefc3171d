// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/background_job.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace concord::ui::detail {

void startBackgroundJob(QObject *context, std::function<void()> work, std::function<void()> done, QThreadPool *pool)
{
    // The watcher lives on context's thread and dies with context: a job that outlives it reports to nobody.
    auto *watcher = new QFutureWatcher<void>(context);
    QObject::connect(watcher, &QFutureWatcher<void>::finished, context, [watcher, done = std::move(done)] {
        watcher->deleteLater();
        done();
    });
    watcher->setFuture(QtConcurrent::run(pool ? pool : QThreadPool::globalInstance(), std::move(work)));
}

QString unexpectedErrorText()
{
    return QCoreApplication::translate("concord::ui::BackgroundJob", "an unexpected error occurred");
}

} // namespace concord::ui::detail
