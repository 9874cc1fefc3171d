// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Krippendorff's alpha on 200,000 units × 5 coders (5-point scale, 10% missing): our coincidence-
// matrix computation against a vectorised numpy one run by Debian's /usr/bin/python3 on the same
// data. Prints both alphas (they must agree to 1e-9) and the time ratio against its goal (at least as
// fast as numpy). No timing assertions: the only failure is a disagreement between the two alphas.
#include "stats/krippendorff.h"
#include "stats/reliability_data.h"

#include "bench_report.h"
#include "median_time.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

using namespace concord::stats;
using concord::test::BenchReport;
using concord::test::medianSeconds;

namespace {

constexpr std::size_t kUnits = 200000;
constexpr std::size_t kCoders = 5;
constexpr int kRepetitions = 7;
constexpr double kAgreement = 1e-9;
const char *const kPython = "/usr/bin/python3";

// The reference: the coincidence matrix from a units × values count table (one matrix product),
// δ² straight from Krippendorff's definitions, median time of the repetitions.
const char *const kNumpyScript = R"py(
import json, sys, time
try:
    import numpy as np
except ImportError:
    print(json.dumps({"unavailable": "numpy is not installed for " + sys.executable}))
    sys.exit(0)

def alpha(data, level):
    present = ~np.isnan(data)
    m = present.sum(axis=1)
    pairable = m >= 2
    data, present, m = data[pairable], present[pairable], m[pairable]
    values, codes = np.unique(data[present], return_inverse=True)
    v = values.size
    rows = np.nonzero(present)[0]
    counts = np.bincount(rows * v + codes, minlength=data.shape[0] * v).reshape(data.shape[0], v).astype(np.float64)
    weighted = counts / (m - 1)[:, None]
    o = weighted.T @ counts - np.diag(weighted.sum(axis=0))
    n_c = o.sum(axis=1)
    n = n_c.sum()
    if level == "interval":
        delta = np.subtract.outer(values, values) ** 2
    else:  # ordinal: (sum of n_g for g from c to k - (n_c + n_k)/2)^2
        idx = np.arange(v)
        lo, hi = np.minimum.outer(idx, idx), np.maximum.outer(idx, idx)
        cum = np.cumsum(n_c)
        delta = (cum[hi] - cum[lo] + n_c[lo] - (n_c[lo] + n_c[hi]) / 2) ** 2
    d_o = (o * delta).sum() / n
    d_e = (np.outer(n_c, n_c) * delta).sum() / (n * (n - 1))
    return 1 - d_o / d_e

path, coders, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = np.fromfile(path, dtype="<f8").reshape(-1, coders)
out = {"numpy": np.__version__}
for level in ("ordinal", "interval"):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        a = alpha(data, level)
        times.append(time.perf_counter() - t)
    out[level] = {"alpha": float(a), "seconds": sorted(times)[len(times) // 2]}
print(json.dumps(out))
)py";

std::vector<double> generate()
{
    // Each unit has a "true" point; coders hit it 60% of the time, else any point; 10% missing.
    std::mt19937_64 engine(20240601);
    std::uniform_int_distribution<int> point(1, 5);
    std::uniform_real_distribution<double> uniform(0, 1);
    std::vector<double> values(kUnits * kCoders, std::numeric_limits<double>::quiet_NaN());
    for (std::size_t u = 0; u < kUnits; ++u) {
        const int truth = point(engine);
        for (std::size_t c = 0; c < kCoders; ++c) {
            const bool missing = uniform(engine) < 0.10;
            const int v = uniform(engine) < 0.6 ? truth : point(engine);
            if (!missing)
                values[u * kCoders + c] = v;
        }
    }
    return values;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchReport bench("bench_krippendorff");
    const ReliabilityData data(kUnits, kCoders, generate());
    std::printf("Krippendorff's alpha: %zu units x %zu coders, 5-point scale, 10%% missing: %zu ratings\n",
                data.units(), data.coders(), data.valueCount());

    struct Ours {
        MeasurementLevel level;
        double alpha = 0;
        double seconds = 0;
    };
    std::vector<Ours> ours{{MeasurementLevel::Ordinal}, {MeasurementLevel::Interval}};
    for (Ours &o : ours) {
        AlphaResult result;
        // From the raw matrix each time: indexing the values and packing the units included.
        o.seconds = medianSeconds(kRepetitions, [&] { result = KrippendorffAlpha::compute(data, o.level); });
        if (!result.defined()) {
            std::printf("%s: alpha undefined: %s\n", toString(o.level).data(), result.undefinedReason.c_str());
            return 1;
        }
        o.alpha = *result.alpha;
        const KrippendorffAlpha prepared(data);
        const double computeOnly = medianSeconds(kRepetitions, [&] { result = prepared.compute(o.level); });
        std::printf("%-8s ours:  alpha = %.15f  %8.3f ms (median of %d; %.3f ms of it computing on the packed units)\n",
                    toString(o.level).data(), o.alpha, o.seconds * 1e3, kRepetitions, computeOnly * 1e3);
    }

    const auto goalName = [](MeasurementLevel level) {
        return "Krippendorff's alpha, " + std::string(toString(level))
               + ", 200,000 units x 5 coders: numpy time / ours";
    };
    // Without the reference the goals are shown as not measured, and the run still passes.
    const auto referenceUnavailable = [&](const std::string &why) {
        for (const Ours &o : ours)
            bench.notMeasured(goalName(o.level), "x", BenchReport::Comparison::AtLeast, 1,
                              "the numpy reference is unavailable: " + why);
        return 0;
    };

    // The same data for the numpy reference.
    QTemporaryDir dir;
    const QString dataPath = dir.filePath(QStringLiteral("units_by_coders.f64"));
    const QString scriptPath = dir.filePath(QStringLiteral("numpy_alpha.py"));
    QFile dataFile(dataPath);
    QFile scriptFile(scriptPath);
    if (!dir.isValid() || !dataFile.open(QIODevice::WriteOnly) || !scriptFile.open(QIODevice::WriteOnly)) {
        std::printf("numpy reference unavailable: cannot write the temporary files\n");
        return referenceUnavailable("cannot write the temporary files");
    }
    const auto values = data.values();
    dataFile.write(reinterpret_cast<const char *>(values.data()), static_cast<qint64>(values.size_bytes()));
    dataFile.close();
    scriptFile.write(kNumpyScript);
    scriptFile.close();

    QProcess python;
    python.start(QString::fromUtf8(kPython),
                 {scriptPath, dataPath, QString::number(kCoders), QString::number(kRepetitions)});
    if (!python.waitForStarted(10000)) {
        std::printf("numpy reference unavailable: %s cannot be started\n", kPython);
        return referenceUnavailable(std::string(kPython) + " cannot be started");
    }
    python.waitForFinished(600000);
    const QByteArray output = python.readAllStandardOutput().trimmed();
    nlohmann::json reference = nlohmann::json::parse(output.toStdString(), nullptr, false);
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0 || !reference.is_object()) {
        std::printf("numpy reference unavailable: %s failed: %s\n", kPython,
                    python.readAllStandardError().trimmed().constData());
        return referenceUnavailable(std::string(kPython) + " failed");
    }
    if (reference.contains("unavailable")) {
        std::printf("numpy reference unavailable: %s (apt-get install python3-numpy)\n",
                    reference["unavailable"].get<std::string>().c_str());
        return referenceUnavailable(reference["unavailable"].get<std::string>());
    }

    bool agree = true;
    for (const Ours &o : ours) {
        const auto &ref = reference.at(std::string(toString(o.level)));
        const double alpha = ref.at("alpha").get<double>();
        const double seconds = ref.at("seconds").get<double>();
        const double difference = std::abs(alpha - o.alpha);
        const bool same = difference <= kAgreement;
        agree = agree && same;
        std::printf("%-8s numpy: alpha = %.15f  %8.3f ms (median of %d, numpy %s)\n", toString(o.level).data(), alpha,
                    seconds * 1e3, kRepetitions, reference.at("numpy").get<std::string>().c_str());
        std::printf("%-8s |ours - numpy| = %.3g %s 1e-9: %s; numpy time / ours = %.1fx\n", toString(o.level).data(),
                    difference, same ? "<=" : ">", same ? "agree" : "DISAGREE", seconds / o.seconds);
        bench.goal(goalName(o.level), seconds / o.seconds, "x", BenchReport::Comparison::AtLeast, 1);
    }
    return agree ? 0 : 1;
}
