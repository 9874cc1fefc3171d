// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The translation of the study's SQL into PostgreSQL's on any bytes: it never crashes or reads past the
// text (quotes, comments and dollar tags left open), text with nothing to translate comes back unchanged,
// and a table standing in for itself changes nothing but the case of its name, so a stand-in replaces only
// whole table names.
#include "fuzz_support.h"
#include "store/pg_statement.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

using namespace concord;

namespace {

bool containsFolded(std::string_view text, std::string_view word)
{
    const auto found = std::search(text.begin(), text.end(), word.begin(), word.end(), [](char a, char b) {
        return std::toupper(static_cast<unsigned char>(a)) == std::toupper(static_cast<unsigned char>(b));
    });
    return found != text.end();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    int parameters = -1;
    const std::string plain = store::PgStatement::translate(text, &parameters);
    fuzz::check(parameters >= 0, "the highest parameter is counted");
    if (text.find('?') == std::string_view::npos && !containsFolded(text, "temp.")
        && !containsFolded(text, "WITHOUT ROWID"))
        fuzz::check(plain == text, "text with nothing to translate comes back unchanged");

    const std::string hidden = store::PgStatement::translate(text, nullptr, {{"candidates", "concord_summary_ids()"}});
    if (!containsFolded(text, "candidates"))
        fuzz::check(hidden == plain, "a stand-in changes nothing where its table is not named");
    // An unquoted name is the table whatever its case (CANDIDATES too), so only the case may change.
    const std::string same = store::PgStatement::translate(text, nullptr, {{"candidates", "candidates"}});
    fuzz::check(same.size() == plain.size()
                    && std::equal(same.begin(), same.end(), plain.begin(),
                                  [](char a, char b) {
                                      return std::tolower(static_cast<unsigned char>(a))
                                             == std::tolower(static_cast<unsigned char>(b));
                                  }),
                "a table standing in for itself changes nothing but the case of its name");
    return 0;
}
