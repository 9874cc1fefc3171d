// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/provider/chat.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace concord::judge {

// A prompt template: optional "[system]" and "[user]" sections (a template without section markers is
// all user message), with {{placeholder}} fields. Known placeholders:
//   article, requirement, summary, summary_a, summary_b, summaries (a numbered list), candidate_count,
//   dimension, definition, scale_min, scale_max, scale_labels, choices (the MCQ letters with their
//   descriptions), scus (a numbered list), scu, sentence, evaluation_steps, dimensions (likert-multi: the
//   list of dimensions with definitions), examples (worked examples from human corrections, filled per unit
//   when the run has a FewShotSource).
// An unknown placeholder is an error when the template is parsed; a placeholder without a value is an
// error when it is filled. "{{{{" writes a literal "{{".
class PromptTemplate {
public:
    static Result<PromptTemplate> parse(std::string_view text, std::string name);

    const std::string &name() const { return m_name; }
    const std::string &text() const { return m_text; }
    std::vector<std::string> placeholders() const; // in order of first use, without repeats
    Result<std::vector<ChatMessage>> fill(const std::map<std::string, std::string> &values) const;

    // The templates shipped with Concord (resources/prompts/PROTOCOL.txt, compiled in), written for this
    // project. Protocols: rts, mcq, likert-multi, geval-steps, geval, llmscore, llmeval, h2h, pairwise,
    // llmcompare, llmrank, pyramid, factuality.
    static Result<PromptTemplate> builtin(std::string_view protocol);
    static int builtinVersion(std::string_view protocol); // bumped whenever a shipped template changes

private:
    std::string m_name;
    std::string m_text;
    struct Part {
        bool placeholder = false;
        std::string text; // literal text, or the placeholder's name
    };
    std::vector<Part> m_system;
    std::vector<Part> m_user;
};

} // namespace concord::judge
