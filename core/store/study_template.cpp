// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_template.h"

#include "store/study.h"

namespace concord::store {

namespace {

model::Dimension likert(std::string name, std::string definition, std::vector<std::string> labels, double max = 5)
{
    model::Dimension d;
    d.name = std::move(name);
    d.kind = model::DimensionKind::Likert;
    d.scaleMin = 1;
    d.scaleMax = max;
    d.labels = std::move(labels);
    d.definition = std::move(definition);
    return d;
}

model::Dimension rank(std::string name, std::string definition)
{
    model::Dimension d;
    d.name = std::move(name);
    d.kind = model::DimensionKind::Rank;
    d.definition = std::move(definition);
    return d;
}

std::vector<StudyTemplate> makeTemplates()
{
    std::vector<StudyTemplate> out;

    StudyTemplate summeval;
    summeval.name = "summeval";
    summeval.title = "SummEval-style (four Likert dimensions)";
    summeval.description = "Each summary is rated 1-5 on coherence, consistency, fluency and relevance; "
                           "factual errors may be marked as spans.";
    summeval.dimensions = {
        likert("coherence",
               "Do the sentences build a well-structured, well-organised whole, rather than a heap of related facts?",
               {"Incoherent", "Poorly organised", "Partly coherent", "Mostly coherent", "Fully coherent"}),
        likert("consistency",
               "Is every statement of the summary backed by the article, with nothing invented or contradicted?",
               {"Mostly unsupported", "Several errors", "One clear error", "Minor imprecision", "Fully supported"}),
        likert("fluency", "Is each sentence well formed: grammatical, readable, free of repetition and fragments?",
               {"Unreadable", "Many problems", "Some problems", "Minor slips", "Flawless"}),
        likert("relevance",
               "Does the summary keep the article's important content and leave out what is redundant or minor?",
               {"Off the point", "Mostly minor content", "Mixed", "Mostly important content", "Only the essentials"}),
    };
    summeval.plan.templateName = summeval.name;
    summeval.plan.instructions
        = "Read the article, then rate every summary on each dimension from 1 (worst) to 5 (best). "
          "Mark any span that states something the article does not support.";
    for (const auto &d : summeval.dimensions)
        summeval.plan.likert.push_back(d.name);
    summeval.plan.errorSpans = true;
    out.push_back(std::move(summeval));

    StudyTemplate instrusum;
    instrusum.name = "instrusum";
    instrusum.title = "InstruSum-style (rankings with ties, error spans, explanation)";
    instrusum.description
        = "The summaries of an article written for a requirement are ranked from 1 (best) on overall "
          "quality, missing information, irrelevant information and factual consistency, ties allowed; "
          "factual errors are marked as spans and the overall ranking is explained.";
    instrusum.dimensions = {
        rank("overall", "How well the summary serves the requirement as a whole."),
        rank("missing", "How little of what the requirement asks for, and the article offers, the summary leaves out "
                        "(1: least missing)."),
        rank("irrelevant", "How little the summary says that does not serve the requirement (1: least irrelevant)."),
        rank("factual", "How faithful the summary is to the article: no contradicted, twisted or invented facts (1: "
                        "most faithful)."),
    };
    instrusum.plan.templateName = instrusum.name;
    instrusum.plan.instructions
        = "Read the article and the requirement. Mark each span of a summary that contains a factual error. "
          "Then rank the summaries from 1 (best) on each dimension; equal summaries share a rank. "
          "Explain your overall ranking in a few sentences.";
    for (const auto &d : instrusum.dimensions)
        instrusum.plan.rank.push_back(d.name);
    instrusum.plan.explainRanks = {"overall"};
    instrusum.plan.errorSpans = true;
    out.push_back(std::move(instrusum));

    StudyTemplate empty;
    empty.name = "empty";
    empty.title = "Empty (dimensions come with the data)";
    empty.description
        = "No dimensions; imports bring their own, and annotators are asked every Likert and rank dimension.";
    out.push_back(std::move(empty));
    return out;
}

} // namespace

const std::vector<StudyTemplate> &StudyTemplate::all()
{
    static const std::vector<StudyTemplate> templates = makeTemplates();
    return templates;
}

const StudyTemplate *StudyTemplate::find(const std::string &name)
{
    for (const auto &t : all())
        if (t.name == name)
            return &t;
    return nullptr;
}

Status StudyTemplate::apply(Study &study, const StudyTemplate &studyTemplate)
{
    return study.write([&] {
        for (const auto &d : studyTemplate.dimensions)
            study.ensureDimension(d);
        // The empty template leaves the plan to be derived from whatever dimensions arrive later.
        if (!studyTemplate.dimensions.empty())
            study.setInfo(AnnotationPlan::kInfoKey, studyTemplate.plan.toJson());
    });
}

} // namespace concord::store
