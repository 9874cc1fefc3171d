# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Every source and build file names its licence in its first lines (SPDX), so a file copied out of
# the project still says under which terms. Run by CTest as `cmake -DSOURCE_DIR=... -P`.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
    message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<project root> -P check_headers.cmake")
endif()
file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}"
     "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp" "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp"
     "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp" "${SOURCE_DIR}/tests/*.h" "${SOURCE_DIR}/tests/*.cpp"
     "${SOURCE_DIR}/resources/*.h" "${SOURCE_DIR}/resources/*.cpp"
     "${SOURCE_DIR}/*CMakeLists.txt" "${SOURCE_DIR}/cmake/*.cmake" "${SOURCE_DIR}/tests/*.cmake")
set(missing "")
set(checked 0)
foreach(f IN LISTS files)
    if(f MATCHES "^tests/layering/breaches/" OR f MATCHES "(^|/)build/")
        continue()
    endif()
    math(EXPR checked "${checked} + 1")
    file(STRINGS "${SOURCE_DIR}/${f}" head LIMIT_COUNT 4)
    if(NOT head MATCHES "SPDX-License-Identifier: GPL-3.0-or-later")
        list(APPEND missing "${f}")
    endif()
endforeach()
if(checked EQUAL 0)
    message(FATAL_ERROR "no source file found under ${SOURCE_DIR}")
endif()
list(LENGTH missing count)
if(count GREATER 0)
    list(JOIN missing "\n  " text)
    message(FATAL_ERROR "${count} files without 'SPDX-License-Identifier: GPL-3.0-or-later' in their first lines:\n  ${text}")
endif()
message(STATUS "licence headers: ${checked} files name GPL-3.0-or-later")
