#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Every Debian package that the configured build found (CMake packages, libraries) and every program the
# packaging uses must be installed by packaging/concord-dev, directly or as a hard dependency (Depends or
# Pre-Depends) of what it installs. A package this machine has only by hand, or only as a Recommends
# (installs run with --no-install-recommends), would be missing on a fresh Debian 12 machine.
#   check_install_steps.sh CONCORD_DEV CMAKE_CACHE
set -euo pipefail
concord_dev=$1
cache=$2
command -v dpkg-query >/dev/null || { echo "SKIP: not a Debian system (no dpkg-query)"; exit 0; }

mapfile -t listed < <("$concord_dev" packages)
[ "${#listed[@]}" -gt 5 ] || { echo "FAIL: '$concord_dev packages' listed ${#listed[@]} packages"; exit 1; }

# The hard-dependency closure of the listed packages, over what is installed here.
declare -A provider closure
while read -r pkg provides; do
  provider[$pkg]=$pkg
  IFS=',' read -ra names <<<"$provides"
  for name in "${names[@]}"; do
    name=${name%%(*}; name=${name// /}
    [ -n "$name" ] && provider[$name]=${provider[$name]:-$pkg}
  done
done < <(dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Provides}\n' | awk '$1 == "ii" { $1 = ""; print substr($0, 2) }')
queue=("${listed[@]}")
while [ "${#queue[@]}" -gt 0 ]; do
  pkg=${queue[0]}; queue=("${queue[@]:1}")
  pkg=${pkg%%:*}
  real=${provider[$pkg]:-}
  [ -n "$real" ] || continue
  [ -z "${closure[$real]:-}" ] || continue
  closure[$real]=1
  deps=$(dpkg-query -W -f='${Pre-Depends},${Depends}' "$real" 2>/dev/null || true)
  IFS=',|' read -ra names <<<"$deps"
  for name in "${names[@]}"; do
    name=${name%%(*}; name=${name// /}; name=${name%%:*}
    [ -n "$name" ] && queue+=("$name")
  done
done

owner() { dpkg-query -S "$1" 2>/dev/null | head -n1 | cut -d: -f1 | cut -d, -f1; }

failures=0
checked=0
need() { # need WHAT PATH
  local pkg
  pkg=$(owner "$2")
  if [ -z "$pkg" ]; then
    echo "FAIL: $1 ($2) belongs to no Debian package: installed by hand?"; failures=$((failures + 1)); return
  fi
  checked=$((checked + 1))
  if [ -z "${closure[$pkg]:-}" ]; then
    echo "FAIL: $1 comes from $pkg, which packaging/concord-dev does not install (nor anything it installs needs)"
    failures=$((failures + 1))
  fi
}

# CMake packages found at configure time: their config files.
while IFS='=' read -r key dir; do
  name=${key%%_DIR:PATH}
  config=$(ls "$dir"/*[Cc]onfig.cmake 2>/dev/null | head -n1 || true)
  [ -n "$config" ] && need "CMake package $name" "$config"
done < <(grep -E '^[A-Za-z0-9_]+_DIR:PATH=/usr/' "$cache" | grep -v '^CONCORD_')
# Libraries the build links, found by CMake's Find modules.
for key in SQLite3_LIBRARY PostgreSQL_LIBRARY CURL_LIBRARY_RELEASE OPENSSL_CRYPTO_LIBRARY OPENGL_opengl_LIBRARY \
  OPENGL_glx_LIBRARY; do
  path=$(grep -E "^${key}:FILEPATH=" "$cache" | cut -d= -f2- || true)
  [ -n "$path" ] && need "library $key" "$(readlink -f "$path")"
done
# Programs the build, the tests and the packaging run (clang++ and llvm-symbolizer: the asan preset and
# the fuzz targets).
for program in cmake ninja g++ pkg-config file dpkg-deb dpkg-shlibdeps desktop-file-validate appstreamcli clang-format \
  clang++ llvm-symbolizer; do
  path=$(command -v "$program" || true)
  if [ -z "$path" ]; then echo "FAIL: program $program is not installed"; failures=$((failures + 1)); continue; fi
  need "program $program" "$(readlink -f "$path")"
done
# The server programs of the tests' throwaway PostgreSQL cluster, where tests/support/pg_test_cluster looks
# first (a copy elsewhere on PATH would not be on a fresh machine).
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
for program in initdb pg_ctl postgres; do
  if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/$program" ]; then
    echo "FAIL: PostgreSQL's $program is not installed in /usr/lib/postgresql/<version>/bin"; failures=$((failures + 1))
    continue
  fi
  need "program $program" "$pg_bin/$program"
done
# The runtimes clang links into the asan preset's programs and the fuzz targets.
if command -v clang++ >/dev/null; then
  runtime_dir=$(clang++ -print-runtime-dir)
  for runtime in asan fuzzer; do
    path=$(ls "$runtime_dir"/libclang_rt."$runtime"-*.a 2>/dev/null | head -n1 || true)
    if [ -z "$path" ]; then
      echo "FAIL: clang's $runtime runtime is not installed (in $runtime_dir)"; failures=$((failures + 1)); continue
    fi
    need "clang's $runtime runtime" "$(readlink -f "$path")"
  done
fi

echo "checked $checked packages and programs against the ${#listed[@]} packages of packaging/concord-dev"
[ "$failures" -eq 0 ] || { echo "FAIL: $failures missing install steps"; exit 1; }
echo "PASS: every package the build, the tests and the packaging need is installed by packaging/concord-dev"
