// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pg_test_cluster.h"

#include <QString>
#include <QTemporaryDir>

#include <memory>
#include <string>

namespace concord::test {

// The window's team tests' study: SmallStudy published to a throwaway PostgreSQL cluster (database "team"), with
// one annotator, ann (group expert, password ann-pw), who logs in over TCP. setUp() also points the settings and
// the journal of unsent edits into the test's own folder (never the developer's) and keeps libpq from finding a
// password anywhere else.
class SmallTeamStudy {
public:
    // From initTestCase, with the test's name for its settings; empty on success, else what went wrong.
    QString setUp(const QString &applicationName);

    PgTestCluster &cluster() { return *m_cluster; }
    // The superuser's connection to the study.
    const std::string &adminUri() const { return m_adminUri; }
    // ann's connection over TCP, password included.
    std::string annUri() const;
    // Stops the cluster (from cleanupTestCase).
    void tearDown() { m_cluster.reset(); }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_adminUri;
};

} // namespace concord::test
