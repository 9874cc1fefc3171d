// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The held-out split: which documents are dev and which test.
#include "store/study.h"

namespace concord::store {

using model::Id;

std::map<Id, std::string> Study::documentSplits()
{
    std::map<Id, std::string> out;
    auto s = m_db.cached("SELECT document_id, split FROM document_splits ORDER BY document_id");
    while (s->step())
        out.emplace(s->int64At(0), s->textAt(1));
    return out;
}

void Study::replaceDocumentSplits(const std::map<Id, std::string> &splits)
{
    m_db.exec("DELETE FROM document_splits");
    auto insert = m_db.cached("INSERT INTO document_splits (document_id, split) VALUES (?1, ?2)");
    for (const auto &[document, split] : splits) {
        insert->bindAll(document, split);
        insert->run();
        insert->reset();
    }
}

std::vector<Id> Study::documentsWithJudgements()
{
    std::vector<Id> out;
    // Every table of judgements; a blind order only shown is not work.
    auto s
        = m_db.cached("SELECT c.document_id FROM ratings g JOIN candidates c ON c.id = g.candidate_id "
                      "UNION SELECT document_id FROM rankings "
                      "UNION SELECT c.document_id FROM error_spans e JOIN candidates c ON c.id = e.candidate_id "
                      "UNION SELECT c.document_id FROM pairwise_outcomes p JOIN candidates c ON c.id = p.candidate_a "
                      "UNION SELECT document_id FROM explanations "
                      "UNION SELECT c.document_id FROM unit_marks m JOIN candidates c ON c.id = m.candidate_id "
                      "ORDER BY 1");
    while (s->step())
        out.push_back(s->int64At(0));
    return out;
}

} // namespace concord::store
