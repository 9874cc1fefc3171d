// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QString>

namespace concord::ui {

// Where the demo study lives on this machine: the study Concord opens when given none.
class DemoStudyFile {
public:
    // QStandardPaths::AppDataLocation/demo.concord
    static QString defaultPath();
    // Creates the demo study at path unless a file is already there; returns the path.
    static Result<QString> ensure(const QString &path);
};

} // namespace concord::ui
