// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/import_request.h"

#include "io/summeval_importer.h"
#include "store/study.h"

namespace concord::io {

std::optional<ImportRequest> ImportRequest::forFormat(std::string_view name)
{
    ImportRequest request;
    if (name == "summeval") {
        request.kind = Kind::SummEval;
        return request;
    }
    const auto tableFormat = tableFormatFromName(name);
    if (!tableFormat)
        return std::nullopt;
    request.kind = Kind::Table;
    request.format = *tableFormat;
    return request;
}

Result<ImportReport> ImportRequest::run(store::Study &study, const ImportProgress::Callback &progress) const
{
    auto result = capture([&]() -> Result<ImportReport> {
        switch (kind) {
        case Kind::SummEval:
            return SummEvalImporter::importFiles(study, paths, ImportProgress(progress, paths));
        case Kind::Table:
            if (paths.size() != 1)
                return Error{"a table import reads exactly one file", {}, 0, {}};
            return TableImporter::importFile(study, paths.front(), format, mapping, ImportProgress(progress, paths));
        }
        return Error{"unknown kind of import", {}, 0, {}};
    });
    // capture() wraps the importer's own Result; flatten it.
    if (!result)
        return result.error();
    return std::move(result).value();
}

Result<ImportReport> ImportRequest::run(const std::string &studyPath, const ImportProgress::Callback &progress) const
{
    auto result = capture([&]() -> Result<ImportReport> {
        auto study = store::Study::open(studyPath);
        if (!study)
            return study.error();
        return run(*study.value(), progress);
    });
    if (!result)
        return result.error();
    return std::move(result).value();
}

} // namespace concord::io
