// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// What Ollama's chat API answers, as any bytes: read, or refused with a reason, never a crash
// (checkProviderResponse says what else must hold).
#include "fuzz_support.h"

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    fuzz::checkProviderResponse(judge::ProviderKind::Ollama, fuzz::asText(data, size));
    return 0;
}
