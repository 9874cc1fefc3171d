// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/demo_study_file.h"

#include "demo_study.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace concord::ui {

QString DemoStudyFile::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("demo.concord"));
}

Result<QString> DemoStudyFile::ensure(const QString &path)
{
    if (QFileInfo::exists(path))
        return path;
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder))
        return Error{"cannot create the folder " + folder.toStdString() + " for the demo study", {}, 0, {}};
    auto report = resources::createDemoStudy(path.toStdString());
    if (!report)
        return report.error();
    return path;
}

} // namespace concord::ui
