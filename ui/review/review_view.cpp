// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "review/review_view.h"

#include "common/background_job.h"
#include "common/error_label.h"
#include "common/flow_layout.h"
#include "common/header_width.h"
#include "common/study_session.h"
#include "review/adjudicate_dialog.h"
#include "review/reject_dialog.h"
#include "review/review_queue_model.h"

#include "model/rater.h"
#include "store/connection_uri.h"
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <limits>
#include <utility>

namespace concord::ui {

namespace {

// Who a decision is recorded under: on a team study the login itself (the server refuses any other name but the
// owner's), on a study file the name the window was given.
std::string reviewerOn(store::Study &study, const std::string &fileName)
{
    if (auto *connection = study.database().postgres())
        return store::PgTeam::login(*connection).name;
    return fileName;
}

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QAction *keyAction(QWidget *owner, const QString &name, const QString &text, const QKeySequence &key,
                   const QString &what)
{
    auto *action = new QAction(text, owner);
    action->setObjectName(name);
    if (!key.isEmpty()) {
        action->setShortcut(key);
        // Only while the Review view is shown: the other views keep their keys.
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    }
    const QString tip
        = key.isEmpty() ? what : ReviewView::tr("%1 (%2)").arg(what, key.toString(QKeySequence::NativeText));
    action->setToolTip(tip);
    action->setStatusTip(tip);
    action->setProperty("leadTip", tip);
    owner->addAction(action);
    return action;
}

QToolButton *buttonFor(QAction *action)
{
    auto *button = new QToolButton;
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setObjectName(action->objectName() + QStringLiteral("Button"));
    return button;
}

QString decisionText(const std::string &decision)
{
    return decision.empty() ? ReviewView::tr("not decided") : ReviewQueueModel::statusText(decision);
}

} // namespace

ReviewView::ReviewView(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new ReviewQueueModel(this))
    , m_order(new QComboBox(this))
    , m_seedLabel(new QLabel(tr("Seed:"), this))
    , m_seed(new QSpinBox(this))
    , m_annotatorFilter(new QComboBox(this))
    , m_dimensionFilter(new QComboBox(this))
    , m_info(new QLabel(this))
    , m_error(new ErrorLabel(this))
    , m_table(new QTableView(this))
    , m_heading(new QLabel(this))
    , m_ratings(new QTableWidget(this))
    , m_annotatorChoice(new QComboBox(this))
    , m_lazy([this] { reload(); },
             [this] {
                 ++m_generation;
                 dropSheetRead();
                 m_loading = 0;
             })
{
    setObjectName(QStringLiteral("reviewView"));
    m_reviewer = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    if (m_reviewer.isEmpty())
        m_reviewer = QStringLiteral("lead");

    m_order->setObjectName(QStringLiteral("reviewOrder"));
    m_order->addItem(tr("Most disputed first"), static_cast<int>(reports::ReviewQueueRequest::Order::Disagreement));
    m_order->addItem(tr("Random (seeded)"), static_cast<int>(reports::ReviewQueueRequest::Order::Random));
    m_order->addItem(tr("By annotator"), static_cast<int>(reports::ReviewQueueRequest::Order::Annotator));
    m_seed->setObjectName(QStringLiteral("reviewSeed"));
    m_seed->setRange(1, std::numeric_limits<int>::max());
    m_seed->setToolTip(tr("The same seed gives the same order every time"));
    m_annotatorFilter->setObjectName(QStringLiteral("reviewAnnotatorFilter"));
    m_annotatorFilter->addItem(tr("Everyone's work"), QString());
    m_dimensionFilter->setObjectName(QStringLiteral("reviewDimensionFilter"));
    m_dimensionFilter->addItem(tr("All Likert dimensions"), QString());
    for (QComboBox *box : {m_order, m_annotatorFilter, m_dimensionFilter, m_annotatorChoice})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_info->setObjectName(QStringLiteral("reviewInfo"));
    m_info->setTextFormat(Qt::PlainText);
    m_info->setWordWrap(true);
    m_error->setObjectName(QStringLiteral("reviewError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->hide();
    m_heading->setObjectName(QStringLiteral("reviewHeading"));
    m_heading->setTextFormat(Qt::PlainText);
    m_heading->setWordWrap(true);
    m_annotatorChoice->setObjectName(QStringLiteral("reviewAnnotator"));
    m_annotatorChoice->setToolTip(tr("Whose work on the document Accept and Reject decide on"));

    m_table->setObjectName(QStringLiteral("reviewQueueTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    widenSectionsToTitles(m_table->horizontalHeader());

    m_ratings->setObjectName(QStringLiteral("reviewRatings"));
    m_ratings->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_ratings->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_ratings->setAlternatingRowColors(true);

    const QKeySequence none;
    m_accept = keyAction(this, QStringLiteral("reviewAccept"), tr("&Accept"), QKeySequence(Qt::CTRL | Qt::Key_Return),
                         tr("Accept the chosen annotator's work on this document"));
    m_reject
        = keyAction(this, QStringLiteral("reviewReject"), tr("&Reject…"), QKeySequence(Qt::CTRL | Qt::Key_Backspace),
                    tr("Reject the chosen annotator's work with a comment, back to them or to another person"));
    m_adjudicate
        = keyAction(this, QStringLiteral("reviewAdjudicate"), tr("Ad&judicate…"), QKeySequence(Qt::CTRL | Qt::Key_D),
                    tr("Give the document's final labels on a dimension: one annotator's, or typed"));
    m_next = keyAction(this, QStringLiteral("reviewNext"), tr("Next Document"), QKeySequence(Qt::CTRL | Qt::Key_Down),
                       tr("The next document of the queue"));
    m_previous = keyAction(this, QStringLiteral("reviewPrevious"), tr("Previous Document"),
                           QKeySequence(Qt::CTRL | Qt::Key_Up), tr("The previous document of the queue"));
    m_open = keyAction(this, QStringLiteral("reviewOpenInAnnotate"), tr("Open in Annotate"), none,
                       tr("Show the document in the Annotate view"));

    auto *filters = new FlowLayout;
    filters->addPair(new QLabel(tr("Order:")), m_order);
    filters->addWidget(m_seedLabel);
    filters->addWidget(m_seed);
    filters->addPair(new QLabel(tr("Annotator:")), m_annotatorFilter);
    filters->addPair(new QLabel(tr("Dimension:")), m_dimensionFilter);

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(filters);
    leftLayout->addWidget(m_info);
    leftLayout->addWidget(m_table, 1);

    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_heading);
    rightLayout->addWidget(m_ratings, 1);
    // Wrapped, as the filters are: in a long language one row of them would widen the whole window.
    auto *buttons = new FlowLayout;
    buttons->addPair(new QLabel(tr("Work of:")), m_annotatorChoice);
    for (QAction *action : {m_accept, m_reject, m_adjudicate, m_open})
        buttons->addWidget(buttonFor(action));
    rightLayout->addLayout(buttons);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_error);
    layout->addWidget(splitter, 1);

    connect(m_order, &QComboBox::currentIndexChanged, this, [this] {
        const bool random
            = m_order->currentData().toInt() == static_cast<int>(reports::ReviewQueueRequest::Order::Random);
        m_seedLabel->setVisible(random);
        m_seed->setVisible(random);
        reload();
    });
    connect(m_seed, &QSpinBox::valueChanged, this, [this] { reload(); });
    connect(m_annotatorFilter, &QComboBox::currentIndexChanged, this, [this] { reload(); });
    connect(m_dimensionFilter, &QComboBox::currentIndexChanged, this, [this] {
        reload();
        showSheet();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ReviewView::onCurrentChanged);
    connect(m_accept, &QAction::triggered, this, &ReviewView::accept);
    connect(m_reject, &QAction::triggered, this, &ReviewView::reject);
    connect(m_adjudicate, &QAction::triggered, this, &ReviewView::adjudicate);
    connect(m_next, &QAction::triggered, this, [this] { next(1); });
    connect(m_previous, &QAction::triggered, this, [this] { next(-1); });
    connect(m_open, &QAction::triggered, this, [this] {
        if (m_sheet)
            Q_EMIT openInAnnotate(m_sheet->document,
                                  m_sheet->summaries.empty() ? 0 : m_sheet->summaries.front().candidate);
    });
    connect(m_session, &StudySession::studyChanged, this, [this] { m_lazy.request(); });
    // A team study: the annotators' commits change the queue as they come.
    connect(m_session, &StudySession::contentChanged, this, &ReviewView::followContent);
    m_seedLabel->hide();
    m_seed->hide();
    updateActions();
    m_lazy.request();
}

bool ReviewView::isAnnotatorSession() const
{
    // A reviewer's login is blind to systems too, but reviews: the server lets it decide and adjudicate.
    return m_session->isOpen() && m_session->study()->isBlind() && !m_session->study()->isReviewer();
}

void ReviewView::setShowSystemNames(bool show)
{
    m_showSystemNames = show;
    showSheet();
}

QString ReviewView::errorText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

RejectDialog *ReviewView::rejectDialog() const
{
    return m_rejectDialog;
}

AdjudicateDialog *ReviewView::adjudicateDialog() const
{
    return m_adjudicateDialog;
}

QString ReviewView::infoText() const
{
    return m_info->text();
}

QString ReviewView::errorLine(const Error &error) const
{
    // One line, and never a team study's password.
    const std::string text = m_session->isShared()
                                 ? store::redactPassword(error.describe(), m_session->path().toStdString())
                                 : error.describe();
    return qs(text).simplified();
}

void ReviewView::showError(const QString &text)
{
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

reports::ReviewQueueRequest ReviewView::request() const
{
    reports::ReviewQueueRequest r;
    r.order = static_cast<reports::ReviewQueueRequest::Order>(m_order->currentData().toInt());
    r.seed = static_cast<std::uint64_t>(m_seed->value());
    if (const QString a = m_annotatorFilter->currentData().toString(); !a.isEmpty())
        r.annotator = a.toStdString();
    if (const QString d = m_dimensionFilter->currentData().toString(); !d.isEmpty())
        r.dimension = d.toStdString();
    return r;
}

void ReviewView::setActive(bool active)
{
    m_lazy.setActive(active); // a study change while hidden reloads now
    if (active && m_running == 0 && std::exchange(m_contentPending, false))
        read();
}

void ReviewView::followContent()
{
    if (!isActive() || m_running > 0) {
        m_contentPending = true;
        return;
    }
    read();
}

void ReviewView::dropSheetRead()
{
    ++m_sheetGeneration;
    m_sheetReading = 0;
    m_sheetPending = false;
}

void ReviewView::reload()
{
    m_contentPending = false; // this read starts after every commit so far
    dropSheetRead();
    if (m_sheet) {
        m_wanted = m_sheet->document;
        m_wantedRow = std::max(0, m_model->rowOf(m_wanted));
    }
    m_model->setItems({});
    m_sheet.reset();
    showSheet();
    if (m_session->isOpen() && !isAnnotatorSession())
        m_info->setText(tr("Reading the review queue…"));
    read();
}

void ReviewView::read()
{
    const quint64 generation = ++m_generation;
    if (!m_session->isOpen() || isAnnotatorSession()) {
        dropSheetRead();
        m_model->setItems({});
        m_sheet.reset();
        showSheet();
    }
    if (!m_session->isOpen()) {
        m_loading = 0;
        m_info->clear();
        updateActions();
        Q_EMIT loaded();
        return;
    }
    if (isAnnotatorSession()) {
        // The server keeps the team's work and its decisions from an annotator's login.
        m_loading = 0;
        m_info->setText(tr("The study lead and the reviewers review the team's work; an annotator's login sees "
                           "only the decisions on their own work."));
        updateActions();
        Q_EMIT loaded();
        return;
    }
    m_loading = generation;
    ++m_running;
    updateActions();
    runInBackground<Queue>(
        this,
        [path = m_session->path().toStdString(), shared = m_session->isShared(), asked = request()]() -> Result<Queue> {
            store::OpenOptions options;
            options.readOnly = true;
            auto opened = store::Study::open(path, options);
            if (!opened)
                return opened.error();
            store::Study &study = *opened.value();
            auto items = reports::reviewQueue(study, asked);
            if (!items)
                return items.error();
            Queue queue;
            queue.items = std::move(items).value();
            if (shared) {
                // Work goes to the team's annotators only, in a reviewer's session too (which sees every person):
                // a reviewer or the lead annotates nothing.
                store::PgConnection connection(path);
                for (const std::string &name : store::PgTeam::annotators(connection))
                    queue.people << qs(name);
            } else {
                for (const model::Rater &r : study.raters())
                    if (r.kind == model::RaterKind::Human && r.name != reports::kAdjudicated
                        && r.group != reports::kAdjudicated)
                        queue.people << qs(r.name);
            }
            for (const model::Dimension &d : study.dimensions())
                if (d.kind == model::DimensionKind::Likert)
                    queue.dimensions << qs(d.name);
            return queue;
        },
        [this, generation](Result<Queue> queue) { onRead(generation, std::move(queue)); });
}

void ReviewView::onRead(quint64 generation, Result<Queue> queue)
{
    --m_running;
    apply(generation, std::move(queue));
    if (m_running == 0 && std::exchange(m_contentPending, false))
        followContent();
}

void ReviewView::apply(quint64 generation, Result<Queue> queue)
{
    if (generation != m_generation)
        return; // a newer reload is on its way
    m_loading = 0;
    if (!queue) {
        m_info->clear();
        showError(tr("Cannot read the review queue: %1").arg(errorLine(queue.error())));
        updateActions();
        Q_EMIT loaded();
        return;
    }
    showError(QString()); // what the last read could not do is past
    Queue &q = queue.value();
    m_people = q.people;
    const auto refill = [](QComboBox *box, const QStringList &names) {
        const QString current = box->currentData().toString();
        const QSignalBlocker block(box);
        while (box->count() > 1)
            box->removeItem(1);
        for (const QString &n : names)
            box->addItem(n, n);
        box->setCurrentIndex(std::max(0, box->findData(current)));
    };
    refill(m_annotatorFilter, q.people);
    refill(m_dimensionFilter, q.dimensions);
    m_model->setItems(std::move(q.items));
    m_info->setText(m_model->rowCount() == 0
                        ? tr("Nothing to review: no open work on any document.")
                        : tr("Documents to review: %1").arg(QLocale().toString(m_model->rowCount())));
    updateActions();
    Q_EMIT loaded();
    if (m_model->rowCount() > 0) {
        const int row = m_model->rowOf(m_wanted);
        selectRow(row >= 0 ? row : std::min(m_wantedRow, m_model->rowCount() - 1));
    }
}

void ReviewView::selectRow(int row)
{
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                               QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void ReviewView::next(int step)
{
    if (m_model->rowCount() == 0)
        return;
    const int row = m_table->selectionModel()->currentIndex().row();
    selectRow(std::clamp(row + step, 0, m_model->rowCount() - 1));
}

void ReviewView::onCurrentChanged()
{
    const reports::ReviewQueueItem *item = m_model->itemAt(m_table->selectionModel()->currentIndex().row());
    m_wanted = item ? item->document : 0;
    m_wantedRow = std::max(0, m_table->selectionModel()->currentIndex().row());
    if (!item) {
        dropSheetRead();
        m_sheet.reset();
        showSheet();
        return;
    }
    loadSheet(item->document);
}

void ReviewView::loadSheet(model::Id document)
{
    // The same document again (the queue was read again): once more after the running read, which a new one
    // would drop, so that a steady stream of commits still lets the ratings through.
    if (document == m_sheetReading) {
        m_sheetPending = true;
        return;
    }
    dropSheetRead();
    const quint64 generation = m_sheetGeneration;
    m_sheetReading = document;
    // The ratings shown stay while the same document's are read again.
    if (!m_sheet || m_sheet->document != document)
        m_heading->setText(tr("Reading the ratings…"));
    runInBackground<reports::ReviewSheet>(
        this,
        [path = m_session->path().toStdString(), document]() -> Result<reports::ReviewSheet> {
            store::OpenOptions options;
            options.readOnly = true;
            auto opened = store::Study::open(path, options);
            if (!opened)
                return opened.error();
            return reports::reviewSheet(*opened.value(), document);
        },
        [this, generation, document](Result<reports::ReviewSheet> sheet) {
            if (generation != m_sheetGeneration)
                return;
            m_sheetReading = 0;
            if (!sheet) {
                m_sheet.reset();
                showSheet();
                showError(tr("Cannot read the document's ratings: %1").arg(errorLine(sheet.error())));
            } else {
                m_sheet = std::move(sheet).value();
                showSheet();
            }
            Q_EMIT sheetLoaded();
            if (std::exchange(m_sheetPending, false))
                loadSheet(document);
        });
}

void ReviewView::showSheet()
{
    const QString chosen = m_annotatorChoice->currentData().toString();
    {
        const QSignalBlocker block(m_annotatorChoice);
        m_annotatorChoice->clear();
    }
    m_ratings->clear();
    m_ratings->setRowCount(0);
    m_ratings->setColumnCount(0);
    if (!m_sheet) {
        m_heading->clear();
        updateActions();
        return;
    }
    const reports::ReviewSheet &sheet = *m_sheet;
    QStringList decisions;
    for (std::size_t a = 0; a < sheet.annotators.size(); ++a) {
        const QString name = qs(sheet.annotators[a]);
        m_annotatorChoice->addItem(tr("%1 (%2)").arg(name, decisionText(sheet.latestDecision[a])), name);
    }
    // The same person as before when they have work here, else the first not decided on yet.
    int choice = m_annotatorChoice->findData(chosen);
    for (std::size_t a = 0; choice < 0 && a < sheet.annotators.size(); ++a)
        if (sheet.latestDecision[a].empty())
            choice = static_cast<int>(a);
    m_annotatorChoice->setCurrentIndex(std::max(0, choice));
    m_heading->setText(tr("Document %1 · summaries: %2 · annotators: %3")
                           .arg(qs(sheet.externalId))
                           .arg(sheet.summaries.size())
                           .arg(sheet.annotators.size()));

    // Rows: the summaries; columns: each annotator per dimension (the one chosen, or every Likert one), and the
    // adjudicated labels where some were given.
    const QString only = m_dimensionFilter->currentData().toString();
    struct Column {
        std::size_t dimension;
        std::optional<std::size_t> annotator; // none: the adjudicated labels
    };
    std::vector<Column> columns;
    QStringList titles;
    std::size_t shownDimensions = 0;
    for (std::size_t d = 0; d < sheet.dimensions.size(); ++d)
        shownDimensions += only.isEmpty() || qs(sheet.dimensions[d].name) == only ? 1 : 0;
    for (std::size_t d = 0; d < sheet.dimensions.size(); ++d) {
        const QString dimension = qs(sheet.dimensions[d].name);
        if (!only.isEmpty() && dimension != only)
            continue;
        const auto title
            = [&](const QString &who) { return shownDimensions > 1 ? tr("%1 · %2").arg(who, dimension) : who; };
        for (std::size_t a = 0; a < sheet.annotators.size(); ++a) {
            columns.push_back({d, a});
            titles << title(qs(sheet.annotators[a]));
        }
        bool adjudicated = false;
        for (std::size_t s = 0; s < sheet.summaries.size(); ++s)
            adjudicated = adjudicated || sheet.adjudicated.contains({s, d});
        if (adjudicated) {
            columns.push_back({d, std::nullopt});
            titles << title(tr("adjudicated"));
        }
    }
    m_ratings->setColumnCount(static_cast<int>(columns.size()));
    m_ratings->setRowCount(static_cast<int>(sheet.summaries.size()));
    m_ratings->setHorizontalHeaderLabels(titles);
    QStringList rows;
    for (std::size_t s = 0; s < sheet.summaries.size(); ++s)
        rows << (m_showSystemNames ? qs(sheet.summaries[s].system) : tr("Summary %1").arg(s + 1));
    m_ratings->setVerticalHeaderLabels(rows);
    const QLocale locale;
    for (std::size_t s = 0; s < sheet.summaries.size(); ++s) {
        for (std::size_t c = 0; c < columns.size(); ++c) {
            std::optional<double> value;
            if (columns[c].annotator) {
                value = sheet.rating(s, columns[c].dimension, *columns[c].annotator);
            } else if (const auto it = sheet.adjudicated.find({s, columns[c].dimension});
                       it != sheet.adjudicated.end()) {
                value = it->second;
            }
            auto *cell = new QTableWidgetItem(value ? locale.toString(*value, 'g', 4) : QString());
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (!value)
                cell->setToolTip(tr("No rating"));
            m_ratings->setItem(static_cast<int>(s), static_cast<int>(c), cell);
        }
    }
    m_ratings->resizeColumnsToContents();
    updateActions();
}

void ReviewView::updateActions()
{
    const bool annotator = isAnnotatorSession();
    const bool ready = m_session->isOpen() && !annotator && m_sheet.has_value() && !m_writing;
    const QString why = annotator ? tr("An annotator reviews nothing: the team study's lead and its reviewers accept, "
                                       "reject and adjudicate the team's work.")
                                  : QString();
    // An annotator's login is offered nothing, and each action says why; the lead's tips come back when a
    // lead's study is opened afterwards.
    const auto offer = [&why](QAction *action, bool enabled) {
        action->setEnabled(enabled);
        const QString tip = why.isEmpty() ? action->property("leadTip").toString() : why;
        action->setToolTip(tip);
        action->setStatusTip(tip);
    };
    const bool someone = ready && m_annotatorChoice->count() > 0;
    offer(m_accept, someone);
    offer(m_reject, someone);
    offer(m_adjudicate, ready && !m_sheet->dimensions.empty());
    offer(m_next, !annotator && m_model->rowCount() > 0);
    offer(m_previous, !annotator && m_model->rowCount() > 0);
    offer(m_open, ready);
    m_annotatorChoice->setEnabled(someone);
    for (QWidget *w : std::initializer_list<QWidget *>{m_order, m_seed, m_annotatorFilter, m_dimensionFilter})
        w->setEnabled(m_session->isOpen() && !annotator);
}

void ReviewView::accept()
{
    if (!m_accept->isEnabled() || !m_sheet)
        return;
    reports::ReviewDecision decision;
    decision.document = m_sheet->externalId;
    decision.annotator = m_annotatorChoice->currentData().toString().toStdString();
    decision.decision = "accepted";
    decision.reviewer = m_reviewer.toStdString();
    write([decision](store::Study &study) mutable -> Status {
        decision.reviewer = reviewerOn(study, decision.reviewer);
        const auto id = reports::recordDecision(study, decision);
        if (!id)
            return id.error();
        return {};
    });
}

void ReviewView::reject()
{
    if (!m_reject->isEnabled() || !m_sheet || m_rejectDialog)
        return;
    const QString annotator = m_annotatorChoice->currentData().toString();
    auto *dialog = new RejectDialog(annotator, qs(m_sheet->externalId), m_people, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_rejectDialog = dialog;
    connect(dialog, &QDialog::accepted, this, [this, dialog, annotator, document = m_sheet->externalId] {
        reports::ReviewDecision decision;
        decision.document = document;
        decision.annotator = annotator.toStdString();
        decision.decision = "rejected";
        decision.comment = dialog->comment().toStdString();
        if (const QString to = dialog->sendTo(); !to.isEmpty())
            decision.sendTo = to.toStdString();
        decision.reviewer = m_reviewer.toStdString();
        write([decision](store::Study &study) mutable -> Status {
            decision.reviewer = reviewerOn(study, decision.reviewer);
            const auto id = reports::recordDecision(study, decision);
            if (!id)
                return id.error();
            return {};
        });
    });
    dialog->open();
}

void ReviewView::adjudicate()
{
    if (!m_adjudicate->isEnabled() || !m_sheet || m_adjudicateDialog)
        return;
    // A reviewer's login does not know which system wrote a summary: it takes an annotator's labels.
    auto *dialog = new AdjudicateDialog(*m_sheet, m_showSystemNames, m_dimensionFilter->currentData().toString(),
                                        !m_session->study()->isBlind(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_adjudicateDialog = dialog;
    connect(dialog, &QDialog::accepted, this, [this, dialog, document = m_sheet->externalId] {
        reports::Adjudication a;
        a.document = document;
        a.dimension = dialog->dimension().toStdString();
        if (const auto take = dialog->take())
            a.take = take->toStdString();
        a.values = dialog->values();
        a.comment = dialog->comment().toStdString();
        a.reviewer = m_reviewer.toStdString();
        write([a](store::Study &study) mutable -> Status {
            a.reviewer = reviewerOn(study, a.reviewer);
            const auto stored = reports::adjudicate(study, a);
            if (!stored)
                return stored.error();
            return {};
        });
    });
    dialog->open();
}

void ReviewView::write(std::function<Status(store::Study &)> work)
{
    m_writing = true;
    showError(QString());
    updateActions();
    runInBackground<bool>(
        this,
        [path = m_session->path().toStdString(), work = std::move(work)]() -> Result<bool> {
            auto opened = store::Study::open(path);
            if (!opened)
                return opened.error();
            const Status written = work(*opened.value()); // one transaction, or nothing changed
            if (!written)
                return written.error();
            return true;
        },
        [this](Result<bool> outcome) {
            m_writing = false;
            if (!outcome) {
                showError(tr("Not recorded: %1").arg(errorLine(outcome.error())));
                updateActions();
                Q_EMIT decisionFinished(false);
                return;
            }
            // Every view reads the study again: adjudicated labels are ratings the analyses use.
            if (const Status refreshed = m_session->refresh(); !refreshed)
                showError(errorLine(refreshed.error()));
            updateActions();
            Q_EMIT decisionFinished(true);
        });
}

} // namespace concord::ui
