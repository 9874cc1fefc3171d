// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::io {

// Reads a whole input file into memory: importers parse from memory, which is both simpler
// and faster than streaming for files of the sizes studies have.
class TextFile {
public:
    // Throws concord::Failure naming the file when it cannot be read.
    static std::string read(const std::string &path);
};

} // namespace concord::io
