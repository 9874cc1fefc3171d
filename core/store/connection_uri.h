// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace concord::store {

// Where a study is given, a libpq connection string may stand instead of a study file. Two forms are told
// from a path, both exactly as libpq reads them:
// - a URI starting with `postgresql://` or `postgres://` (libpq compares the scheme case-sensitively);
// - a keyword string whose first word is one of libpq's connection keywords followed by `=`, such as
//   `host=db.example.org dbname=study` (a file named `host=x.concord` is then given as `./host=x.concord`).
// Everything else is a path.
bool isConnectionString(std::string_view text);

// The connection string without its secrets, for display, error messages and Recent files: the password of
// a URI's user information (`postgresql://u:secret@h/db` -> `postgresql://u@h/db`), and the `password` and
// `sslpassword` (a client key's passphrase) parameters of a URI's query or a keyword string, also when
// their names are percent-encoded; also from a malformed URI (a password with an unencoded '/'), so a '@'
// elsewhere in a URI must be written %40 to be shown. Concord never stores a password: libpq finds it in ~/.pgpass,
// PGPASSWORD, a service file or a client certificate. A path is returned unchanged.
std::string withoutPassword(std::string_view connection);

// MESSAGE with every secret of CONNECTION (as written and percent-decoded or unquoted) replaced by
// `[redacted]`. libpq quotes parts of a malformed connection string in its errors, the password included;
// a short password can mask more than itself, which garbles the message but never shows it.
std::string redactPassword(const std::string &message, std::string_view connection);

} // namespace concord::store
