// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord_edit_annotator URI JOURNAL TAG N [PAUSE_MS]: one annotator of a team study, as their own login
// role, making N edits through store::EditSender with a journal of their own (the Annotate view's outbox
// sends its journal through one the same way, on a worker), PAUSE_MS apart (0 by default: as fast as the
// server answers).
// Edit I adds an error span of one character, noted "TAG-I", to the annotator's candidate I mod (candidates),
// quoting the summary there as the study's rules want: each edit adds one row that names it, so a test can
// count every edit on the server. After submit answers it
// prints "saved I ID" or "queued I ID" and flushes; queued edits are sent when the server is back. N = 0
// only sends what the journal holds (a killed annotator started again). It ends with "done" once its journal
// is empty, retrying a server that is away for up to a minute.
#include "store/annotation_edit.h"
#include "store/edit_journal.h"
#include "store/edit_sender.h"
#include "store/statement.h"
#include "store/study.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

using namespace concord;
using namespace concord::store;

namespace {

int failWith(const std::string &message)
{
    std::fprintf(stderr, "concord_edit_annotator: %s\n", message.c_str());
    return 1;
}

using Clock = std::chrono::steady_clock;

// A server that is away is tried again after a growing pause, for up to a minute in all.
class Backoff {
public:
    bool wait()
    {
        if (Clock::now() - m_start > std::chrono::seconds(60))
            return false;
        std::this_thread::sleep_for(m_pause);
        m_pause = std::min(m_pause * 2, std::chrono::milliseconds(200));
        return true;
    }
    void reset() { m_pause = std::chrono::milliseconds(5); }

private:
    Clock::time_point m_start = Clock::now();
    std::chrono::milliseconds m_pause{5};
};

} // namespace

int main(int argc, char **argv)
{
    if (argc != 5 && argc != 6)
        return failWith("usage: concord_edit_annotator URI JOURNAL TAG N [PAUSE_MS]");
    const std::string uri = argv[1];
    const std::string tag = argv[3];
    const int edits = std::atoi(argv[4]);
    const std::chrono::milliseconds pause(argc == 6 ? std::atoi(argv[5]) : 0);

    std::unique_ptr<Study> study;
    for (Backoff backoff;;) {
        auto opened = Study::open(uri);
        if (opened) {
            study = std::move(opened).value();
            break;
        }
        if (!backoff.wait())
            return failWith(opened.error().describe());
    }
    std::vector<model::Id> candidates;
    std::vector<std::string> texts;
    model::Id rater = 0;
    std::string raterName;
    for (Backoff backoff;;) {
        const Status read = captureStatus([&] {
            // The login role is the rater (the access rules show an annotator only themselves).
            const auto raters = study->raters();
            if (raters.size() != 1)
                fail("the annotator sees " + std::to_string(raters.size()) + " raters instead of themselves");
            rater = raters.front().id;
            raterName = raters.front().name;
            candidates.clear();
            texts.clear();
            for (const auto &c : study->candidates()) {
                if (c.text.empty())
                    fail("summary " + std::to_string(c.id) + " has no text to quote");
                candidates.push_back(c.id);
                texts.push_back(c.text);
            }
        });
        if (read)
            break;
        if (!backoff.wait())
            return failWith(read.error().describe());
        captureStatus([&] { study->reconnect(); }).ok();
    }
    if (candidates.empty())
        return failWith("the study has no candidates");

    auto journal = EditJournal::open(argv[2], EditJournal::studyKey(uri), raterName);
    if (!journal)
        return failWith(journal.error().describe());
    EditSender sender(*study, journal.value().get(), [&] { study->reconnect(); });

    for (int i = 0; i < edits; ++i) {
        if (i > 0 && pause.count() > 0)
            std::this_thread::sleep_for(pause);
        model::ErrorSpan span;
        span.raterId = rater;
        const std::size_t which = static_cast<std::size_t>(i) % candidates.size();
        // Summaries of ASCII text: a character is a byte.
        const std::size_t at = static_cast<std::size_t>(i) % texts[which].size();
        span.candidateId = candidates[which];
        span.start = static_cast<int>(at);
        span.end = static_cast<int>(at) + 1;
        span.quote = texts[which].substr(at, 1);
        span.note = tag + "-" + std::to_string(i);
        const AnnotationEdit edit = AnnotationEdit::addErrorSpan(span);
        const auto outcome = sender.submit(edit);
        if (!outcome)
            return failWith(outcome.error().describe());
        std::printf("%s %d %s\n", outcome.value() == EditSender::Outcome::Saved ? "saved" : "queued", i,
                    edit.id.c_str());
        std::fflush(stdout);
        // While edits wait, each new edit tries the server again (a refused connection answers at once).
        if (outcome.value() == EditSender::Outcome::Queued) {
            const auto flushed = sender.flush();
            if (!flushed)
                return failWith(flushed.error().describe());
        }
    }
    for (Backoff backoff; sender.pending() > 0;) {
        const auto flushed = sender.flush();
        if (!flushed)
            return failWith(flushed.error().describe());
        if (!flushed.value().refused.empty())
            return failWith("the server refused " + flushed.value().refused.front().first.id + ": "
                            + flushed.value().refused.front().second.describe());
        if (flushed.value().complete)
            break;
        if (!backoff.wait())
            return failWith("the server stayed away with " + std::to_string(sender.pending()) + " edits waiting");
    }
    std::printf("done\n");
    std::fflush(stdout);
    return 0;
}
