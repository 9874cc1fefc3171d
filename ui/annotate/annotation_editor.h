// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/error_span.h"
#include "model/ids.h"
#include "store/annotation_edit.h"
#include "store/study.h"

#include <QObject>
#include <QString>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace concord::ui {

class StudySession;

// The one way the Annotate view changes a study: each edit is one transaction, committed at once,
// and one command on the session's undo stack (whose undo and redo write through the store too).
// Every edit is made as the current annotator.
//
// The editor keeps the judgements of the documents it read, changed by each edit it makes since. On a team
// study it works from them (what an edit replaces, what the view shows) until the document is opened again
// (reread): an edit then never waits for the server, which matters to an annotator far from it. Its edits
// are sent off the GUI thread; a read of a document while some of them are still on their way is shown
// with them laid over it, so what the view shows is what the study will hold. While the server is away
// the study cannot be read at all. A study file is read each time: that costs nothing.
class AnnotationEditor : public QObject {
    Q_OBJECT
public:
    explicit AnnotationEditor(StudySession *session, QObject *parent = nullptr);

    // Whether the annotator's work may be changed here, or only looked at (a lead looking at an annotator's).
    enum class Access { Edit, ReadOnly };
    // Makes name, one of the study's human raters, the annotator; empty clears it. A name the study
    // does not have is an error: choosing never adds a rater.
    Status setAnnotator(const QString &name, Access access = Access::Edit);
    // Adds a new human rater in group (one transaction) and makes it the annotator; a name the study
    // already has is an error.
    Status createAnnotator(const QString &name, const QString &group);
    QString annotatorName() const { return m_name; }
    model::Id rater() const { return m_rater; }
    bool canEdit() const;
    bool isReadOnly() const { return m_access == Access::ReadOnly; }
    // A team study opened by a reviewer's login: everything is read only, whoever is chosen.
    bool isReviewer() const;

    // nullopt clears the rating.
    Status setRating(model::Id document, model::Id candidate, model::Id dimension, std::optional<double> value);
    // The whole ranking, stored as entered (an empty map removes it).
    Status setRanking(model::Id document, model::Id dimension, const std::map<model::Id, int> &ranks);
    // start/end in code points; returns the new span's id.
    Result<model::Id> addErrorSpan(model::Id document, model::Id candidate, int start, int end, const QString &quote);
    Status removeErrorSpan(model::Id document, model::Id spanId);
    Status setErrorSpanNote(model::Id document, model::Id spanId, const QString &note);
    // Typing in one box merges into one undo step; dimension 0 is the document as a whole.
    Status setExplanation(model::Id document, model::Id dimension, const QString &text);
    // nullopt: not answered.
    Status setUnitMark(model::Id document, model::Id candidate, int unit, std::optional<bool> present);

    // The annotator's judgements of document: read from the study, or, while a team study's server is
    // away, as last read and changed by the edits made since. Error spans added offline have negative ids
    // until the server is back.
    Result<store::AnnotatorJudgements> judgements(model::Id document);
    // The next judgements(document) of a team study asks the server again: the document is being opened,
    // and something other than this editor may have changed it.
    void reread(model::Id document);
    // The judgements of document kept from the last read and the edits since, when they are those of the
    // current annotator and nothing but this editor changed them since; what the view shows.
    const store::AnnotatorJudgements *kept(model::Id document) const;
    // The documents of this editor's edits that may still be on their way to a team study's server.
    std::set<model::Id> documentsWithEditsOnTheirWay() const;
    // The ids of the current annotator's edits of document still on their way (read from the journal): what a
    // read made elsewhere (store::AnnotatorDocument on a worker) asks the server about.
    std::vector<std::string> editIdsOnTheirWay(model::Id document);
    // Takes judgements, read elsewhere for the current annotator, as what the study holds of document: the edits
    // on their way that are not among arrived are laid over them, and they are kept as current.
    void adopt(model::Id document, store::AnnotatorJudgements judgements, const std::set<std::string> &arrived);
    // Whether judgements of document are kept for the current annotator, current or not: while a team study's
    // server is away, all the view can show.
    bool hasKept(model::Id document) const;

Q_SIGNALS:
    void annotatorChanged();
    // After an edit, an undo or a redo touched the document's judgements.
    void judgementsChanged(model::Id document);
    // What was kept is gone (an edit was refused, the server is back): what is shown is read again.
    void keptForgotten();

private:
    Result<model::Id> humanRater(const QString &name) const;
    // Why no edit can be made now: nobody annotates, or the annotator's work is only looked at.
    Error cannotEdit() const;
    void use(const QString &name, model::Id rater, Access access = Access::Edit);
    // The current annotator's edits of document still on their way, in the order they were made.
    std::vector<store::AnnotationEdit> onTheirWay(model::Id document);
    Status push(model::Id document, const QString &text, store::AnnotationEdit redo, store::AnnotationEdit undo,
                int mergeId = -1, QString mergeKey = {});
    // Changes the kept judgements as edit changed the study.
    void remember(model::Id document, const store::AnnotationEdit &edit);
    // Changes judgements as edit changes the study; as an overlay on a read that may hold it already.
    void apply(store::AnnotatorJudgements &judgements, const store::AnnotationEdit &edit, bool overlay = false);
    // Forgets what was kept (keptForgotten follows).
    void forgetKept();
    // Forgets the documents of edits no longer in the journal.
    void pruneArrived();
    static std::optional<model::ErrorSpan> findSpan(const store::AnnotatorJudgements &judgements, model::Id spanId);

    StudySession *m_session;
    QString m_name;
    model::Id m_rater = 0;
    Access m_access = Access::Edit;
    // The judgements kept, by document: whose, and whether they are what the study held when read, changed
    // only by this editor's edits since.
    struct Kept {
        store::AnnotatorJudgements judgements;
        bool current = false;
    };
    model::Id m_keptRater = 0;
    std::map<model::Id, Kept> m_kept;
    // The document of each edit made here that may still be on its way to a team study's server, and the
    // id given to the span each such edit adds.
    std::map<std::string, model::Id> m_documentOf;
    std::map<std::string, model::Id> m_spanIdOf;
    // The journal held edits of an earlier session when the study opened: the view reads again once sent.
    bool m_showOnceArrived = false;
    // Ids for spans added before the server gave them theirs.
    model::Id m_nextOfflineSpanId = -1;
};

} // namespace concord::ui
