// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/annotation_edit.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace concord::store {

class EditJournal;
class Study;

// Sends an annotator's edits to their study so that none is ever lost or applied twice.
//
// On a team study every edit is committed in one transaction together with its id in
// concord_applied_edits. When the connection is lost the edit goes to the journal, and so does every edit
// made while others wait there, to keep their order; flush() sends them once the server is back. An edit
// whose commit was in doubt (the connection dropped while COMMIT ran) is sent again, finds its id on the
// server and is skipped, so it is applied once. On a study file a write is never in doubt: submit() just
// writes and the journal is never used.
class EditSender {
public:
    enum class Outcome {
        Saved,  // the study committed it
        Queued, // it waits in the journal for the server
    };

    // What one flush() did.
    struct FlushReport {
        std::size_t sent = 0;           // committed now
        std::size_t alreadyApplied = 0; // found committed by an earlier send whose answer was lost
        // Refused by the study (a broken rule: a summary or span that is no longer there): set aside in the
        // journal with the reason (EditJournal::setAside), since sending them again cannot succeed and would
        // hold back the edits after them.
        std::vector<std::pair<AnnotationEdit, Error>> refused;
        // Nothing waits any more; false: the connection was lost on the way, or the server was busy
        // (a serialization failure or deadlock): the rest waits for the next flush.
        bool complete = false;
        // The server was busy (a conflict, a deadlock, a lock held too long): worth trying again soon, with
        // the connection as it is.
        bool busy = false;
    };

    // Brings the study's connection back, throwing ConnectionLost while the server is away; by default
    // Study::reconnect().
    using Reconnect = std::function<void()>;

    // journal may be null for a study file. The study and the journal must outlive the sender.
    EditSender(Study &study, EditJournal *journal, Reconnect reconnect = {});

    // Saved or Queued (also when a busy server turned it back: it is sent again with the next flush); an
    // Error when the study refuses the edit (nothing is journaled) or the journal cannot be written.
    Result<Outcome> submit(const AnnotationEdit &edit);
    // Sends the waiting edits in order, reconnecting first when the connection was lost. Call it after
    // opening (an earlier session may have left edits), and again and again, with pauses, while edits wait.
    Result<FlushReport> flush();

    // Edits waiting in the journal.
    std::int64_t pending();
    // Of these edit ids, those a team study's server has committed (recorded with their edits). Throws
    // concord::Failure.
    static std::set<std::string> committed(Study &study, const std::vector<std::string> &ids);
    // False from a lost connection until a flush reaches the server again.
    bool online() const { return m_online; }
    // Whether edits go to a team study's server (with ids recorded) rather than a study file.
    bool isShared() const { return m_shared; }

private:
    // Commits the edit with its id unless its id is on the server already; true when it applied it now.
    bool send(const AnnotationEdit &edit);

    Study &m_study;
    EditJournal *m_journal;
    Reconnect m_reconnect;
    bool m_shared = false;
    bool m_online = true;
};

} // namespace concord::store
