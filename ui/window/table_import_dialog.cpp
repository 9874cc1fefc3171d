// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/table_import_dialog.h"

#include "common/background_job.h"
#include "common/file_dialogs.h"
#include "store/study.h"
#include "window/table_preview_model.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace concord::ui {

namespace {

// Enough rows to see the mapping at work; the preview reads no further.
constexpr std::size_t kPreviewRows = 50;

} // namespace

// A box's label as a message names it: without its mnemonic and colon (a Chinese label's are "(&R)：").
QString TableImportDialog::boxName(QString label)
{
    static const QRegularExpression mnemonicSuffix(QStringLiteral("\\(&[^)]\\)"));
    label.remove(mnemonicSuffix);
    label.remove(QLatin1Char('&'));
    if (label.endsWith(QLatin1Char(':')) || label.endsWith(QChar(0xFF1A)))
        label.chop(1);
    return label;
}

QString TableImportDialog::raterNameLabel()
{
    return tr("Rater's &name (no rater column):");
}

QString TableImportDialog::errorLine(const Error &error)
{
    // Core says how concord-cli's --map names a column ("rater=COLUMN"); here the columns are chosen in the
    // boxes above, named by their labels ("field 'rater'" is the Rater box).
    const auto label = [](const QString &field) { return boxName(fieldLabel(field.toStdString())); };
    QString line = QString::fromStdString(error.describe());
    static const QRegularExpression hint(QStringLiteral("\\s*\\(([a-z_]+)=COLUMN\\)"));
    for (QRegularExpressionMatch m = hint.match(line); m.hasMatch(); m = hint.match(line))
        line.replace(m.capturedStart(), m.capturedLength(),
                     tr(" (choose its column in the box \"%1\")").arg(label(m.captured(1))));
    // Core's "(--rater NAME)" is the box where the dialog takes a rater's name.
    static const QRegularExpression raterOption(QStringLiteral("\\s*\\(--rater NAME\\)"));
    for (QRegularExpressionMatch m = raterOption.match(line); m.hasMatch(); m = raterOption.match(line))
        line.replace(m.capturedStart(), m.capturedLength(),
                     tr(" (type a name in the box \"%1\")").arg(boxName(raterNameLabel())));
    static const QRegularExpression field(QStringLiteral("field '([a-z_]+)': "));
    for (QRegularExpressionMatch m = field.match(line); m.hasMatch(); m = field.match(line))
        line.replace(m.capturedStart(), m.capturedLength(), tr("%1: ").arg(label(m.captured(1))));
    return line;
}

TableImportDialog::TableImportDialog(const QString &studyPath, QWidget *parent)
    : QDialog(parent)
    , m_studyPath(studyPath)
{
    setWindowTitle(tr("Import Table"));
    m_checkPool.setMaxThreadCount(1);

    // Created in the order Tab visits them.
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

    auto *fileForm = new QFormLayout;
    auto *fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_path);
    fileForm->addRow(fileLabel, pathRow);
    fileForm->addRow(tr("F&ormat:"), m_format);

    // One combo box per field: which of the file's columns holds it.
    auto *fieldForm = new QFormLayout;
    for (const std::string &field : io::ColumnMapping::fields()) {
        auto *combo = new QComboBox(this);
        combo->setObjectName(QStringLiteral("column_") + QString::fromStdString(field));
        combo->setToolTip(QString::fromStdString(field)); // the field's name, as --map spells it
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
        auto *label = new QLabel(fieldLabel(field), this);
        label->setBuddy(combo);
        fieldForm->addRow(label, combo);
        m_fieldCombos.push_back(combo);
        connect(combo, &QComboBox::currentIndexChanged, this, &TableImportDialog::mappingChanged);
    }
    // A file without a rater column (one person's scores) names its rater here.
    m_raterName = new QLineEdit(this);
    m_raterName->setObjectName(QStringLiteral("raterName"));
    m_raterName->setToolTip(tr("Who gave every rating of a file without a rater column: a person, added to the "
                               "study unless it has a rater of this name."));
    auto *raterNameLabel = new QLabel(TableImportDialog::raterNameLabel(), this);
    raterNameLabel->setBuddy(m_raterName);
    raterNameLabel->setWordWrap(true);
    fieldForm->addRow(raterNameLabel, m_raterName);
    m_raterGroup = new QComboBox(this);
    m_raterGroup->setObjectName(QStringLiteral("raterGroup"));
    m_raterGroup->setEditable(true);
    m_raterGroup->setInsertPolicy(QComboBox::NoInsert);
    m_raterGroup->lineEdit()->setPlaceholderText(tr("e.g. expert or crowd"));
    m_raterGroup->setToolTip(tr("The group of that rater: one of the study's groups, or a new one."));
    auto *raterGroupLabel = new QLabel(tr("R&ater's group:"), this);
    raterGroupLabel->setBuddy(m_raterGroup);
    fieldForm->addRow(raterGroupLabel, m_raterGroup);
    connect(m_raterName, &QLineEdit::textChanged, this, &TableImportDialog::mappingChanged);
    connect(m_raterGroup, &QComboBox::currentTextChanged, this, &TableImportDialog::mappingChanged);

    m_scoreColumns = new QListWidget(this);
    m_scoreColumns->setObjectName(QStringLiteral("scoreColumns"));
    m_scoreColumns->setToolTip(tr("Each checked column holds ratings on the dimension of its name (score.NAME)."));
    m_scoreColumns->setMaximumHeight(m_scoreColumns->fontMetrics().height() * 6);
    auto *scoreLabel = new QLabel(tr("Rating columns (&wide format):"), this);
    scoreLabel->setBuddy(m_scoreColumns);
    scoreLabel->setWordWrap(true);
    connect(m_scoreColumns, &QListWidget::itemChanged, this, &TableImportDialog::mappingChanged);

    m_exportNote = new QLabel(tr("This file is a Concord export: it is read by its own columns, every kind of row, "
                                 "so the column mapping does not apply."),
                              this);
    m_exportNote->setObjectName(QStringLiteral("exportNote"));
    m_exportNote->setWordWrap(true);
    m_exportNote->hide();

    m_previewModel = new TablePreviewModel(this);
    m_preview = new QTableView(this);
    m_preview->setObjectName(QStringLiteral("tablePreview"));
    m_preview->setModel(m_previewModel);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->setWordWrap(false);
    m_preview->setTabKeyNavigation(false); // Tab leaves the preview for the next control
    m_preview->horizontalHeader()->setDefaultSectionSize(m_preview->fontMetrics().averageCharWidth() * 16);
    auto *previewLabel = new QLabel(tr("&Preview (the first rows as they will be imported):"), this);
    previewLabel->setBuddy(m_preview);
    previewLabel->setWordWrap(true);

    m_errors = new QListWidget(this);
    m_errors->setObjectName(QStringLiteral("importErrors"));
    m_errors->setWordWrap(true);
    m_errors->setMaximumHeight(m_errors->fontMetrics().height() * 5);
    auto *errorsLabel = new QLabel(tr("&Errors:"), this);
    errorsLabel->setBuddy(m_errors);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("checkStatus"));
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->hide();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));

    auto *right = new QVBoxLayout;
    right->addWidget(m_exportNote);
    right->addWidget(previewLabel);
    right->addWidget(m_preview, 1);
    right->addWidget(errorsLabel);
    right->addWidget(m_errors);
    right->addWidget(m_status);
    right->addWidget(m_progress);
    auto *left = new QVBoxLayout;
    left->addLayout(fieldForm);
    left->addWidget(scoreLabel);
    left->addWidget(m_scoreColumns);
    left->addStretch(1);
    auto *columns = new QHBoxLayout;
    columns->addLayout(left);
    columns->addLayout(right, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(fileForm);
    layout->addLayout(columns, 1);
    layout->addWidget(m_buttons);

    connect(browseButton, &QPushButton::clicked, this, &TableImportDialog::browse);
    connect(m_path, &QLineEdit::textChanged, this, &TableImportDialog::pathChanged);
    connect(m_format, &QComboBox::currentIndexChanged, this, &TableImportDialog::reload);
    connect(&m_monitor, &ImportMonitor::progressed, m_progress, &QProgressBar::setValue);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TableImportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &TableImportDialog::reject);
    readStudy();
    reload();
    resize(900, 600);
}

// The study's dimensions and groups, once: the study is open in the window while the dialog is up.
void TableImportDialog::readStudy()
{
    if (m_studyPath.isEmpty())
        return;
    store::OpenOptions readOnly;
    readOnly.readOnly = true;
    auto study = store::Study::open(m_studyPath.toStdString(), readOnly);
    if (!study)
        return; // the check names what is wrong with the study
    for (const auto &dimension : study.value()->dimensions())
        m_dimensions.push_back(dimension.name);
    QStringList groups;
    for (const auto &rater : study.value()->raters())
        if (rater.kind == model::RaterKind::Human && !rater.group.empty())
            groups << QString::fromStdString(rater.group);
    groups.removeDuplicates();
    groups.sort();
    const QSignalBlocker quiet(m_raterGroup);
    m_raterGroup->addItems(groups);
    m_raterGroup->setCurrentIndex(-1);
}

// A label per field of ColumnMapping::fields(), in its order, each with a mnemonic of its own.
QString TableImportDialog::fieldLabel(const std::string &field)
{
    if (field == "doc_id")
        return tr("&Document id:");
    if (field == "article")
        return tr("Ar&ticle:");
    if (field == "requirement")
        return tr("Re&quirement:");
    if (field == "system")
        return tr("S&ystem:");
    if (field == "summary")
        return tr("S&ummary:");
    if (field == "rater")
        return tr("&Rater:");
    if (field == "group")
        return tr("&Group:");
    if (field == "dimension")
        return tr("Di&mension:");
    return tr("&Value:");
}

TableImportDialog::~TableImportDialog()
{
    // A check still running stops at its next block; its connection rolls back what it wrote.
    m_monitor.cancel();
    m_checkPool.waitForDone();
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
    const QString path = FileDialogs::getOpenFileName(this, tr("Import Table"), filePath(),
                                                      tr("Tables (*.jsonl *.json *.csv *.tsv *.txt);;All files (*)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

void TableImportDialog::pathChanged()
{
    guessFormat();
    reload();
}

void TableImportDialog::guessFormat()
{
    const auto format = io::tableFormatFromName(QFileInfo(filePath()).suffix().toLower().toStdString());
    if (!format)
        return;
    const int index = m_format->findData(static_cast<int>(*format));
    if (index < 0)
        return;
    const QSignalBlocker quiet(m_format); // the path's change reloads once
    m_format->setCurrentIndex(index);
}

// A new file or format: its columns, the combos set to the columns of the fields' own names.
void TableImportDialog::reload()
{
    m_columns.clear();
    m_fileError.reset();
    m_previewModel->setPreview({}); // the last file's: whether this one is a Concord export is not known yet
    if (QFileInfo(filePath()).isFile()) {
        const auto columns = io::TableImporter::columnsOf(filePath().toStdString(), format());
        if (columns) {
            for (const auto &column : columns.value())
                m_columns << QString::fromStdString(column);
        } else {
            m_fileError = columns.error();
        }
    }
    fillCombos();
    checkScoreLikeColumns();
    mappingChanged();
    // A Concord export is read by its own columns: nothing to map.
    const bool mappable = !m_previewModel->preview().concordExport;
    if (!mappable) {
        const QSignalBlocker quiet(m_scoreColumns);
        for (int row = 0; row < m_scoreColumns->count(); ++row)
            m_scoreColumns->item(row)->setCheckState(Qt::Unchecked);
        mappingChanged();
    }
    for (QComboBox *combo : m_fieldCombos)
        combo->setEnabled(mappable && !m_columns.isEmpty());
    m_scoreColumns->setEnabled(mappable && !m_columns.isEmpty());
    m_exportNote->setVisible(!mappable);
}

// Columns that look like a wide table's ratings start checked: a column named "score", or like one of the study's
// dimensions, with numbers in it, unless a field's box reads it.
void TableImportDialog::checkScoreLikeColumns()
{
    if (m_columns.isEmpty())
        return;
    QStringList chosen;
    for (const QComboBox *combo : m_fieldCombos)
        chosen << combo->currentData().toString();
    const QSignalBlocker quiet(m_scoreColumns);
    for (const std::string &column :
         io::TableImporter::scoreLikeColumns(filePath().toStdString(), format(), m_dimensions)) {
        const QString name = QString::fromStdString(column);
        if (chosen.contains(name))
            continue;
        for (QListWidgetItem *item : m_scoreColumns->findItems(name, Qt::MatchExactly))
            item->setCheckState(Qt::Checked);
    }
}

bool TableImportDialog::takesOneRater() const
{
    const auto &fields = io::ColumnMapping::fields();
    const auto rater = std::find(fields.begin(), fields.end(), std::string("rater")) - fields.begin();
    return !m_columns.isEmpty() && !m_previewModel->preview().concordExport
           && m_fieldCombos[static_cast<std::size_t>(rater)]->currentData().toString().isEmpty();
}

void TableImportDialog::fillCombos()
{
    const auto &fields = io::ColumnMapping::fields();
    for (std::size_t f = 0; f < fields.size(); ++f) {
        QComboBox *combo = m_fieldCombos[f];
        const QSignalBlocker quiet(combo);
        const QString field = QString::fromStdString(fields[f]);
        combo->clear();
        // Every row needs a document id: it is the one field that cannot be left out.
        if (field != QLatin1String("doc_id"))
            combo->addItem(tr("(not in file)"), QString());
        for (const QString &column : m_columns)
            combo->addItem(column, column);
        int chosen = combo->findData(field);
        if (chosen < 0) {
            const auto sameName = std::find_if(m_columns.cbegin(), m_columns.cend(), [&field](const QString &column) {
                return column.compare(field, Qt::CaseInsensitive) == 0;
            });
            if (sameName != m_columns.cend())
                chosen = combo->findData(*sameName);
        }
        combo->setCurrentIndex(std::max(chosen, 0));
    }
    const QSignalBlocker quiet(m_scoreColumns);
    m_scoreColumns->clear();
    for (const QString &column : m_columns) {
        auto *item = new QListWidgetItem(column, m_scoreColumns);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
}

io::ColumnMapping TableImportDialog::chosenMapping() const
{
    const auto &fields = io::ColumnMapping::fields();
    io::ColumnMapping chosen;
    bool sameNames = true;
    for (std::size_t f = 0; f < fields.size(); ++f) {
        const QString column = m_fieldCombos[f]->currentData().toString();
        const QString field = QString::fromStdString(fields[f]);
        sameNames = sameNames && column == (m_columns.contains(field) ? field : QString());
        if (!column.isEmpty())
            chosen.columns.emplace(fields[f], column.toStdString());
    }
    for (int row = 0; row < m_scoreColumns->count(); ++row) {
        const QListWidgetItem *item = m_scoreColumns->item(row);
        if (item->checkState() != Qt::Checked)
            continue;
        sameNames = false;
        chosen.columns.emplace("score." + item->text().toStdString(), item->text().toStdString());
    }
    // Untouched, the dialog imports as concord-cli does without --map: a column a JSON line lacks is skipped.
    io::ColumnMapping mapping = sameNames ? io::ColumnMapping::identity() : chosen;
    const QString raterName = m_raterName->text().trimmed();
    if (takesOneRater() && !raterName.isEmpty())
        mapping.fixedRater = io::ColumnMapping::FixedRater{raterName.toStdString(),
                                                           m_raterGroup->currentText().trimmed().toStdString()};
    return mapping;
}

void TableImportDialog::mappingChanged()
{
    stopCheck();
    // A Concord export's preview is for the mapping as it stands: the export's rater boxes are off too.
    const bool oneRater = takesOneRater();
    m_raterName->setEnabled(oneRater);
    m_raterGroup->setEnabled(oneRater);
    m_mapping = chosenMapping();
    io::TablePreview preview;
    if (!m_columns.isEmpty())
        preview = io::TableImporter::preview(filePath().toStdString(), format(), m_mapping, kPreviewRows);
    m_previewModel->setPreview(std::move(preview));
    startCheck();
    showState();
}

void TableImportDialog::stopCheck()
{
    ++m_generation; // an earlier check's outcome is for another mapping
    m_monitor.cancel();
    m_monitor.finish();
    m_checking = false;
    m_checked.reset();
}

void TableImportDialog::startCheck()
{
    if (m_columns.isEmpty() || m_studyPath.isEmpty())
        return;
    m_checking = true;
    const unsigned generation = m_generation;
    const io::ImportProgress::Callback progress = m_monitor.start();
    const std::string studyPath = m_studyPath.toStdString();
    const std::string path = filePath().toStdString();
    const io::TableFormat tableFormat = format();
    const io::ColumnMapping mapping = m_mapping;
    runInBackground<io::ImportReport>(
        this,
        [=]() -> Result<io::ImportReport> {
            if (!progress(0, 0, 0)) // replaced while it waited for the one before
                return Error{io::ImportProgress::cancelledMessage(), {}, 0, {}};
            // Read only: the check copies the study and writes to the copy alone.
            store::OpenOptions readOnly;
            readOnly.readOnly = true;
            auto study = store::Study::open(studyPath, readOnly);
            if (!study)
                return study.error();
            return io::TableImporter::checkFile(*study.value(), path, tableFormat, mapping,
                                                io::ImportProgress(progress, {path}));
        },
        [this, generation](Result<io::ImportReport> outcome) { checkDone(generation, std::move(outcome)); },
        &m_checkPool);
}

void TableImportDialog::checkDone(unsigned generation, Result<io::ImportReport> outcome)
{
    if (generation != m_generation)
        return;
    m_monitor.finish();
    m_checking = false;
    m_checked = std::move(outcome);
    showState();
    Q_EMIT checkFinished();
}

// The errors known so far and whether Import may go ahead: only after the whole file has been checked.
void TableImportDialog::showState()
{
    QStringList errors;
    if (m_fileError)
        errors << errorLine(*m_fileError);
    // The check's error is the import's first; the preview's may be further down, and is certain too.
    if (m_checked && !m_checked->ok())
        errors << errorLine(m_checked->error());
    if (const auto &previewError = m_previewModel->preview().error)
        if (!errors.contains(errorLine(*previewError)))
            errors << errorLine(*previewError);
    m_errors->clear();
    m_errors->addItems(errors);

    const bool isFile = QFileInfo(filePath()).isFile();
    const bool passed = errors.isEmpty() && m_checked && m_checked->ok();
    if (!isFile)
        m_status->setText(tr("Choose a file to import."));
    else if (m_checking)
        m_status->setText(tr("Checking the whole file against the study…"));
    else if (passed)
        m_status->setText(tr("No errors in the whole file (rows checked: %1). Nothing is written until you click "
                             "Import.")
                              .arg(m_checked->value().linesRead));
    else if (!errors.isEmpty())
        m_status->setText(tr("Fix the errors above (or choose other columns) to import."));
    else
        m_status->clear();
    m_progress->setVisible(m_checking);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(passed);
}

void TableImportDialog::accept()
{
    if (!m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    QDialog::accept();
}

} // namespace concord::ui
