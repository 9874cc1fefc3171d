// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ts_file.h"

#include <QFile>
#include <QXmlStreamReader>

#include <optional>

namespace concord::test {

TsFile readTs(const QByteArray &xml)
{
    TsFile file;
    QXmlStreamReader reader(xml);
    QString context;
    std::optional<TsMessage> message;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const auto name = reader.name();
            if (name == QLatin1String("TS")) {
                file.language = reader.attributes().value(QLatin1String("language")).toString();
            } else if (name == QLatin1String("name") && !message) {
                context = reader.readElementText();
            } else if (name == QLatin1String("message")) {
                message = TsMessage{};
                message->context = context;
                message->numerus = reader.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                message->line = reader.lineNumber();
            } else if (message && name == QLatin1String("source")) {
                message->source = reader.readElementText();
            } else if (message && name == QLatin1String("comment")) {
                message->comment = reader.readElementText();
            } else if (message && name == QLatin1String("translation")) {
                message->type = reader.attributes().value(QLatin1String("type")).toString();
                if (!message->numerus)
                    message->translations << reader.readElementText(QXmlStreamReader::IncludeChildElements);
            } else if (message && name == QLatin1String("numerusform")) {
                message->translations << reader.readElementText();
            }
        } else if (reader.isEndElement() && reader.name() == QLatin1String("message") && message) {
            file.messages << *message;
            message.reset();
        }
    }
    if (reader.hasError())
        file.error = QStringLiteral("line %1: %2").arg(reader.lineNumber()).arg(reader.errorString());
    return file;
}

TsFile readTsFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        TsFile failed;
        failed.error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return failed;
    }
    return readTs(file.readAll());
}

} // namespace concord::test
