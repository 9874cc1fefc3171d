// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/schema.h"

#include "store/database.h"
#include "store/transaction.h"

#include "error.h"

#include <array>
#include <string>

namespace concord::store {

namespace {

// Version 1: everything docs/architecture.md's "The study file" names. JSON columns hold lists and free metadata.
constexpr std::string_view kVersion1 = R"sql(
CREATE TABLE study_info (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE documents (
    id          INTEGER PRIMARY KEY,
    external_id TEXT NOT NULL UNIQUE,
    source      TEXT NOT NULL,
    requirement TEXT,
    refs        TEXT NOT NULL DEFAULT '[]',
    scus        TEXT NOT NULL DEFAULT '[]',
    metadata    TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE systems (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE candidates (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    system_id   INTEGER NOT NULL REFERENCES systems(id),
    text        TEXT NOT NULL,
    UNIQUE (document_id, system_id)
);
CREATE INDEX candidates_by_system ON candidates(system_id);
CREATE TABLE dimensions (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    kind       TEXT NOT NULL CHECK (kind IN ('likert', 'rank', 'binary', 'spans', 'pairwise')),
    scale_min  REAL NOT NULL DEFAULT 1,
    scale_max  REAL NOT NULL DEFAULT 5,
    labels     TEXT NOT NULL DEFAULT '[]',
    definition TEXT NOT NULL DEFAULT '',
    position   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE raters (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL UNIQUE,
    kind      TEXT NOT NULL CHECK (kind IN ('human', 'judge', 'metric')),
    grp       TEXT NOT NULL DEFAULT '',
    provider  TEXT NOT NULL DEFAULT '',
    model     TEXT NOT NULL DEFAULT '',
    protocol  TEXT NOT NULL DEFAULT '',
    params    TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE prompt_templates (
    id       INTEGER PRIMARY KEY,
    protocol TEXT NOT NULL,
    name     TEXT NOT NULL,
    version  INTEGER NOT NULL,
    body     TEXT NOT NULL,
    UNIQUE (protocol, name, version)
);
CREATE TABLE judge_runs (
    id          INTEGER PRIMARY KEY,
    rater_id    INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    protocol    TEXT NOT NULL,
    template_id INTEGER REFERENCES prompt_templates(id),
    settings    TEXT NOT NULL DEFAULT '{}',
    status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'cancelled', 'failed')),
    started_at  TEXT NOT NULL,
    finished_at TEXT
);
CREATE TABLE judge_calls (
    id             INTEGER PRIMARY KEY,
    run_id         INTEGER NOT NULL REFERENCES judge_runs(id) ON DELETE CASCADE,
    request_hash   TEXT NOT NULL,
    sample_index   INTEGER NOT NULL DEFAULT 0,
    document_id    INTEGER REFERENCES documents(id) ON DELETE CASCADE,
    candidate_id   INTEGER REFERENCES candidates(id) ON DELETE CASCADE,
    dimension_id   INTEGER REFERENCES dimensions(id) ON DELETE CASCADE,
    unit           TEXT NOT NULL DEFAULT '{}',
    prompt         TEXT NOT NULL DEFAULT '',
    request_body   TEXT NOT NULL DEFAULT '',
    raw_response   TEXT NOT NULL DEFAULT '',
    parsed_value   REAL,
    parsed         TEXT NOT NULL DEFAULT '{}',
    valid          INTEGER NOT NULL DEFAULT 0 CHECK (valid IN (0, 1)),
    invalid_reason TEXT NOT NULL DEFAULT '',
    tokens_in      INTEGER NOT NULL DEFAULT 0,
    tokens_out     INTEGER NOT NULL DEFAULT 0,
    cost           REAL NOT NULL DEFAULT 0,
    latency_ms     REAL NOT NULL DEFAULT 0,
    attempts       INTEGER NOT NULL DEFAULT 0,
    http_status    INTEGER NOT NULL DEFAULT 0,
    error          TEXT NOT NULL DEFAULT '',
    started_at     TEXT NOT NULL DEFAULT '',
    finished_at    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX judge_calls_by_hash ON judge_calls(request_hash, sample_index);
CREATE INDEX judge_calls_by_run ON judge_calls(run_id);
CREATE TABLE ratings (
    id           INTEGER PRIMARY KEY,
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimensions(id) ON DELETE CASCADE,
    value        REAL NOT NULL,
    call_id      INTEGER REFERENCES judge_calls(id) ON DELETE SET NULL,
    UNIQUE (rater_id, candidate_id, dimension_id)
);
CREATE INDEX ratings_by_candidate ON ratings(candidate_id);
CREATE TABLE rankings (
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    document_id  INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimensions(id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    rank         INTEGER NOT NULL CHECK (rank >= 1),
    call_id      INTEGER REFERENCES judge_calls(id) ON DELETE SET NULL,
    PRIMARY KEY (rater_id, dimension_id, candidate_id)
);
CREATE INDEX rankings_by_document ON rankings(document_id);
CREATE TABLE error_spans (
    id           INTEGER PRIMARY KEY,
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    char_start   INTEGER NOT NULL CHECK (char_start >= 0),
    char_end     INTEGER NOT NULL,
    quote        TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    CHECK (char_end > char_start)
);
CREATE INDEX error_spans_by_candidate ON error_spans(candidate_id);
CREATE TABLE pairwise_outcomes (
    id           INTEGER PRIMARY KEY,
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimensions(id) ON DELETE CASCADE,
    candidate_a  INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    candidate_b  INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    shown_order  TEXT NOT NULL CHECK (shown_order IN ('ab', 'ba')),
    outcome      TEXT NOT NULL CHECK (outcome IN ('a', 'b', 'tie')),
    call_id      INTEGER REFERENCES judge_calls(id) ON DELETE SET NULL,
    CHECK (candidate_a <> candidate_b)
);
CREATE TABLE explanations (
    id           INTEGER PRIMARY KEY,
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    document_id  INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL DEFAULT 0, -- 0: the explanation of the document as a whole
    text         TEXT NOT NULL,
    UNIQUE (rater_id, document_id, dimension_id)
);
CREATE TABLE unit_marks (
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    unit_index   INTEGER NOT NULL CHECK (unit_index >= 0),
    present      INTEGER NOT NULL CHECK (present IN (0, 1)),
    PRIMARY KEY (rater_id, candidate_id, unit_index)
);
CREATE TABLE presentation_orders (
    rater_id    INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    seed        INTEGER NOT NULL,
    shown_order TEXT NOT NULL, -- JSON list of candidate ids in the order shown
    PRIMARY KEY (rater_id, document_id)
);
)sql";

// Version 2: a judge run records the process that owns it (pid, its start time, host) and a heartbeat, so
// a run left `running` by a killed process is told from a live one and shown as `interrupted`. SQLite
// cannot widen a CHECK in place: the table is rebuilt (foreign keys are off while migrating, so the
// calls that refer to it stay).
constexpr std::string_view kVersion2 = R"sql(
CREATE TABLE judge_runs_v2 (
    id           INTEGER PRIMARY KEY,
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    protocol     TEXT NOT NULL,
    template_id  INTEGER REFERENCES prompt_templates(id),
    settings     TEXT NOT NULL DEFAULT '{}',
    status       TEXT NOT NULL DEFAULT 'running'
                 CHECK (status IN ('running', 'finished', 'cancelled', 'failed', 'interrupted')),
    started_at   TEXT NOT NULL,
    finished_at  TEXT,
    owner_pid    INTEGER NOT NULL DEFAULT 0,
    owner_host   TEXT NOT NULL DEFAULT '',
    owner_start  TEXT NOT NULL DEFAULT '',
    heartbeat_at INTEGER NOT NULL DEFAULT 0
);
INSERT INTO judge_runs_v2 (id, rater_id, protocol, template_id, settings, status, started_at, finished_at)
    SELECT id, rater_id, protocol, template_id, settings, status, started_at, finished_at FROM judge_runs;
DROP TABLE judge_runs;
ALTER TABLE judge_runs_v2 RENAME TO judge_runs;
)sql";

// Version 3: a rating is identified by who rated which summary on what, so the table is keyed by that
// (WITHOUT ROWID): one B-tree fewer to write per rating, and a smaller file. No table refers to a
// rating, so the rebuild keeps every reference.
constexpr std::string_view kVersion3 = R"sql(
CREATE TABLE ratings_v3 (
    rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimensions(id) ON DELETE CASCADE,
    value        REAL NOT NULL,
    call_id      INTEGER REFERENCES judge_calls(id) ON DELETE SET NULL,
    PRIMARY KEY (rater_id, candidate_id, dimension_id)
) WITHOUT ROWID;
INSERT INTO ratings_v3 (rater_id, candidate_id, dimension_id, value, call_id)
    SELECT rater_id, candidate_id, dimension_id, value, call_id FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_v3 RENAME TO ratings;
CREATE INDEX ratings_by_candidate ON ratings(candidate_id);
)sql";

// Version 4: the rules the application keeps on judgements, kept by the file itself, so that no writer
// (an import, a merge, another program) can store what Concord would never write. Triggers, because a
// CHECK cannot look at another table. SQLite's RAISE takes a fixed text: StudyCheck and DataRules name the
// rows. Rows stored before version 4 are not re-read here; `concord-cli check` reports them. PostgreSQL keeps
// the same rules (PgDataRules). Each condition puts its cheapest test first: a rating on a scale point skips
// reading the dimension's labels, as nearly every imported rating is. An LLMScore judge's rating is the probability of its yes, so lies in 0 to 1
// whatever the dimension's scale.
constexpr std::string_view kVersion4 = R"sql(
CREATE TRIGGER rating_in_scale BEFORE INSERT ON ratings
WHEN (SELECT NOT (CASE WHEN r.kind = 'judge' AND r.protocol = 'llmscore' THEN NEW.value >= 0 AND NEW.value <= 1
                       ELSE NEW.value >= d.scale_min AND NEW.value <= d.scale_max END)
      FROM dimensions d, raters r WHERE d.id = NEW.dimension_id AND r.id = NEW.rater_id)
BEGIN SELECT RAISE(ABORT, 'a rating must lie inside its dimension''s scale'); END;
CREATE TRIGGER rating_in_scale_update BEFORE UPDATE OF value, dimension_id, rater_id ON ratings
WHEN (SELECT NOT (CASE WHEN r.kind = 'judge' AND r.protocol = 'llmscore' THEN NEW.value >= 0 AND NEW.value <= 1
                       ELSE NEW.value >= d.scale_min AND NEW.value <= d.scale_max END)
      FROM dimensions d, raters r WHERE d.id = NEW.dimension_id AND r.id = NEW.rater_id)
BEGIN SELECT RAISE(ABORT, 'a rating must lie inside its dimension''s scale'); END;
CREATE TRIGGER rating_on_labels BEFORE INSERT ON ratings
WHEN EXISTS (SELECT 1 FROM dimensions d JOIN raters r ON r.id = NEW.rater_id
             WHERE d.id = NEW.dimension_id AND NEW.value - d.scale_min <> round(NEW.value - d.scale_min)
             AND r.kind = 'human' AND json_valid(d.labels) AND json_array_length(d.labels) > 0)
BEGIN SELECT RAISE(ABORT, 'a person''s rating must be one of its dimension''s labelled points'); END;
CREATE TRIGGER rating_on_labels_update BEFORE UPDATE OF value, dimension_id, rater_id ON ratings
WHEN EXISTS (SELECT 1 FROM dimensions d JOIN raters r ON r.id = NEW.rater_id
             WHERE d.id = NEW.dimension_id AND NEW.value - d.scale_min <> round(NEW.value - d.scale_min)
             AND r.kind = 'human' AND json_valid(d.labels) AND json_array_length(d.labels) > 0)
BEGIN SELECT RAISE(ABORT, 'a person''s rating must be one of its dimension''s labelled points'); END;
CREATE TRIGGER dimension_keeps_its_ratings BEFORE UPDATE OF scale_min, scale_max, labels ON dimensions
WHEN EXISTS (SELECT 1 FROM ratings g JOIN raters r ON r.id = g.rater_id WHERE g.dimension_id = NEW.id
             AND (NOT (r.kind = 'judge' AND r.protocol = 'llmscore' OR g.value >= NEW.scale_min AND g.value <= NEW.scale_max)
                  OR (r.kind = 'human' AND json_valid(NEW.labels) AND json_array_length(NEW.labels) > 0
                      AND g.value - NEW.scale_min <> round(g.value - NEW.scale_min))))
BEGIN SELECT RAISE(ABORT, 'a dimension''s scale must keep every rating made on it'); END;
CREATE TRIGGER ranking_in_document BEFORE INSERT ON rankings
WHEN NOT EXISTS (SELECT 1 FROM candidates c WHERE c.id = NEW.candidate_id AND c.document_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'a ranked summary must be a summary of the ranking''s document'); END;
CREATE TRIGGER ranking_in_document_update BEFORE UPDATE OF candidate_id, document_id ON rankings
WHEN NOT EXISTS (SELECT 1 FROM candidates c WHERE c.id = NEW.candidate_id AND c.document_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'a ranked summary must be a summary of the ranking''s document'); END;
CREATE TRIGGER rank_within_summaries BEFORE INSERT ON rankings
WHEN NEW.rank > (SELECT count(*) FROM candidates c WHERE c.document_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'a rank must lie between 1 and the number of the document''s summaries'); END;
CREATE TRIGGER rank_within_summaries_update BEFORE UPDATE OF rank, document_id ON rankings
WHEN NEW.rank > (SELECT count(*) FROM candidates c WHERE c.document_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'a rank must lie between 1 and the number of the document''s summaries'); END;
CREATE TRIGGER span_quotes_its_summary BEFORE INSERT ON error_spans
WHEN NOT EXISTS (SELECT 1 FROM candidates c WHERE c.id = NEW.candidate_id AND NEW.char_end <= length(c.text)
                 AND substr(c.text, NEW.char_start + 1, NEW.char_end - NEW.char_start) = NEW.quote)
BEGIN SELECT RAISE(ABORT, 'an error span must lie inside its summary and quote the text at its offsets'); END;
CREATE TRIGGER span_quotes_its_summary_update BEFORE UPDATE OF candidate_id, char_start, char_end, quote ON error_spans
WHEN NOT EXISTS (SELECT 1 FROM candidates c WHERE c.id = NEW.candidate_id AND NEW.char_end <= length(c.text)
                 AND substr(c.text, NEW.char_start + 1, NEW.char_end - NEW.char_start) = NEW.quote)
BEGIN SELECT RAISE(ABORT, 'an error span must lie inside its summary and quote the text at its offsets'); END;
CREATE TRIGGER summary_keeps_its_spans BEFORE UPDATE OF text ON candidates
WHEN EXISTS (SELECT 1 FROM error_spans s WHERE s.candidate_id = NEW.id AND (s.char_end > length(NEW.text)
             OR substr(NEW.text, s.char_start + 1, s.char_end - s.char_start) <> s.quote))
BEGIN SELECT RAISE(ABORT, 'a summary''s text must keep the quotes of its error spans'); END;
CREATE TRIGGER unit_of_document BEFORE INSERT ON unit_marks
WHEN NOT EXISTS (SELECT 1 FROM candidates c JOIN documents d ON d.id = c.document_id WHERE c.id = NEW.candidate_id
                 AND json_valid(d.scus) AND NEW.unit_index < json_array_length(d.scus))
BEGIN SELECT RAISE(ABORT, 'a content unit must be one of its document''s units'); END;
CREATE TRIGGER unit_of_document_update BEFORE UPDATE OF candidate_id, unit_index ON unit_marks
WHEN NOT EXISTS (SELECT 1 FROM candidates c JOIN documents d ON d.id = c.document_id WHERE c.id = NEW.candidate_id
                 AND json_valid(d.scus) AND NEW.unit_index < json_array_length(d.scus))
BEGIN SELECT RAISE(ABORT, 'a content unit must be one of its document''s units'); END;
CREATE TRIGGER document_keeps_its_units BEFORE UPDATE OF scus ON documents
WHEN EXISTS (SELECT 1 FROM unit_marks m JOIN candidates c ON c.id = m.candidate_id WHERE c.document_id = NEW.id
             AND NOT (json_valid(NEW.scus) AND m.unit_index < json_array_length(NEW.scus)))
BEGIN SELECT RAISE(ABORT, 'a document''s content units must keep every mark made on them'); END;
CREATE TRIGGER pair_of_one_document BEFORE INSERT ON pairwise_outcomes
WHEN NOT EXISTS (SELECT 1 FROM candidates a JOIN candidates b ON b.document_id = a.document_id
                 WHERE a.id = NEW.candidate_a AND b.id = NEW.candidate_b)
BEGIN SELECT RAISE(ABORT, 'a pairwise verdict must be between two summaries of one document'); END;
CREATE TRIGGER pair_of_one_document_update BEFORE UPDATE OF candidate_a, candidate_b ON pairwise_outcomes
WHEN NOT EXISTS (SELECT 1 FROM candidates a JOIN candidates b ON b.document_id = a.document_id
                 WHERE a.id = NEW.candidate_a AND b.id = NEW.candidate_b)
BEGIN SELECT RAISE(ABORT, 'a pairwise verdict must be between two summaries of one document'); END;
CREATE TRIGGER explanation_dimension BEFORE INSERT ON explanations
WHEN NEW.dimension_id <> 0 AND NOT EXISTS (SELECT 1 FROM dimensions d WHERE d.id = NEW.dimension_id)
BEGIN SELECT RAISE(ABORT, 'an explanation''s dimension must be one of the study''s dimensions'); END;
CREATE TRIGGER explanation_dimension_update BEFORE UPDATE OF dimension_id ON explanations
WHEN NEW.dimension_id <> 0 AND NOT EXISTS (SELECT 1 FROM dimensions d WHERE d.id = NEW.dimension_id)
BEGIN SELECT RAISE(ABORT, 'an explanation''s dimension must be one of the study''s dimensions'); END;
CREATE TRIGGER dimension_keeps_its_explanations BEFORE DELETE ON dimensions
WHEN EXISTS (SELECT 1 FROM explanations e WHERE e.dimension_id = OLD.id)
BEGIN SELECT RAISE(ABORT, 'a dimension with explanations cannot be removed'); END;
)sql";

// Version 5: label plans (active inference). A plan says which summaries of a dimension to label next: each
// candidate's probability of being drawn, from the judge's uncertainty, and whether the seeded draw took it.
// The probabilities are kept because every estimate from the planned labels weights each label by the
// inverse of its probability. settings holds the rest of what made the plan (the judges compared for
// disagreement, what the uncertainty was read from), as JSON.
constexpr std::string_view kVersion5 = R"sql(
CREATE TABLE label_plans (
    id            INTEGER PRIMARY KEY,
    judge_id      INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    dimension_id  INTEGER NOT NULL REFERENCES dimensions(id) ON DELETE CASCADE,
    annotator_id  INTEGER REFERENCES raters(id) ON DELETE SET NULL,
    strategy      TEXT NOT NULL CHECK (strategy IN ('uniform', 'uncertainty', 'disagreement')),
    budget        REAL NOT NULL CHECK (budget > 0),
    uniform_share REAL NOT NULL CHECK (uniform_share > 0 AND uniform_share <= 1),
    seed          INTEGER NOT NULL CHECK (seed >= 0),
    settings      TEXT NOT NULL DEFAULT '{}',
    created_at    TEXT NOT NULL
);
CREATE TABLE label_plan_items (
    plan_id      INTEGER NOT NULL REFERENCES label_plans(id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    probability  REAL NOT NULL CHECK (probability > 0 AND probability <= 1),
    drawn        INTEGER NOT NULL CHECK (drawn IN (0, 1)),
    PRIMARY KEY (plan_id, candidate_id)
) WITHOUT ROWID;
CREATE INDEX label_plan_items_by_candidate ON label_plan_items(candidate_id);
)sql";

// Version 6: assignment and review. Which documents a lead gave each annotator (their queue), and whether a
// document is one of the calibration set everyone annotates. How the assignment was made (documents per
// annotator, the calibration share, the seed) is kept in study_info under "assignment". Only people are
// assigned. Each review decision on an annotator's work on a document: accepted, rejected with a comment
// (and sent back to them or to another person), or adjudicated (the final labels are the ratings of the
// rater "adjudicated", in the group of that name). Decisions are a record: never changed.
// The held-out split: each document in dev (looked at while a judge or metric is tuned) or test (held out);
// how it was made (the dev share, the seed, when) is kept in study_info under "split".
constexpr std::string_view kVersion6 = R"sql(
CREATE TABLE assignments (
    annotator_id INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    document_id  INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    calibration  INTEGER NOT NULL DEFAULT 0 CHECK (calibration IN (0, 1)),
    assigned_at  TEXT NOT NULL,
    PRIMARY KEY (annotator_id, document_id)
) WITHOUT ROWID;
CREATE INDEX assignments_by_document ON assignments(document_id);
CREATE TRIGGER assignment_to_a_person BEFORE INSERT ON assignments
WHEN NOT EXISTS (SELECT 1 FROM raters r WHERE r.id = NEW.annotator_id AND r.kind = 'human')
BEGIN SELECT RAISE(ABORT, 'documents are assigned to people only, not to a judge or a metric'); END;
CREATE TRIGGER assignment_to_a_person_update BEFORE UPDATE OF annotator_id ON assignments
WHEN NOT EXISTS (SELECT 1 FROM raters r WHERE r.id = NEW.annotator_id AND r.kind = 'human')
BEGIN SELECT RAISE(ABORT, 'documents are assigned to people only, not to a judge or a metric'); END;
CREATE TABLE reviews (
    id           INTEGER PRIMARY KEY,
    annotator_id INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    document_id  INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    reviewer     TEXT NOT NULL CHECK (length(reviewer) > 0),
    decision     TEXT NOT NULL CHECK (decision IN ('accepted', 'rejected', 'adjudicated')),
    comment      TEXT NOT NULL DEFAULT '',
    returned_to  INTEGER REFERENCES raters(id) ON DELETE SET NULL,
    decided_at   TEXT NOT NULL,
    CHECK (decision <> 'rejected' OR length(comment) > 0),
    CHECK (returned_to IS NULL OR decision = 'rejected')
);
CREATE INDEX reviews_by_document ON reviews(document_id);
CREATE TRIGGER review_is_a_record BEFORE UPDATE ON reviews
BEGIN SELECT RAISE(ABORT, 'a review decision is a record and is never changed'); END;
CREATE TRIGGER review_of_a_person BEFORE INSERT ON reviews
WHEN NOT EXISTS (SELECT 1 FROM raters r WHERE r.id = NEW.annotator_id AND r.kind = 'human')
  OR (NEW.returned_to IS NOT NULL AND NOT EXISTS (SELECT 1 FROM raters r WHERE r.id = NEW.returned_to AND r.kind = 'human'))
BEGIN SELECT RAISE(ABORT, 'a review is of a person''s work, and returned work goes to a person'); END;
CREATE TRIGGER assigned_stays_a_person BEFORE UPDATE OF kind ON raters
WHEN NEW.kind <> 'human' AND (EXISTS (SELECT 1 FROM assignments a WHERE a.annotator_id = NEW.id)
                              OR EXISTS (SELECT 1 FROM reviews v WHERE NEW.id IN (v.annotator_id, v.returned_to)))
BEGIN SELECT RAISE(ABORT, 'a rater with assigned or reviewed documents stays a person'); END;
CREATE TABLE document_splits (
    document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    split       TEXT NOT NULL CHECK (split IN ('dev', 'test'))
) WITHOUT ROWID; -- keyed by the document, not numbered: its PostgreSQL twin has no identity either
)sql";

// Version 7: when people made their edits. One row per edit the Annotate view saved, with the time the
// annotator made it (an edit that waited offline keeps its own), on the document it touched: time per
// document and throughput are computed from these. A record kept beside the work, not part of it: work
// imported or merged from a package has no times.
constexpr std::string_view kVersion7 = R"sql(
CREATE TABLE edit_times (
    id          INTEGER PRIMARY KEY,
    rater_id    INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    made_at     TEXT NOT NULL
        CHECK (made_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z')
);
CREATE INDEX edit_times_by_rater ON edit_times(rater_id, made_at);
CREATE INDEX edit_times_by_document ON edit_times(document_id);
)sql";

// Version 8: a label plan's undrawn summaries in one value. A plan over a million summaries draws a few
// thousand; a row for each of the others, with its key, its index and two references, took longer to store
// than the plan to make. label_plan_items keeps the drawn ones (and every one of a plan stored before), the
// pool the others with their probabilities, 16 bytes each (store/plan_pool: the id and the probability,
// little-endian), read and checked whole whenever the plan is.
constexpr std::string_view kVersion8 = R"sql(
CREATE TABLE label_plan_pools (
    plan_id INTEGER NOT NULL PRIMARY KEY REFERENCES label_plans(id) ON DELETE CASCADE,
    entries BLOB NOT NULL CHECK (typeof(entries) = 'blob' AND length(entries) % 16 = 0)
) WITHOUT ROWID; -- keyed by the plan, not numbered: its PostgreSQL twin has no identity either
)sql";

// Version 9: batches sent to a provider's batch API. A batch's row and its requests are committed before it is
// submitted (state 'submitting', no remote id yet), so a process killed at any moment leaves a row saying where
// to look: the provider's id once it answered, the state last polled, 'fetched' once every result is stored. The
// rules: a batch past submitting has its provider's id, which never changes; a fetched batch stays fetched.
constexpr std::string_view kVersion9 = R"sql(
CREATE TABLE judge_batches (
    id           INTEGER PRIMARY KEY,
    run_id       INTEGER NOT NULL REFERENCES judge_runs(id) ON DELETE CASCADE,
    provider     TEXT NOT NULL CHECK (provider IN ('openai', 'anthropic')),
    token        TEXT NOT NULL UNIQUE CHECK (length(token) BETWEEN 1 AND 64),
    remote_id    TEXT UNIQUE CHECK (remote_id IS NULL OR length(remote_id) BETWEEN 1 AND 200),
    state        TEXT NOT NULL CHECK (state IN ('submitting', 'validating', 'in_progress', 'finalizing', 'completed',
                                                'failed', 'expired', 'cancelling', 'cancelled', 'fetched')),
    submitted_at TEXT NOT NULL
        CHECK (submitted_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    polled_at    TEXT
        CHECK (polled_at IS NULL
               OR polled_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    CHECK (state = 'submitting' OR remote_id IS NOT NULL)
);
CREATE INDEX judge_batches_by_run ON judge_batches(run_id);
CREATE TRIGGER judge_batch_keeps_its_id BEFORE UPDATE OF remote_id ON judge_batches
WHEN OLD.remote_id IS NOT NULL AND NEW.remote_id IS NOT OLD.remote_id
BEGIN SELECT RAISE(ABORT, 'a batch keeps the id its provider gave it'); END;
CREATE TRIGGER judge_batch_stays_fetched BEFORE UPDATE OF state ON judge_batches
WHEN OLD.state = 'fetched' AND NEW.state <> 'fetched'
BEGIN SELECT RAISE(ABORT, 'a batch whose results are stored stays fetched'); END;
CREATE TABLE judge_batch_requests (
    batch_id     INTEGER NOT NULL REFERENCES judge_batches(id) ON DELETE CASCADE,
    custom_id    TEXT NOT NULL CHECK (length(custom_id) BETWEEN 1 AND 64),
    request_hash TEXT NOT NULL CHECK (length(request_hash) = 64),
    sample_index INTEGER NOT NULL CHECK (sample_index >= 0),
    PRIMARY KEY (batch_id, custom_id)
) WITHOUT ROWID;
)sql";

constexpr std::array<std::string_view, 9> kMigrations{kVersion1, kVersion2, kVersion3, kVersion4, kVersion5,
                                                      kVersion6, kVersion7, kVersion8, kVersion9};

} // namespace

int Schema::currentVersion()
{
    return static_cast<int>(kMigrations.size());
}

std::span<const std::string_view> Schema::migrations()
{
    return kMigrations;
}

void Schema::migrate(Database &db, int fromVersion)
{
    migrate(db, fromVersion, kMigrations);
    db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
}

void Schema::migrate(Database &db, int fromVersion, std::span<const std::string_view> migrations)
{
    // A migration may rebuild a table others refer to: with foreign keys on, dropping the old table
    // would delete (ON DELETE CASCADE) every row referring to it. The pragma is a no-op inside a
    // transaction, so it is switched off around it, and the references are checked before the commit.
    db.exec("PRAGMA foreign_keys = OFF");
    try {
        Transaction tx(db);
        for (int v = fromVersion; v < static_cast<int>(migrations.size()); ++v)
            db.exec(migrations[static_cast<std::size_t>(v)]);
        auto check = db.prepare("PRAGMA foreign_key_check");
        if (check.step())
            fail("migrating the study broke a reference in table " + check.textAt(0));
        db.exec("PRAGMA user_version = " + std::to_string(migrations.size()));
        tx.commit();
    } catch (...) {
        db.exec("PRAGMA foreign_keys = ON");
        throw;
    }
    db.exec("PRAGMA foreign_keys = ON");
}

} // namespace concord::store
