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
