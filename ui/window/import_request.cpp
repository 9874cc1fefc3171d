#include "window/import_request.h"

#include "io/summeval_importer.h"
#include "store/study.h"

namespace concord::ui {

Result<io::ImportReport> ImportRequest::run(const std::string &studyPath) const
{
    auto result = capture([&]() -> Result<io::ImportReport> {
        auto study = store::Study::open(studyPath);
        if (!study)
            return study.error();
        switch (kind) {
        case Kind::SummEval:
            return io::SummEvalImporter::importFiles(*study.value(), paths);
        case Kind::Table:
            if (paths.size() != 1)
                return Error{"a table import reads exactly one file", {}, 0, {}};
            return io::TableImporter::importFile(*study.value(), paths.front(), format, mapping);
        }
        return Error{"unknown kind of import", {}, 0, {}};
    });
    // capture() wraps the importer's own Result; flatten it.
    if (!result)
        return result.error();
    return std::move(result).value();
}

} // namespace concord::ui
