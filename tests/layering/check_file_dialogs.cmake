# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Every file dialog of the window lists folders without reading the files in them (run by CTest as
# `cmake -DSOURCE_DIR=... -P`): QFileDialog's static functions may use a platform dialog inside the
# process or Qt's icon provider, both of which read a file's first bytes to tell its type, and closing
# that read drops the SQLite locks the window holds on a study in the folder. So:
# - QFileDialog::get... is called only in ui/common/file_dialogs.cpp (FileDialogs wraps each);
# - a file that makes a QFileDialog of its own also calls FileDialogs::makeContentBlind.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
    message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<project root> -P check_file_dialogs.cmake")
endif()
set(breaches "")
file(GLOB_RECURSE sources RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/ui/*.cpp" "${SOURCE_DIR}/app/*.cpp")
foreach(source IN LISTS sources)
    if(source STREQUAL "ui/common/file_dialogs.cpp")
        continue()
    endif()
    file(READ "${SOURCE_DIR}/${source}" text)
    if(text MATCHES "QFileDialog::get[A-Za-z]*\\(")
        list(APPEND breaches "${source}: calls QFileDialog::get..., not FileDialogs (ui/common/file_dialogs.h)")
    endif()
    if(text MATCHES "QFileDialog[ \t]+[A-Za-z_]+[({]" AND NOT text MATCHES "makeContentBlind\\(")
        list(APPEND breaches "${source}: makes a QFileDialog without FileDialogs::makeContentBlind")
    endif()
endforeach()
list(LENGTH breaches count)
if(count GREATER 0)
    list(JOIN breaches "\n  " text)
    message(FATAL_ERROR "${count} file dialog breaches:\n  ${text}")
endif()
list(LENGTH sources checked)
message(STATUS "file dialogs: ${checked} files of ui/ and app/ list folders without reading their files")
