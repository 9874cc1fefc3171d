// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "review/adjudicate_dialog.h"

#include "common/error_label.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace concord::ui {

AdjudicateDialog::AdjudicateDialog(reports::ReviewSheet sheet, bool showSystemNames, const QString &dimension,
                                   bool canType, QWidget *parent)
    : QDialog(parent)
    , m_sheet(std::move(sheet))
    , m_dimension(new QComboBox(this))
    , m_takeButton(new QRadioButton(tr("&Take the labels of"), this))
    , m_typeButton(new QRadioButton(tr("T&ype the labels"), this))
    , m_take(new QComboBox(this))
    , m_comment(new QLineEdit(this))
    , m_error(new ErrorLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("adjudicateDialog"));
    setWindowTitle(tr("Adjudicate"));
    m_dimension->setObjectName(QStringLiteral("adjudicateDimension"));
    for (const model::Dimension &d : m_sheet.dimensions)
        m_dimension->addItem(QString::fromStdString(d.name));
    m_dimension->setCurrentIndex(std::max(0, m_dimension->findText(dimension)));
    m_takeButton->setObjectName(QStringLiteral("adjudicateTake"));
    m_typeButton->setObjectName(QStringLiteral("adjudicateType"));
    m_take->setObjectName(QStringLiteral("adjudicateTakeFrom"));
    for (const std::string &a : m_sheet.annotators)
        m_take->addItem(QString::fromStdString(a));
    m_takeButton->setChecked(true);
    m_typeButton->setEnabled(canType);
    if (!canType)
        m_typeButton->setToolTip(tr("This login does not see which system wrote a summary: take an annotator's "
                                    "labels."));
    m_comment->setObjectName(QStringLiteral("adjudicateComment"));
    m_error->setObjectName(QStringLiteral("adjudicateError"));
    m_error->setWordWrap(true);
    m_error->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Adjudicate"));

    auto *heading = new QLabel(tr("The final labels of %1, stored as the rater “adjudicated”.")
                                   .arg(QString::fromStdString(m_sheet.externalId)),
                               this);
    heading->setTextFormat(Qt::PlainText);
    heading->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Dimension:"), m_dimension);
    form->addRow(m_takeButton, m_take);
    form->addRow(m_typeButton);
    for (std::size_t s = 0; s < m_sheet.summaries.size(); ++s) {
        auto *box = new QDoubleSpinBox(this);
        box->setObjectName(QStringLiteral("adjudicateValue%1").arg(s + 1));
        box->setDecimals(2);
        box->setSingleStep(1);
        // The lowest value is "no label": a summary left at it keeps what it had.
        box->setSpecialValueText(tr("—"));
        m_values << box;
        const QString label
            = showSystemNames ? QString::fromStdString(m_sheet.summaries[s].system) : tr("Summary %1").arg(s + 1);
        form->addRow(label, box);
    }
    form->addRow(tr("&Comment:"), m_comment);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    connect(m_dimension, &QComboBox::currentIndexChanged, this, &AdjudicateDialog::onDimensionChanged);
    connect(m_takeButton, &QRadioButton::toggled, this, &AdjudicateDialog::updateEnabled);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AdjudicateDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &AdjudicateDialog::reject);
    onDimensionChanged();
    updateEnabled();
}

void AdjudicateDialog::onDimensionChanged()
{
    const int d = m_dimension->currentIndex();
    if (d < 0)
        return;
    const model::Dimension &dim = m_sheet.dimensions[static_cast<std::size_t>(d)];
    for (qsizetype s = 0; s < m_values.size(); ++s) {
        QDoubleSpinBox *box = m_values[s];
        box->setRange(dim.scaleMin - 1, dim.scaleMax);
        const auto given = m_sheet.adjudicated.find({static_cast<std::size_t>(s), static_cast<std::size_t>(d)});
        box->setValue(given != m_sheet.adjudicated.end() ? given->second : box->minimum());
    }
}

void AdjudicateDialog::updateEnabled()
{
    const bool taking = m_takeButton->isChecked();
    m_take->setEnabled(taking);
    for (QDoubleSpinBox *box : std::as_const(m_values))
        box->setEnabled(!taking);
}

QString AdjudicateDialog::dimension() const
{
    return m_dimension->currentText();
}

std::optional<QString> AdjudicateDialog::take() const
{
    if (!m_takeButton->isChecked())
        return std::nullopt;
    return m_take->currentText();
}

std::map<std::string, double> AdjudicateDialog::values() const
{
    std::map<std::string, double> out;
    if (m_takeButton->isChecked())
        return out;
    for (qsizetype s = 0; s < m_values.size(); ++s) {
        const QDoubleSpinBox *box = m_values[s];
        if (box->value() > box->minimum())
            out[m_sheet.summaries[static_cast<std::size_t>(s)].system] = box->value();
    }
    return out;
}

QString AdjudicateDialog::comment() const
{
    return m_comment->text().trimmed();
}

QString AdjudicateDialog::errorText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

void AdjudicateDialog::accept()
{
    QString why;
    if (m_dimension->currentIndex() < 0)
        why = tr("The study has no Likert dimension to adjudicate.");
    else if (m_takeButton->isChecked() && m_take->currentIndex() < 0)
        why = tr("Nobody has work on this document whose labels could be taken.");
    else if (!m_takeButton->isChecked() && values().empty())
        why = tr("Type a label for at least one summary.");
    if (!why.isEmpty()) {
        m_error->setText(why);
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace concord::ui
