// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace concord::test {

// A small study for the GUI tests, written through core in one transaction:
// three documents (the second with a requirement and an article that looks like markup),
// two systems, five candidates, one Likert dimension, one rater with two ratings.
struct SmallStudy {
    static constexpr int documents = 3;
    static QStringList documentIds();        // "doc-1", "doc-2", "doc-3"
    static QString article(int index);       // 0-based
    static QString requirement();            // of doc-2
    static QStringList summaries(int index); // the candidates' texts, in study order
    static QStringList systems();            // "alpha", "R&D bot"

    // Creates the study at path; returns an empty string on success, else the error.
    static QString create(const QString &path);
};

} // namespace concord::test
