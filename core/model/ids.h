// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace concord::model {

// Row ids of the study file. Plain integers: they are only meaningful within one study.
using Id = std::int64_t;

} // namespace concord::model
