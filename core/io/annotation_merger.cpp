// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/annotation_merger.h"

#include "io/annotator_package.h"
#include "model/utf8_check.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace concord::io {

using model::Id;

namespace {

std::string number(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string inQuotes(const std::string &text)
{
    std::string out = "'";
    out.append(text);
    out.append("'");
    return out;
}

// The beginning of a summary's text, for a message: at most 40 code points, cut between code points.
std::string excerpt(const std::string &text)
{
    constexpr int shown = 40;
    int codePoints = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && codePoints++ == shown)
            return text.substr(0, i) + "…";
    return text;
}

using SpanKey = std::tuple<int, int, std::string, std::string>;

// A summary as a blind package knows it: its text, and which of the document's summaries with that text
// it is (0 for the first), since two systems can write the same summary.
using SummaryKey = std::pair<std::string, int>;

// Each candidate's key among the candidates of its document. Summaries with one text are counted in the
// order of their systems' names where the study names its systems (the same in every copy of the study,
// whatever ids a copy gives them), in the order of their ids in a blind package, which AnnotatorPackage
// writes in that order of the names.
std::map<Id, SummaryKey> summaryKeys(std::vector<model::Candidate> candidates,
                                     const std::map<Id, std::string> &systemNames)
{
    const std::string none;
    const auto name = [&](Id system) -> const std::string & {
        const auto it = systemNames.find(system);
        return it == systemNames.end() ? none : it->second;
    };
    std::sort(candidates.begin(), candidates.end(), [&](const auto &a, const auto &b) {
        return std::forward_as_tuple(a.documentId, name(a.systemId), a.id)
               < std::forward_as_tuple(b.documentId, name(b.systemId), b.id);
    });
    std::map<std::pair<Id, std::string>, int> seen;
    std::map<Id, SummaryKey> keys;
    for (auto &c : candidates) {
        const int copy = seen[{c.documentId, c.text}]++;
        keys[c.id] = {std::move(c.text), copy};
    }
    return keys;
}

// Everything the merge needs to name and match things across the two studies.
class Merge {
public:
    Merge(store::Study &target, store::Study &source, const MergeOptions &options)
        : m_target(target)
        , m_source(source)
        , m_options(options)
        , m_sourceOpaque(AnnotatorPackage::hasOpaqueSystems(source))
        , m_targetOpaque(AnnotatorPackage::hasOpaqueSystems(target))
    { }

    MergeReport run()
    {
        index();
        collect();
        if (!m_report.conflicts.empty())
            return m_report;
        const Status written = m_target.write([&] {
            for (const auto &[name, group] : m_newRaters) {
                model::Rater r;
                r.name = name;
                r.kind = model::RaterKind::Human;
                r.group = group;
                m_targetRater[name] = m_target.ensureRater(r);
            }
            for (const auto &fn : m_writes)
                fn();
        });
        if (!written)
            throw Failure(written.error());
        return m_report;
    }

private:
    void conflict(std::string text) { m_report.conflicts.push_back(std::move(text)); }

    // The study holds only UTF-8; text written into the other study by another tool may not be.
    static void checkText(const std::string &text, const char *field, const std::string &where)
    {
        if (const auto bad = model::Utf8Check::firstInvalid(text))
            fail(model::Utf8Check::describeInvalid(text, *bad) + " (" + where + " in the other study)", field);
    }

    void index()
    {
        for (const auto &r : m_source.raters()) {
            if (r.kind != model::RaterKind::Human)
                continue;
            if (m_options.rater && r.name != *m_options.rater)
                continue;
            m_sourceRaters[r.id] = r;
        }
        if (m_options.rater && m_sourceRaters.empty())
            fail("the other study has no human rater named " + inQuotes(*m_options.rater));
        m_report.raters = static_cast<int>(m_sourceRaters.size());
        for (const auto &[id, r] : m_sourceRaters) {
            checkText(r.name, "rater", "the name of a rater");
            checkText(r.group, "group", "the group of rater " + inQuotes(r.name));
            const auto targetId = m_target.raterId(r.name);
            if (!targetId) {
                m_newRaters[r.name] = r.group;
                continue;
            }
            for (const auto &t : m_target.raters())
                if (t.id == *targetId && t.kind != model::RaterKind::Human)
                    conflict("rater " + inQuotes(r.name) + " is a " + std::string(toString(t.kind))
                             + " here, a human in the other study");
            m_targetRater[r.name] = *targetId;
        }
        for (const auto &d : m_source.documentSummaries())
            m_sourceDocName[d.id] = d.externalId;
        std::map<Id, std::string> systemName;
        if (!m_sourceOpaque)
            for (const auto &s : m_source.systems())
                systemName[s.id] = s.name;
        auto candidates = m_source.candidates();
        for (const auto &c : candidates)
            m_sourceCandidate[c.id] = {c.documentId, systemName[c.systemId]};
        // A blind package names no system: its summaries are matched by text, within their document.
        if (bySummary())
            m_sourceSummary = summaryKeys(std::move(candidates), systemName);
        std::map<std::string, model::Dimension> targetDims;
        for (const auto &d : m_target.dimensions())
            targetDims[d.name] = d;
        for (const auto &d : m_source.dimensions()) {
            m_sourceDims[d.id] = d;
            const auto it = targetDims.find(d.name);
            if (it != targetDims.end() && it->second.kind == d.kind)
                m_dimension[d.id] = it->second.id;
        }
    }

    bool wanted(Id sourceRater) const { return m_sourceRaters.count(sourceRater) != 0; }
    const std::string &raterName(Id sourceRater) const { return m_sourceRaters.at(sourceRater).name; }
    std::optional<Id> existingRater(Id sourceRater) const
    {
        const auto it = m_targetRater.find(raterName(sourceRater));
        return it == m_targetRater.end() ? std::nullopt : std::optional<Id>(it->second);
    }
    // The target rater's id at write time (new raters are created first).
    Id raterAtWrite(Id sourceRater) const { return m_targetRater.at(raterName(sourceRater)); }

    std::optional<Id> document(Id sourceDocument)
    {
        const std::string &name = m_sourceDocName[sourceDocument];
        if (auto id = m_target.documentId(name))
            return id;
        if (m_missing.insert("d:" + name).second)
            conflict("document " + inQuotes(name) + " of the other study is not in this one");
        return std::nullopt;
    }

    bool bySummary() const { return m_sourceOpaque || m_targetOpaque; }

    // The target's summaries of a document by text, and the name of the system of each (none for opaque ones).
    struct TargetDocument {
        std::map<SummaryKey, Id> byText;
        std::map<Id, std::string> system;
    };

    const TargetDocument &targetDocument(Id doc)
    {
        const auto it = m_targetDocuments.find(doc);
        if (it != m_targetDocuments.end())
            return it->second;
        if (m_targetSystemName.empty() && !m_targetOpaque)
            for (const auto &s : m_target.systems())
                m_targetSystemName[s.id] = s.name;
        TargetDocument &out = m_targetDocuments[doc];
        const auto candidates = m_target.candidatesOf(doc);
        for (const auto &c : candidates) {
            const auto name = m_targetSystemName.find(c.systemId);
            if (name != m_targetSystemName.end())
                out.system[c.id] = name->second;
        }
        for (auto &[id, key] : summaryKeys(candidates, m_targetSystemName))
            out.byText.emplace(std::move(key), id);
        return out;
    }

    std::optional<Id> candidate(Id sourceCandidate)
    {
        const auto &[sourceDoc, system] = m_sourceCandidate[sourceCandidate];
        const auto doc = document(sourceDoc);
        if (!doc)
            return std::nullopt;
        std::optional<Id> id;
        if (bySummary()) {
            const auto &here = targetDocument(*doc).byText;
            const auto it = here.find(m_sourceSummary[sourceCandidate]);
            if (it != here.end())
                id = it->second;
        } else if (const auto systemId = m_target.systemId(system)) {
            id = m_target.candidateId(*doc, *systemId);
        }
        if (!id && m_missing.insert("c:" + std::to_string(sourceCandidate)).second)
            conflict("the summary of document " + inQuotes(m_sourceDocName[sourceDoc]) + " " + summary(sourceCandidate)
                     + " is not in this study");
        return id;
    }

    // How a message names a summary of the other study: by its system where either study knows it (the
    // study a package is merged into does), else by the beginning of its text.
    std::string summary(Id sourceCandidate)
    {
        const auto &[sourceDoc, system] = m_sourceCandidate[sourceCandidate];
        if (!bySummary())
            return "by " + inQuotes(system);
        if (const auto doc = m_target.documentId(m_sourceDocName[sourceDoc])) {
            const TargetDocument &here = targetDocument(*doc);
            const auto it = here.byText.find(m_sourceSummary[sourceCandidate]);
            if (it != here.byText.end()) {
                const auto name = here.system.find(it->second);
                if (name != here.system.end())
                    return "by " + inQuotes(name->second);
            }
        }
        if (!system.empty())
            return "by " + inQuotes(system);
        const SummaryKey &key = m_sourceSummary[sourceCandidate];
        return "that reads " + inQuotes(excerpt(key.first))
               + (key.second ? " (copy " + std::to_string(key.second + 1) + " of that text)" : std::string());
    }

    std::optional<Id> dimension(Id sourceDimension)
    {
        if (sourceDimension == 0)
            return Id{0};
        const auto it = m_dimension.find(sourceDimension);
        if (it != m_dimension.end())
            return it->second;
        const auto &d = m_sourceDims[sourceDimension];
        if (m_missing.insert("k:" + d.name).second)
            conflict("dimension " + inQuotes(d.name) + " (" + std::string(toString(d.kind)) + ") is not in this study");
        return std::nullopt;
    }

    std::string where(Id sourceRater, Id sourceCandidate)
    {
        const Id doc = m_sourceCandidate[sourceCandidate].first;
        return "document " + inQuotes(m_sourceDocName[doc]) + ", summary " + summary(sourceCandidate) + ", rater "
               + inQuotes(raterName(sourceRater));
    }

    void collect()
    {
        // Ratings.
        for (const auto &[sourceDim, d] : m_sourceDims) {
            for (const auto &row : m_source.ratingsOn(sourceDim)) {
                if (!wanted(row.rater))
                    continue;
                const auto c = candidate(row.candidate);
                const auto dim = dimension(sourceDim);
                if (!c || !dim)
                    continue;
                if (const auto r = existingRater(row.rater)) {
                    if (const auto here = m_target.rating(*r, *c, *dim)) {
                        if (*here == row.value)
                            ++m_report.unchanged;
                        else
                            conflict(where(row.rater, row.candidate) + ", " + inQuotes(d.name) + ": rated "
                                     + number(*here) + " here, " + number(row.value) + " in the other study");
                        continue;
                    }
                }
                ++m_report.ratings;
                m_writes.push_back([this, rater = row.rater, c = *c, dim = *dim, value = row.value] {
                    m_target.setRating(raterAtWrite(rater), c, dim, value);
                });
            }
        }
        // Rankings, whole per rater, document and dimension.
        for (const auto &[sourceDim, d] : m_sourceDims) {
            if (d.kind != model::DimensionKind::Rank)
                continue;
            std::map<std::pair<Id, Id>, std::vector<store::RankingRow>> byUnit;
            for (const auto &row : m_source.rankingsOn(sourceDim))
                if (wanted(row.rater))
                    byUnit[{row.rater, row.document}].push_back(row);
            if (byUnit.empty())
                continue;
            const auto dim = dimension(sourceDim);
            std::map<std::pair<Id, Id>, std::map<Id, int>> here; // (target rater, target document)
            if (dim)
                for (const auto &row : m_target.rankingsOn(*dim))
                    here[{row.rater, row.document}][row.candidate] = row.rank;
            for (const auto &[unit, rows] : byUnit) {
                const auto doc = document(unit.second);
                std::map<Id, int> ranks;
                bool matched = dim && doc;
                for (const auto &row : rows) {
                    const auto c = candidate(row.candidate);
                    if (!c)
                        matched = false;
                    else
                        ranks[*c] = row.rank;
                }
                if (!matched)
                    continue;
                if (const auto r = existingRater(unit.first)) {
                    const auto it = here.find({*r, *doc});
                    if (it != here.end()) {
                        if (it->second == ranks)
                            ++m_report.unchanged;
                        else
                            conflict("document " + inQuotes(m_sourceDocName[unit.second]) + ", rater "
                                     + inQuotes(raterName(unit.first)) + ": the " + inQuotes(d.name)
                                     + " ranking here differs from the other study's");
                        continue;
                    }
                }
                ++m_report.rankings;
                m_writes.push_back([this, rater = unit.first, doc = *doc, dim = *dim, ranks] {
                    m_target.setRanking(raterAtWrite(rater), doc, dim, {ranks.begin(), ranks.end()});
                });
            }
        }
        // Error spans, as a whole set per rater and candidate.
        std::map<std::pair<Id, Id>, std::vector<model::ErrorSpan>> spans;
        for (const auto &s : m_source.errorSpans())
            if (wanted(s.raterId)) {
                checkText(s.quote, "quote", "an error span of rater " + inQuotes(raterName(s.raterId)));
                checkText(s.note, "note", "an error span of rater " + inQuotes(raterName(s.raterId)));
                spans[{s.raterId, s.candidateId}].push_back(s);
            }
        for (const auto &[unit, list] : spans) {
            const auto c = candidate(unit.second);
            if (!c)
                continue;
            std::multiset<SpanKey> theirs;
            for (const auto &s : list)
                theirs.insert({s.start, s.end, s.quote, s.note});
            if (const auto r = existingRater(unit.first)) {
                std::multiset<SpanKey> ours;
                for (const auto &s : m_target.errorSpansOf(*c))
                    if (s.raterId == *r)
                        ours.insert({s.start, s.end, s.quote, s.note});
                if (!ours.empty()) {
                    if (ours == theirs)
                        m_report.unchanged += static_cast<int>(ours.size());
                    else
                        conflict(where(unit.first, unit.second)
                                 + ": the factual-error spans here differ from the other study's");
                    continue;
                }
            }
            m_report.errorSpans += static_cast<int>(list.size());
            // An init-capture: Clang 14 (the asan preset) cannot capture a structured binding by name.
            m_writes.push_back([this, rater = unit.first, c = *c, toAdd = list] {
                for (model::ErrorSpan s : toAdd) {
                    s.id = 0;
                    s.raterId = raterAtWrite(rater);
                    s.candidateId = c;
                    m_target.addErrorSpan(s);
                }
            });
        }
        // Explanations.
        std::map<std::tuple<Id, Id, Id>, std::string> explanationsHere;
        for (const auto &e : m_target.explanations())
            explanationsHere[{e.rater, e.document, e.dimension}] = e.text;
        for (const auto &e : m_source.explanations()) {
            if (!wanted(e.rater))
                continue;
            checkText(e.text, "explanation",
                      "an explanation by " + inQuotes(raterName(e.rater)) + " of document "
                          + inQuotes(m_sourceDocName[e.document]));
            const auto doc = document(e.document);
            const auto dim = dimension(e.dimension);
            if (!doc || !dim)
                continue;
            if (const auto r = existingRater(e.rater)) {
                const auto it = explanationsHere.find({*r, *doc, *dim});
                if (it != explanationsHere.end()) {
                    if (it->second == e.text)
                        ++m_report.unchanged;
                    else
                        conflict("document " + inQuotes(m_sourceDocName[e.document]) + ", rater "
                                 + inQuotes(raterName(e.rater)) + ": the explanation"
                                 + (e.dimension ? " of " + inQuotes(m_sourceDims[e.dimension].name) : std::string())
                                 + " here differs from the other study's");
                    continue;
                }
            }
            ++m_report.explanations;
            m_writes.push_back([this, rater = e.rater, doc = *doc, dim = *dim, text = e.text] {
                m_target.setExplanation(raterAtWrite(rater), doc, dim, text);
            });
        }
        // Pyramid unit marks.
        std::map<std::tuple<Id, Id, int>, bool> marksHere;
        for (const auto &m : m_target.unitMarks())
            marksHere[{m.rater, m.candidate, m.unit}] = m.present;
        for (const auto &m : m_source.unitMarks()) {
            if (!wanted(m.rater))
                continue;
            const auto c = candidate(m.candidate);
            if (!c)
                continue;
            if (const auto r = existingRater(m.rater)) {
                const auto it = marksHere.find({*r, *c, m.unit});
                if (it != marksHere.end()) {
                    if (it->second == m.present)
                        ++m_report.unchanged;
                    else
                        conflict(where(m.rater, m.candidate) + ", unit " + std::to_string(m.unit + 1) + ": marked "
                                 + (it->second ? "present" : "absent") + " here, " + (m.present ? "present" : "absent")
                                 + " in the other study");
                    continue;
                }
            }
            ++m_report.unitMarks;
            m_writes.push_back([this, rater = m.rater, c = *c, unit = m.unit, present = m.present] {
                m_target.setUnitMark(raterAtWrite(rater), c, unit, present);
            });
        }
        // The orders the annotator saw: needed for position-bias analysis, so they come along.
        for (const auto &o : m_source.presentationOrders()) {
            if (!wanted(o.rater))
                continue;
            const auto doc = document(o.document);
            if (!doc)
                continue;
            std::vector<Id> order;
            bool matched = true;
            for (const Id c : o.order.candidates) {
                const auto id = candidate(c);
                if (id)
                    order.push_back(*id);
                else
                    matched = false;
            }
            if (!matched)
                continue;
            if (const auto r = existingRater(o.rater)) {
                if (const auto here = m_target.presentationOrder(*r, *doc)) {
                    if (here->candidates == order)
                        ++m_report.unchanged;
                    else
                        conflict("document " + inQuotes(m_sourceDocName[o.document]) + ", rater "
                                 + inQuotes(raterName(o.rater)) + ": the summaries were shown in another order here");
                    continue;
                }
            }
            ++m_report.presentationOrders;
            m_writes.push_back([this, rater = o.rater, doc = *doc, seed = o.order.seed, order] {
                m_target.setPresentationOrder(raterAtWrite(rater), doc, seed, order);
            });
        }
    }

    store::Study &m_target;
    store::Study &m_source;
    MergeOptions m_options;
    MergeReport m_report;
    std::map<Id, model::Rater> m_sourceRaters;
    std::map<std::string, Id> m_targetRater;
    std::map<std::string, std::string> m_newRaters; // name -> group
    std::map<Id, std::string> m_sourceDocName;
    bool m_sourceOpaque = false; // a blind package: its system names say nothing
    bool m_targetOpaque = false;
    std::map<Id, std::pair<Id, std::string>> m_sourceCandidate; // -> (source document, system name or "")
    std::map<Id, SummaryKey> m_sourceSummary;                   // only when matching by summary
    std::map<Id, TargetDocument> m_targetDocuments;             // by target document, read when first needed
    std::map<Id, std::string> m_targetSystemName;
    std::map<Id, model::Dimension> m_sourceDims;
    std::map<Id, Id> m_dimension;
    std::set<std::string> m_missing;
    std::vector<std::function<void()>> m_writes;
};

} // namespace

Result<MergeReport> AnnotationMerger::merge(store::Study &target, store::Study &source, const MergeOptions &options)
{
    auto result = capture([&] { return Merge(target, source, options).run(); });
    if (!result || result.value().conflicts.empty())
        return result;
    const auto &conflicts = result.value().conflicts;
    std::string message = "nothing was merged: " + std::to_string(conflicts.size()) + " conflict"
                          + (conflicts.size() == 1 ? "" : "s") + " with the other study";
    constexpr std::size_t shown = 25;
    for (std::size_t i = 0; i < conflicts.size() && i < shown; ++i) {
        message.append("\n  - ");
        message.append(conflicts[i]);
    }
    if (conflicts.size() > shown)
        message.append("\n  … and " + std::to_string(conflicts.size() - shown) + " more");
    return Error{message, {}, 0, {}};
}

Result<MergeReport> AnnotationMerger::mergeFile(store::Study &target, const std::string &sourcePath,
                                                const MergeOptions &options)
{
    std::error_code ec;
    if (!target.path().empty() && target.path() != ":memory:"
        && std::filesystem::equivalent(target.path(), sourcePath, ec))
        return Error{"cannot merge a study into itself", sourcePath, 0, {}};
    store::OpenOptions open;
    open.readOnly = true;
    auto source = store::Study::open(sourcePath, open);
    if (!source)
        return source.error();
    auto merged = merge(target, *source.value(), options);
    // Text refused by a field (not valid UTF-8) is in that file.
    if (!merged && merged.error().file.empty() && !merged.error().field.empty()) {
        Error e = merged.error();
        e.file = sourcePath;
        return e;
    }
    return merged;
}

std::string AnnotationMerger::describe(const MergeReport &r)
{
    return "merged " + std::to_string(r.ratings) + " ratings, " + std::to_string(r.rankings) + " rankings, "
           + std::to_string(r.errorSpans) + " error spans, " + std::to_string(r.explanations) + " explanations, "
           + std::to_string(r.unitMarks) + " unit marks and " + std::to_string(r.presentationOrders)
           + " presentation orders from " + std::to_string(r.raters) + " annotator" + (r.raters == 1 ? "" : "s") + " ("
           + std::to_string(r.unchanged) + " already here)";
}

} // namespace concord::io
