// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "command.h"

#include <span>
#include <string_view>

namespace concord::cli {

// Every command, by name (the order concord-cli --help lists them in).
std::span<const Command *const> commandTable();
// The command of that name, or null.
const Command *findCommand(std::string_view name);

// The commands, each defined in commands/NAME_command.cpp.
extern const Command accuracyCommand;
extern const Command agreementCommand;
extern const Command annotatorsCommand;
extern const Command overlapCommand;
extern const Command batchesCommand;
extern const Command biasCommand;
extern const Command calibrationCommand;
extern const Command callsCommand;
extern const Command checkCommand;
extern const Command upgradeCommand;
extern const Command demoCommand;
extern const Command estimateCommand;
extern const Command planLabelsCommand;
extern const Command exportCommand;
extern const Command exportPackageCommand;
extern const Command importCommand;
extern const Command importJudgementsCommand;
extern const Command infoCommand;
extern const Command judgeCommand;
extern const Command mergeCommand;
extern const Command newCommand;
extern const Command pairwiseCommand;
extern const Command rankCommand;
extern const Command recalibrateCommand;
extern const Command panelCommand;
extern const Command versionsCommand;
extern const Command reportCommand;
extern const Command reviewCommand;
extern const Command splitCommand;
extern const Command statsCommand;
// Team studies on PostgreSQL: a study file to a database and back, and the people who work on it.
extern const Command publishCommand;
extern const Command pullCommand;
extern const Command teamCommand;

} // namespace concord::cli
