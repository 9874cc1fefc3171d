// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/template_editor.h"

#include "common/flow_layout.h"

#include "judge/prompt_template.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace concord::ui {

TemplateEditor::TemplateEditor(QWidget *parent)
    : QWidget(parent)
    , m_origin(new QLabel(this))
    , m_name(new QLineEdit(this))
    , m_version(new QSpinBox(this))
    , m_editor(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
    , m_placeholders(new QLabel(this))
    , m_preview(new QPlainTextEdit(this))
    , m_duplicateButton(new QPushButton(tr("D&uplicate to Edit"), this))
    , m_revertButton(new QPushButton(tr("Use &Shipped Template"), this))
{
    setObjectName(QStringLiteral("templateEditor"));
    m_editor->setObjectName(QStringLiteral("templateText"));
    m_preview->setObjectName(QStringLiteral("templatePreview"));
    m_status->setObjectName(QStringLiteral("templateStatus"));
    m_name->setObjectName(QStringLiteral("templateName"));
    m_duplicateButton->setObjectName(QStringLiteral("duplicateTemplate"));
    m_revertButton->setObjectName(QStringLiteral("revertTemplate"));
    for (QLabel *label : {m_origin, m_status, m_placeholders}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
    }
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_editor->setFont(fixed);
    m_editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_preview->setFont(fixed);
    m_preview->setReadOnly(true);
    m_version->setRange(1, 9999);

    // Where the template comes from, then its buttons: in further rows where the pane is narrow.
    auto *buttons = new FlowLayout;
    buttons->addWidget(m_origin);
    buttons->addWidget(m_duplicateButton);
    buttons->addWidget(m_revertButton);
    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Version:"), m_version);

    auto *editPane = new QWidget(this);
    auto *editLayout = new QVBoxLayout(editPane);
    editLayout->setContentsMargins(0, 0, 0, 0);
    editLayout->addLayout(buttons);
    editLayout->addLayout(form);
    editLayout->addWidget(m_editor, 1);
    editLayout->addWidget(m_placeholders);
    editLayout->addWidget(m_status);
    auto *previewPane = new QWidget(this);
    auto *previewLayout = new QVBoxLayout(previewPane);
    previewLayout->setContentsMargins(0, 0, 0, 0);
    previewLayout->addWidget(new QLabel(tr("Preview with the current item:"), previewPane));
    previewLayout->addWidget(m_preview, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(editPane);
    splitter->addWidget(previewPane);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_duplicateButton, &QPushButton::clicked, this, &TemplateEditor::duplicate);
    connect(m_revertButton, &QPushButton::clicked, this, &TemplateEditor::revertToShipped);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        if (m_loading)
            return;
        if (isCustom())
            m_custom[m_protocol].text = m_editor->toPlainText().toStdString();
        check();
        Q_EMIT customChanged();
    });
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (isCustom())
            m_custom[m_protocol].name = text.toStdString();
        Q_EMIT customChanged();
    });
    connect(m_version, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_loading && isCustom())
            m_custom[m_protocol].version = value;
        Q_EMIT customChanged();
    });
}

void TemplateEditor::setProtocol(const QString &protocol)
{
    m_protocol = protocol;
    showTemplate();
}

void TemplateEditor::setPreviewValues(std::map<std::string, std::string> values, const QString &itemLabel)
{
    m_values = std::move(values);
    m_itemLabel = itemLabel;
    check();
}

bool TemplateEditor::isCustom() const
{
    return m_custom.contains(m_protocol);
}

void TemplateEditor::duplicate()
{
    if (m_protocol.isEmpty() || isCustom())
        return;
    Custom copy;
    copy.text = m_editor->toPlainText().toStdString();
    copy.name = tr("%1 (custom)").arg(m_protocol).toStdString();
    copy.version = 1;
    m_custom.insert(m_protocol, copy);
    showTemplate();
    m_editor->setFocus();
    Q_EMIT customChanged();
}

void TemplateEditor::revertToShipped()
{
    if (m_custom.remove(m_protocol) > 0) {
        showTemplate();
        Q_EMIT customChanged();
    }
}

std::optional<TemplateEditor::Custom> TemplateEditor::customTemplate() const
{
    const auto it = m_custom.constFind(m_protocol);
    if (it == m_custom.constEnd())
        return std::nullopt;
    if (!judge::PromptTemplate::parse(it->text, it->name).ok())
        return std::nullopt;
    return *it;
}

void TemplateEditor::showTemplate()
{
    m_loading = true;
    const bool custom = isCustom();
    const std::string protocol = m_protocol.toStdString();
    if (custom) {
        const Custom &c = m_custom[m_protocol];
        m_editor->setPlainText(QString::fromStdString(c.text));
        m_name->setText(QString::fromStdString(c.name));
        m_version->setValue(c.version);
        m_origin->setText(tr("Edited copy: the next run of %1 uses it, and the study keeps it.").arg(m_protocol));
    } else {
        const auto shipped = judge::PromptTemplate::builtin(protocol);
        m_editor->setPlainText(shipped ? QString::fromStdString(shipped.value().text()) : QString());
        m_name->setText(m_protocol);
        m_version->setValue(std::max(1, judge::PromptTemplate::builtinVersion(protocol)));
        m_origin->setText(shipped ? tr("Shipped template of %1 (read only: duplicate it to edit).").arg(m_protocol)
                                  : QString::fromStdString(shipped.error().describe()));
    }
    m_editor->setReadOnly(!custom);
    m_name->setReadOnly(!custom);
    m_version->setReadOnly(!custom);
    m_duplicateButton->setEnabled(!custom && !m_protocol.isEmpty());
    m_revertButton->setEnabled(custom);
    m_loading = false;
    check();
}

void TemplateEditor::check()
{
    const auto parsed
        = judge::PromptTemplate::parse(m_editor->toPlainText().toStdString(), m_name->text().toStdString());
    if (!parsed) {
        m_problem = QString::fromStdString(parsed.error().describe());
        m_status->setText(tr("Error: %1").arg(m_problem));
        m_placeholders->clear();
        m_preview->setPlainText(tr("(no preview: the template does not parse)"));
        return;
    }
    QStringList names;
    for (const std::string &name : parsed.value().placeholders())
        names << QString::fromStdString(name);
    m_placeholders->setText(
        tr("Placeholders: %1").arg(names.isEmpty() ? tr("none") : names.join(QStringLiteral(", "))));
    if (m_values.empty()) {
        m_problem.clear();
        m_status->setText(tr("The template parses. Open a study with documents to see a preview."));
        m_preview->setPlainText(tr("(no item to preview)"));
        return;
    }
    const auto filled = parsed.value().fill(m_values);
    if (!filled) {
        m_problem = QString::fromStdString(filled.error().describe());
        m_status->setText(tr("Error with %1: %2").arg(m_itemLabel, m_problem));
        m_preview->setPlainText(tr("(no preview: %1)").arg(m_problem));
        return;
    }
    m_problem.clear();
    m_status->setText(tr("The template parses and fills for %1.").arg(m_itemLabel));
    QString text;
    for (const judge::ChatMessage &message : filled.value()) {
        text += QStringLiteral("── %1 ──\n").arg(QString::fromStdString(message.role));
        text += QString::fromStdString(message.content);
        text += QStringLiteral("\n\n");
    }
    // Plain text: the article and summaries are untrusted.
    m_preview->setPlainText(text.trimmed());
}

} // namespace concord::ui
