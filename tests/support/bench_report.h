// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace concord::test {

// A benchmark's goals: each printed beside its measurement with MET or NOT MET, and merged at once
// into the run's machine-readable summary (the file CONCORD_BENCH_RESULTS names, bench-results.json in
// the build folder) under the benchmark's name, so a benchmark that stops half-way still leaves what it
// measured. Goals are shown, never asserted: a missed goal does not change a benchmark's exit code.
class BenchReport {
public:
    enum class Comparison { Below, AtMost, Above, AtLeast };

    struct Goal {
        std::string name;
        std::optional<double> measured; // none: not measured in this run (see reason)
        std::string unit;
        Comparison comparison = Comparison::Below;
        double target = 0;
        std::string reason;

        // None when not measured.
        std::optional<bool> met() const;
    };

    // Merges into the file named by CONCORD_BENCH_RESULTS; where it is unset, only prints.
    explicit BenchReport(std::string benchmark);
    // Merges into resultsPath (none when empty).
    BenchReport(std::string benchmark, std::string resultsPath);

    // Prints "goal: NAME: MEASURED UNIT (goal < TARGET UNIT): MET" (or NOT MET), records it and
    // returns whether it is met. A measurement that is not a finite number counts as not measured.
    bool goal(const std::string &name, double measured, const std::string &unit, Comparison comparison, double target);
    // A goal this run cannot measure (its data or reference is missing): printed and recorded as
    // NOT MEASURED with the reason, so it is not silently absent from the summary.
    void notMeasured(const std::string &name, const std::string &unit, Comparison comparison, double target,
                     const std::string &reason);
    // A same-run figure beside the goals (a ratio to the reference), recorded under "reference".
    void reference(const std::string &name, double value);

    const std::vector<Goal> &goals() const { return m_goals; }
    // What went wrong merging the file (a corrupt file replaced, a failed write); also printed on stderr.
    const std::vector<std::string> &warnings() const { return m_warnings; }
    const std::string &resultsPath() const { return m_path; }

    // The printed line of a goal.
    static std::string line(const Goal &goal);
    // "<", "<=", ">", ">=".
    static std::string symbol(Comparison comparison);
    // A measurement to three significant digits in fixed notation ("4.48", "812", "0.0345").
    static std::string formatMeasured(double value);
    // A goal's target as written ("2", "1000", "1.2").
    static std::string formatTarget(double value);
    // A number with its unit: "4.48 s", but "1.05x" for a ratio.
    static std::string withUnit(const std::string &number, const std::string &unit);

private:
    void record(Goal goal);
    void save();
    void warn(std::string message);

    std::string m_benchmark;
    std::string m_path;
    std::vector<Goal> m_goals;
    std::vector<std::pair<std::string, double>> m_reference;
    std::vector<std::string> m_warnings;
    bool m_unwritable = false; // warned once; the rest is printed only
};

} // namespace concord::test
