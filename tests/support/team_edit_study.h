// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>
#include <vector>

namespace concord::test {

class PgTestCluster;

// A team study for the tests of annotators' edits: a study file with one document of `candidates`
// summaries and the Likert dimensions fluency and coherence, published to a fresh database of the cluster,
// and `annotators` annotators (login roles named DATABASE_aN) who log in with a password over TCP, as a
// team member's Concord does.
struct TeamEditStudy {
    std::string adminUri;                   // the superuser, who published it
    std::vector<std::string> annotators;    // the login roles, which are also the raters' names
    std::vector<std::string> annotatorUris; // each with its password

    // Empty on success, else what failed.
    QString create(PgTestCluster &cluster, const QString &database, const QString &folder, int annotators,
                   int candidates);
    // Adds `count` more annotators to the study at adminUri, the cluster's DATABASE (create calls it).
    QString addAnnotators(PgTestCluster &cluster, const QString &database, int count);
};

} // namespace concord::test
