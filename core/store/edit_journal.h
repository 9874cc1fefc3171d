// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/annotation_edit.h"
#include "store/database.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace concord::store {

// The edits of one annotator on one team study that the server has not committed yet, in the order they
// were made, kept in a small SQLite file of their own beside the settings (not in the study: the study is
// on the server that is away). One file serves several studies and raters: each journal reads and writes
// only the entries of its own study (the connection string without password) and rater.
//
// Every append is committed with synchronous=FULL before it returns, so killing the process at any moment
// after that, or losing power, loses nothing appended. Methods throw concord::Failure.
class EditJournal {
public:
    // Opens PATH, creating the file and its table when missing.
    static Result<std::unique_ptr<EditJournal>> open(const std::string &path, std::string study, std::string rater);

    // What a study is called in the journal: a team study's connection string without its password (it
    // must never be written to disk), or the study file's path.
    static std::string studyKey(const std::string &pathOrUri);

    void append(const AnnotationEdit &edit);
    // The waiting edits, oldest first.
    std::vector<AnnotationEdit> pending();
    // Takes out the edit with this id (sent); nothing when it is not there.
    void remove(const std::string &editId);
    // The waiting edits.
    std::int64_t count();

    // An edit the study refused (a rule it breaks: its summary or span is gone) no longer waits, so the
    // edits after it can be sent, but it stays in the file with the reason, for the annotator to see.
    void setAside(const std::string &editId, const std::string &reason);
    // The edits set aside, oldest first, each with its reason.
    std::vector<std::pair<AnnotationEdit, std::string>> setAside();
    // An edit set aside waits again, as if made now (after every edit waiting): the annotator enters it again
    // once what the study refused is mended. Nothing when no edit of that id is set aside.
    void sendAgain(const std::string &editId);

    const std::string &path() const { return m_db.path(); }
    const std::string &study() const { return m_study; }
    const std::string &rater() const { return m_rater; }

    EditJournal(Database db, std::string study, std::string rater);

private:
    AnnotationEdit entry(std::int64_t seq, const std::string &json) const;

    Database m_db;
    std::string m_study;
    std::string m_rater;
};

} // namespace concord::store
