// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON Lines reader on any bytes: objects, or a concord::Failure naming the line, never a crash.
// Each object is written out again, as the importers do when they keep a line. The first byte is the
// size of the blocks the text arrives in (1 to 256 bytes), as a file's blocks would; the objects and
// the error must be the same as when the text is read in one piece.
#include "error.h"
#include "fuzz_support.h"
#include "io/byte_source.h"
#include "io/jsonl_reader.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace concord;

namespace {

struct Reading {
    std::vector<std::pair<long, std::string>> objects; // line, the object written out
    std::optional<Error> error;
};

Reading readAll(std::string_view text, std::size_t blockSize, long lines)
{
    Reading out;
    auto source = io::ByteSource::fromText(text, blockSize);
    try {
        io::JsonlReader reader(source);
        nlohmann::json object;
        long previous = 0;
        while (reader.next(object)) {
            fuzz::check(object.is_object(), "every record is a JSON object");
            fuzz::check(reader.line() > previous && reader.line() <= lines, "records come from later lines");
            previous = reader.line();
            out.objects.emplace_back(reader.line(),
                                     object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
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
    const std::size_t blockSize = data[0] + 1u;
    const std::string_view text = fuzz::asText(data + 1, size - 1);
    const long lines = static_cast<long>(std::count(text.begin(), text.end(), '\n')) + 1;
    const Reading blocks = readAll(text, blockSize, lines);
    const Reading whole = readAll(text, 0, lines);
    fuzz::check(blocks.objects == whole.objects, "blocks give the objects of the whole text");
    fuzz::check(blocks.error.has_value() == whole.error.has_value()
                    && (!whole.error
                        || (blocks.error->line == whole.error->line && blocks.error->message == whole.error->message)),
                "blocks fail as the whole text does");
    return 0;
}
