// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Who annotates which document: every document to exactly the overlap asked for, the calibration share to
// everyone, loads within one of each other, the same from the same seed, work done kept, and bad requests
// refused.
#include "model/document_assignment.h"

#include <QTest>

#include <algorithm>
#include <stdexcept>

using concord::model::DocumentAssignment;
using concord::model::Id;

namespace {

DocumentAssignment::Request request(int documents, int annotators, std::size_t perDocument, double everyone,
                                    std::uint64_t seed)
{
    DocumentAssignment::Request r;
    for (int d = 1; d <= documents; ++d)
        r.documents.push_back(100 + d);
    for (int a = 1; a <= annotators; ++a)
        r.annotators.push_back(a);
    r.perDocument = perDocument;
    r.everyone = everyone;
    r.seed = seed;
    return r;
}

std::map<Id, std::size_t> annotatorsPerDocument(const DocumentAssignment &assignment)
{
    std::map<Id, std::size_t> count;
    for (const auto &[annotator, documents] : assignment.documentsOf)
        for (const Id d : documents)
            ++count[d];
    return count;
}

} // namespace

class TestDocumentAssignment : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void overlapBalanceAndCalibration_data();
    void overlapBalanceAndCalibration();
    void theSameSeedGivesTheSameAssignment();
    void workDoneIsKept();
    void badRequestsAreRefused();
};

void TestDocumentAssignment::overlapBalanceAndCalibration_data()
{
    QTest::addColumn<int>("documents");
    QTest::addColumn<int>("annotators");
    QTest::addColumn<int>("perDocument");
    QTest::addColumn<double>("everyone");
    QTest::newRow("SummEval's 100 to 20, two each") << 100 << 20 << 2 << 0.0;
    QTest::newRow("100 to 7, three each, a tenth to all") << 100 << 7 << 3 << 0.1;
    QTest::newRow("13 to 4, one each") << 13 << 4 << 1 << 0.0;
    QTest::newRow("10 to 3, all three each") << 10 << 3 << 3 << 0.0;
    QTest::newRow("everything to everyone") << 9 << 5 << 2 << 1.0;
}

void TestDocumentAssignment::overlapBalanceAndCalibration()
{
    QFETCH(int, documents);
    QFETCH(int, annotators);
    QFETCH(int, perDocument);
    QFETCH(double, everyone);
    const auto r = request(documents, annotators, static_cast<std::size_t>(perDocument), everyone, 7);
    const auto a = DocumentAssignment::make(r);
    QCOMPARE(a.everyone.size(), static_cast<std::size_t>(std::llround(everyone * documents)));
    const auto per = annotatorsPerDocument(a);
    QCOMPARE(per.size(), static_cast<std::size_t>(documents));
    for (const auto &[document, count] : per)
        QCOMPARE(count, a.everyone.contains(document) ? static_cast<std::size_t>(annotators)
                                                      : static_cast<std::size_t>(perDocument));
    std::size_t least = SIZE_MAX;
    std::size_t most = 0;
    for (const auto &[annotator, docs] : a.documentsOf) {
        least = std::min(least, docs.size());
        most = std::max(most, docs.size());
        QVERIFY(std::is_sorted(docs.begin(), docs.end())); // the order given
    }
    QCOMPARE(a.documentsOf.size(), static_cast<std::size_t>(annotators));
    QVERIFY2(most - least <= 1, qPrintable(QStringLiteral("loads from %1 to %2").arg(least).arg(most)));
}

void TestDocumentAssignment::theSameSeedGivesTheSameAssignment()
{
    const auto a = DocumentAssignment::make(request(50, 6, 2, 0.1, 3));
    const auto b = DocumentAssignment::make(request(50, 6, 2, 0.1, 3));
    const auto c = DocumentAssignment::make(request(50, 6, 2, 0.1, 4));
    QVERIFY(a.documentsOf == b.documentsOf && a.everyone == b.everyone);
    QVERIFY(a.documentsOf != c.documentsOf);
}

void TestDocumentAssignment::workDoneIsKept()
{
    auto r = request(30, 5, 2, 0, 9);
    // Annotator 1 worked on three documents, annotators 2 and 3 on one they share, and 4 and 5 on it too.
    r.kept = {{1, 101}, {1, 102}, {1, 103}, {2, 110}, {3, 110}, {4, 110}, {5, 110}};
    const auto a = DocumentAssignment::make(r);
    for (const auto &[annotator, document] : r.kept) {
        const auto &docs = a.documentsOf.at(annotator);
        QVERIFY(std::find(docs.begin(), docs.end(), document) != docs.end());
    }
    const auto per = annotatorsPerDocument(a);
    QCOMPARE(per.at(110), std::size_t(4)); // more than the overlap: nobody's work is taken away
    QCOMPARE(per.at(101), std::size_t(2));
    std::size_t least = SIZE_MAX;
    std::size_t most = 0;
    for (const auto &[annotator, docs] : a.documentsOf) {
        least = std::min(least, docs.size());
        most = std::max(most, docs.size());
    }
    QVERIFY(most - least <= 1);
}

void TestDocumentAssignment::badRequestsAreRefused()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DocumentAssignment::make(request(5, 0, 1, 0, 1)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DocumentAssignment::make(request(5, 3, 4, 0, 1)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DocumentAssignment::make(request(5, 3, 0, 0, 1)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DocumentAssignment::make(request(5, 3, 1, 1.5, 1)));
    auto r = request(5, 3, 1, 0, 1);
    r.kept = {{9, 101}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DocumentAssignment::make(r));
}

QTEST_APPLESS_MAIN(TestDocumentAssignment)
#include "tst_document_assignment.moc"
