// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/table_import_dialog.h"

#include "common/error_label.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace concord::ui {

TableImportDialog::TableImportDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Import Table"));
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("tablePath"));
    auto *browseButton = new QPushButton(tr("&Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("tableFormat"));
    m_format->addItem(tr("JSON Lines"), static_cast<int>(io::TableFormat::Jsonl));
    m_format->addItem(tr("CSV (comma-separated)"), static_cast<int>(io::TableFormat::Csv));
    m_format->addItem(tr("TSV (tab-separated)"), static_cast<int>(io::TableFormat::Tsv));

    m_mappingEdit = new QLineEdit(this);
    m_mappingEdit->setObjectName(QStringLiteral("tableMapping"));
    m_mappingEdit->setPlaceholderText(QStringLiteral(
        "doc_id=id,article=text,requirement=instruction,system=model,summary=output")); // not translated: field names
    m_mappingEdit->setToolTip(
        tr("Which column holds each field, as field=column pairs separated by commas.\n"
           "Fields: doc_id, article, requirement, system, summary; rater, group, dimension, value;\n"
           "score.NAME for a column of ratings on dimension NAME.\n"
           "Leave empty to read each field from the column of the same name."));

    m_problem = new ErrorLabel(this); // red that reads in light and dark
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto *form = new QFormLayout;
    auto *fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, pathRow);
    form->addRow(tr("F&ormat:"), m_format);
    form->addRow(tr("Column &mapping:"), m_mappingEdit);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(browseButton, &QPushButton::clicked, this, &TableImportDialog::browse);
    connect(m_path, &QLineEdit::textChanged, this, &TableImportDialog::guessFormat);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TableImportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &TableImportDialog::reject);
    resize(640, sizeHint().height());
}

QString TableImportDialog::filePath() const
{
    return m_path->text().trimmed();
}

void TableImportDialog::setFilePath(const QString &path)
{
    m_path->setText(path);
}

io::TableFormat TableImportDialog::format() const
{
    return static_cast<io::TableFormat>(m_format->currentData().toInt());
}

void TableImportDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Table"), filePath(),
                                                      tr("Tables (*.jsonl *.json *.csv *.tsv *.txt);;All files (*)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

void TableImportDialog::guessFormat()
{
    const auto format = io::tableFormatFromName(QFileInfo(filePath()).suffix().toLower().toStdString());
    if (!format)
        return;
    const int index = m_format->findData(static_cast<int>(*format));
    if (index >= 0)
        m_format->setCurrentIndex(index);
}

void TableImportDialog::accept()
{
    const auto show = [this](const QString &problem) {
        m_problem->setText(problem);
        m_problem->show();
    };
    if (filePath().isEmpty() || !QFileInfo(filePath()).isFile()) {
        show(tr("Choose a file to import."));
        m_path->setFocus();
        return;
    }
    const QString spec = m_mappingEdit->text().trimmed();
    if (spec.isEmpty()) {
        m_mapping = io::ColumnMapping::identity();
    } else {
        auto parsed = io::ColumnMapping::parse(spec.toStdString());
        if (!parsed) {
            show(QString::fromStdString(parsed.error().describe()));
            m_mappingEdit->setFocus();
            return;
        }
        m_mapping = std::move(parsed).value();
    }
    QDialog::accept();
}

} // namespace concord::ui
