// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A label plan's pool as a study file or a team study's server may hold it, damaged or not: any bytes read as
// the pool, and as PostgreSQL's hex text of it. Reading never crashes and either refuses with a reason or
// gives entries with ids above 0 that increase and probabilities in (0, 1], which written again are the same
// bytes; hex text read gives bytes that written again are the same text.
#include "fuzz_support.h"
#include "store/bytea_text.h"
#include "store/plan_pool.h"

#include "error.h"

#include <cctype>
#include <cstddef>
#include <cstdint>

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view bytes = fuzz::asText(data, size);
    try {
        const auto entries = store::PlanPool::decode(bytes);
        fuzz::check(entries.size() * store::PlanPool::kEntryBytes == bytes.size(), "every byte is in an entry");
        for (std::size_t k = 0; k < entries.size(); ++k) {
            fuzz::check(entries[k].candidate > 0, "an entry names a summary");
            fuzz::check(k == 0 || entries[k].candidate > entries[k - 1].candidate, "ids increase");
            fuzz::check(entries[k].probability > 0 && entries[k].probability <= 1, "a probability is in (0, 1]");
        }
        fuzz::check(store::PlanPool::encode(entries) == bytes, "read entries write the same bytes");
        const std::string same = store::PlanPool::renumber(bytes, [](model::Id old) { return old; });
        fuzz::check(same == bytes, "renumbering each id to itself changes nothing");
    } catch (const Failure &damaged) {
        fuzz::check(!damaged.error().message.empty(), "a damaged pool is said to be");
    }
    try {
        const std::string read = store::ByteaText::toBytes(bytes);
        std::string lower(bytes);
        for (char &c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        fuzz::check(store::ByteaText::fromBytes(read) == lower, "hex text read writes the same text");
    } catch (const Failure &bad) {
        fuzz::check(!bad.error().message.empty(), "text not in the hex format is said to be");
    }
    return 0;
}
