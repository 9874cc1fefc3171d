// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace concord::test {

// One message of a Qt Linguist .ts file.
struct TsMessage {
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;             // the translation's type: "" when finished, "unfinished", "vanished", "obsolete"
    QStringList translations; // the translation, or each numerus form
    qint64 line = 0;
};

// The messages of a .ts file in file order; error says where the XML is broken (empty when it is not).
struct TsFile {
    QString language;
    QList<TsMessage> messages;
    QString error;
};

TsFile readTs(const QByteArray &xml);
TsFile readTsFile(const QString &path);

} // namespace concord::test
