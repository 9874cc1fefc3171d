# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
# One INTERFACE target carries the settings every Concord target compiles with:
# the language level, the warnings, and Qt's strictness defines (harmless for core, which has no Qt).
add_library(concord_settings INTERFACE)
add_library(Concord::settings ALIAS concord_settings)

target_compile_features(concord_settings INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

target_compile_options(concord_settings INTERFACE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual>)
if(CONCORD_WARNINGS_AS_ERRORS)
    target_compile_options(concord_settings INTERFACE $<$<CXX_COMPILER_ID:GNU,Clang>:-Werror>)
endif()

target_compile_definitions(concord_settings INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_NO_FOREACH
    QT_NO_KEYWORDS
    QT_STRICT_ITERATORS
    QT_USE_QSTRINGBUILDER
    QT_DISABLE_DEPRECATED_BEFORE=0x060400)

# Sanitizers (the asan preset): every target that links these settings is compiled and linked with them,
# with frame pointers for whole stack traces, and undefined behaviour stops the program instead of being
# reported and carried on past, so a test that meets it fails.
if(CONCORD_SANITIZE)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        message(FATAL_ERROR "CONCORD_SANITIZE needs GCC or Clang, not ${CMAKE_CXX_COMPILER_ID}")
    endif()
    target_compile_options(concord_settings INTERFACE -fsanitize=${CONCORD_SANITIZE} -fno-omit-frame-pointer)
    target_link_options(concord_settings INTERFACE -fsanitize=${CONCORD_SANITIZE})
    if(CONCORD_SANITIZE MATCHES "undefined")
        target_compile_options(concord_settings INTERFACE -fno-sanitize-recover=undefined)
    endif()
endif()

# libFuzzer targets (tests/fuzz) need Clang; everything they link is compiled with libFuzzer's coverage
# instrumentation, so one Clang build serves the sanitized tests and the fuzzers.
if(CONCORD_BUILD_FUZZERS)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "CONCORD_BUILD_FUZZERS needs Clang (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}")
    endif()
    target_compile_options(concord_settings INTERFACE -fsanitize=fuzzer-no-link)
endif()
