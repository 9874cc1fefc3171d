// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/document_split.h"

#include "model/seeded_shuffle.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace concord::model {

DocumentSplit DocumentSplit::make(std::vector<Id> documents, double devShare, std::uint64_t seed)
{
    if (!(devShare >= 0 && devShare <= 1))
        throw std::invalid_argument("the dev share is a number from 0 to 1");
    // Sorted first, so that the order the documents were read in does not change the split.
    std::sort(documents.begin(), documents.end());
    documents.erase(std::unique(documents.begin(), documents.end()), documents.end());
    seededShuffle(documents, seed);
    const auto devCount = static_cast<std::size_t>(std::llround(devShare * static_cast<double>(documents.size())));
    DocumentSplit out;
    for (std::size_t i = 0; i < documents.size(); ++i)
        (i < devCount ? out.dev : out.test).insert(documents[i]);
    return out;
}

} // namespace concord::model
