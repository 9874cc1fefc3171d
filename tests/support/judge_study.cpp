// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge_study.h"

#include "store/study.h"

namespace concord::test {

QString JudgeStudy::create(const QString &path, bool humanRatings)
{
    auto created = store::Study::create(path.toStdString());
    if (!created)
        return QString::fromStdString(created.error().describe());
    store::Study &s = *created.value();
    const Status status = s.write([&] {
        std::vector<model::Id> dims;
        for (const char *name : {"coherence", "relevance"}) {
            model::Dimension dim;
            dim.name = name;
            dim.definition = std::string("How good the summary is on ").append(name).append(".");
            dim.labels = {"very poor", "poor", "fair", "good", "very good"};
            dims.push_back(s.ensureDimension(dim));
        }
        std::vector<model::Id> humans;
        for (const char *name : {"ann", "bob"}) {
            model::Rater r;
            r.name = name;
            r.group = "expert";
            humans.push_back(s.ensureRater(r));
        }
        for (int d = 0; d < 2; ++d) {
            model::Document doc;
            doc.externalId = std::string("doc").append(std::to_string(d));
            doc.source = std::string("Council ")
                             .append(std::to_string(d))
                             .append(" voted to build a market hall. Work starts in March.");
            const model::Id id = s.addDocument(doc);
            const std::string n = std::to_string(d);
            const model::Id a = s.addCandidate(
                id, s.ensureSystem("sysA"),
                std::string("Council ").append(n).append(" chose a market hall. Work starts in March."));
            const model::Id b = s.addCandidate(id, s.ensureSystem("sysB"),
                                               std::string("A hall will be built by council ").append(n).append("."));
            const model::Id c
                = s.addCandidate(id, s.ensureSystem("sysC"), std::string("Council ").append(n).append(" met."));
            const model::Id candidates[] = {a, b, c};
            for (std::size_t k = 0; humanRatings && k < 3; ++k)
                for (std::size_t h = 0; h < humans.size(); ++h)
                    for (std::size_t m = 0; m < dims.size(); ++m)
                        s.setRating(humans[h], candidates[k], dims[m],
                                    static_cast<double>(5 - k - (h + m + static_cast<std::size_t>(d)) % 2));
        }
    });
    return status ? QString() : QString::fromStdString(status.error().describe());
}

} // namespace concord::test
