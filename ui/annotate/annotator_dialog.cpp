// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/annotator_dialog.h"

#include "common/app_settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace concord::ui {

AnnotatorDialog::AnnotatorDialog(const QStringList &studyAnnotators, const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_name(new QComboBox(this))
{
    setWindowTitle(tr("Annotator"));
    setObjectName(QStringLiteral("annotatorDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *intro
        = new QLabel(tr("Your judgements are saved under this name. Pick a recent name or type a new one."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_name->setEditable(true);
    m_name->setInsertPolicy(QComboBox::NoInsert);
    QStringList names = recentNames();
    for (const QString &n : studyAnnotators)
        if (!names.contains(n))
            names << n;
    m_name->addItems(names);
    m_name->setCurrentText(current.isEmpty() ? names.value(0) : current);
    m_name->lineEdit()->selectAll();
    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    layout->addLayout(form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    const auto updateOk = [this, buttons] { buttons->button(QDialogButtonBox::Ok)->setEnabled(!name().isEmpty()); };
    connect(m_name, &QComboBox::currentTextChanged, this, updateOk);
    updateOk();
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString AnnotatorDialog::name() const
{
    return m_name->currentText().trimmed();
}

QStringList AnnotatorDialog::recentNames()
{
    return AppSettings().recentAnnotators();
}

void AnnotatorDialog::remember(const QString &name)
{
    AppSettings().addRecentAnnotator(name);
}

} // namespace concord::ui
