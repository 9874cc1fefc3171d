// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QObject>
#include <QString>

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QThreadPool;

namespace concord::ui {

namespace detail {

// Starts work() on a thread of pool (nullptr: Qt's global pool) and calls done() on context's thread
// when it has returned; never if context is destroyed first. Untyped: runInBackground() wraps it.
void startBackgroundJob(QObject *context, std::function<void()> work, std::function<void()> done, QThreadPool *pool);

// The error text of an exception that is not a std::exception.
QString unexpectedErrorText();

} // namespace detail

// The one way to run work off the GUI thread: work() runs on a worker thread, then done(outcome) on
// context's thread (the GUI thread for a widget). Nothing may escape a worker thread, so an
// exception thrown by work becomes an error outcome like the Error values work returns. If context
// is destroyed before work has returned, done is never called: work must then not touch context
// (work that does, waits for its own pool in the context's destructor). pool: where work runs;
// nullptr for Qt's global pool, or a pool of one's own for work that may take very long (a judge run)
// so that it never holds up the short jobs.
template <typename T>
void runInBackground(QObject *context, std::function<Result<T>()> work, std::function<void(Result<T>)> done,
                     QThreadPool *pool = nullptr)
{
    // Written by the worker before the job is reported finished, read once on context's thread after.
    auto outcome = std::make_shared<std::optional<Result<T>>>();
    detail::startBackgroundJob(
        context,
        [work = std::move(work), outcome] {
            try {
                outcome->emplace(work());
            } catch (const std::exception &e) {
                outcome->emplace(Error{e.what(), {}, 0, {}});
            } catch (...) {
                outcome->emplace(Error{detail::unexpectedErrorText().toStdString(), {}, 0, {}});
            }
        },
        [done = std::move(done), outcome] { done(std::move(**outcome)); }, pool);
}

} // namespace concord::ui
