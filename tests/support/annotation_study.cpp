// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotation_study.h"

#include "store/annotation_plan.h"
#include "store/study.h"

namespace concord::test {

QString AnnotationStudy::emojiSummary()
{
    return QStringLiteral("The mayor 😀 opened the bridge on Monday.");
}

QString AnnotationStudy::create(const QString &path, int documents)
{
    auto created = store::Study::create(path.toStdString());
    if (!created)
        return QString::fromStdString(created.error().describe());
    store::Study &s = *created.value();
    const Status ok = s.write([&] {
        model::Dimension fluency;
        fluency.name = "fluency";
        fluency.labels = {"Unreadable", "Poor", "Fair", "Good", "Flawless"};
        fluency.definition = "Is each sentence well formed?";
        s.ensureDimension(fluency);
        for (const char *name : {"overall", "missing"}) {
            model::Dimension rank;
            rank.name = name;
            rank.kind = model::DimensionKind::Rank;
            rank.definition = "Rank the summaries.";
            s.ensureDimension(rank);
        }
        store::AnnotationPlan plan;
        plan.likert = {"fluency"};
        plan.rank = {"overall", "missing"};
        plan.explainRanks = {"overall"};
        plan.explainDocument = true;
        s.setInfo(store::AnnotationPlan::kInfoKey, plan.toJson());
        const model::Id a = s.ensureSystem("sys-a");
        const model::Id b = s.ensureSystem("sys-b");
        const model::Id c = s.ensureSystem("sys-c");
        for (int i = 1; i <= documents; ++i) {
            model::Document d;
            d.externalId = "doc-" + std::to_string(i);
            d.source = "The mayor opened the bridge on Monday. Article " + std::to_string(i) + ".";
            if (i == 1)
                d.scus = {"The mayor opened the bridge.", "It happened on Monday."};
            const model::Id doc = s.addDocument(d);
            s.addCandidate(doc, a, "Summary one of document " + std::to_string(i) + ".");
            s.addCandidate(
                doc, b, i == 1 ? emojiSummary().toStdString() : "Summary two of document " + std::to_string(i) + ".");
            s.addCandidate(doc, c, "Summary three of document " + std::to_string(i) + ".");
        }
    });
    return ok ? QString() : QString::fromStdString(ok.error().describe());
}

} // namespace concord::test
