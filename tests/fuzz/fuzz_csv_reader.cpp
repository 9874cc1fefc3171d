// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The CSV/TSV reader on any bytes: records with sensible line numbers, or a concord::Failure naming the
// line, never a crash. The first byte picks the delimiter (even: comma, odd: tab).
#include "error.h"
#include "fuzz_support.h"
#include "io/csv_reader.h"

#include <algorithm>

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const char delimiter = (data[0] & 1) != 0 ? '\t' : ',';
    const std::string_view text = fuzz::asText(data + 1, size - 1);
    // A line ends at LF, CRLF or a lone CR: counting both bytes bounds the lines from above.
    const long lines = static_cast<long>(std::count(text.begin(), text.end(), '\n'))
                       + static_cast<long>(std::count(text.begin(), text.end(), '\r')) + 1;
    try {
        io::CsvReader reader(text, delimiter);
        io::CsvRecord record;
        long previous = 0;
        while (reader.next(record)) {
            fuzz::check(record.line > previous && record.line <= lines, "records start on later lines of the text");
            fuzz::check(!record.fields.empty(), "a record has at least one field");
            previous = record.line;
        }
    } catch (const Failure &f) {
        fuzz::check(f.error().line >= 1 && f.error().line <= lines, "an error names a line of the text");
    }
    return 0;
}
