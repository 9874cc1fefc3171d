// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/provider.h"
#include "model/judge_call.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace concord::ui {

// A judge's calls as the calls browser lists them: one row per call, the texts kept whole (the
// detail pane shows them) and shortened to one line in the table. Untrusted text: display only.
class JudgeCallModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Method: how a geval or llmscore value was obtained (token probabilities, samples, one answer).
    enum Column {
        IdColumn,
        DocumentColumn,
        DimensionColumn,
        ValidColumn,
        ValueColumn,
        MethodColumn,
        ReasonColumn,
        PromptColumn,
        AnswerColumn,
        TokensColumn,
        LatencyColumn,
        ColumnCount
    };
    // The whole call as one plain text, for the detail pane.
    static constexpr int DetailRole = Qt::UserRole + 1;
    // "valid" or "invalid", for the validity filter.
    static constexpr int ValidityRole = Qt::UserRole + 2;

    explicit JudgeCallModel(QObject *parent = nullptr);

    // Names for the ids the calls carry. With the provider the calls went to, the answer column shows
    // the model's text read from the stored HTTP body; without one (recorded answers) the raw text.
    void setCalls(std::vector<model::JudgeCall> calls, QHash<model::Id, QString> documentNames,
                  QHash<model::Id, QString> dimensionNames, std::optional<judge::ProviderKind> provider = std::nullopt);
    // Calls stored since (of larger ids than lastId()), as a run goes on: added at the end, with the names and
    // the provider of the last setCalls.
    void appendCalls(std::vector<model::JudgeCall> calls);
    // The id of the last call listed (calls are listed in id order); 0 when none.
    model::Id lastId() const;
    void clear();
    const model::JudgeCall *call(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The scoring method recorded with a call, as the table shows it; empty when none is recorded.
    static QString methodText(const model::JudgeCall &call);

private:
    QString detail(const model::JudgeCall &call, const QString &answer) const;
    QString answerText(const model::JudgeCall &call) const;

    std::vector<model::JudgeCall> m_calls;
    std::vector<QString> m_answers;            // the model's text of each call
    std::unique_ptr<judge::Provider> m_reader; // reads the answers' HTTP bodies; none for recorded answers
    QHash<model::Id, QString> m_documentNames;
    QHash<model::Id, QString> m_dimensionNames;
};

} // namespace concord::ui
