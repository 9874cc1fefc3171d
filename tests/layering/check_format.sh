#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
# The sources keep the project's .clang-format: a file that does not fails this check, naming it.
#   check_format.sh SOURCE_DIR
set -euo pipefail
cd "$1"
formatter=$(command -v clang-format-14 || command -v clang-format || true)
[ -n "$formatter" ] || { echo "FAIL: clang-format is not installed (packaging/concord-dev installs it)"; exit 1; }
mapfile -t files < <(find core ui app tests resources -name '*.cpp' -o -name '*.h' | grep -v '^tests/layering/breaches/' | sort)
[ "${#files[@]}" -gt 100 ] || { echo "FAIL: only ${#files[@]} sources found"; exit 1; }
bad=()
for f in "${files[@]}"; do
  "$formatter" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ "${#bad[@]}" -gt 0 ]; then
  printf 'FAIL: %d files differ from .clang-format (run: clang-format -i FILE):\n' "${#bad[@]}"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "PASS: ${#files[@]} files follow .clang-format ($("$formatter" --version | head -n1))"
