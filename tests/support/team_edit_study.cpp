// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "team_edit_study.h"

#include "pg_test_cluster.h"

#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include <QDir>

namespace concord::test {

QString TeamEditStudy::create(PgTestCluster &cluster, const QString &database, const QString &folder,
                              int annotatorCount, int candidates)
{
    const std::string path = QDir(folder).filePath(database + QStringLiteral(".concord")).toStdString();
    auto created = store::Study::create(path);
    if (!created)
        return QString::fromStdString(created.error().describe());
    store::Study &study = *created.value();
    const Status written = study.write([&] {
        model::Document document;
        document.externalId = "doc-1";
        document.source = "The source of every summary.";
        document.scus = {"The source exists.", "Every summary has it.", "It is short."};
        const model::Id doc = study.addDocument(document);
        for (int i = 0; i < candidates; ++i)
            study.addCandidate(doc, study.ensureSystem("system-" + std::to_string(i)),
                               "Summary number " + std::to_string(i) + " of the source.");
        for (const char *name : {"fluency", "coherence"}) {
            model::Dimension dimension;
            dimension.name = name;
            study.ensureDimension(dimension);
        }
    });
    if (!written)
        return QString::fromStdString(written.error().describe());
    created.value().reset();

    adminUri = cluster.createDatabase(database);
    if (adminUri.empty())
        return cluster.error();
    const auto published = store::StudyPublisher::publish(path, adminUri);
    if (!published)
        return QString::fromStdString(published.error().describe());
    return addAnnotators(cluster, database, annotatorCount);
}

QString TeamEditStudy::addAnnotators(PgTestCluster &cluster, const QString &database, int count)
{
    const Status added = captureStatus([&] {
        store::PgConnection admin(adminUri);
        for (int i = 0; i < count; ++i) {
            const std::string name = database.toStdString() + "_a" + std::to_string(annotators.size());
            const std::string password = name + "-password";
            store::PgTeam::addMember(admin, name, "team", store::TeamRole::Annotator);
            PgTestCluster::givePassword(admin, name, password);
            annotators.push_back(name);
            annotatorUris.push_back(
                cluster.tcpUri(QString::fromStdString(name), QString::fromStdString(password), database));
        }
    });
    if (!added)
        return QString::fromStdString(added.error().describe());
    return {};
}

} // namespace concord::test
