// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "command_table.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace concord::cli {

std::span<const Command *const> commandTable()
{
    static const std::vector<const Command *> table = [] {
        std::vector<const Command *> commands{
            &newCommand,       &infoCommand,        &importCommand,
            &exportCommand,    &demoCommand,        &statsCommand,
            &agreementCommand, &judgeCommand,       &importJudgementsCommand,
            &callsCommand,     &mergeCommand,       &exportPackageCommand,
            &pairwiseCommand,  &checkCommand,       &biasCommand,
            &accuracyCommand,  &reportCommand,      &upgradeCommand,
            &estimateCommand,  &planLabelsCommand,  &annotatorsCommand,
            &overlapCommand,   &calibrationCommand,
        };
        // Rankings of the systems from pairwise verdicts.
        commands.push_back(&rankCommand);
        // Team studies on PostgreSQL.
        commands.insert(commands.end(), {&publishCommand, &pullCommand, &teamCommand});
        // The lead's review of the annotators' work.
        commands.push_back(&reviewCommand);
        // The held-out split of the documents.
        commands.push_back(&splitCommand);
        // A judge recalibrated on dev, kept as a judge on test.
        commands.push_back(&recalibrateCommand);
        // A judge combining several judges' scores.
        commands.push_back(&panelCommand);
        // A judge's template versions side by side on the test split.
        commands.push_back(&versionsCommand);
        // Judge batches with the providers' batch APIs.
        commands.push_back(&batchesCommand);
        std::sort(commands.begin(), commands.end(),
                  [](const Command *a, const Command *b) { return std::strcmp(a->name, b->name) < 0; });
        return commands;
    }();
    return table;
}

const Command *findCommand(std::string_view name)
{
    for (const Command *command : commandTable())
        if (name == command->name)
            return command;
    return nullptr;
}

} // namespace concord::cli
