// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/csv_read_ahead.h"

#include <string>
#include <utility>

namespace concord::io {

CsvReadAhead::CsvReadAhead(CsvReader &reader)
    : m_reader(reader)
    , m_thread([this] { read(); })
{ }

CsvReadAhead::~CsvReadAhead()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void CsvReadAhead::read()
{
    for (;;) {
        Batch batch;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_stop || m_ready.size() < kBatchesAhead; });
            if (m_stop)
                return;
            if (!m_spare.empty()) {
                batch = std::move(m_spare.back());
                m_spare.pop_back();
            }
        }
        batch.count = 0;
        batch.end = false;
        batch.failure = nullptr;
        batch.records.resize(kBatchRecords);
        try {
            std::size_t bytes = 0;
            while (batch.count < kBatchRecords && bytes < kBatchBytes && !batch.end) {
                CsvRecord &record = batch.records[batch.count];
                // A record that once held a very long field gives that memory back.
                for (auto &field : record.fields)
                    if (field.capacity() > kBatchBytes / kBatchRecords)
                        std::string().swap(field);
                if (m_reader.next(record)) {
                    ++batch.count;
                    for (const auto &field : record.fields)
                        bytes += field.size();
                } else {
                    batch.end = true;
                }
            }
        } catch (...) {
            batch.failure = std::current_exception();
        }
        const bool last = batch.end || batch.failure;
        {
            const std::lock_guard lock(m_mutex);
            m_ready.push_back(std::move(batch));
        }
        m_changed.notify_all();
        if (last)
            return;
    }
}

bool CsvReadAhead::next(CsvRecord &record)
{
    for (;;) {
        if (m_taken < m_current.count) {
            // A swap hands the caller's previous record back to the batch, memory and all.
            std::swap(record, m_current.records[m_taken++]);
            return true;
        }
        if (m_current.failure)
            std::rethrow_exception(m_current.failure);
        if (m_current.end)
            return false;
        {
            std::unique_lock lock(m_mutex);
            if (!m_current.records.empty())
                m_spare.push_back(std::move(m_current));
            m_changed.wait(lock, [this] { return !m_ready.empty(); });
            m_current = std::move(m_ready.front());
            m_ready.pop_front();
        }
        m_changed.notify_all();
        m_taken = 0;
    }
}

} // namespace concord::io
