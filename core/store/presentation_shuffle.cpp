// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/presentation_shuffle.h"

#include "model/seeded_shuffle.h"
#include "store/study.h"

#include <algorithm>

namespace concord::store {

std::uint64_t PresentationShuffle::seedFor(std::string_view raterName, std::string_view documentExternalId)
{
    // FNV-1a over "rater\0document", then a splitmix64 finaliser to spread the bits.
    std::uint64_t h = 1469598103934665603ULL;
    const auto mix = [&h](std::string_view text) {
        for (const unsigned char c : text) {
            h ^= c;
            h *= 1099511628211ULL;
        }
    };
    mix(raterName);
    h ^= 0;
    h *= 1099511628211ULL;
    mix(documentExternalId);
    h += 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}

std::vector<model::Id> PresentationShuffle::shuffled(std::vector<model::Id> candidates, std::uint64_t seed)
{
    model::seededShuffle(candidates, seed);
    return candidates;
}

Result<std::vector<model::Id>> PresentationShuffle::ensure(Study &study, model::Id rater, model::Id document)
{
    return capture([&]() -> std::vector<model::Id> {
        std::vector<model::Id> ids;
        for (const auto &c : study.candidatesOf(document))
            ids.push_back(c.id);
        if (auto stored = study.presentationOrder(rater, document)) {
            auto a = stored->candidates;
            auto b = ids;
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            if (a == b)
                return stored->candidates;
        }
        const auto doc = study.document(document);
        if (!doc)
            fail("document " + std::to_string(document) + " is not in the study");
        std::string raterName;
        for (const auto &r : study.raters())
            if (r.id == rater)
                raterName = r.name;
        if (raterName.empty())
            fail("rater " + std::to_string(rater) + " is not in the study");
        const std::uint64_t seed = seedFor(raterName, doc->externalId);
        auto order = shuffled(ids, seed);
        const Status written = study.write([&] { study.setPresentationOrder(rater, document, seed, order); });
        if (!written)
            throw Failure(written.error());
        return order;
    });
}

} // namespace concord::store
