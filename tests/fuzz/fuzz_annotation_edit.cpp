// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// An annotator's edit read from any bytes (a journal entry): it is read or refused with an error naming a
// field, never a crash; an edit that is read writes JSON that reads back as the same edit.
#include "fuzz_support.h"
#include "store/annotation_edit.h"

#include <string>

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto edit = store::AnnotationEdit::fromJsonText(fuzz::asText(data, size));
    if (!edit) {
        fuzz::check(!edit.error().field.empty(), "a refused edit names its field");
        return 0;
    }
    const std::string written = edit.value().toJsonText();
    const auto back = store::AnnotationEdit::fromJsonText(written);
    fuzz::check(back.ok(), "an edit that was read reads back from its own JSON");
    fuzz::check(back.value() == edit.value(), "an edit survives its JSON unchanged");
    fuzz::check(back.value().toJsonText() == written, "the JSON of an edit is stable");
    return 0;
}
