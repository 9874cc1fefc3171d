// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/prompt_template.h"

#include "judge/builtin_prompts.h"
#include "model/utf8_check.h"

#include <algorithm>
#include <array>

namespace concord::judge {

namespace {

constexpr std::array<std::string_view, 19> kKnownPlaceholders
    = {"article",   "requirement", "summary",          "summary_a",  "summary_b",    "summaries", "candidate_count",
       "dimension", "definition",  "scale_min",        "scale_max",  "scale_labels", "choices",   "scus",
       "scu",       "sentence",    "evaluation_steps", "dimensions", "examples"};

bool isKnown(std::string_view name)
{
    return std::find(kKnownPlaceholders.begin(), kKnownPlaceholders.end(), name) != kKnownPlaceholders.end();
}

std::string_view trim(std::string_view s)
{
    const auto notSpace = [](char c) { return c != ' ' && c != '\t' && c != '\r' && c != '\n'; };
    while (!s.empty() && !notSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && !notSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

// Leading and trailing blank lines around a section are layout, not content.
std::string_view trimBlankLines(std::string_view s)
{
    while (true) {
        const auto nl = s.find('\n');
        if (nl == std::string_view::npos || !trim(s.substr(0, nl)).empty())
            break;
        s.remove_prefix(nl + 1);
    }
    while (true) {
        const auto nl = s.rfind('\n');
        if (nl == std::string_view::npos || !trim(s.substr(nl + 1)).empty())
            break;
        s.remove_suffix(s.size() - nl);
    }
    if (trim(s).empty())
        return {};
    // A final line without a newline keeps its own trailing spaces out.
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

Error templateError(const std::string &templateName, std::string message, long line, std::string field)
{
    std::string text = "template '";
    text.append(templateName).append("': ").append(message);
    return Error{std::move(text), {}, line, std::move(field)};
}

struct Section {
    std::string_view text;
    long firstLine = 1; // line of the template where the section's text starts
};

} // namespace

Result<PromptTemplate> PromptTemplate::parse(std::string_view text, std::string name)
{
    return capture([&]() -> PromptTemplate {
        PromptTemplate out;
        out.m_name = std::move(name);
        // The template is stored in the study and sent as JSON: it must be UTF-8.
        if (const auto bad = model::Utf8Check::firstInvalid(text)) {
            const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(*bad), '\n');
            throw Failure(templateError(out.m_name, model::Utf8Check::describeInvalid(text, *bad), line, {}));
        }
        out.m_text = std::string(text);

        // Split into sections at lines that are exactly "[system]" or "[user]" (case and surrounding
        // spaces ignored).
        std::optional<Section> system;
        std::optional<Section> user;
        std::optional<Section> *current = nullptr;
        std::size_t pos = 0;
        std::size_t sectionStart = 0;
        long line = 1;
        long sectionLine = 1;
        bool sawMarker = false;
        const auto close = [&](std::size_t end) {
            const std::string_view body = text.substr(sectionStart, end - sectionStart);
            if (current)
                **current = Section{body, sectionLine};
            else if (!trim(body).empty())
                user = Section{body, sectionLine}; // no marker yet: the text before one is the user message
        };
        while (pos <= text.size()) {
            const auto nl = text.find('\n', pos);
            const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
            std::string lowered(trim(text.substr(pos, end - pos)));
            std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                           [](unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
            if (lowered == "[system]" || lowered == "[user]") {
                if (!sawMarker && !trim(text.substr(0, pos)).empty())
                    throw Failure(templateError(out.m_name, "text before the first [system] or [user] marker", 1, {}));
                close(pos);
                sawMarker = true;
                current = lowered == "[system]" ? &system : &user;
                if (current->has_value())
                    throw Failure(templateError(out.m_name, "the section " + lowered + " appears twice", line, {}));
                *current = Section{};
                sectionStart = end == text.size() ? end : end + 1;
                sectionLine = line + 1;
            }
            if (nl == std::string_view::npos)
                break;
            pos = nl + 1;
            ++line;
        }
        if (sawMarker)
            close(text.size());
        else
            user = Section{text, 1};

        if (!user || trimBlankLines(user->text).empty())
            throw Failure(templateError(out.m_name, "the [user] message is empty", 0, {}));

        const auto split = [&](const Section &section, std::vector<Part> &parts) {
            const std::string_view body = trimBlankLines(section.text);
            // Line numbers count from where the trimmed body starts.
            long at = section.firstLine
                      + static_cast<long>(std::count(
                          section.text.begin(),
                          section.text.begin() + (body.empty() ? 0 : body.data() - section.text.data()), '\n'));
            std::string literal;
            std::size_t i = 0;
            while (i < body.size()) {
                if (body.compare(i, 4, "{{{{") == 0) {
                    literal.append("{{");
                    i += 4;
                    continue;
                }
                if (body.compare(i, 2, "{{") == 0) {
                    const auto closeAt = body.find("}}", i + 2);
                    const auto lineEnd = body.find('\n', i + 2);
                    if (closeAt == std::string_view::npos || (lineEnd != std::string_view::npos && lineEnd < closeAt))
                        throw Failure(templateError(
                            out.m_name, "a '{{' without a closing '}}' (write '{{{{' for a literal '{{')", at, {}));
                    const std::string placeholder(trim(body.substr(i + 2, closeAt - i - 2)));
                    if (!isKnown(placeholder))
                        throw Failure(
                            templateError(out.m_name, "unknown placeholder {{" + placeholder + "}}", at, placeholder));
                    if (!literal.empty())
                        parts.push_back(Part{false, std::move(literal)});
                    literal.clear();
                    parts.push_back(Part{true, placeholder});
                    i = closeAt + 2;
                    continue;
                }
                if (body[i] == '\n')
                    ++at;
                literal.push_back(body[i]);
                ++i;
            }
            if (!literal.empty())
                parts.push_back(Part{false, std::move(literal)});
        };
        if (system)
            split(*system, out.m_system);
        split(*user, out.m_user);
        return out;
    });
}

std::vector<std::string> PromptTemplate::placeholders() const
{
    std::vector<std::string> out;
    for (const auto *parts : {&m_system, &m_user})
        for (const Part &p : *parts)
            if (p.placeholder && std::find(out.begin(), out.end(), p.text) == out.end())
                out.push_back(p.text);
    return out;
}

Result<std::vector<ChatMessage>> PromptTemplate::fill(const std::map<std::string, std::string> &values) const
{
    return capture([&]() -> std::vector<ChatMessage> {
        // Values are inserted verbatim: braces inside an article are never read as placeholders.
        const auto render = [&](const std::vector<Part> &parts) {
            std::string out;
            for (const Part &p : parts) {
                if (!p.placeholder) {
                    out.append(p.text);
                    continue;
                }
                const auto it = values.find(p.text);
                if (it == values.end())
                    throw Failure(templateError(m_name, "no value for placeholder {{" + p.text + "}}", 0, p.text));
                out.append(it->second);
            }
            return out;
        };
        std::vector<ChatMessage> messages;
        if (!m_system.empty())
            messages.push_back(ChatMessage{"system", render(m_system)});
        messages.push_back(ChatMessage{"user", render(m_user)});
        return messages;
    });
}

Result<PromptTemplate> PromptTemplate::builtin(std::string_view protocol)
{
    for (const BuiltinPrompt &p : builtinPrompts())
        if (p.protocol == protocol)
            return parse(p.text, std::string(protocol));
    std::string message = "no built-in template for the protocol '";
    message.append(protocol).append("'");
    return Error{std::move(message), {}, 0, "protocol"};
}

int PromptTemplate::builtinVersion(std::string_view protocol)
{
    for (const BuiltinPrompt &p : builtinPrompts())
        if (p.protocol == protocol)
            return p.version;
    return 0;
}

} // namespace concord::judge
