// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON Lines reader on any bytes: objects, or a concord::Failure naming the line, never a crash.
// Each object is written out again, as the importers do when they keep a line.
#include "error.h"
#include "fuzz_support.h"
#include "io/jsonl_reader.h"

#include <algorithm>

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    const long lines = static_cast<long>(std::count(text.begin(), text.end(), '\n')) + 1;
    try {
        io::JsonlReader reader(text);
        nlohmann::json object;
        long previous = 0;
        while (reader.next(object)) {
            fuzz::check(object.is_object(), "every record is a JSON object");
            fuzz::check(reader.line() > previous && reader.line() <= lines, "records come from later lines");
            previous = reader.line();
            (void)object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        }
    } catch (const Failure &f) {
        fuzz::check(f.error().line >= 1 && f.error().line <= lines, "an error names a line of the text");
    }
    return 0;
}
