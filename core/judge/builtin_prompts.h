// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string_view>

namespace concord::judge {

// One template shipped in resources/prompts, compiled in by cmake/embed_text.cmake.
struct BuiltinPrompt {
    std::string_view protocol;
    int version = 0; // from resources/prompts/versions.txt
    std::string_view text;
};

// Every shipped template, in the order versions.txt lists them.
std::span<const BuiltinPrompt> builtinPrompts();

} // namespace concord::judge
