// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzz_study.h"

#include "store/study.h"

namespace concord::test {

void fillFuzzStudy(store::Study &s)
{
    model::Dimension coherence;
    coherence.name = "coherence";
    s.ensureDimension(coherence);
    model::Dimension fluency;
    fluency.name = "fluency";
    fluency.scaleMax = 3;
    s.ensureDimension(fluency);
    model::Dimension overall;
    overall.name = "overall";
    overall.kind = model::DimensionKind::Rank;
    s.ensureDimension(overall);
    const model::Id systems[] = {s.ensureSystem("s1"), s.ensureSystem("s2"), s.ensureSystem("s3")};
    for (const char *id : {"d1", "d2"}) {
        model::Document d;
        d.externalId = id;
        d.source = "The council met on Tuesday. It approved the bridge.";
        d.references = {"The council approved a bridge."};
        if (d.externalId == "d1")
            d.scus = {"A council met", "A bridge was approved"};
        const model::Id doc = s.addDocument(d);
        s.addCandidate(doc, systems[0], "Council approves bridge.");
        s.addCandidate(doc, systems[1], "A bridge was approved on Tuesday. The council met.");
        s.addCandidate(doc, systems[2], "Nothing happened.");
    }
}

} // namespace concord::test
