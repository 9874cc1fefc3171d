// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/import_monitor.h"
#include "io/import_report.h"
#include "io/table_importer.h"

#include <QDialog>
#include <QStringList>
#include <QThreadPool>

#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QTableView;

namespace concord::ui {

class TablePreviewModel;

// Asks for one JSONL/CSV/TSV file and its format, then maps the file's columns to the importer's
// fields with one combo box per field, shows the first rows as they will be imported, and checks the
// whole file against the study (the import run and rolled back, off the GUI thread) so that its
// errors are listed before anything is written. Import stays disabled until that check has passed.
class TableImportDialog : public QDialog {
    Q_OBJECT
public:
    // studyPath: the open study the file is checked against, on a connection of the check's own.
    explicit TableImportDialog(const QString &studyPath, QWidget *parent = nullptr);
    ~TableImportDialog() override;

    QString filePath() const;
    void setFilePath(const QString &path);
    io::TableFormat format() const;
    // The combo boxes' mapping: ColumnMapping::identity() while each field is read from the column
    // of its own name (as concord-cli does without --map), otherwise exactly the chosen columns.
    const io::ColumnMapping &mapping() const { return m_mapping; }
    // The whole file is being checked against the study.
    bool isChecking() const { return m_checking; }

    void accept() override;

Q_SIGNALS:
    // The check of the current file and mapping has finished (passed or not).
    void checkFinished();

private:
    static QString fieldLabel(const std::string &field);
    static QString raterNameLabel();
    static QString boxName(QString label);
    // An import error as the dialog says it: the boxes' labels for core's field names and --map hints.
    static QString errorLine(const Error &error);
    void readStudy();
    void browse();
    void pathChanged();
    void guessFormat();
    void reload();
    void fillCombos();
    void mappingChanged();
    void checkScoreLikeColumns();
    // The rater's name and group apply to a file without a rater column.
    bool takesOneRater() const;
    io::ColumnMapping chosenMapping() const;
    void startCheck();
    void stopCheck();
    void checkDone(unsigned generation, Result<io::ImportReport> outcome);
    void showState();

    QString m_studyPath;
    QLineEdit *m_path;
    QComboBox *m_format;
    std::vector<QComboBox *> m_fieldCombos; // by ColumnMapping::fields()
    QLineEdit *m_raterName;
    QComboBox *m_raterGroup;
    QListWidget *m_scoreColumns;
    QLabel *m_exportNote;
    TablePreviewModel *m_previewModel;
    QTableView *m_preview;
    QListWidget *m_errors;
    QLabel *m_status;
    QProgressBar *m_progress;
    QDialogButtonBox *m_buttons;

    QStringList m_columns; // the file's, as columnsOf found them
    // The study's, read once: dimensions name score-like columns, groups are offered for the rater.
    std::vector<std::string> m_dimensions;
    std::optional<Error> m_fileError;
    io::ColumnMapping m_mapping = io::ColumnMapping::identity();
    ImportMonitor m_monitor;
    QThreadPool m_checkPool; // one check at a time: a replaced check stops before the next starts
    unsigned m_generation = 0;
    bool m_checking = false;
    std::optional<Result<io::ImportReport>> m_checked; // the current mapping's check, once done
};

} // namespace concord::ui
