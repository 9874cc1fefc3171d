// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "demo_study.h"

#include "io/study_bundle.h"
#include "store/study.h"

#include <QFile>

#include <filesystem>

namespace concord::resources {

std::string demoStudyJson()
{
    QFile file(QStringLiteral(":/concord/demo/demo_study.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

Result<io::ImportReport> createDemoStudy(const std::string &path)
{
    const std::string json = demoStudyJson();
    if (json.empty())
        return Error{"the demo study is missing from this build of Concord", {}, 0, {}};
    auto study = store::Study::create(path);
    if (!study)
        return study.error();
    auto report = io::StudyBundle::importJson(*study.value(), json, "demo_study.json");
    if (!report) {
        study.value().reset();
        std::error_code ec;
        for (const char *suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(path + suffix, ec);
    }
    return report;
}

} // namespace concord::resources
