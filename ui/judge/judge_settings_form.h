// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/protocol.h"
#include "judge/runner.h"
#include "model/dimension.h"
#include "model/rater.h"
#include "reports/correction_examples.h"

#include <QStringList>
#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace concord::ui {

// The Judges view's settings: the provider (a saved profile, kind, base URL, model, the NAME of the
// API key's environment variable, prices, its concurrency and rate limits) in one group, and in the "Run" group
// what to run (protocol, dimensions, judge name, document limit), below which the view adds its
// run controls. Provider profiles are kept by AppSettings, which never stores a key.
class JudgeSettingsForm : public QWidget {
    Q_OBJECT
public:
    // Starts with the provider profile used last, if it is still saved.
    explicit JudgeSettingsForm(QWidget *parent = nullptr);

    // Appends a row to the Run group, below the options.
    void addRunRow(QWidget *widget);
    void addRunRow(QLayout *layout);

    // The provider the fields describe; an error names the field to fix (a credential in the base URL
    // among them, which is also shown under the field as it is typed).
    Result<judge::ProviderConfig> providerConfig() const;
    // What to run as the fields say (no prompt template: that is the template editor's).
    judge::RunOptions runOptions() const;
    judge::Protocol protocol() const;
    QString protocolName() const;
    // Every protocol's name, in the order of the protocol box, and the index of the chosen one.
    QStringList protocolNames() const;
    int protocolIndex() const;
    // The checked dimensions (none: every Likert dimension).
    std::vector<std::string> checkedDimensions() const;
    // The study's Likert and rank dimensions to choose from; what was checked stays checked.
    void setDimensions(const std::vector<model::Dimension> &dimensions);
    // The study's judges (whose corrections may give examples) and human groups; what was chosen stays chosen.
    void setRaters(const std::vector<model::Rater> &raters);
    // Worked examples from the chosen judge's corrections, or none ("none" chosen, or a protocol that takes none).
    std::optional<reports::CorrectionExamplesRequest> examplesRequest() const;
    // An amount at the prices' rate with its currency, e.g. "0.0123 USD".
    static QString formatCost(double amount);
    // Empty, or why the API key's variable cannot be used now: it is not set or empty in this
    // process's environment (named, so the user knows which variable to export).
    QString apiKeyProblem() const;

    // Saved provider profiles.
    void saveProvider();
    void loadProvider(const QString &name);
    static QStringList savedProviders();

Q_SIGNALS:
    void protocolChanged();
    void dimensionsChanged(); // a dimension checked or unchecked
    void errorOccurred(const QString &title, const QString &text);

private:
    // What a protocol asks the model, in a sentence.
    static QString protocolDescription(judge::Protocol protocol);
    void onProtocolChanged();
    QString defaultRaterName() const;
    // Empty, or why the base URL cannot be used: it holds a credential that would be stored.
    QString baseUrlProblem() const;
    void showBaseUrlProblem();
    // No dimension checked means every Likert one: said under the list rather than left implicit.
    void updateDimensionNote();
    // Examples are for the protocols that score one summary on one dimension, and need a judge to correct.
    void updateExamples();
    // Repeats for the protocols that take them; re-asking is set aside while a summary is asked several times.
    void updateRepeats();
    void updateBatch();

    QComboBox *m_profile = nullptr;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QLabel *m_baseUrlProblem = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_keyEnv = nullptr;
    QDoubleSpinBox *m_priceIn = nullptr;
    QDoubleSpinBox *m_priceOut = nullptr;
    QFormLayout *m_runRows = nullptr;
    QComboBox *m_protocol = nullptr;
    QListWidget *m_dimensions = nullptr;
    QLabel *m_dimensionNote = nullptr;
    QLabel *m_protocolDescription = nullptr; // what the chosen protocol asks
    int m_likertDimensions = 0;
    QLineEdit *m_rater = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QSpinBox *m_requestsPerMinute = nullptr;
    QSpinBox *m_tokensPerMinute = nullptr;
    QSpinBox *m_documentLimit = nullptr;
    QSpinBox *m_maxRetryAfter = nullptr;
    QSpinBox *m_maxAnswerMib = nullptr;
    QSpinBox *m_reaskInvalid = nullptr;
    QCheckBox *m_structured = nullptr;
    QCheckBox *m_batch = nullptr;
    QSpinBox *m_repeats = nullptr;
    QDoubleSpinBox *m_repeatTemperature = nullptr;
    QComboBox *m_split = nullptr;
    QComboBox *m_examplesFrom = nullptr;
    QSpinBox *m_examplesPerPrompt = nullptr;
    QComboBox *m_examplesGroup = nullptr;
};

} // namespace concord::ui
