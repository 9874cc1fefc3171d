// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/table_importer.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace concord::ui {

// Asks for one JSONL/CSV/TSV file, its format and the column mapping ("field=column,...").
// The mapping is checked with io::ColumnMapping::parse before the dialog can be accepted.
class TableImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit TableImportDialog(QWidget *parent = nullptr);

    QString filePath() const;
    void setFilePath(const QString &path);
    io::TableFormat format() const;
    // Valid after the dialog was accepted.
    const io::ColumnMapping &mapping() const { return m_mapping; }

    void accept() override;

private:
    void browse();
    void guessFormat();

    QLineEdit *m_path;
    QComboBox *m_format;
    QLineEdit *m_mappingEdit;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    io::ColumnMapping m_mapping = io::ColumnMapping::identity();
};

} // namespace concord::ui
