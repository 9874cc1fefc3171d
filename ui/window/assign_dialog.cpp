// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/assign_dialog.h"

#include "common/background_job.h"
#include "common/error_label.h"
#include "common/study_session.h"
#include "reports/overlap_report.h"
#include "store/connection_uri.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"
#include "window/assignment_model.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <limits>
#include <set>

namespace concord::ui {

namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QLabel *lineLabel(QWidget *parent, const char *objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

AssignDialog::AssignDialog(StudySession *session, QWidget *parent)
    : QDialog(parent)
    , m_path(session->path().toStdString())
    , m_shared(session->isShared())
    , m_model(new AssignmentModel(this))
    , m_perDocument(new QSpinBox(this))
    , m_everyone(new QSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_group(new QComboBox(this))
    , m_annotators(new QListWidget(this))
    , m_table(new QTableView(this))
    , m_summary(lineLabel(this, "assignmentSummary"))
    , m_overlapGroup(new QComboBox(this))
    , m_overlapDimension(new QComboBox(this))
    , m_width(new QDoubleSpinBox(this))
    , m_overlap(lineLabel(this, "overlapEstimate"))
    , m_error(new ErrorLabel(this))
{
    setObjectName(QStringLiteral("assignDialog"));
    setWindowTitle(tr("Assign Documents"));
    auto *intro = new QLabel(tr("Each document goes to as many of the chosen annotators as asked, the overlap their "
                                "agreement is measured on; a share of the documents goes to all of them. Assigning "
                                "again replaces the assignment but keeps work done: a document someone has judged "
                                "stays theirs."),
                             this);
    intro->setWordWrap(true);

    m_perDocument->setObjectName(QStringLiteral("assignPerDocument"));
    m_perDocument->setRange(1, 999);
    m_perDocument->setValue(2);
    m_perDocument->setToolTip(tr("How many annotators annotate each document."));
    m_everyone->setObjectName(QStringLiteral("assignEveryone"));
    m_everyone->setRange(0, 100);
    m_everyone->setValue(0);
    m_everyone->setSuffix(QStringLiteral(" %"));
    m_everyone->setToolTip(tr("The share of the documents every chosen annotator annotates: a calibration set."));
    m_seed->setObjectName(QStringLiteral("assignSeed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The same seed, annotators and documents give the same assignment."));
    m_group->setObjectName(QStringLiteral("assignGroup"));
    m_group->addItem(tr("Every group"), QString());
    m_annotators->setObjectName(QStringLiteral("assignAnnotators"));
    m_annotators->setToolTip(tr("Space checks or unchecks the annotator chosen."));

    auto *settings = new QFormLayout;
    settings->addRow(tr("Per &document:"), m_perDocument);
    settings->addRow(tr("&Calibration share:"), m_everyone);
    settings->addRow(tr("S&eed:"), m_seed);
    settings->addRow(tr("&Group:"), m_group);
    settings->addRow(tr("A&nnotators:"), m_annotators);

    m_table->setObjectName(QStringLiteral("assignmentTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *stored = new QLabel(tr("S&tored assignment:"), this);
    stored->setBuddy(m_table);

    m_overlapGroup->setObjectName(QStringLiteral("overlapGroup"));
    m_overlapDimension->setObjectName(QStringLiteral("overlapDimension"));
    m_width->setObjectName(QStringLiteral("overlapWidth"));
    m_width->setRange(0.01, 2);
    m_width->setDecimals(2);
    m_width->setSingleStep(0.01);
    m_width->setValue(0.1);
    m_width->setToolTip(tr("The width of the bootstrap interval of Krippendorff's α to aim for."));
    auto *overlap = new QFormLayout;
    overlap->addRow(tr("Pilot gro&up:"), m_overlapGroup);
    overlap->addRow(tr("Di&mension:"), m_overlapDimension);
    overlap->addRow(tr("Interval &width:"), m_width);
    m_overlap->setText(tr("Reading the study…"));

    m_error->setObjectName(QStringLiteral("assignError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_assign = buttons->addButton(tr("&Assign"), QDialogButtonBox::ActionRole);
    m_assign->setObjectName(QStringLiteral("assignButton"));
    m_assign->setDefault(true); // Enter assigns, from the spin boxes and the list too
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_assign, &QPushButton::clicked, this, &AssignDialog::assign);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(settings);
    layout->addWidget(stored);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_summary);
    layout->addLayout(overlap);
    layout->addWidget(m_overlap);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    // Down the form, then the table, the estimate and the buttons.
    QWidget *order[] = {m_perDocument,  m_everyone,         m_seed,  m_group, m_annotators, m_table,
                        m_overlapGroup, m_overlapDimension, m_width, m_assign};
    for (std::size_t i = 1; i < std::size(order); ++i)
        setTabOrder(order[i - 1], order[i]);
    setTabOrder(m_assign, buttons->button(QDialogButtonBox::Close));

    connect(m_group, &QComboBox::currentIndexChanged, this, &AssignDialog::chooseGroup);
    connect(m_overlapGroup, &QComboBox::currentIndexChanged, this, &AssignDialog::estimateOverlap);
    connect(m_overlapDimension, &QComboBox::currentIndexChanged, this, &AssignDialog::estimateOverlap);
    connect(m_width, &QDoubleSpinBox::valueChanged, this, &AssignDialog::estimateOverlap);
    m_perDocument->setFocus();
    updateButtons();
    resize(560, 640);
    load();
}

reports::AssignmentRequest AssignDialog::request() const
{
    reports::AssignmentRequest r;
    for (int i = 0; i < m_annotators->count(); ++i) {
        const QListWidgetItem *item = m_annotators->item(i);
        if (!item->isHidden() && item->checkState() == Qt::Checked)
            r.annotators.push_back(item->text().toStdString());
    }
    r.perDocument = static_cast<std::size_t>(m_perDocument->value());
    r.everyone = m_everyone->value() / 100.0;
    r.seed = static_cast<std::uint64_t>(m_seed->value());
    return r;
}

QString AssignDialog::errorText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

QString AssignDialog::summaryText() const
{
    return m_summary->text();
}

QString AssignDialog::overlapText() const
{
    return m_overlap->text();
}

void AssignDialog::load()
{
    const std::string path = m_path;
    const bool shared = m_shared;
    runInBackground<Loaded>(
        this,
        [path, shared]() -> Result<Loaded> {
            store::OpenOptions options;
            options.readOnly = true;
            auto opened = store::Study::open(path, options);
            if (!opened)
                return opened.error();
            store::Study &study = *opened.value();
            Loaded loaded;
            std::set<std::string> groups;
            if (shared) {
                // A team's annotators are its members with the annotator role: the lead leads, and takes no share.
                store::PgConnection connection(path);
                for (const store::TeamMember &m : store::PgTeam::list(connection)) {
                    loaded.people.push_back({qs(m.name), qs(m.group), m.role == "annotator"});
                    if (!m.group.empty())
                        groups.insert(m.group);
                }
            } else {
                for (const model::Rater &r : study.raters()) {
                    if (r.kind != model::RaterKind::Human)
                        continue;
                    loaded.people.push_back({qs(r.name), qs(r.group), true});
                    if (!r.group.empty())
                        groups.insert(r.group);
                }
            }
            for (const std::string &g : groups)
                loaded.groups.push_back(qs(g));
            for (const model::Dimension &d : study.dimensions())
                if (d.kind == model::DimensionKind::Likert)
                    loaded.dimensions.push_back(qs(d.name));
            auto current = reports::readAssignment(study);
            if (!current)
                return current.error();
            loaded.current = std::move(current).value();
            return loaded;
        },
        [this](Result<Loaded> loaded) { onLoaded(std::move(loaded)); });
}

void AssignDialog::onLoaded(Result<Loaded> loaded)
{
    if (!loaded) {
        showError(tr("Cannot read the study: %1").arg(errorLine(loaded.error())));
        m_overlap->clear();
        Q_EMIT this->loaded(false);
        return;
    }
    Loaded &l = loaded.value();
    m_people = std::move(l.people);
    for (const Person &p : m_people) {
        auto *item = new QListWidgetItem(p.name, m_annotators);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(p.annotator ? Qt::Checked : Qt::Unchecked);
        if (!p.group.isEmpty())
            item->setToolTip(tr("Group: %1").arg(p.group));
    }
    if (m_annotators->count() > 0)
        m_annotators->setCurrentRow(0);
    {
        const QSignalBlocker blockGroup(m_group);
        const QSignalBlocker blockOverlapGroup(m_overlapGroup);
        const QSignalBlocker blockDimension(m_overlapDimension);
        for (const QString &g : l.groups) {
            m_group->addItem(g, g);
            m_overlapGroup->addItem(g, g);
        }
        for (const QString &d : l.dimensions)
            m_overlapDimension->addItem(d, d);
    }
    m_model->setReport(std::move(l.current));
    m_table->resizeColumnsToContents();
    m_summary->setText(m_model->summary());
    m_loaded = true;
    updateButtons();
    Q_EMIT this->loaded(true);
    estimateOverlap();
}

void AssignDialog::chooseGroup()
{
    // The group narrows the list to its people, each checked as at first (a team's annotators, a file's people).
    const QString group = m_group->currentData().toString();
    for (int i = 0; i < m_annotators->count(); ++i) {
        const Person &p = m_people[static_cast<std::size_t>(i)];
        const bool in = group.isEmpty() || p.group == group;
        QListWidgetItem *item = m_annotators->item(i);
        item->setHidden(!in);
        item->setCheckState(in && p.annotator ? Qt::Checked : Qt::Unchecked);
    }
}

void AssignDialog::assign()
{
    if (!m_loaded || m_assigning)
        return;
    const reports::AssignmentRequest asked = request();
    if (asked.annotators.empty()) {
        // Without names the core would assign to every person of the study: not what an empty list means here.
        showError(tr("Check at least one annotator to assign documents to."));
        Q_EMIT assignFinished(false);
        return;
    }
    m_assigning = true;
    updateButtons();
    m_error->hide();
    m_summary->setText(tr("Assigning…"));
    const std::string path = m_path;
    runInBackground<reports::AssignmentReport>(
        this,
        [path, asked]() -> Result<reports::AssignmentReport> {
            auto opened = store::Study::open(path);
            if (!opened)
                return opened.error();
            return reports::assignDocuments(*opened.value(), asked); // one transaction, or nothing changed
        },
        [this](Result<reports::AssignmentReport> outcome) {
            m_assigning = false;
            updateButtons();
            if (!outcome) {
                showError(errorLine(outcome.error()));
                m_summary->setText(m_model->summary());
                Q_EMIT assignFinished(false);
                return;
            }
            m_model->setReport(std::move(outcome).value());
            m_table->resizeColumnsToContents();
            m_summary->setText(m_model->summary());
            Q_EMIT assignFinished(true);
        });
}

void AssignDialog::estimateOverlap()
{
    const quint64 generation = ++m_overlapGeneration;
    const QString group = m_overlapGroup->currentData().toString();
    const QString dimension = m_overlapDimension->currentData().toString();
    if (group.isEmpty() || dimension.isEmpty()) {
        m_overlap->setText(tr("No estimate of the overlap: it needs a group of people and a rating dimension."));
        Q_EMIT overlapEstimated();
        return;
    }
    m_overlap->setText(tr("Estimating the overlap…"));
    reports::OverlapRequest asked;
    asked.group = group.toStdString();
    asked.dimension = dimension.toStdString();
    asked.width = m_width->value();
    const std::string path = m_path;
    runInBackground<reports::OverlapReport>(
        this,
        [path, asked]() -> Result<reports::OverlapReport> {
            store::OpenOptions options;
            options.readOnly = true;
            auto opened = store::Study::open(path, options);
            if (!opened)
                return opened.error();
            return reports::computeOverlap(*opened.value(), asked);
        },
        [this, generation, group, dimension](Result<reports::OverlapReport> outcome) {
            if (generation != m_overlapGeneration)
                return; // the controls changed since: a newer estimate is on its way
            const QLocale locale;
            if (!outcome) {
                m_overlap->setText(tr("No estimate of the overlap: %1").arg(errorLine(outcome.error())));
            } else if (outcome.value().sizing.pilotUnits == 0) {
                m_overlap->setText(tr("Not enough pilot data: no summary is rated on %1 by two or more people of "
                                      "group %2 yet.")
                                       .arg(dimension, group));
            } else if (const auto &r = outcome.value(); r.documentsNeeded) {
                m_overlap->setText(tr("About %1 documents given to two or more annotators give α on %2 an interval "
                                      "%3 wide (pilot: %4 such documents).")
                                       .arg(locale.toString(static_cast<qulonglong>(*r.documentsNeeded)), dimension,
                                            locale.toString(r.request.width, 'g', 3),
                                            locale.toString(static_cast<qulonglong>(r.pilotDocuments))));
            } else {
                m_overlap->setText(tr("Not enough pilot data for an estimate: %1").arg(qs(r.sizing.why).simplified()));
            }
            Q_EMIT overlapEstimated();
        });
}

void AssignDialog::showError(const QString &text)
{
    m_error->setText(text);
    m_error->show();
}

QString AssignDialog::errorLine(const Error &error) const
{
    // One line, and never a team study's password.
    const std::string text = m_shared ? store::redactPassword(error.describe(), m_path) : error.describe();
    return qs(text).simplified();
}

void AssignDialog::updateButtons()
{
    m_assign->setEnabled(m_loaded && !m_assigning);
}

} // namespace concord::ui
