// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/batch_job.h"

#include <array>
#include <utility>

namespace concord::judge {

namespace {

constexpr std::array<std::pair<BatchState, const char *>, 8> kStates{{
    {BatchState::Validating, "validating"},
    {BatchState::InProgress, "in_progress"},
    {BatchState::Finalizing, "finalizing"},
    {BatchState::Completed, "completed"},
    {BatchState::Failed, "failed"},
    {BatchState::Expired, "expired"},
    {BatchState::Cancelling, "cancelling"},
    {BatchState::Cancelled, "cancelled"},
}};

} // namespace

const char *toString(BatchState state)
{
    for (const auto &[s, name] : kStates)
        if (s == state)
            return name;
    return "";
}

std::optional<BatchState> batchStateFromString(std::string_view text)
{
    for (const auto &[s, name] : kStates)
        if (text == name)
            return s;
    return std::nullopt;
}

bool isFinal(BatchState state)
{
    return state == BatchState::Completed || state == BatchState::Failed || state == BatchState::Expired
           || state == BatchState::Cancelled;
}

const char *toString(BatchOutcome outcome)
{
    switch (outcome) {
    case BatchOutcome::Succeeded:
        return "succeeded";
    case BatchOutcome::Errored:
        return "errored";
    case BatchOutcome::Cancelled:
        return "cancelled";
    case BatchOutcome::Expired:
        return "expired";
    }
    return "";
}

BatchLimits openAiBatchLimits()
{
    return {50000, std::size_t{200} << 20};
}

BatchLimits anthropicBatchLimits()
{
    return {100000, std::size_t{256} << 20};
}

bool validCustomId(std::string_view id)
{
    if (id.empty() || id.size() > 64)
        return false;
    for (const char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return false;
    return true;
}

} // namespace concord::judge
