// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/document_loader.h"

#include "common/background_job.h"
#include "common/study_session.h"
#include "store/pg_connection.h"
#include "store/statement.h"
#include "store/study.h"

namespace concord::ui {

// The loader's connection, made by the first read and used by one worker at a time; a read still running when
// the study changed or the loader went away keeps it alive until it ends, and its result goes nowhere.
struct DocumentLoader::Line {
    std::string connection;
    std::unique_ptr<store::Study> study;
};

namespace {

struct Outcome {
    std::shared_ptr<const store::AnnotatorDocument> document;
    bool connectionLost = false;
};

} // namespace

DocumentLoader::DocumentLoader(StudySession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    // Another study: another connection; a read of the old one still running is dropped when it arrives.
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (m_line && m_line->connection == m_session->path().toStdString())
            return;
        m_line.reset();
        m_waiting.reset();
        ++m_asked;
    });
}

DocumentLoader::~DocumentLoader() = default;

model::Id DocumentLoader::pendingDocument() const
{
    if (m_waiting)
        return m_waiting->document;
    // A read running for a request since cancelled or replaced arrives nowhere.
    return m_running && m_runningAsked == m_asked ? m_runningDocument : 0;
}

void DocumentLoader::load(store::AnnotatorDocument::Request request)
{
    ++m_asked;
    m_waiting = std::move(request);
    if (!m_running)
        start();
}

void DocumentLoader::cancel()
{
    ++m_asked;
    m_waiting.reset();
}

void DocumentLoader::start()
{
    if (!m_waiting)
        return;
    if (!m_line)
        m_line = std::make_shared<Line>();
    m_line->connection = m_session->path().toStdString();
    const store::AnnotatorDocument::Request request = std::move(*m_waiting);
    m_waiting.reset();
    m_running = true;
    m_runningDocument = request.document;
    const quint64 asked = m_asked;
    m_runningAsked = asked;
    runInBackground<Outcome>(
        this,
        [line = m_line, request]() -> Result<Outcome> {
            Outcome outcome;
            // A connection kept from an earlier read may have been ended meanwhile (the server restarted):
            // once, the read is made again over a new one before the server counts as away.
            for (int attempt = 0; attempt < 2; ++attempt) {
                const bool fresh = !line->study;
                if (fresh) {
                    auto opened = store::Study::open(line->connection);
                    if (!opened) {
                        // A server that cannot be reached is away for a while; one that answers but whose study
                        // will not open says why.
                        const Status reached = captureStatus([&] { store::PgConnection probe(line->connection); });
                        if (reached)
                            return opened.error();
                        outcome.connectionLost = true;
                        return outcome;
                    }
                    line->study = std::move(opened).value();
                }
                try {
                    outcome.document = std::make_shared<const store::AnnotatorDocument>(
                        store::AnnotatorDocument::read(*line->study, request));
                    return outcome;
                } catch (const store::ConnectionLost &) {
                    line->study.reset();
                    if (fresh) {
                        outcome.connectionLost = true;
                        return outcome;
                    }
                }
            }
            outcome.connectionLost = true;
            return outcome;
        },
        [this, asked, document = request.document, rater = request.rater](Result<Outcome> done) {
            m_running = false;
            m_runningDocument = 0;
            if (asked == m_asked) {
                Arrival arrival;
                arrival.document = document;
                arrival.rater = rater;
                if (!done) {
                    arrival.read = done.error();
                    arrival.connectionLost = !m_session->isOpen() || m_session->isOffline();
                } else if (done.value().connectionLost) {
                    arrival.read = Error{"the team study's server cannot be reached", {}, 0, {}};
                    arrival.connectionLost = true;
                } else {
                    arrival.read = done.value().document;
                }
                Q_EMIT arrived(arrival);
            }
            start();
        });
}

} // namespace concord::ui
