// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace concord::judge {

// A multipart/form-data body (RFC 7578), as OpenAI's file upload takes it: text fields, then one file.
struct MultipartBody {
    std::string contentType; // "multipart/form-data; boundary=…", the request's Content-Type
    std::string body;
};

// The boundary is chosen so that it occurs in none of the parts (a file could hold any line). Field names and the
// file name must not hold a quote, CR or LF; throws concord::Failure naming the part otherwise.
MultipartBody multipartBody(const std::vector<std::pair<std::string, std::string>> &fields, std::string_view fileField,
                            std::string_view fileName, std::string_view fileContentType, std::string_view fileContent);

} // namespace concord::judge
