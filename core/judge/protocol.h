// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::judge {

enum class Protocol {
    Rts,
    Mcq,
    LikertMulti,
    Geval,
    LlmScore,
    LlmEval,
    H2h,
    Pairwise,
    LlmCompare,
    LlmRank,
    Pyramid,
    Factuality
};

std::string_view toString(Protocol protocol); // "rts", "mcq", "likert-multi", "geval", ...
std::optional<Protocol> protocolFromString(std::string_view text);
std::vector<Protocol> allProtocols();

// What one unit of work is for a protocol.
enum class UnitShape {
    CandidateDimension, // a summary on one dimension
    Candidate,          // a summary on every Likert dimension at once (likert-multi)
    PairDimension,      // two summaries of a document on one dimension
    Pair,               // two summaries of a document (pairwise)
    DocumentDimension,  // all summaries of a document on one dimension (llmrank)
    CandidateUnit,      // a summary and one semantic content unit (pyramid)
    CandidateSentence,  // one sentence of a summary (factuality)
};

struct ProtocolTraits {
    UnitShape shape = UnitShape::CandidateDimension;
    bool needsDimension = true;   // asks about a named dimension
    bool scoreOnScale = false;    // the answer is a score on the dimension's scale
    bool prefersLogprobs = false; // geval, llmscore: weighted by token probabilities where offered
    bool bothOrders = false;      // h2h: every pair asked in both orders
    bool shuffled = false;        // llmcompare, llmrank, pairwise: the shown order drawn from the run's seed
};

ProtocolTraits traits(Protocol protocol);

// Whether a protocol can judge a rank dimension: by ranking a document's summaries (llmrank) or by
// comparing them in pairs (h2h, llmcompare). The others score one summary at a time.
bool judgesRankings(Protocol protocol);
// "llmrank (...), h2h or llmcompare (...)": for messages that say which protocols judge rankings.
std::string rankingProtocolNames();

} // namespace concord::judge
