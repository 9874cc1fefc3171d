// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/text_file.h"

#include "error.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace concord::io {

std::string TextFile::read(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw Failure(Error{"is a folder, not a file", path, 0, {}});
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Failure(Error{std::string("cannot read the file: ").append(std::strerror(errno)), path, 0, {}});
    std::string text;
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    if (size > 0) {
        text.resize(static_cast<std::size_t>(size));
        in.seekg(0, std::ios::beg);
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
    }
    if (in.bad() || (size > 0 && in.gcount() != static_cast<std::streamsize>(size)))
        throw Failure(Error{"cannot read the whole file", path, 0, {}});
    return text;
}

} // namespace concord::io
