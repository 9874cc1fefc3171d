// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/unit_context.h"

#include "judge/prompt_number.h"
#include "store/study.h"

#include <algorithm>

namespace concord::judge {

namespace {

std::string numberedList(const std::vector<std::string> &items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out.append(std::to_string(i + 1)).append(". ").append(items[i]).append("\n");
    if (!out.empty())
        out.pop_back();
    return out;
}

std::string labelsText(const model::Dimension &d)
{
    std::string out;
    for (std::size_t i = 0; i < d.labels.size(); ++i)
        out.append(promptNumber(d.scaleMin + static_cast<double>(i)))
            .append(" = ")
            .append(d.labels[i])
            .append(i + 1 < d.labels.size() ? "\n" : "");
    return out;
}

} // namespace

std::string choicesText(const model::Dimension &d)
{
    std::string out;
    const int points = static_cast<int>(d.scaleMax - d.scaleMin) + 1;
    for (int i = 0; i < points && i < 26; ++i) {
        const std::string label = static_cast<std::size_t>(i) < d.labels.size()
                                      ? d.labels[static_cast<std::size_t>(i)]
                                      : "score " + promptNumber(d.scaleMin + i);
        out.push_back(static_cast<char>('A' + i));
        out.append(": ").append(label).append(i + 1 < points ? "\n" : "");
    }
    return out;
}

UnitContext UnitContext::load(store::Study &study, Protocol protocol, const WorkUnit &unit)
{
    UnitContext c;
    c.protocol = protocol;
    c.unit = unit;
    c.document = study.document(unit.document).value_or(model::Document{});
    const auto candidates = study.candidatesOf(unit.document);
    for (model::Id id : unit.candidates) {
        const auto it
            = std::find_if(candidates.begin(), candidates.end(), [&](const auto &cand) { return cand.id == id; });
        if (it != candidates.end())
            c.shown.push_back(*it);
    }
    for (const auto &d : study.dimensions()) {
        if (unit.dimension && d.id == *unit.dimension)
            c.dimension = d;
        if (d.kind == model::DimensionKind::Likert)
            c.likertDimensions.push_back(d);
    }
    return c;
}

double UnitContext::scaleMin() const
{
    if (dimension)
        return dimension->scaleMin;
    double lo = 1;
    for (std::size_t i = 0; i < likertDimensions.size(); ++i)
        lo = i == 0 ? likertDimensions[i].scaleMin : std::min(lo, likertDimensions[i].scaleMin);
    return lo;
}

double UnitContext::scaleMax() const
{
    if (dimension)
        return dimension->scaleMax;
    double hi = 5;
    for (std::size_t i = 0; i < likertDimensions.size(); ++i)
        hi = i == 0 ? likertDimensions[i].scaleMax : std::max(hi, likertDimensions[i].scaleMax);
    return hi;
}

std::string UnitContext::judgedText() const
{
    if (protocol == Protocol::Factuality && !shown.empty())
        return shown.front().text;
    return shown.size() == 1 ? shown.front().text : std::string();
}

std::map<std::string, std::string> UnitContext::promptValues() const
{
    std::map<std::string, std::string> v;
    v["article"] = document.source;
    v["requirement"] = document.requirement.value_or("Summarise the article.");
    if (!shown.empty())
        v["summary"] = shown.front().text;
    if (shown.size() >= 2) {
        v["summary_a"] = shown[0].text;
        v["summary_b"] = shown[1].text;
    }
    std::vector<std::string> texts;
    for (const auto &cand : shown)
        texts.push_back(cand.text);
    v["summaries"] = numberedList(texts);
    v["candidate_count"] = std::to_string(shown.size());
    if (dimension) {
        v["dimension"] = dimension->name;
        v["definition"] = dimension->definition;
        v["scale_min"] = promptNumber(dimension->scaleMin);
        v["scale_max"] = promptNumber(dimension->scaleMax);
        v["scale_labels"] = labelsText(*dimension);
        v["choices"] = choicesText(*dimension);
    } else {
        v["scale_min"] = promptNumber(scaleMin());
        v["scale_max"] = promptNumber(scaleMax());
    }
    std::string dims;
    for (const auto &d : likertDimensions)
        dims.append("- ")
            .append(d.name)
            .append(" (")
            .append(promptNumber(d.scaleMin))
            .append("–")
            .append(promptNumber(d.scaleMax))
            .append("): ")
            .append(d.definition)
            .append("\n");
    if (!dims.empty())
        dims.pop_back();
    v["dimensions"] = dims;
    v["scus"] = numberedList(document.scus);
    if (unit.index >= 0 && static_cast<std::size_t>(unit.index) < document.scus.size()
        && unit.sentenceEnd <= unit.sentenceStart)
        v["scu"] = document.scus[static_cast<std::size_t>(unit.index)];
    if (unit.sentenceEnd > unit.sentenceStart && !shown.empty()) {
        // Offsets are code points: walk the UTF-8 text to cut the sentence out.
        const std::string &text = shown.front().text;
        std::size_t byte = 0;
        int point = 0;
        std::size_t begin = std::string::npos, end = text.size();
        while (byte <= text.size()) {
            if (point == unit.sentenceStart && begin == std::string::npos)
                begin = byte;
            if (point == unit.sentenceEnd) {
                end = byte;
                break;
            }
            if (byte == text.size())
                break;
            ++byte;
            while (byte < text.size() && (static_cast<unsigned char>(text[byte]) & 0xc0) == 0x80)
                ++byte;
            ++point;
        }
        v["sentence"] = begin == std::string::npos ? std::string() : text.substr(begin, end - begin);
    }
    v["evaluation_steps"] = evaluationSteps;
    return v;
}

} // namespace concord::judge
