// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/multipart_body.h"

#include "error.h"

namespace concord::judge {

namespace {

void checkName(std::string_view name, const char *what)
{
    if (name.empty() || name.find_first_of("\"\r\n") != std::string_view::npos)
        fail(std::string("a multipart ") + what + " must be non-empty and hold no quote or line break", what);
}

} // namespace

MultipartBody multipartBody(const std::vector<std::pair<std::string, std::string>> &fields, std::string_view fileField,
                            std::string_view fileName, std::string_view fileContentType, std::string_view fileContent)
{
    for (const auto &[name, value] : fields)
        checkName(name, "field name");
    checkName(fileField, "field name");
    checkName(fileName, "file name");
    checkName(fileContentType, "content type");
    // A boundary no part contains: grown until it is unique (a file of every earlier candidate is unlikely).
    std::string boundary = "concord-batch-boundary";
    auto occurs = [&](const std::string &b) {
        if (fileContent.find(b) != std::string_view::npos)
            return true;
        for (const auto &[name, value] : fields)
            if (value.find(b) != std::string::npos)
                return true;
        return false;
    };
    for (int i = 0; occurs(boundary); ++i)
        boundary.append("-").append(std::to_string(i));
    MultipartBody out;
    out.contentType = "multipart/form-data; boundary=" + boundary;
    for (const auto &[name, value] : fields)
        out.body.append("--")
            .append(boundary)
            .append("\r\nContent-Disposition: form-data; name=\"")
            .append(name)
            .append("\"\r\n\r\n")
            .append(value)
            .append("\r\n");
    out.body.append("--")
        .append(boundary)
        .append("\r\nContent-Disposition: form-data; name=\"")
        .append(fileField)
        .append("\"; filename=\"")
        .append(fileName)
        .append("\"\r\nContent-Type: ")
        .append(fileContentType)
        .append("\r\n\r\n")
        .append(fileContent)
        .append("\r\n--")
        .append(boundary)
        .append("--\r\n");
    return out;
}

} // namespace concord::judge
