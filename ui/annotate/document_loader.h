// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"
#include "store/annotator_document.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace concord::ui {

class StudySession;

// Reads what the Annotate view shows of a document (store::AnnotatorDocument) from a team study on a worker
// thread, over a connection of the loader's own kept from one read to the next, so that opening a document
// never holds the GUI thread for the server's round trips, nor for a network that went quiet. One read runs at
// a time; a document asked for while one runs replaces any still waiting: moving quickly through the list reads
// the document the annotator stopped at, not each one passed.
class DocumentLoader : public QObject {
    Q_OBJECT
public:
    struct Arrival {
        model::Id document = 0;
        model::Id rater = 0; // whose judgements were read
        Result<std::shared_ptr<const store::AnnotatorDocument>> read = Error{};
        // The server could not be reached: the read failed for the connection, not for the document.
        bool connectionLost = false;
    };

    explicit DocumentLoader(StudySession *session, QObject *parent = nullptr);
    ~DocumentLoader() override;

    void load(store::AnnotatorDocument::Request request);
    // Nothing asked so far arrives (the annotator went back to the document shown).
    void cancel();
    // The document asked for and not arrived yet (0: none).
    model::Id pendingDocument() const;
    bool isLoading() const { return m_running; }

Q_SIGNALS:
    // On the GUI thread, for the newest document asked for only: an older read that arrives late is dropped.
    void arrived(const concord::ui::DocumentLoader::Arrival &arrival);

private:
    struct Line;
    void start();

    StudySession *m_session;
    std::shared_ptr<Line> m_line;
    bool m_running = false;
    model::Id m_runningDocument = 0;
    quint64 m_runningAsked = 0;
    std::optional<store::AnnotatorDocument::Request> m_waiting;
    // Counts the requests: only the newest one's arrival is reported.
    quint64 m_asked = 0;
};

} // namespace concord::ui
