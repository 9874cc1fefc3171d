// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/candidate.h"
#include "model/dimension.h"
#include "model/document.h"
#include "model/error_span.h"
#include "model/judge_batch.h"
#include "model/judge_call.h"
#include "model/pairwise_outcome.h"
#include "model/rater.h"
#include "model/system.h"
#include "store/database.h"
#include "store/run_owner.h"
#include "store/schema.h"
#include "store/transaction.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace concord::store {

struct StudyCounts {
    std::int64_t documents = 0;
    std::int64_t systems = 0;
    std::int64_t candidates = 0;
    std::int64_t dimensions = 0;
    std::int64_t raters = 0;
    std::int64_t ratings = 0;
    std::int64_t rankings = 0; // ranked candidates (one per rater, dimension and candidate)
    std::int64_t errorSpans = 0;
    std::int64_t pairwiseOutcomes = 0;
    std::int64_t explanations = 0;
    std::int64_t unitMarks = 0;
    std::int64_t presentationOrders = 0;
    std::int64_t judgeCalls = 0;
};

// One row of the document list.
struct DocumentSummary {
    model::Id id = 0;
    std::string externalId;
    std::int64_t candidates = 0;
    std::int64_t judgements = 0; // ratings, ranks and error spans on its candidates
    bool hasRequirement = false;
};

// One rating with where it sits: the rater, and the candidate's document and system.
struct RatingRow {
    model::Id rater = 0;
    model::Id candidate = 0;
    model::Id document = 0;
    model::Id system = 0;
    double value = 0;
};

// One candidate's rank in a rater's ranking of a document's candidates.
struct RankingRow {
    model::Id rater = 0;
    model::Id document = 0;
    model::Id candidate = 0;
    model::Id system = 0;
    int rank = 0;
};

// A pairwise comparison with the systems it compared.
struct PairwiseRow {
    model::Id rater = 0;
    model::Id document = 0;
    model::Id systemA = 0;
    model::Id systemB = 0;
    bool aShownFirst = true;
    model::PairwiseWinner winner = model::PairwiseWinner::Tie;
};

// How many judge calls a rater's runs made about a dimension (none: about no single dimension), and how
// many of their answers were invalid.
struct CallCountRow {
    model::Id rater = 0;
    std::optional<model::Id> dimension;
    std::int64_t calls = 0;
    std::int64_t invalid = 0;
};

// A human's mark of whether a candidate contains a semantic content unit (Pyramid).
struct UnitMarkRow {
    model::Id rater = 0;
    model::Id candidate = 0;
    int unit = 0;
    bool present = false;
};

// ---- annotation (the Annotate view) ----

// The order in which an annotator was shown a document's candidates, and the seed it came from.
struct PresentationOrder {
    std::uint64_t seed = 0;
    std::vector<model::Id> candidates;
};

// Everything one annotator answered about one document, read at once for the Annotate view.
struct AnnotatorJudgements {
    std::map<std::pair<model::Id, model::Id>, double> ratings; // (candidate, dimension) -> value
    std::map<model::Id, std::map<model::Id, int>> rankings;    // dimension -> candidate -> rank
    std::vector<model::ErrorSpan> errorSpans;                  // ordered by candidate, start, end, id
    std::map<model::Id, std::string> explanations;             // dimension (0: the document) -> text
    std::map<std::pair<model::Id, int>, bool> unitMarks;       // (candidate, unit) -> present
    std::optional<PresentationOrder> order;
};

// What an annotator has answered per document, in counts cheap to read for a whole study.
struct AnnotatorTally {
    model::Id document = 0;
    int candidates = 0;
    int units = 0;                               // semantic content units of the document
    std::map<model::Id, int> ratings;            // dimension -> rated candidates
    std::map<model::Id, std::vector<int>> ranks; // dimension -> the ranks given
    std::vector<model::Id> explained;            // dimensions with an explanation (0: the document)
    int unitMarks = 0;
};

struct ExplanationRow {
    model::Id rater = 0;
    model::Id document = 0;
    model::Id dimension = 0;
    std::string text;
};

struct PresentationOrderRow {
    model::Id rater = 0;
    model::Id document = 0;
    PresentationOrder order;
};

// A judge run as `info` and the Judges view list it.
struct JudgeRunRow {
    model::Id id = 0;
    model::Id rater = 0;
    std::string raterName;
    std::string protocol;
    // As stored (running, finished, cancelled, failed, interrupted), except that a `running` run whose
    // owner is no longer alive reads `interrupted`: it was killed or crashed.
    std::string status;
    std::string startedAt;
    std::string finishedAt;
    std::string settings;
    RunOwner owner;
    long long heartbeatAt = 0;
    std::int64_t calls = 0;
};

// A label plan (active inference; study_plans.cpp): which summaries of a dimension to label next, drawn
// with probabilities from a judge's uncertainty. settings is JSON (the judges compared, what the
// uncertainty was read from).
struct LabelPlanRow {
    model::Id id = 0;
    model::Id judge = 0;
    model::Id dimension = 0;
    std::optional<model::Id> annotator;
    std::string strategy; // uniform, uncertainty or disagreement
    double budget = 0;
    double uniformShare = 0;
    std::int64_t seed = 0;
    std::string settings = "{}";
    std::string createdAt;
};

// One candidate of a plan: the probability it was drawn with, and whether it was.
struct LabelPlanItem {
    model::Id candidate = 0;
    double probability = 1;
    bool drawn = false;
};

// One document a lead gave an annotator, and whether it is one of the calibration set everyone annotates.
struct AssignmentRow {
    model::Id annotator = 0;
    model::Id document = 0;
    bool calibration = false;
    std::string assignedAt;
};

// One review decision on an annotator's work on a document.
struct ReviewRow {
    model::Id id = 0;
    model::Id annotator = 0;
    model::Id document = 0;
    std::string reviewer;
    std::string decision; // accepted, rejected or adjudicated
    std::string comment;
    std::optional<model::Id> returnedTo; // rejected work sent back to this person
    std::string decidedAt;
};

// When a person's edit on a document was made (the edit's own time, not when it reached the study).
struct EditTimeRow {
    model::Id rater = 0;
    model::Id document = 0;
    std::string madeAt; // UtcTimestamp
};

// How long a write waits, beyond SQLite's busy timeout, for a study another program holds (a long
// import): it tries again with growing pauses until maxSeconds have passed.
struct BusyWait {
    double maxSeconds = 60;
    std::function<void(double waitedSeconds)> onWait; // before each pause, e.g. to say "study busy, waiting…"
    std::function<bool()> stop;                       // true: stop waiting now
};

struct OpenOptions {
    bool readOnly = false;
    // The migrations to bring the file up to; tests pass a longer list to exercise migrating.
    std::span<const std::string_view> migrations = Schema::migrations();
};

// The study file (docs/architecture.md, "The study file"): one SQLite database per study, WAL, foreign keys,
// synchronous=FULL, schema version in PRAGMA user_version. Or a team study on PostgreSQL, opened from a libpq
// connection string (store/connection_uri) and published there from a file (StudyPublisher): every method
// runs on both. An annotator's session on a team study is blind (isBlind): it reads only what the
// annotator's role may, and never names a column the server keeps from that role.
//
// Writers throw concord::Failure and are meant to run inside write(), which makes one user
// action one transaction: all of it is committed, or none of it.
class Study {
public:
    static Result<std::unique_ptr<Study>> create(const std::string &path);
    static Result<std::unique_ptr<Study>> open(const std::string &path, const OpenOptions &options = {});
    static Result<std::unique_ptr<Study>> createInMemory();

    // The file's path, or a team study's connection string as given (a worker opens it again from this).
    const std::string &path() const { return m_db.path(); }
    // The path, or the connection string without its password: for titles and messages.
    std::string displayName() const;
    // A team study on PostgreSQL rather than a study file.
    bool isShared() const { return m_db.isPostgres(); }
    // A team study opened by an annotator, or by a reviewer (isReviewer, who reads more): system names, which
    // system wrote a summary, other raters and judge records are the server's to keep from it, so reads leave
    // them out (system id 0, no systems, no judge runs or calls, raters counted by kind); reads that need a
    // summary's system (ratingsOn, rankingsOn, pairwiseOn, candidateId: statistics by system) fail saying an
    // annotator cannot make them.
    bool isBlind() const { return m_blind; }
    // A team study opened by a reviewer: blind to the systems and the judges as an annotator is, but reading every
    // person's work and the people's groups, so ratingsBySummary, ratingsOf and documentsWorkedOn are read instead
    // of refused (ratingsOn, by system, is still refused). What a reviewer writes the server limits to decisions
    // and adjudicated labels.
    bool isReviewer() const { return m_reviewer; }
    // Connects a team study again after ConnectionLost; throws ConnectionLost while the server is still
    // away. Nothing to do for a study file.
    void reconnect();
    bool isReadOnly() const { return m_readOnly; }
    int schemaVersion();
    Database &database() { return m_db; }

    template <typename Fn> Status write(Fn &&fn)
    {
        return captureStatus([&] {
            Transaction tx(m_db);
            fn();
            tx.commit();
        });
    }

    // write() that waits for a busy study as `wait` says; fn may run more than once (each try rolled back).
    template <typename Fn> Status write(Fn &&fn, const BusyWait &wait)
    {
        return writeWaiting(
            [&] {
                Transaction tx(m_db);
                fn();
                tx.commit();
            },
            wait);
    }

    // ---- writes (throw; call inside write()) ----
    model::Id addDocument(const model::Document &document); // duplicate external id fails
    model::Id ensureSystem(std::string_view name);
    model::Id addCandidate(model::Id documentId, model::Id systemId,
                           std::string_view text);                // one per document and system
    model::Id ensureDimension(const model::Dimension &dimension); // same name, other kind fails
    model::Id ensureRater(const model::Rater &rater);             // same name, other kind fails
    void setRating(model::Id rater, model::Id candidate, model::Id dimension, double value,
                   std::optional<model::Id> callId = std::nullopt);
    void clearRating(model::Id rater, model::Id candidate, model::Id dimension);
    // Replaces the rater's ranking of the document on the dimension. Ranks are stored as given.
    // A judge's ranking names the call it came from.
    void setRanking(model::Id rater, model::Id document, model::Id dimension,
                    const std::vector<std::pair<model::Id, int>> &candidateRanks,
                    std::optional<model::Id> callId = std::nullopt);
    model::Id addErrorSpan(const model::ErrorSpan &span);
    void removeErrorSpan(model::Id spanId);
    model::Id addPairwiseOutcome(const model::PairwiseOutcome &outcome);
    // A judge's verdict on a pair in the order shown: replaces the same judge's earlier verdict on that
    // pair, order and dimension (one verdict per call unit, the latest).
    model::Id replacePairwiseOutcome(const model::PairwiseOutcome &outcome);
    // Removes the rater's verdict on that pair, order and dimension, if any.
    void clearPairwiseOutcome(model::Id rater, model::Id dimension, model::Id candidateA, model::Id candidateB,
                              bool shownAFirst);
    // dimension 0 is the explanation of the document as a whole; empty text removes it.
    void setExplanation(model::Id rater, model::Id document, model::Id dimension, std::string_view text);
    void setUnitMark(model::Id rater, model::Id candidate, int unitIndex, bool present);
    void setPresentationOrder(model::Id rater, model::Id document, std::uint64_t seed,
                              const std::vector<model::Id> &candidateOrder);
    void setInfo(std::string_view key, std::string_view value);
    // A judge run and the calls it made; the call's request body must hold no credential.
    model::Id addJudgeRun(model::Id rater, std::string_view protocol, std::string_view settingsJson);
    model::Id addJudgeCall(const model::JudgeCall &call);
    void finishJudgeRun(model::Id run, std::string_view status); // finished, cancelled or failed
    // A run's settings rewritten when it decides something on the way (e.g. to score by sampling).
    void setJudgeRunSettings(model::Id run, std::string_view settingsJson);
    // The template a run used, stored once per protocol, name and version.
    model::Id ensurePromptTemplate(std::string_view protocol, std::string_view name, int version,
                                   std::string_view body);
    void setJudgeRunTemplate(model::Id run, model::Id templateId);
    // Takes back a run that stored no call, with the rater and templates it had added (given by the
    // caller, who knows which were new), so that a run which could store nothing (a full disk) leaves
    // the study as it was. Returns false, changing nothing, when the run holds a call.
    bool discardJudgeRun(model::Id run, std::optional<model::Id> addedRater,
                         const std::vector<model::Id> &addedTemplates);
    // The run is this process's (again): status running, the owner recorded, the heartbeat now
    // (study_runs.cpp). A run taken over from a dead owner keeps its id and calls.
    void claimJudgeRun(model::Id run, const RunOwner &owner);
    void touchJudgeRun(model::Id run);     // the heartbeat: the owner is still at work
    void interruptJudgeRun(model::Id run); // a run still `running` whose runner stopped on an error
    // Stores `interrupted` for every `running` run whose owner is gone; returns how many.
    std::size_t markInterruptedRuns();

    // ---- reads ----
    StudyCounts counts();
    std::map<std::string, std::int64_t> ratersByGroup();
    std::vector<DocumentSummary> documentSummaries();
    // documentSummaries() without the judgement counts (left 0): it reads no judgement, so a document
    // list of a study with millions of ratings shows at once (judgementCounts() fills them in).
    std::vector<DocumentSummary> documentSummariesWithoutJudgements();
    // Ratings, ranks and error spans per document id; a document without any is absent.
    std::map<model::Id, std::int64_t> judgementCounts();
    // The same count for one document, read through the per-candidate and per-document indexes: cheap
    // enough to refresh a row of the document list after every edit.
    std::int64_t judgementCount(model::Id document);
    std::optional<model::Document> document(model::Id id);
    std::optional<model::Id> documentId(std::string_view externalId);
    std::vector<model::Candidate> candidatesOf(model::Id documentId);
    std::optional<model::Id> candidateId(model::Id documentId, model::Id systemId);
    std::vector<model::System> systems();
    std::optional<model::Id> systemId(std::string_view name);
    std::vector<model::Dimension> dimensions();
    std::optional<model::Id> dimensionId(std::string_view name);
    std::vector<model::Rater> raters();
    std::optional<model::Id> raterId(std::string_view name);
    std::vector<model::ErrorSpan> errorSpansOf(model::Id candidateId);
    std::optional<double> rating(model::Id rater, model::Id candidate, model::Id dimension);
    // Every rating on the dimension, ordered by rater, document, system.
    std::vector<RatingRow> ratingsOn(model::Id dimension);
    // Every rating on the dimension with system 0, ordered by rater, document, summary: what a review compares,
    // which a reviewer may read too.
    std::vector<RatingRow> ratingsBySummary(model::Id dimension);
    // One rater's ratings on the dimension as (candidate, value), by candidate id: read along the table's key,
    // with no sort, so a million of them come at once (a label plan's pool).
    std::vector<std::pair<model::Id, double>> ratingsOf(model::Id rater, model::Id dimension);
    // Each candidate's document, by candidate id.
    std::vector<std::pair<model::Id, model::Id>> candidateDocuments();
    // The external id of the document of each of CANDIDATES, in their order (empty for an id of no summary):
    // a few statements for thousands of them, never a read of every summary.
    std::vector<std::string> documentNamesOf(const std::vector<model::Id> &candidates);
    // Every ranked candidate on the (rank) dimension, ordered by rater, document, system.
    std::vector<RankingRow> rankingsOn(model::Id dimension);
    std::vector<PairwiseRow> pairwiseOn(model::Id dimension);
    // One rater's verdicts on a dimension with the summaries compared (the lead's; refused to annotators).
    std::vector<model::PairwiseOutcome> pairwiseOutcomesOf(model::Id rater, model::Id dimension);
    std::vector<UnitMarkRow> unitMarks();
    std::vector<model::ErrorSpan> errorSpans();
    // The calls of the rater's runs of a protocol, in id order.
    std::vector<model::JudgeCall> judgeCalls(model::Id rater, std::string_view protocol);
    // The rater's calls of a protocol about one candidate (pyramid units, factuality sentences).
    std::vector<model::JudgeCall> judgeCallsOfCandidate(model::Id rater, std::string_view protocol,
                                                        model::Id candidate);
    // The rater's calls with this request hash (the samples of one unit).
    std::vector<model::JudgeCall> judgeCallsWithHash(model::Id rater, std::string_view requestHash);
    // The content-addressed cache: an answered call (HTTP 200 with a readable body) with this hash and sample,
    // by any rater; the rater's own first.
    std::optional<model::JudgeCall> answeredCall(std::string_view requestHash, int sampleIndex,
                                                 model::Id preferredRater);
    // The calls of all runs as a browser lists them: every call of the rater (invalid ones only if asked), in id
    // order; with after, only those of a larger id (stored since a browser read up to it, as a run goes on).
    std::vector<model::JudgeCall> callsOfRater(model::Id rater, bool invalidOnly, model::Id after = 0);
    // Per rater and dimension, the calls and invalid answers counted by the database: the dashboard's
    // invalid rates without reading every call's prompt and answer. Ordered by rater, then dimension (calls
    // about no single dimension first), on both backends.
    std::vector<CallCountRow> callCounts();
    std::vector<model::Candidate> candidates();
    // (rater, candidate) for every candidate a rater judged in any way (rating, rank or error span).
    std::vector<std::pair<model::Id, model::Id>> judgedCandidates();
    std::optional<std::string> info(std::string_view key);
    std::optional<model::Id> promptTemplateId(std::string_view protocol, std::string_view name, int version);
    // The judge runs (of one rater, or all), in id order, with their effective status (study_runs.cpp).
    std::vector<JudgeRunRow> judgeRuns(std::optional<model::Id> rater = std::nullopt);
    // What a judge's recorded calls about summaries cost (on one dimension, or all), and how many summaries
    // they were about: the price of having it score a summary.
    struct JudgeCost {
        double cost = 0;
        std::int64_t summaries = 0;
    };
    JudgeCost judgeCost(model::Id rater, std::optional<model::Id> dimension = std::nullopt);

    // ---- annotation (the Annotate view; study_annotation.cpp) ----
    void setErrorSpanNote(model::Id spanId, std::string_view note);
    // Puts back a removed span under its old id, so undo and redo keep one identity.
    void restoreErrorSpan(const model::ErrorSpan &span);
    void clearUnitMark(model::Id rater, model::Id candidate, int unitIndex);
    AnnotatorJudgements judgementsOf(model::Id rater, model::Id document);
    std::optional<PresentationOrder> presentationOrder(model::Id rater, model::Id document);
    // Per document (all, or only the given one), what the rater answered; ordered by document.
    std::vector<AnnotatorTally> annotatorTallies(model::Id rater, std::optional<model::Id> document = std::nullopt);
    // The same for every human rater at once, keyed by rater: one query per kind of answer however many people
    // work (the lead's Team view refreshes while they edit). A lead's read: an annotator's session reads only theirs.
    std::map<model::Id, std::vector<AnnotatorTally>> humanTallies();
    std::vector<ExplanationRow> explanations();
    std::vector<PresentationOrderRow> presentationOrders();

    // ---- label plans (study_plans.cpp) ----
    // Stores a plan and its items inside write(): the drawn as rows, the others in the plan's pool (one value,
    // store/plan_pool). Returns its id. createdAt is set when empty.
    model::Id addLabelPlan(const LabelPlanRow &plan, const std::vector<LabelPlanItem> &items);
    // Every plan, in id order (none for an annotator of a team study, who may not read them).
    std::vector<LabelPlanRow> labelPlans();
    std::optional<LabelPlanRow> labelPlan(model::Id id);
    // A plan's items, by candidate id: its rows and its pool's entries. Throws concord::Failure, naming the plan,
    // when the pool is damaged.
    std::vector<LabelPlanItem> labelPlanItems(model::Id plan);
    // The documents holding a summary that a plan made for this annotator drew and that the annotator has
    // not yet rated on the plan's dimension: their queue, by document id. An annotator of a team study reads
    // it through a function of the server (concord_planned_documents), as they may not read the plans.
    std::vector<model::Id> plannedDocuments(model::Id annotator);

    // ---- held-out split (study_splits.cpp) ----
    // Each document's split ("dev" or "test"), by document id; empty when the study has none. Not for an
    // annotator of a team study: the server refuses it.
    std::map<model::Id, std::string> documentSplits();
    // Replaces the whole split inside write(); documents left out are in neither.
    void replaceDocumentSplits(const std::map<model::Id, std::string> &splits);
    // Every document with a judgement on it, by anyone (a person, a judge or a metric): work a re-split must
    // not move silently.
    std::vector<model::Id> documentsWithJudgements();

    // ---- assignment (study_assignments.cpp) ----
    // Every annotator's documents, by annotator and document (an annotator of a team study reads their own).
    std::vector<AssignmentRow> assignments();
    // Replaces the whole assignment inside write(); an empty list leaves every annotator free to annotate
    // anything. assignedAt is set where empty.
    void replaceAssignments(const std::vector<AssignmentRow> &rows);
    // The documents given to this annotator, by document id; none when nothing is assigned to them.
    std::vector<model::Id> assignedDocuments(model::Id annotator);
    // Every (person, document) with some judgement of theirs on it: the work an assignment keeps.
    std::vector<std::pair<model::Id, model::Id>> documentsWorkedOn();
    // Gives one more document to an annotator (work returned to them), if not theirs already; inside write().
    void assignDocument(model::Id annotator, model::Id document);

    // ---- review (study_reviews.cpp) ----
    // The rater whose ratings are the adjudicated labels, made by the server when missing, inside write(): for a
    // reviewer's session, which may not add raters (the lead's adds it with ensureRater).
    model::Id adjudicatedRater();
    // Records a decision inside write(); returns its id. decidedAt is set when empty.
    model::Id addReview(const ReviewRow &review);
    // The decisions, in the order made (an annotator of a team study reads those on their own work).
    std::vector<ReviewRow> reviews();
    // The decisions on a person's work on a document and on work returned to them there, in the order made.
    std::vector<ReviewRow> reviewsOf(model::Id rater, model::Id document);

    // ---- judge batches (study_batches.cpp) ----
    // Records a batch and its requests inside write(), before it is submitted: state "submitting", no remote id.
    model::Id addJudgeBatch(model::Id run, std::string_view provider, std::string_view token,
                            const std::vector<model::JudgeBatchRequest> &requests);
    // Records what the provider said of a batch inside write(), with the time: its id (empty only while still
    // submitting) and state. The study refuses a changed id and a fetched batch taken back.
    void setJudgeBatchState(model::Id batch, std::string_view remoteId, std::string_view state);
    // Every batch, or a run's, in id order (none for an annotator of a team study).
    std::vector<model::JudgeBatch> judgeBatches(std::optional<model::Id> run = std::nullopt);
    // A batch's requests, by custom id.
    std::vector<model::JudgeBatchRequest> judgeBatchRequests(model::Id batch);
    // Removes a batch still `submitting` that its provider never received (it does not know the batch's token), so
    // that its requests may be sent again; any other batch stays. Returns whether one was removed.
    bool forgetUnsubmittedJudgeBatch(model::Id batch);

    // ---- edit times (study_edit_times.cpp) ----
    // Records when a person made an edit on a document, inside the edit's write(); an edit of a summary
    // (candidate, document 0) is recorded on the summary's document.
    void recordEditTime(model::Id rater, model::Id document, model::Id candidate, const std::string &madeAt);
    // Every recorded edit time, by rater and time (an annotator of a team study reads their own).
    std::vector<EditTimeRow> editTimes();

    explicit Study(Database db, bool readOnly);

private:
    static std::unique_ptr<Study> openShared(const std::string &connection, const OpenOptions &options);
    void applyConnectionSettings();
    void applySharedSettings();
    Status writeWaiting(const std::function<void()> &transaction, const BusyWait &wait);

    Database m_db;
    bool m_readOnly = false;
    bool m_blind = false;
    bool m_reviewer = false;
};

} // namespace concord::store
