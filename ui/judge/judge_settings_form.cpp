// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/judge_settings_form.h"

#include "common/app_settings.h"
#include "common/error_label.h"
#include "judge/answer/structured_answer.h"
#include "judge/reask_message.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace concord::ui {

namespace {

// The prices and every cost shown are in one currency, named wherever an amount is shown: provider
// price lists are in US dollars.
constexpr const char *kCurrency = "USD";

// An environment variable's name, checked as it is typed: a pasted key ("sk-…") does not get in.
// AppSettings::checkApiKeyVariable also refuses names that look like keys when a profile is saved.
const QRegularExpression &envNamePattern()
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return pattern;
}

} // namespace

JudgeSettingsForm::JudgeSettingsForm(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *provider = new QGroupBox(tr("Provider"), this);
    auto *pf = new QFormLayout(provider);
    // A narrow pane (a small screen, longer translated labels) puts a field under its label.
    pf->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_profile = new QComboBox(provider);
    m_profile->setObjectName(QStringLiteral("providerProfile"));
    m_profile->setEditable(true);
    m_profile->setMinimumContentsLength(14);
    m_profile->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_profile->addItems(savedProviders());
    m_profile->setCurrentText(QString());
    m_profile->lineEdit()->setPlaceholderText(tr("a name for these settings"));
    auto *profileButtons = new QHBoxLayout;
    auto *save = new QPushButton(tr("Save"), provider);
    save->setObjectName(QStringLiteral("saveProvider"));
    auto *remove = new QPushButton(tr("Remove"), provider);
    remove->setObjectName(QStringLiteral("removeProvider"));
    profileButtons->addWidget(m_profile, 1);
    profileButtons->addWidget(save);
    profileButtons->addWidget(remove);
    pf->addRow(tr("Profile:"), profileButtons);
    m_kind = new QComboBox(provider);
    m_kind->setObjectName(QStringLiteral("providerKind"));
    for (const auto kind : {judge::ProviderKind::OpenAI, judge::ProviderKind::Anthropic, judge::ProviderKind::Ollama})
        m_kind->addItem(
            QString::fromUtf8(judge::toString(kind).data(), static_cast<qsizetype>(judge::toString(kind).size())),
            static_cast<int>(kind));
    m_kind->setToolTip(tr("openai: any OpenAI-compatible server (OpenAI, vLLM, llama.cpp, Ollama's /v1, OpenRouter…)"));
    pf->addRow(tr("&Kind:"), m_kind);
    m_baseUrl = new QLineEdit(provider);
    m_baseUrl->setObjectName(QStringLiteral("baseUrl"));
    m_baseUrl->setPlaceholderText(QStringLiteral("https://api.openai.com/v1")); // not translated: a URL
    pf->addRow(tr("Base &URL:"), m_baseUrl);
    m_baseUrlProblem = new ErrorLabel(provider); // red that reads in light and dark
    m_baseUrlProblem->setObjectName(QStringLiteral("baseUrlProblem"));
    m_baseUrlProblem->setWordWrap(true);
    m_baseUrlProblem->setTextFormat(Qt::PlainText);
    m_baseUrlProblem->setVisible(false);
    pf->addRow(QString(), m_baseUrlProblem);
    m_model = new QLineEdit(provider);
    m_model->setObjectName(QStringLiteral("model"));
    pf->addRow(tr("&Model:"), m_model);
    m_keyEnv = new QLineEdit(provider);
    m_keyEnv->setObjectName(QStringLiteral("apiKeyEnv"));
    m_keyEnv->setPlaceholderText(QStringLiteral("OPENAI_API_KEY")); // not translated: a variable name
    m_keyEnv->setValidator(new QRegularExpressionValidator(envNamePattern(), m_keyEnv));
    m_keyEnv->setToolTip(tr("The NAME of the environment variable that holds the API key, never the key itself. "
                            "Empty for a local server without a key."));
    pf->addRow(tr("API key &variable:"), m_keyEnv);
    m_priceIn = new QDoubleSpinBox(provider);
    m_priceIn->setObjectName(QStringLiteral("priceIn"));
    m_priceOut = new QDoubleSpinBox(provider);
    m_priceOut->setObjectName(QStringLiteral("priceOut"));
    for (QDoubleSpinBox *price : {m_priceIn, m_priceOut}) {
        price->setRange(0, 1e6);
        price->setDecimals(4);
        price->setSuffix(QLatin1Char(' ') + QLatin1String(kCurrency) + tr(" per 1M tokens"));
    }
    pf->addRow(tr("Price &in:"), m_priceIn);
    pf->addRow(tr("Price &out:"), m_priceOut);
    m_concurrency = new QSpinBox(provider);
    m_concurrency->setObjectName(QStringLiteral("concurrency"));
    m_concurrency->setRange(1, ProviderProfile::kMaxConcurrency);
    m_concurrency->setValue(ProviderProfile::kDefaultConcurrency);
    pf->addRow(tr("&Concurrency:"), m_concurrency);
    // The provider's own rate limits, kept by the run rather than met with refusals, and saved with the profile.
    m_requestsPerMinute = new QSpinBox(provider);
    m_requestsPerMinute->setObjectName(QStringLiteral("requestsPerMinute"));
    m_requestsPerMinute->setRange(0, ProviderProfile::kMaxRequestsPerMinute);
    m_requestsPerMinute->setSpecialValueText(tr("no limit"));
    m_requestsPerMinute->setToolTip(tr("At most this many requests in any minute, as the provider's rate limit "
                                       "allows; 0 is no limit."));
    pf->addRow(tr("Requests a minute:"), m_requestsPerMinute);
    m_tokensPerMinute = new QSpinBox(provider);
    m_tokensPerMinute->setObjectName(QStringLiteral("tokensPerMinute"));
    m_tokensPerMinute->setRange(0, ProviderProfile::kMaxTokensPerMinute);
    m_tokensPerMinute->setSpecialValueText(tr("no limit"));
    m_tokensPerMinute->setToolTip(tr("At most this many tokens in any minute (each prompt's estimated tokens and its "
                                     "longest answer), as the provider's rate limit allows; 0 is no limit."));
    pf->addRow(tr("Tokens a minute:"), m_tokensPerMinute);
    layout->addWidget(provider);

    auto *run = new QGroupBox(tr("Run"), this);
    m_runRows = new QFormLayout(run);
    m_runRows->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_protocol = new QComboBox(run);
    m_protocol->setObjectName(QStringLiteral("protocol"));
    for (const judge::Protocol p : judge::allProtocols()) {
        const auto name = judge::toString(p);
        m_protocol->addItem(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), static_cast<int>(p));
        // The codes are the research's names; what each asks is said beside them.
        m_protocol->setItemData(m_protocol->count() - 1, protocolDescription(p), Qt::ToolTipRole);
    }
    m_runRows->addRow(tr("&Protocol:"), m_protocol);
    m_protocolDescription = new QLabel(run);
    m_protocolDescription->setObjectName(QStringLiteral("protocolDescription"));
    m_protocolDescription->setWordWrap(true);
    m_protocolDescription->setTextFormat(Qt::PlainText);
    m_runRows->addRow(m_protocolDescription);
    m_dimensions = new QListWidget(run);
    m_dimensions->setObjectName(QStringLiteral("dimensions"));
    m_dimensions->setToolTip(tr("None checked: every Likert dimension."));
    m_runRows->addRow(tr("&Dimensions:"), m_dimensions);
    m_dimensionNote = new QLabel(run);
    m_dimensionNote->setObjectName(QStringLiteral("dimensionNote"));
    m_dimensionNote->setTextFormat(Qt::PlainText);
    m_dimensionNote->setWordWrap(true);
    m_dimensionNote->setVisible(false);
    m_runRows->addRow(m_dimensionNote);
    m_rater = new QLineEdit(run);
    m_rater->setObjectName(QStringLiteral("raterName"));
    m_runRows->addRow(tr("&Judge name:"), m_rater);
    m_documentLimit = new QSpinBox(run);
    m_documentLimit->setObjectName(QStringLiteral("documentLimit"));
    m_documentLimit->setRange(0, 1000000);
    m_documentLimit->setSpecialValueText(tr("all documents"));
    m_runRows->addRow(tr("&Limit:"), m_documentLimit);
    m_maxRetryAfter = new QSpinBox(run);
    m_maxRetryAfter->setObjectName(QStringLiteral("maxRetryAfter"));
    m_maxRetryAfter->setRange(0, 86400);
    m_maxRetryAfter->setValue(static_cast<int>(judge::RunOptions{}.maxRetryAfterSeconds));
    m_maxRetryAfter->setSuffix(tr(" s"));
    m_maxRetryAfter->setToolTip(tr("The longest wait a server may ask for with Retry-After; a call asked to wait "
                                   "longer fails as rate-limited."));
    m_runRows->addRow(tr("Longest &wait:"), m_maxRetryAfter);
    m_maxAnswerMib = new QSpinBox(run);
    m_maxAnswerMib->setObjectName(QStringLiteral("maxAnswerMib"));
    m_maxAnswerMib->setRange(1, 1024);
    m_maxAnswerMib->setValue(static_cast<int>(judge::kDefaultMaxAnswerBytes >> 20));
    m_maxAnswerMib->setSuffix(tr(" MiB"));
    m_maxAnswerMib->setToolTip(tr("A larger answer is stopped as it arrives and fails its call."));
    m_runRows->addRow(tr("Largest &answer:"), m_maxAnswerMib);
    m_reaskInvalid = new QSpinBox(run);
    m_reaskInvalid->setObjectName(QStringLiteral("reaskInvalid"));
    m_reaskInvalid->setRange(0, 5);
    m_reaskInvalid->setSpecialValueText(tr("never"));
    m_reaskInvalid->setSuffix(tr(" times"));
    m_runRows->addRow(tr("Re-ask w&hen unreadable:"), m_reaskInvalid);
    m_structured = new QCheckBox(tr("&Structured answers: a reason and a score"), run);
    m_structured->setObjectName(QStringLiteral("structuredAnswers"));
    m_runRows->addRow(m_structured);
    m_batch = new QCheckBox(tr("Batch &queue: half price, answers within 24 hours"), run);
    m_batch->setObjectName(QStringLiteral("batchMode"));
    m_runRows->addRow(m_batch);
    // Self-consistency: the same prompt asked k times above temperature 0; once keeps the run at temperature 0.
    m_repeats = new QSpinBox(run);
    m_repeats->setObjectName(QStringLiteral("repeats"));
    m_repeats->setRange(1, 100);
    m_repeats->setSpecialValueText(tr("once"));
    m_repeats->setSuffix(tr(" times"));
    m_runRows->addRow(tr("Ask each summar&y:"), m_repeats);
    m_repeatTemperature = new QDoubleSpinBox(run);
    m_repeatTemperature->setObjectName(QStringLiteral("repeatTemperature"));
    m_repeatTemperature->setRange(0.05, 2.0);
    m_repeatTemperature->setSingleStep(0.1);
    m_repeatTemperature->setDecimals(2);
    m_repeatTemperature->setValue(0.7);
    m_repeatTemperature->setToolTip(tr("Answers asked again at temperature 0 would repeat one another."));
    m_runRows->addRow(tr("Temperature of repeated answers:"), m_repeatTemperature);
    // A version tuned on dev is judged on test: the run can keep to one side of the held-out split.
    m_split = new QComboBox(run);
    m_split->setObjectName(QStringLiteral("runSplit"));
    m_split->addItem(tr("All documents"), QString());
    m_split->addItem(tr("Dev split"), QStringLiteral("dev"));
    m_split->addItem(tr("Test split"), QStringLiteral("test"));
    m_split->setToolTip(tr("Judge only the documents of one side of the held-out split (concord-cli split makes it)."));
    m_runRows->addRow(tr("Documents &by split:"), m_split);
    m_examplesFrom = new QComboBox(run);
    m_examplesFrom->setObjectName(QStringLiteral("examplesFrom"));
    m_examplesFrom->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_examplesFrom->addItem(tr("none"), QString());
    m_runRows->addRow(tr("E&xamples from:"), m_examplesFrom);
    m_examplesPerPrompt = new QSpinBox(run);
    m_examplesPerPrompt->setObjectName(QStringLiteral("examplesPerPrompt"));
    m_examplesPerPrompt->setRange(1, 20);
    m_examplesPerPrompt->setValue(static_cast<int>(reports::CorrectionExamplesRequest{}.perUnit));
    m_runRows->addRow(tr("Examples per prompt:"), m_examplesPerPrompt);
    m_examplesGroup = new QComboBox(run);
    m_examplesGroup->setObjectName(QStringLiteral("examplesGroup"));
    m_examplesGroup->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_runRows->addRow(tr("Examples scored by:"), m_examplesGroup);
    layout->addWidget(run);

    connect(save, &QPushButton::clicked, this, &JudgeSettingsForm::saveProvider);
    connect(remove, &QPushButton::clicked, this, [this] {
        const QString name = m_profile->currentText().trimmed();
        // An empty name would address the whole group of profiles.
        if (name.isEmpty())
            return;
        AppSettings().removeProviderProfile(name);
        const int index = m_profile->findText(name);
        if (index >= 0)
            m_profile->removeItem(index);
    });
    connect(m_profile, &QComboBox::textActivated, this, &JudgeSettingsForm::loadProvider);
    connect(m_protocol, &QComboBox::currentIndexChanged, this, &JudgeSettingsForm::onProtocolChanged);
    connect(m_dimensions, &QListWidget::itemChanged, this, &JudgeSettingsForm::dimensionsChanged);
    connect(m_dimensions, &QListWidget::itemChanged, this, &JudgeSettingsForm::updateDimensionNote);
    connect(m_examplesFrom, &QComboBox::currentIndexChanged, this, &JudgeSettingsForm::updateExamples);
    connect(m_repeats, &QSpinBox::valueChanged, this, &JudgeSettingsForm::updateRepeats);
    connect(m_batch, &QCheckBox::toggled, this, &JudgeSettingsForm::updateRepeats);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &JudgeSettingsForm::updateBatch);
    connect(m_model, &QLineEdit::textChanged, this, [this] { m_rater->setPlaceholderText(defaultRaterName()); });
    connect(m_baseUrl, &QLineEdit::textChanged, this, &JudgeSettingsForm::showBaseUrlProblem);

    const QString last = AppSettings().lastProviderProfile();
    if (!last.isEmpty() && savedProviders().contains(last))
        loadProvider(last);
    onProtocolChanged();
}

void JudgeSettingsForm::addRunRow(QWidget *widget)
{
    m_runRows->addRow(widget);
}

void JudgeSettingsForm::addRunRow(QLayout *layout)
{
    m_runRows->addRow(layout);
}

QString JudgeSettingsForm::protocolDescription(judge::Protocol protocol)
{
    switch (protocol) {
    case judge::Protocol::Rts:
        return tr("Reason, then score: a one-sentence reason, then a score on the scale, per summary and dimension.");
    case judge::Protocol::Mcq:
        return tr("Multiple choice: one letter per summary and dimension, each letter a scale point described by its "
                  "label.");
    case judge::Protocol::LikertMulti:
        return tr("Every Likert dimension of a summary scored in one answer.");
    case judge::Protocol::Geval:
        return tr("G-Eval: the model writes evaluation steps for each dimension, then fills in a score, weighted by "
                  "its token probabilities.");
    case judge::Protocol::LlmScore:
        return tr("LLMScore: is this a good summary for the requirement, Yes or No; the rating is the probability of "
                  "Yes.");
    case judge::Protocol::LlmEval:
        return tr("LLMEval: a score for the summary given the requirement.");
    case judge::Protocol::H2h:
        return tr("Head-to-head: which of two summaries is better on a dimension, or a draw; every pair is asked in "
                  "both orders.");
    case judge::Protocol::Pairwise:
        return tr("Pairwise: the better of two summaries overall, no draw; the order shuffled.");
    case judge::Protocol::LlmCompare:
        return tr("LLMCompare: reasoning, then the better of two summaries on a dimension or a tie; the order "
                  "shuffled.");
    case judge::Protocol::LlmRank:
        return tr("LLMRank: reasoning, then a rank for every summary of a document, ties allowed.");
    case judge::Protocol::Pyramid:
        return tr("Pyramid: does the summary express each content unit of the document, Yes or No.");
    case judge::Protocol::Factuality:
        return tr("Factuality: is each sentence of the summary supported by the article, Yes or No.");
    }
    return {};
}

void JudgeSettingsForm::onProtocolChanged()
{
    m_protocolDescription->setText(protocolDescription(protocol()));
    m_dimensions->setEnabled(judge::traits(protocol()).needsDimension);
    m_rater->setPlaceholderText(defaultRaterName());
    // Scores read from token probabilities are not asked again: a conversation told its answer was wrong
    // would move them.
    updateRepeats();
    updateBatch();
    updateDimensionNote();
    updateExamples();
    const bool structured = judge::takesStructuredAnswers(protocol());
    m_structured->setEnabled(structured);
    m_structured->setToolTip(
        structured ? tr("The provider holds the model to a JSON object of a reason and a whole-number score, read "
                        "strictly; each call's method is \"structured\".")
                   : tr("%1 keeps its free-text prompt and parser: structured answers are for rts and llmeval.")
                         .arg(m_protocol->currentText()));
    Q_EMIT protocolChanged();
}

void JudgeSettingsForm::updateBatch()
{
    const bool ollama = static_cast<judge::ProviderKind>(m_kind->currentData().toInt()) == judge::ProviderKind::Ollama;
    const bool geval = protocol() == judge::Protocol::Geval;
    m_batch->setEnabled(!ollama && !geval);
    m_batch->setToolTip(
        ollama ? tr("Ollama has no batch API: its judges are asked online.")
        : geval
            ? tr("geval writes its evaluation steps first and decides from the answers how to score, so it is asked "
                 "online.")
            : tr("The requests go to OpenAI's Batch API or Anthropic's Message Batches at the batch price; the run "
                 "returns once they are submitted, and Fetch Batch Results stores the answers when they are done. "
                 "A server without a batch API is judged online."));
}

void JudgeSettingsForm::updateRepeats()
{
    const bool takes = judge::takesRepeats(protocol());
    m_repeats->setEnabled(takes);
    m_repeats->setToolTip(
        takes ? tr("Each summary asked this many times, scored by the mean of its answers; the judge card shows the "
                   "vote share and the judge's own variance from them.")
              : tr("%1 is not asked several times: repeats are for rts, mcq and llmeval (geval samples on its own).")
                    .arg(m_protocol->currentText()));
    const bool repeating = takes && m_repeats->value() > 1;
    m_repeatTemperature->setEnabled(repeating);
    // An invalid answer among repeats is left out of the mean rather than asked again.
    const bool reaskable = judge::reaskable(protocol());
    // A batch's answers come back together: nothing can be asked again on the way.
    m_reaskInvalid->setEnabled(reaskable && !repeating && !m_batch->isChecked());
    m_reaskInvalid->setToolTip(!reaskable ? tr("%1 is scored from token probabilities: its answers are not asked "
                                               "again.")
                                                .arg(m_protocol->currentText())
                               : repeating ? tr("A summary asked several times leaves an unreadable answer out of its "
                                                "mean rather than asking it again.")
                                           : tr("An answer that cannot be read is asked again, in the same "
                                                "conversation, with a message giving the answer's form; each "
                                                "attempt is a call of its own."));
}

void JudgeSettingsForm::updateExamples()
{
    const bool takes = judge::takesExamples(protocol());
    m_examplesFrom->setEnabled(takes);
    m_examplesFrom->setToolTip(
        takes ? tr("Each prompt shows worked examples: the dev split's summaries on which this judge and the people "
                   "disagree most, with the people's scores and explanations; never a test document, never the "
                   "summary's own. The template gets them as a version of its own.")
              : tr("%1 does not take examples: they are for the protocols that score one summary on one dimension.")
                    .arg(m_protocol->currentText()));
    const bool chosen = takes && !m_examplesFrom->currentData().toString().isEmpty();
    m_examplesPerPrompt->setEnabled(chosen);
    m_examplesGroup->setEnabled(chosen);
}

void JudgeSettingsForm::setRaters(const std::vector<model::Rater> &raters)
{
    const QString judge = m_examplesFrom->currentData().toString();
    const QString group = m_examplesGroup->currentText();
    {
        const QSignalBlocker blockJudges(m_examplesFrom);
        const QSignalBlocker blockGroups(m_examplesGroup);
        while (m_examplesFrom->count() > 1)
            m_examplesFrom->removeItem(1);
        m_examplesGroup->clear();
        for (const model::Rater &r : raters) {
            const QString name = QString::fromStdString(r.name);
            if (r.kind == model::RaterKind::Judge)
                m_examplesFrom->addItem(name, name);
            else if (r.kind == model::RaterKind::Human
                     && m_examplesGroup->findText(QString::fromStdString(r.group)) < 0)
                m_examplesGroup->addItem(QString::fromStdString(r.group));
        }
        m_examplesFrom->setCurrentIndex(std::max(0, m_examplesFrom->findData(judge)));
        m_examplesGroup->setCurrentIndex(std::max(0, m_examplesGroup->findText(group)));
    }
    updateExamples();
}

std::optional<reports::CorrectionExamplesRequest> JudgeSettingsForm::examplesRequest() const
{
    const QString judge = m_examplesFrom->currentData().toString();
    if (judge.isEmpty() || !judge::takesExamples(protocol()))
        return std::nullopt;
    reports::CorrectionExamplesRequest request;
    request.judge = judge.toStdString();
    request.humanGroup = m_examplesGroup->currentText().toStdString();
    request.dimensions = checkedDimensions();
    request.perUnit = static_cast<std::size_t>(m_examplesPerPrompt->value());
    return request;
}

// ---- provider profiles ----

QStringList JudgeSettingsForm::savedProviders()
{
    return AppSettings().providerProfileNames();
}

void JudgeSettingsForm::saveProvider()
{
    ProviderProfile profile;
    profile.name = m_profile->currentText().trimmed();
    if (profile.name.isEmpty())
        profile.name = m_model->text().trimmed();
    if (profile.name.isEmpty())
        return;
    profile.kind = m_kind->currentText();
    profile.baseUrl = m_baseUrl->text().trimmed();
    profile.model = m_model->text().trimmed();
    // Only the variable's name; the key stays in the environment.
    profile.apiKeyVariable = m_keyEnv->text().trimmed();
    profile.priceIn = m_priceIn->value();
    profile.priceOut = m_priceOut->value();
    profile.concurrency = m_concurrency->value();
    profile.requestsPerMinute = m_requestsPerMinute->value();
    profile.tokensPerMinute = m_tokensPerMinute->value();
    AppSettings settings;
    const Result<QString> saved = settings.saveProviderProfile(profile);
    if (!saved) {
        Q_EMIT errorOccurred(tr("Cannot save the provider"), QString::fromStdString(saved.error().describe()));
        return;
    }
    const QString &name = saved.value();
    settings.setLastProviderProfile(name);
    if (m_profile->findText(name) < 0)
        m_profile->addItem(name);
    m_profile->setCurrentText(name);
}

void JudgeSettingsForm::loadProvider(const QString &name)
{
    const std::optional<ProviderProfile> profile = AppSettings().providerProfile(name);
    if (!profile)
        return;
    m_kind->setCurrentIndex(std::max(0, m_kind->findText(profile->kind)));
    m_baseUrl->setText(profile->baseUrl);
    m_model->setText(profile->model);
    m_keyEnv->setText(profile->apiKeyVariable);
    m_priceIn->setValue(profile->priceIn);
    m_priceOut->setValue(profile->priceOut);
    m_concurrency->setValue(profile->concurrency);
    m_requestsPerMinute->setValue(profile->requestsPerMinute);
    m_tokensPerMinute->setValue(profile->tokensPerMinute);
    m_profile->setCurrentText(name);
}

// ---- what the fields say ----

Result<judge::ProviderConfig> JudgeSettingsForm::providerConfig() const
{
    judge::ProviderConfig config;
    config.kind = static_cast<judge::ProviderKind>(m_kind->currentData().toInt());
    config.baseUrl = m_baseUrl->text().trimmed().toStdString();
    config.model = m_model->text().trimmed().toStdString();
    const QString env = m_keyEnv->text().trimmed();
    if (config.baseUrl.empty())
        return Error{"give the provider's base URL", {}, 0, "base URL"};
    if (const QString problem = baseUrlProblem(); !problem.isEmpty())
        return Error{problem.toStdString(), {}, 0, "base URL"};
    if (config.model.empty())
        return Error{"give the model's name", {}, 0, "model"};
    if (const Status variable = AppSettings::checkApiKeyVariable(env); !variable)
        return variable.error();
    config.apiKeyEnv = env.toStdString();
    return config;
}

QString JudgeSettingsForm::baseUrlProblem() const
{
    const judge::UrlCredential credential = judge::credentialInUrl(m_baseUrl->text().trimmed().toStdString());
    if (!credential)
        return {};
    const QString where = credential.where == judge::UrlCredential::Where::UserInfo
                              ? tr("user information before the host")
                              : tr("the query parameter '%1'").arg(QString::fromStdString(credential.parameter));
    return tr("The base URL holds a credential (%1), which would be stored with the results. Put the key in an "
              "environment variable and give that variable's name under API key variable.")
        .arg(where);
}

void JudgeSettingsForm::showBaseUrlProblem()
{
    const QString problem = baseUrlProblem();
    m_baseUrlProblem->setText(problem);
    m_baseUrlProblem->setVisible(!problem.isEmpty());
}

QString JudgeSettingsForm::defaultRaterName() const
{
    const QString model = m_model->text().trimmed();
    return model.isEmpty() ? QString() : model + QLatin1Char(' ') + m_protocol->currentText();
}

judge::RunOptions JudgeSettingsForm::runOptions() const
{
    judge::RunOptions options;
    options.plan.protocol = protocol();
    options.plan.dimensions = checkedDimensions();
    if (m_documentLimit->value() > 0)
        options.plan.documentLimit = static_cast<std::size_t>(m_documentLimit->value());
    options.plan.split = m_split->currentData().toString().toStdString();
    options.structured = m_structured->isEnabled() && m_structured->isChecked();
    options.batch = m_batch->isEnabled() && m_batch->isChecked();
    const QString rater = m_rater->text().trimmed();
    options.raterName = (rater.isEmpty() ? defaultRaterName() : rater).toStdString();
    options.concurrency = m_concurrency->value();
    options.requestsPerMinute = m_requestsPerMinute->value();
    options.tokensPerMinute = m_tokensPerMinute->value();
    options.maxRetryAfterSeconds = m_maxRetryAfter->value();
    options.maxAnswerBytes = static_cast<std::size_t>(m_maxAnswerMib->value()) << 20;
    if (m_reaskInvalid->isEnabled())
        options.reaskInvalid = m_reaskInvalid->value();
    if (m_repeatTemperature->isEnabled()) {
        options.repeats = m_repeats->value();
        options.sampling.temperature = m_repeatTemperature->value();
    }
    options.price = {m_priceIn->value(), m_priceOut->value()};
    return options;
}

judge::Protocol JudgeSettingsForm::protocol() const
{
    return static_cast<judge::Protocol>(m_protocol->currentData().toInt());
}

QString JudgeSettingsForm::protocolName() const
{
    return m_protocol->currentText();
}

QStringList JudgeSettingsForm::protocolNames() const
{
    QStringList names;
    for (int i = 0; i < m_protocol->count(); ++i)
        names << m_protocol->itemText(i);
    return names;
}

int JudgeSettingsForm::protocolIndex() const
{
    return m_protocol->currentIndex();
}

std::vector<std::string> JudgeSettingsForm::checkedDimensions() const
{
    std::vector<std::string> checked;
    for (int i = 0; i < m_dimensions->count(); ++i) {
        const QListWidgetItem *item = m_dimensions->item(i);
        if (item->checkState() == Qt::Checked)
            checked.push_back(item->text().toStdString());
    }
    return checked;
}

void JudgeSettingsForm::setDimensions(const std::vector<model::Dimension> &dimensions)
{
    QStringList checked;
    for (int i = 0; i < m_dimensions->count(); ++i)
        if (m_dimensions->item(i)->checkState() == Qt::Checked)
            checked << m_dimensions->item(i)->text();
    m_dimensions->clear();
    m_likertDimensions = 0;
    for (const model::Dimension &d : dimensions) {
        if (d.kind != model::DimensionKind::Likert && d.kind != model::DimensionKind::Rank)
            continue;
        if (d.kind == model::DimensionKind::Likert)
            ++m_likertDimensions;
        auto *item = new QListWidgetItem(QString::fromStdString(d.name), m_dimensions);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(QString::fromStdString(d.definition));
    }
    // Every dimension in sight: the settings pane scrolls, a list scrolling inside it would be a
    // second scroll bar.
    const int row = m_dimensions->count() > 0 ? m_dimensions->sizeHintForRow(0) : fontMetrics().height();
    m_dimensions->setFixedHeight(row * std::max(1, m_dimensions->count()) + 2 * m_dimensions->frameWidth() + 2);
    updateDimensionNote();
}

void JudgeSettingsForm::updateDimensionNote()
{
    bool anyChecked = false;
    for (int i = 0; i < m_dimensions->count() && !anyChecked; ++i)
        anyChecked = m_dimensions->item(i)->checkState() == Qt::Checked;
    const bool implicit = !anyChecked && judge::traits(protocol()).needsDimension && m_likertDimensions > 0;
    if (implicit)
        m_dimensionNote->setText(
            tr("No dimension chosen: all %1 Likert dimensions will be judged.").arg(m_likertDimensions));
    m_dimensionNote->setVisible(implicit);
}

QString JudgeSettingsForm::formatCost(double amount)
{
    return QLocale().toString(amount, 'f', 4) + QLatin1Char(' ') + QLatin1String(kCurrency);
}

QString JudgeSettingsForm::apiKeyProblem() const
{
    const QString name = m_keyEnv->text().trimmed();
    if (name.isEmpty())
        return {};
    if (!qEnvironmentVariableIsSet(name.toLocal8Bit().constData()))
        return tr("%1 is not set: export the API key in this environment variable before starting Concord.").arg(name);
    if (qEnvironmentVariableIsEmpty(name.toLocal8Bit().constData()))
        return tr("%1 is empty: export the API key in this environment variable before starting Concord.").arg(name);
    return {};
}

} // namespace concord::ui
