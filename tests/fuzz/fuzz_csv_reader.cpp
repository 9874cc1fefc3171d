// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The CSV/TSV reader on any bytes: records with sensible line numbers, or a concord::Failure naming the
// line, never a crash. The first byte picks the delimiter (bit 0: comma or tab) and the size of the
// blocks the text arrives in (the other bits: 1 to 128 bytes), as a file's blocks would; the records
// and the error must be the same as when the text is read in one piece.
#include "error.h"
#include "fuzz_support.h"
#include "io/byte_source.h"
#include "io/csv_reader.h"

#include <algorithm>
#include <optional>
#include <vector>

using namespace concord;

namespace {

struct Reading {
    std::vector<io::CsvRecord> records;
    std::optional<Error> error;
};

Reading readAll(std::string_view text, char delimiter, std::size_t blockSize, long lines)
{
    Reading out;
    auto source = io::ByteSource::fromText(text, blockSize);
    try {
        io::CsvReader reader(source, delimiter);
        io::CsvRecord record;
        long previous = 0;
        while (reader.next(record)) {
            fuzz::check(record.line > previous && record.line <= lines, "records start on later lines of the text");
            fuzz::check(!record.fields.empty(), "a record has at least one field");
            previous = record.line;
            out.records.push_back(record);
        }
    } catch (const Failure &f) {
        fuzz::check(f.error().line >= 1 && f.error().line <= lines, "an error names a line of the text");
        out.error = f.error();
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const char delimiter = (data[0] & 1) != 0 ? '\t' : ',';
    const std::size_t blockSize = (data[0] >> 1) + 1u;
    const std::string_view text = fuzz::asText(data + 1, size - 1);
    // A line ends at LF, CRLF or a lone CR: counting both bytes bounds the lines from above.
    const long lines = static_cast<long>(std::count(text.begin(), text.end(), '\n'))
                       + static_cast<long>(std::count(text.begin(), text.end(), '\r')) + 1;
    const Reading blocks = readAll(text, delimiter, blockSize, lines);
    const Reading whole = readAll(text, delimiter, 0, lines);
    fuzz::check(blocks.records.size() == whole.records.size(), "blocks give as many records as the whole text");
    for (std::size_t i = 0; i < whole.records.size(); ++i)
        fuzz::check(blocks.records[i].fields == whole.records[i].fields
                        && blocks.records[i].line == whole.records[i].line,
                    "blocks give the records of the whole text");
    fuzz::check(blocks.error.has_value() == whole.error.has_value()
                    && (!whole.error
                        || (blocks.error->line == whole.error->line && blocks.error->field == whole.error->field
                            && blocks.error->message == whole.error->message)),
                "blocks fail as the whole text does");
    return 0;
}
