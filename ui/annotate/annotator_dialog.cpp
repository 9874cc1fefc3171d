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
#include <QRadioButton>
#include <QVBoxLayout>

namespace concord::ui {

AnnotatorDialog::AnnotatorDialog(const std::vector<model::Rater> &raters, const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_existing(new QRadioButton(tr("&One of the study's raters:"), this))
    , m_rater(new QComboBox(this))
    , m_new(new QRadioButton(tr("A ne&w rater:"), this))
    , m_newName(new QLineEdit(this))
    , m_group(new QComboBox(this))
    , m_newForm(new QWidget(this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Annotator"));
    setObjectName(QStringLiteral("annotatorDialog"));
    m_existing->setObjectName(QStringLiteral("existingRater"));
    m_rater->setObjectName(QStringLiteral("raterChoice"));
    m_new->setObjectName(QStringLiteral("newRater"));
    m_newName->setObjectName(QStringLiteral("newRaterName"));
    m_group->setObjectName(QStringLiteral("newRaterGroup"));
    m_problem->setObjectName(QStringLiteral("annotatorProblem"));

    QStringList groups;
    for (const auto &r : raters) {
        const QString name = QString::fromStdString(r.name);
        m_taken << name;
        if (r.kind != model::RaterKind::Human)
            continue;
        const QString group = QString::fromStdString(r.group);
        m_rater->addItem(group.isEmpty() ? name : tr("%1 (%2)").arg(name, group), name);
        if (!group.isEmpty() && !groups.contains(group))
            groups << group;
    }
    groups.sort();
    // No rater is chosen for the user, and an empty box had looked like a study without raters.
    if (m_rater->count() > 0)
        m_rater->setPlaceholderText(tr("Choose one of the study's raters (%1)").arg(m_rater->count()));

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Your judgements are saved under this rater."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(m_existing);
    layout->addWidget(m_rater);
    layout->addWidget(m_new);
    auto *form = new QFormLayout(m_newForm);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Name:"), m_newName);
    form->addRow(tr("&Group:"), m_group);
    layout->addWidget(m_newForm);
    m_problem->setWordWrap(true);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    // A group of the study, or a new one typed in; none is chosen for the user.
    m_group->setEditable(true);
    m_group->setInsertPolicy(QComboBox::NoInsert);
    m_group->addItems(groups);
    m_group->setCurrentIndex(-1);
    m_group->lineEdit()->setPlaceholderText(tr("e.g. expert or crowd"));

    // The current name is selected when the study has it as a rater, else proposed as a new one; no
    // rater is selected for the user otherwise.
    const int index = m_rater->findData(current);
    m_rater->setCurrentIndex(index);
    if (index < 0 && !m_taken.contains(current))
        m_newName->setText(current);
    const bool existing = index >= 0 || (m_rater->count() > 0 && current.isEmpty());
    (existing ? m_existing : m_new)->setChecked(true);
    m_existing->setEnabled(m_rater->count() > 0);

    connect(m_existing, &QRadioButton::toggled, this, &AnnotatorDialog::update);
    connect(m_rater, &QComboBox::currentIndexChanged, this, &AnnotatorDialog::update);
    connect(m_newName, &QLineEdit::textChanged, this, &AnnotatorDialog::update);
    connect(m_group, &QComboBox::currentTextChanged, this, &AnnotatorDialog::update);
    // Choosing in a field chooses its way of naming the annotator.
    connect(m_rater, &QComboBox::activated, this, [this] { m_existing->setChecked(true); });
    connect(m_newName, &QLineEdit::textEdited, this, [this] { m_new->setChecked(true); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    update();
}

void AnnotatorDialog::setNewRaterAllowed(bool allowed)
{
    m_new->setVisible(allowed);
    m_newForm->setVisible(allowed);
    if (!allowed) {
        m_newName->clear();
        m_existing->setChecked(true);
    }
    update();
}

bool AnnotatorDialog::isNewRater() const
{
    return m_new->isChecked();
}

QString AnnotatorDialog::name() const
{
    return isNewRater() ? m_newName->text().trimmed() : m_rater->currentData().toString();
}

QString AnnotatorDialog::group() const
{
    return isNewRater() ? m_group->currentText().trimmed() : QString();
}

void AnnotatorDialog::update()
{
    m_rater->setEnabled(!isNewRater());
    m_newName->setEnabled(isNewRater());
    m_group->setEnabled(isNewRater());
    QString problem;
    if (isNewRater() && m_taken.contains(name()))
        problem = tr("The study already has a rater named %1: choose it above or give the new rater another name.")
                      .arg(name());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    const bool ready
        = isNewRater() ? !name().isEmpty() && !group().isEmpty() && problem.isEmpty() : m_rater->currentIndex() >= 0;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ready);
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
