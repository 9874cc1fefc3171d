// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// An annotator package written from a team study opened with a password in its connection string: the
// package names the study without the password, and no byte of the file holds it.
#include "io/annotator_package.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"

#include "pg_test_cluster.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgTestCluster;

class TestPgAnnotatorPackage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void packageHoldsNoPassword();
};

void TestPgAnnotatorPackage::packageHoldsNoPassword()
{
    PgTestCluster cluster;
    QVERIFY2(cluster.ok(), qPrintable(cluster.error()));
    const std::string admin = cluster.createTeamStudy(QStringLiteral("packaged"));
    QVERIFY2(!admin.empty(), qPrintable(cluster.error()));
    {
        PgConnection connection(admin);
        PgTeam::addMember(connection, "lea", "", TeamRole::Lead);
        connection.script("ALTER ROLE lea PASSWORD 'lea-Secret-42'");
    }
    const std::string uri
        = cluster.tcpUri(QStringLiteral("lea"), QStringLiteral("lea-Secret-42"), QStringLiteral("packaged"));
    auto opened = Study::open(uri);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    Study &study = *opened.value();
    QVERIFY(study.write([&] {
        model::Document d;
        d.externalId = std::string("d1");
        d.source = std::string("The council met on Tuesday.");
        const model::Id doc = study.addDocument(d);
        study.addCandidate(doc, study.ensureSystem("m1"), "Council met.");
        model::Dimension likert;
        likert.name = std::string("coherence");
        study.ensureDimension(likert);
    }));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string out = dir.filePath(QStringLiteral("zoe.concord")).toStdString();
    const auto written = io::AnnotatorPackage::write(study, "zoe", out, io::AnnotatorPackage::UnknownName::Create);
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());

    auto package = Study::open(out);
    QVERIFY2(package.ok(), package.ok() ? "" : package.error().describe().c_str());
    QCOMPARE(package.value()->info("annotator_package_of"), std::optional<std::string>(study.displayName()));
    package.value().reset();
    QFile file(QString::fromStdString(out));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains("lea-Secret-42"));
}

QTEST_GUILESS_MAIN(TestPgAnnotatorPackage)
#include "tst_pg_annotator_package.moc"
