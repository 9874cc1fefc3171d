// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace concord {

// An error a person can act on: what went wrong and, for input files, where (file, line, field).
struct Error {
    std::string message;
    std::string file;
    long line = 0; // 1-based; 0 when not about a line of a file
    std::string field;

    // "FILE:LINE: field 'F': MESSAGE", leaving out the parts that are not known.
    std::string describe() const;
};

// Thrown inside core and turned into an Error value at the public entry points, so that
// no exception reaches a caller (and never Qt's event loop).
class Failure : public std::runtime_error {
public:
    explicit Failure(Error error);
    const Error &error() const noexcept { return m_error; }

private:
    Error m_error;
};

[[noreturn]] void fail(std::string message, std::string field = {});

// A value or an Error. Small on purpose: C++20 has no std::expected.
template <typename T> class [[nodiscard]] Result {
public:
    Result(T value)
        : m_state(std::move(value))
    { }
    Result(Error error)
        : m_state(std::move(error))
    { }

    bool ok() const noexcept { return m_state.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    T &value() & { return std::get<0>(m_state); }
    const T &value() const & { return std::get<0>(m_state); }
    T &&value() && { return std::get<0>(std::move(m_state)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<1>(m_state); }

private:
    std::variant<T, Error> m_state;
};

class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error)
        : m_error(std::move(error))
    { }

    bool ok() const noexcept { return !m_error.has_value(); }
    explicit operator bool() const noexcept { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

// Runs fn and turns a Failure (or any std::exception) into an Error value.
template <typename Fn> auto capture(Fn &&fn) -> Result<decltype(fn())>
{
    try {
        return fn();
    } catch (const Failure &f) {
        return f.error();
    } catch (const std::exception &e) {
        return Error{e.what(), {}, 0, {}};
    }
}

template <typename Fn> Status captureStatus(Fn &&fn)
{
    try {
        fn();
        return {};
    } catch (const Failure &f) {
        return f.error();
    } catch (const std::exception &e) {
        return Error{e.what(), {}, 0, {}};
    }
}

} // namespace concord
