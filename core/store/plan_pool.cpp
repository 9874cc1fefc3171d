// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/plan_pool.h"

#include "error.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace concord::store {

namespace {

void put(char *out, std::uint64_t bits)
{
    for (int byte = 0; byte < 8; ++byte)
        out[byte] = static_cast<char>((bits >> (8 * byte)) & 0xff);
}

std::uint64_t get(std::string_view bytes, std::size_t at)
{
    std::uint64_t bits = 0;
    for (int byte = 7; byte >= 0; --byte)
        bits = (bits << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(byte)]);
    return bits;
}

bool byCandidate(const PoolEntry &a, const PoolEntry &b)
{
    return a.candidate < b.candidate;
}

} // namespace

std::string PlanPool::encode(std::vector<PoolEntry> entries)
{
    if (!std::is_sorted(entries.begin(), entries.end(), byCandidate))
        std::sort(entries.begin(), entries.end(), byCandidate);
    // Written in place, a byte at a time by shifts: the compiler makes that one store on a little-endian machine.
    std::string out(entries.size() * kEntryBytes, '\0');
    char *at = out.data();
    for (const PoolEntry &e : entries) {
        put(at, static_cast<std::uint64_t>(e.candidate));
        put(at + 8, std::bit_cast<std::uint64_t>(e.probability));
        at += kEntryBytes;
    }
    return out;
}

std::vector<PoolEntry> PlanPool::decode(std::string_view bytes)
{
    if (bytes.size() % kEntryBytes != 0)
        fail("the plan's pool holds " + std::to_string(bytes.size()) + " bytes, not a whole number of "
             + std::to_string(kEntryBytes) + "-byte entries");
    std::vector<PoolEntry> out;
    out.reserve(bytes.size() / kEntryBytes);
    for (std::size_t at = 0; at < bytes.size(); at += kEntryBytes) {
        const std::size_t entry = at / kEntryBytes + 1;
        PoolEntry e;
        e.candidate = static_cast<model::Id>(get(bytes, at));
        e.probability = std::bit_cast<double>(get(bytes, at + 8));
        if (e.candidate <= 0)
            fail("entry " + std::to_string(entry) + " of the plan's pool names summary " + std::to_string(e.candidate)
                 + ", which no summary is");
        if (!out.empty() && e.candidate <= out.back().candidate)
            fail("entry " + std::to_string(entry)
                 + " of the plan's pool does not follow the one before it "
                   "(summary ids must increase)");
        // NaN fails both comparisons and is refused with them.
        if (!(e.probability > 0 && e.probability <= 1))
            fail("entry " + std::to_string(entry) + " of the plan's pool has the probability "
                 + std::to_string(e.probability) + ", outside (0, 1]");
        out.push_back(e);
    }
    return out;
}

std::string PlanPool::renumber(std::string_view bytes, const std::function<model::Id(model::Id)> &newId)
{
    std::vector<PoolEntry> entries = decode(bytes);
    for (PoolEntry &e : entries)
        e.candidate = newId(e.candidate);
    return encode(std::move(entries));
}

} // namespace concord::store
