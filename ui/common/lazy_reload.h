// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>

namespace concord::ui {

// A view's reload, put off while the view is not shown: a study change only marks an inactive view
// stale, and the view reloads when it is next made active. So opening a large study reads only what
// the visible view shows, and a view shown later never shows what the study held before the change.
// Active unless told otherwise: a view on its own (outside the window's set of views) reloads at once.
class LazyReload {
public:
    // invalidate runs at every change, shown or not: it makes a load still running for the study as it
    // was give up its result, which must never reach a view of another study, or of a changed one.
    explicit LazyReload(std::function<void()> reload, std::function<void()> invalidate = {});

    // The study changed (or was opened or closed): reloads now if active, else when next active.
    void request();
    // Becoming active with a change pending reloads now.
    void setActive(bool active);

    bool isActive() const { return m_active; }
    // A change has not been loaded yet.
    bool isStale() const { return m_stale; }

private:
    void run();

    std::function<void()> m_reload;
    std::function<void()> m_invalidate;
    bool m_active = true;
    bool m_stale = false;
};

} // namespace concord::ui
