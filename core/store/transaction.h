// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace concord::store {

class Database;

// BEGIN IMMEDIATE on construction (the write lock is taken up front, so a busy study fails before
// any work is done), ROLLBACK on destruction unless commit() was called.
class Transaction {
public:
    explicit Transaction(Database &db);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    void commit();

private:
    Database &m_db;
    bool m_done = false;
};

// Many reads of a study file in one read transaction (WAL: one snapshot; writers go on): the file's locks are taken
// once rather than for every query, which for a plan of thousands of units is most of its time. Nothing for a team
// study, nor inside a transaction already open. Not for writes: a write inside it fails.
class ReadTogether {
public:
    explicit ReadTogether(Database &db);
    ~ReadTogether();
    ReadTogether(const ReadTogether &) = delete;
    ReadTogether &operator=(const ReadTogether &) = delete;

private:
    Database &m_db;
    bool m_open = false;
};

} // namespace concord::store
