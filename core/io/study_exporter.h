#pragma once

#include "error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace concord::store {
class Study;
}

namespace concord::io {

enum class ExportFormat { Csv, Jsonl };
std::optional<ExportFormat> exportFormatFromName(std::string_view name); // "csv", "jsonl"

struct ExportReport {
    std::int64_t rows = 0;
};

// Writes every judgement of the study in long format, one row per judgement: doc_id, system,
// dimension, rater, group, rater_kind, kind (rating/rank/error_span/pairwise/explanation), value, …
// CSV cells that a spreadsheet would run as a formula are guarded. The file is written to a temporary
// name and renamed, so a failed export never leaves half a file behind.
class StudyExporter {
public:
    static Result<ExportReport> exportTo(store::Study &study, const std::string &path, ExportFormat format);
};

} // namespace concord::io
