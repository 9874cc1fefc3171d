// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/run_templates.h"

#include "store/study.h"

namespace concord::store {

std::vector<RunTemplate> runTemplates(Study &study)
{
    std::vector<RunTemplate> out;
    if (study.isBlind())
        return out;
    auto s = study.database().cached("SELECT r.id, r.rater_id, t.protocol, t.name, t.version FROM judge_runs r "
                                     "JOIN prompt_templates t ON t.id = r.template_id ORDER BY r.id");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->textAt(2), s->textAt(3), s->intAt(4)});
    return out;
}

} // namespace concord::store
