// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "small_study.h"

#include "store/study.h"

namespace concord::test {

QStringList SmallStudy::documentIds()
{
    return {QStringLiteral("doc-1"), QStringLiteral("doc-2"), QStringLiteral("doc-3")};
}

QString SmallStudy::article(int index)
{
    switch (index) {
    case 0:
        return QStringLiteral("The council met on Tuesday and approved the new bridge.");
    case 1:
        // Untrusted text that a rich-text widget would render: it must come out literally.
        return QStringLiteral("<b>Rain</b> fell &amp; the river rose.\nSecond paragraph: <img src=x>");
    default:
        return QStringLiteral("A third article, about nothing at all.");
    }
}

QString SmallStudy::requirement()
{
    return QStringLiteral("Summarise in one sentence, <i>without</i> dates.");
}

QStringList SmallStudy::summaries(int index)
{
    switch (index) {
    case 0:
        return {QStringLiteral("Council approves bridge."), QStringLiteral("A bridge was approved on Tuesday.")};
    case 1:
        return {QStringLiteral("<b>Rain</b> made the river rise."), QStringLiteral("The river rose.")};
    default:
        return {QStringLiteral("Nothing happened.")};
    }
}

QStringList SmallStudy::systems()
{
    return {QStringLiteral("alpha"), QStringLiteral("R&D bot")};
}

QString SmallStudy::create(const QString &path)
{
    auto study = store::Study::create(path.toStdString());
    if (!study)
        return QString::fromStdString(study.error().describe());
    store::Study &s = *study.value();
    const Status status = s.write([&] {
        const QStringList names = systems();
        const model::Id sysA = s.ensureSystem(names.at(0).toStdString());
        const model::Id sysB = s.ensureSystem(names.at(1).toStdString());
        model::Dimension coherence;
        coherence.name = "coherence";
        const model::Id dim = s.ensureDimension(coherence);
        model::Rater rater;
        rater.name = "alice";
        rater.group = "expert";
        const model::Id alice = s.ensureRater(rater);
        for (int i = 0; i < documents; ++i) {
            model::Document d;
            d.externalId = documentIds().at(i).toStdString();
            d.source = article(i).toStdString();
            if (i == 1)
                d.requirement = requirement().toStdString();
            const model::Id doc = s.addDocument(d);
            const QStringList texts = summaries(i);
            for (int c = 0; c < texts.size(); ++c) {
                const model::Id cand = s.addCandidate(doc, c == 0 ? sysA : sysB, texts.at(c).toStdString());
                if (i == 0)
                    s.setRating(alice, cand, dim, 4 - c);
            }
        }
    });
    if (!status)
        return QString::fromStdString(status.error().describe());
    return {};
}

} // namespace concord::test
