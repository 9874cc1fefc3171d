// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/protocol.h"

#include <array>
#include <utility>

namespace concord::judge {

namespace {
constexpr std::array<std::pair<Protocol, std::string_view>, 12> kNames{{
    {Protocol::Rts, "rts"},
    {Protocol::Mcq, "mcq"},
    {Protocol::LikertMulti, "likert-multi"},
    {Protocol::Geval, "geval"},
    {Protocol::LlmScore, "llmscore"},
    {Protocol::LlmEval, "llmeval"},
    {Protocol::H2h, "h2h"},
    {Protocol::Pairwise, "pairwise"},
    {Protocol::LlmCompare, "llmcompare"},
    {Protocol::LlmRank, "llmrank"},
    {Protocol::Pyramid, "pyramid"},
    {Protocol::Factuality, "factuality"},
}};
}

std::string_view toString(Protocol protocol)
{
    for (const auto &[p, name] : kNames)
        if (p == protocol)
            return name;
    return "rts";
}

std::optional<Protocol> protocolFromString(std::string_view text)
{
    for (const auto &[p, name] : kNames)
        if (name == text)
            return p;
    return std::nullopt;
}

std::vector<Protocol> allProtocols()
{
    std::vector<Protocol> out;
    for (const auto &[p, name] : kNames)
        out.push_back(p);
    return out;
}

ProtocolTraits traits(Protocol protocol)
{
    ProtocolTraits t;
    switch (protocol) {
    case Protocol::Rts:
    case Protocol::Mcq:
    case Protocol::LlmEval:
        t.scoreOnScale = true;
        break;
    case Protocol::Geval:
        t.scoreOnScale = true;
        t.prefersLogprobs = true;
        break;
    case Protocol::LlmScore:
        t.prefersLogprobs = true;
        break;
    case Protocol::LikertMulti:
        t.shape = UnitShape::Candidate;
        t.needsDimension = false;
        t.scoreOnScale = true;
        break;
    case Protocol::H2h:
        t.shape = UnitShape::PairDimension;
        t.bothOrders = true;
        break;
    case Protocol::Pairwise:
        t.shape = UnitShape::Pair;
        t.needsDimension = false;
        t.shuffled = true;
        break;
    case Protocol::LlmCompare:
        t.shape = UnitShape::PairDimension;
        t.shuffled = true;
        break;
    case Protocol::LlmRank:
        t.shape = UnitShape::DocumentDimension;
        t.shuffled = true;
        break;
    case Protocol::Pyramid:
        t.shape = UnitShape::CandidateUnit;
        t.needsDimension = false;
        break;
    case Protocol::Factuality:
        t.shape = UnitShape::CandidateSentence;
        t.needsDimension = false;
        break;
    }
    return t;
}

bool judgesRankings(Protocol protocol)
{
    return protocol == Protocol::LlmRank || protocol == Protocol::H2h || protocol == Protocol::LlmCompare;
}

std::string rankingProtocolNames()
{
    return "llmrank (all summaries of a document at once), h2h or llmcompare (pairs of summaries)";
}

} // namespace concord::judge
