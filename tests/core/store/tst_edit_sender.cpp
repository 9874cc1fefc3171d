// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The sender of an annotator's edits on a study file: a write there is never in doubt, so every edit is
// saved at once and the journal is never used; an edit the study refuses is an error, not kept.
#include "store/annotation_edit.h"
#include "store/edit_journal.h"
#include "store/edit_sender.h"
#include "store/study.h"

#include <QTemporaryDir>
#include <QTest>

using namespace concord;
using namespace concord::store;
using model::Id;

class TestEditSender : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void studyFileSavesAtOnce();
    void studyFileRefusalIsAnError();
};

namespace {

struct FileStudy {
    QTemporaryDir dir;
    std::unique_ptr<Study> study;
    std::unique_ptr<EditJournal> journal;
    Id rater = 0;
    Id candidate = 0;
    Id dimension = 0;
};

void makeFileStudy(FileStudy &f)
{
    const std::string path = f.dir.filePath(QStringLiteral("study.concord")).toStdString();
    auto created = Study::create(path);
    QVERIFY2(created.ok(), created.ok() ? "" : created.error().describe().c_str());
    f.study = std::move(created).value();
    Study &s = *f.study;
    const Status written = s.write([&] {
        model::Document d;
        d.externalId = "doc-1";
        d.source = "Source.";
        const Id document = s.addDocument(d);
        f.candidate = s.addCandidate(document, s.ensureSystem("sys"), "Summary.");
        model::Dimension dimension;
        dimension.name = "fluency";
        f.dimension = s.ensureDimension(dimension);
        model::Rater r;
        r.name = "ann";
        f.rater = s.ensureRater(r);
    });
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    auto journal = EditJournal::open(f.dir.filePath(QStringLiteral("journal.sqlite")).toStdString(),
                                     EditJournal::studyKey(path), "ann");
    QVERIFY(journal.ok());
    f.journal = std::move(journal).value();
}

} // namespace

void TestEditSender::studyFileSavesAtOnce()
{
    FileStudy f;
    makeFileStudy(f);
    EditSender sender(*f.study, f.journal.get());
    QVERIFY(!sender.isShared());
    const auto outcome = sender.submit(AnnotationEdit::setRating(f.rater, f.candidate, f.dimension, 3));
    QVERIFY(outcome.ok());
    QCOMPARE(outcome.value(), EditSender::Outcome::Saved);
    QCOMPARE(f.study->rating(f.rater, f.candidate, f.dimension), std::optional<double>(3));
    QCOMPARE(sender.pending(), std::int64_t(0));
    QCOMPARE(f.journal->count(), std::int64_t(0));
    QVERIFY(sender.online());
    const auto flushed = sender.flush();
    QVERIFY(flushed.ok());
    QVERIFY(flushed.value().complete);
    QCOMPARE(flushed.value().sent, std::size_t(0));
    // Without a journal too.
    EditSender bare(*f.study, nullptr);
    QCOMPARE(bare.submit(AnnotationEdit::clearRating(f.rater, f.candidate, f.dimension)).value(),
             EditSender::Outcome::Saved);
    QCOMPARE(f.study->rating(f.rater, f.candidate, f.dimension), std::optional<double>());
}

void TestEditSender::studyFileRefusalIsAnError()
{
    FileStudy f;
    makeFileStudy(f);
    EditSender sender(*f.study, f.journal.get());
    model::ErrorSpan span;
    span.raterId = f.rater;
    span.candidateId = f.candidate;
    span.start = 0;
    span.end = 3;
    span.quote = "Sum";
    const auto outcome = sender.submit(AnnotationEdit::removeErrorSpan(span));
    QVERIFY(!outcome.ok());
    QCOMPARE(outcome.error().field, std::string("span"));
    QCOMPARE(f.journal->count(), std::int64_t(0));
}

QTEST_GUILESS_MAIN(TestEditSender)
#include "tst_edit_sender.moc"
