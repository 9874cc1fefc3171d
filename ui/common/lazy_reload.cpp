// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/lazy_reload.h"

#include <utility>

namespace concord::ui {

LazyReload::LazyReload(std::function<void()> reload, std::function<void()> invalidate)
    : m_reload(std::move(reload))
    , m_invalidate(std::move(invalidate))
{ }

void LazyReload::request()
{
    if (m_invalidate)
        m_invalidate();
    m_stale = true;
    if (m_active)
        run();
}

void LazyReload::setActive(bool active)
{
    m_active = active;
    if (m_active && m_stale)
        run();
}

void LazyReload::run()
{
    // Cleared first: a reload that itself changes the study asks again.
    m_stale = false;
    m_reload();
}

} // namespace concord::ui
