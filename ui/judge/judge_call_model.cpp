// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/judge_call_model.h"

#include "judge/answer/scoring_method.h"

#include <QLocale>

namespace concord::ui {

namespace {

constexpr int maxCellLength = 160;

// One line of at most maxCellLength characters: a table cell, not the whole prompt.
QString oneLine(const std::string &text)
{
    QString s = QString::fromStdString(text.substr(0, 4 * maxCellLength)).simplified();
    if (s.size() > maxCellLength)
        s = s.left(maxCellLength - 1) + QChar(0x2026);
    return s;
}

QString number(double value)
{
    return QLocale().toString(value, 'g', 6);
}

} // namespace

JudgeCallModel::JudgeCallModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

QString JudgeCallModel::methodText(const model::JudgeCall &call)
{
    switch (judge::scoringMethodOf(call)) {
    case judge::ScoringMethod::Logprobs:
        return tr("token probabilities");
    case judge::ScoringMethod::Samples:
        return tr("mean of samples");
    case judge::ScoringMethod::Single:
        return tr("single answer");
    case judge::ScoringMethod::Value:
        return tr("recorded value");
    case judge::ScoringMethod::Structured:
        return tr("structured answer");
    case judge::ScoringMethod::None:
        break;
    }
    return {};
}

void JudgeCallModel::setCalls(std::vector<model::JudgeCall> calls, QHash<model::Id, QString> documentNames,
                              QHash<model::Id, QString> dimensionNames, std::optional<judge::ProviderKind> provider)
{
    beginResetModel();
    m_calls = std::move(calls);
    // The provider's own reader turns the stored HTTP body into the model's text; the placeholders
    // only satisfy create() (no request is made, no key is read).
    m_reader.reset();
    if (provider) {
        auto created = judge::Provider::create({*provider, "http://127.0.0.1", "reader", {}});
        if (created)
            m_reader = std::move(created.value());
    }
    m_answers.clear();
    m_answers.reserve(m_calls.size());
    for (const model::JudgeCall &c : m_calls)
        m_answers.push_back(answerText(c));
    m_documentNames = std::move(documentNames);
    m_dimensionNames = std::move(dimensionNames);
    endResetModel();
}

void JudgeCallModel::appendCalls(std::vector<model::JudgeCall> calls)
{
    if (calls.empty())
        return;
    const int first = static_cast<int>(m_calls.size());
    beginInsertRows({}, first, first + static_cast<int>(calls.size()) - 1);
    for (model::JudgeCall &c : calls) {
        m_answers.push_back(answerText(c));
        m_calls.push_back(std::move(c));
    }
    endInsertRows();
}

model::Id JudgeCallModel::lastId() const
{
    return m_calls.empty() ? 0 : m_calls.back().id;
}

QString JudgeCallModel::answerText(const model::JudgeCall &c) const
{
    if (m_reader && c.httpStatus >= 200 && c.httpStatus < 300) {
        const auto parsed = m_reader->parseResponse(c.rawResponse);
        if (parsed) {
            QStringList texts;
            for (const judge::ChatChoice &choice : parsed.value().choices)
                texts << QString::fromStdString(choice.text);
            const QString answer = texts.join(QStringLiteral("\n―\n"));
            if (!answer.isNull())
                return answer;
        }
    }
    return QString::fromStdString(c.rawResponse);
}

void JudgeCallModel::clear()
{
    setCalls({}, {}, {});
}

const model::JudgeCall *JudgeCallModel::call(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_calls.size()))
        return nullptr;
    return &m_calls[static_cast<std::size_t>(row)];
}

int JudgeCallModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_calls.size());
}

int JudgeCallModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JudgeCallModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const model::JudgeCall &c = m_calls[static_cast<std::size_t>(index.row())];
    if (role == DetailRole)
        return detail(c, m_answers[static_cast<std::size_t>(index.row())]);
    if (role == ValidityRole)
        return c.valid ? QStringLiteral("valid") : QStringLiteral("invalid");
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case IdColumn:
        case ValueColumn:
        case TokensColumn:
        case LatencyColumn:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case IdColumn:
        return static_cast<qlonglong>(c.id);
    case DocumentColumn:
        return c.documentId ? m_documentNames.value(*c.documentId) : QString();
    case DimensionColumn:
        return c.dimensionId ? m_dimensionNames.value(*c.dimensionId) : QString();
    case ValidColumn:
        return c.valid ? tr("valid") : tr("invalid");
    case ValueColumn:
        return c.parsedValue ? number(*c.parsedValue) : QString();
    case MethodColumn:
        return methodText(c);
    case ReasonColumn:
        return oneLine(c.invalidReason.empty() ? c.error : c.invalidReason);
    case PromptColumn:
        return oneLine(c.prompt);
    case AnswerColumn: {
        const QString &answer = m_answers[static_cast<std::size_t>(index.row())];
        QString line = answer.left(4 * maxCellLength).simplified();
        return line.size() > maxCellLength ? line.left(maxCellLength - 1) + QChar(0x2026) : line;
    }
    case TokensColumn:
        return QStringLiteral("%1 + %2").arg(c.tokensIn).arg(c.tokensOut);
    case LatencyColumn:
        return QLocale().toString(c.latencyMs, 'f', 0);
    default:
        return {};
    }
}

QVariant JudgeCallModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // The column holds why an answer could not be read or a call failed, never the reason a valid answer gives.
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == ReasonColumn)
        return tr("Why the answer could not be read, or why the call failed; empty for a valid answer (its own "
                  "reasoning is in the answer)");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Call");
    case DocumentColumn:
        return tr("Document");
    case DimensionColumn:
        return tr("Dimension");
    case ValidColumn:
        return tr("Valid");
    case ValueColumn:
        return tr("Value");
    case MethodColumn:
        return tr("Method");
    case ReasonColumn:
        return tr("Problem");
    case PromptColumn:
        return tr("Prompt");
    case AnswerColumn:
        return tr("Answer");
    case TokensColumn:
        return tr("Tokens in + out");
    case LatencyColumn:
        return tr("Latency (ms)");
    default:
        return {};
    }
}

QString JudgeCallModel::detail(const model::JudgeCall &c, const QString &answer) const
{
    QString text;
    text += tr("Call %1 (run %2), sample %3, %4 attempt(s), HTTP %5\n")
                .arg(c.id)
                .arg(c.runId)
                .arg(c.sampleIndex)
                .arg(c.attempts)
                .arg(c.httpStatus);
    if (c.documentId)
        text += tr("Document: %1\n").arg(m_documentNames.value(*c.documentId));
    if (c.dimensionId)
        text += tr("Dimension: %1\n").arg(m_dimensionNames.value(*c.dimensionId));
    text += tr("Unit: %1\n").arg(QString::fromStdString(c.unit));
    text += c.valid ? tr("Valid; parsed value: %1\n").arg(c.parsedValue ? number(*c.parsedValue) : tr("none"))
                    : tr("Invalid: %1\n").arg(QString::fromStdString(c.invalidReason));
    if (const QString method = methodText(c); !method.isEmpty())
        text += tr("Scored by: %1\n").arg(method);
    if (!c.error.empty())
        text += tr("Error: %1\n").arg(QString::fromStdString(c.error));
    text += tr("Parsed: %1\n").arg(QString::fromStdString(c.parsed));
    text += tr("Tokens: %1 in, %2 out; cost %3; latency %4 ms\n")
                .arg(c.tokensIn)
                .arg(c.tokensOut)
                .arg(number(c.cost))
                .arg(QLocale().toString(c.latencyMs, 'f', 0));
    text += QStringLiteral("\n") + tr("── Prompt ──") + QStringLiteral("\n") + QString::fromStdString(c.prompt);
    text += QStringLiteral("\n\n") + tr("── Answer ──") + QStringLiteral("\n") + answer;
    text += QStringLiteral("\n\n") + tr("── Raw response ──") + QStringLiteral("\n")
            + QString::fromStdString(c.rawResponse);
    return text;
}

} // namespace concord::ui
