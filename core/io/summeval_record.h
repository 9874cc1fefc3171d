// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace concord::io {

// The members of one SummEval line that the importer reads, each with the JSON type it was found as
// (value_t::discarded: the member is absent), so that the importer checks them in one place however
// the line was read. Its strings keep their memory from line to line.
struct SummEvalRecord {
    using Type = nlohmann::json::value_t;
    static constexpr Type kAbsent = Type::discarded;

    struct Value {
        Type type = kAbsent;
        std::string text; // a string's characters
    };
    struct Annotation {
        Type type = kAbsent;
        std::array<nlohmann::json, 4> ratings; // coherence, consistency, fluency, relevance; discarded: absent
    };
    struct List {
        Type type = kAbsent;
        std::size_t size = 0; // items[0, size) are this line's
        std::vector<Annotation> items;
    };

    Value id, modelId, text, decoded, filepath;
    Type referencesType = kAbsent;
    std::size_t referenceCount = 0; // references[0, referenceCount) are this line's
    std::vector<Value> references;
    std::array<List, 2> annotations; // expert_annotations, turker_annotations

    static constexpr std::array<const char *, 4> kDimensions{"coherence", "consistency", "fluency", "relevance"};
    static constexpr std::array<const char *, 2> kLists{"expert_annotations", "turker_annotations"};

    void clear();
    // The record from a parsed line (any JSON object).
    void assign(const nlohmann::json &object);
    // Reads the line directly when it is a well-formed SummEval record made of what such records hold
    // (strings, plain whole numbers, lists and objects, any other members skipped); false otherwise,
    // and for anything a JSON parser would refuse (bad syntax, bytes that are not UTF-8, lone
    // surrogates), so that the caller parses the line as JSON and reports what is wrong. What it
    // accepts it reads exactly as nlohmann::json does.
    bool readFast(std::string_view line);
};

// nlohmann's name of a JSON type ("string", "number", ...), for messages.
const char *jsonTypeName(SummEvalRecord::Type type);

} // namespace concord::io
