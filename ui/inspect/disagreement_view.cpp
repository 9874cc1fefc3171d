// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "inspect/disagreement_view.h"

#include "common/background_job.h"
#include "common/flow_layout.h"
#include "common/header_width.h"
#include "common/palette_colours.h"
#include "common/study_session.h"
#include "inspect/disagreement_model.h"

#include "store/study.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextEdit>
#include <QVBoxLayout>

namespace concord::ui {

namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QString allText()
{
    return DisagreementView::tr("All");
}

void fillFilter(QComboBox *box, const QStringList &items)
{
    const QString current = box->currentIndex() > 0 ? box->currentText() : QString();
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(allText());
    box->addItems(items);
    const int i = current.isEmpty() ? 0 : box->findText(current);
    box->setCurrentIndex(std::max(i, 0));
}

QString filterValue(const QComboBox *box)
{
    return box->currentIndex() > 0 ? box->currentText() : QString();
}

QPlainTextEdit *plainPane(const QString &name)
{
    auto *edit = new QPlainTextEdit;
    edit->setObjectName(name);
    edit->setReadOnly(true);
    return edit;
}

} // namespace

QPair<int, int> DisagreementView::toUtf16(const QString &text, int start, int end)
{
    // Walk the code points: a character outside the BMP takes two UTF-16 units.
    int codePoint = 0;
    int from = -1, to = -1;
    qsizetype i = 0;
    for (; i < text.size(); ++codePoint) {
        if (codePoint == start)
            from = static_cast<int>(i);
        if (codePoint == end)
            to = static_cast<int>(i);
        i += text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate() ? 2 : 1;
    }
    if (from < 0)
        from = static_cast<int>(text.size());
    if (to < 0)
        to = static_cast<int>(text.size());
    return {std::min(from, to), to};
}

DisagreementView::DisagreementView(StudySession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new DisagreementModel(this))
    , m_judgeFilter(new QComboBox(this))
    , m_dimensionFilter(new QComboBox(this))
    , m_systemFilter(new QComboBox(this))
    , m_systemLabel(new QLabel(tr("System:"), this))
    , m_count(new QLabel(this))
    , m_table(new QTableView(this))
    , m_heading(new QLabel(this))
    , m_article(plainPane(QStringLiteral("article")))
    , m_summary(new QTextEdit(this))
    , m_humans(plainPane(QStringLiteral("humans")))
    , m_judge(plainPane(QStringLiteral("judgeAnswers")))
    , m_jump(new QPushButton(tr("Open in Annotate"), this))
    , m_lazy([this] { reload(); },
             [this] {
                 ++m_generation;
                 m_loading = 0;
             })
{
    setObjectName(QStringLiteral("disagreementView"));
    m_judgeFilter->setObjectName(QStringLiteral("judgeFilter"));
    m_dimensionFilter->setObjectName(QStringLiteral("dimensionFilter"));
    m_systemFilter->setObjectName(QStringLiteral("systemFilter"));
    // Filled once the ranking is read, after the boxes were first shown: each widens to its longest
    // name so that the one chosen shows whole (the filter row wraps rather than widen the window).
    for (QComboBox *box : {m_judgeFilter, m_dimensionFilter, m_systemFilter})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setReadOnly(true);
    m_summary->setAcceptRichText(false);
    // Long headings and counts wrap: one line of them would widen the window past a small screen.
    m_heading->setTextFormat(Qt::PlainText);
    m_heading->setWordWrap(true);
    m_count->setTextFormat(Qt::PlainText);
    m_count->setWordWrap(true);
    m_jump->setObjectName(QStringLiteral("openInAnnotate"));
    m_jump->setEnabled(false);

    m_table->setObjectName(QStringLiteral("disagreementTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Column titles whole in every language; the system column's title changes when names are revealed.
    widenSectionsToTitles(m_table->horizontalHeader());
    connect(m_model, &QAbstractItemModel::headerDataChanged, this,
            [this] { widenSectionsToTitles(m_table->horizontalHeader()); });

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    // On a narrow screen the filters go on in a second row rather than widen the window.
    auto *filters = new FlowLayout;
    leftLayout->addLayout(filters);
    filters->addPair(new QLabel(tr("Judge:")), m_judgeFilter);
    filters->addPair(new QLabel(tr("Dimension:")), m_dimensionFilter);
    filters->addWidget(m_systemLabel);
    filters->addWidget(m_systemFilter);
    leftLayout->addWidget(m_count);
    leftLayout->addWidget(m_table, 1);

    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_heading, 1);
    top->addWidget(m_jump);
    rightLayout->addLayout(top);
    auto *panes = new QSplitter(Qt::Vertical);
    auto titled = [](const QString &title, QWidget *w) {
        auto *box = new QWidget;
        auto *l = new QVBoxLayout(box);
        l->setContentsMargins(0, 0, 0, 0);
        auto *label = new QLabel(title);
        label->setStyleSheet(QStringLiteral("font-weight: bold"));
        label->setWordWrap(true);
        l->addWidget(label);
        l->addWidget(w, 1);
        return box;
    };
    panes->addWidget(titled(tr("Article"), m_article));
    panes->addWidget(titled(tr("Summary (human error spans highlighted)"), m_summary));
    panes->addWidget(titled(tr("Humans: rating and explanation"), m_humans));
    panes->addWidget(titled(tr("Judge: raw answer and parsed value"), m_judge));
    rightLayout->addWidget(panes, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    for (QComboBox *box : {m_judgeFilter, m_dimensionFilter, m_systemFilter})
        connect(box, &QComboBox::currentIndexChanged, this, &DisagreementView::onFilterChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DisagreementView::onCurrentChanged);
    connect(m_jump, &QPushButton::clicked, this, [this] {
        if (m_document != 0)
            Q_EMIT openInAnnotate(m_document, m_candidate);
    });
    connect(m_session, &StudySession::studyChanged, this, [this] { m_lazy.request(); });
    setShowSystemNames(false);
    m_lazy.request();
}

void DisagreementView::setShowSystemNames(bool show)
{
    m_model->setShowSystemNames(show);
    m_systemLabel->setVisible(show);
    m_systemFilter->setVisible(show);
    // A filter by a system the user may not see would still tell it: refilled from what may be shown.
    {
        const QSignalBlocker block(m_systemFilter);
        fillFilter(m_systemFilter, m_model->systems());
        m_systemFilter->setCurrentIndex(0);
    }
    onFilterChanged();
}

void DisagreementView::reload()
{
    const quint64 generation = ++m_generation;
    if (!m_session->isOpen()) {
        apply(generation, std::vector<reports::DisagreementItem>{});
        return;
    }
    m_loading = generation;
    // What the study held before is not shown as if it were current.
    m_model->setItems({});
    showDetail(-1);
    m_count->setText(tr("Ranking the disagreements…"));
    store::OpenOptions options;
    options.readOnly = true;
    runInBackground<std::vector<reports::DisagreementItem>>(
        this,
        [path = m_session->path().toStdString(), options]() -> Result<std::vector<reports::DisagreementItem>> {
            auto study = store::Study::open(path, options);
            if (!study)
                return study.error();
            return reports::rankDisagreements(*study.value(), {});
        },
        [this, generation](Result<std::vector<reports::DisagreementItem>> ranked) {
            apply(generation, std::move(ranked));
        });
}

void DisagreementView::apply(quint64 generation, Result<std::vector<reports::DisagreementItem>> ranked)
{
    if (generation != m_generation)
        return; // a newer reload is on its way
    m_loading = 0;
    Status status;
    std::vector<reports::DisagreementItem> items;
    if (ranked)
        items = std::move(ranked).value();
    else
        status = ranked.error();
    m_model->setItems(std::move(items));
    fillFilter(m_judgeFilter, m_model->judges());
    fillFilter(m_dimensionFilter, m_model->dimensions());
    fillFilter(m_systemFilter, m_model->systems());
    onFilterChanged();
    if (!status)
        m_count->setText(tr("Cannot rank: %1").arg(qs(status.error().describe())));
    Q_EMIT loaded();
}

void DisagreementView::setFilters(const QString &judge, const QString &dimension, const QString &system)
{
    auto pick = [](QComboBox *box, const QString &value) {
        const QSignalBlocker block(box);
        box->setCurrentIndex(value.isEmpty() ? 0 : std::max(0, box->findText(value)));
    };
    pick(m_judgeFilter, judge);
    pick(m_dimensionFilter, dimension);
    pick(m_systemFilter, system);
    onFilterChanged();
}

void DisagreementView::selectRow(int row)
{
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                               QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void DisagreementView::onFilterChanged()
{
    m_model->setFilter(filterValue(m_judgeFilter), filterValue(m_dimensionFilter), filterValue(m_systemFilter));
    m_count->setText(tr("Items: %1, largest |judge − human mean| first (scaled to each dimension's range)")
                         .arg(QLocale().toString(m_model->rowCount())));
    if (m_model->rowCount() > 0)
        selectRow(0);
    else
        showDetail(-1);
}

void DisagreementView::onCurrentChanged()
{
    showDetail(m_table->selectionModel()->currentIndex().row());
}

void DisagreementView::showDetail(int row)
{
    m_highlights.clear();
    const reports::DisagreementItem *item = m_model->itemAt(row);
    m_document = item ? item->document : 0;
    m_candidate = item ? item->candidate : 0;
    m_jump->setEnabled(item != nullptr);
    if (!item) {
        m_heading->clear();
        for (QPlainTextEdit *e : {m_article, m_humans, m_judge})
            e->clear();
        m_summary->clear();
        return;
    }
    if (m_model->showsSystemNames())
        m_heading->setText(tr("%1 · %2 · %3 · %4: judge %5, humans %6")
                               .arg(qs(item->documentName), qs(item->systemName), qs(item->dimensionName),
                                    qs(item->judgeName), QLocale().toString(item->judgeValue, 'g', 4),
                                    QLocale().toString(item->humanMean, 'f', 2)));
    else
        m_heading->setText(tr("%1 · %2 · %3: judge %4, humans %5")
                               .arg(qs(item->documentName), qs(item->dimensionName), qs(item->judgeName),
                                    QLocale().toString(item->judgeValue, 'g', 4),
                                    QLocale().toString(item->humanMean, 'f', 2)));
    auto detail = m_session->read([&](store::Study &study) { return reports::disagreementDetail(study, *item, {}); });
    if (!detail || !detail.value()) {
        const QString why = qs(!detail ? detail.error().describe() : detail.value().error().describe());
        m_article->setPlainText(tr("Cannot read the item: %1").arg(why));
        return;
    }
    const reports::DisagreementDetail &d = detail.value().value();
    m_article->setPlainText(qs(d.article));
    // Plain text first, then formats on top: nothing in the summary is ever read as markup.
    const QString summary = qs(d.summary);
    m_summary->setPlainText(summary);
    for (const auto &span : d.humanSpans) {
        const auto [from, to] = toUtf16(summary, span.start, span.end);
        if (to <= from)
            continue;
        QTextCursor cursor(m_summary->document());
        cursor.setPosition(from);
        cursor.setPosition(to, QTextCursor::KeepAnchor);
        QTextCharFormat f;
        f.setToolTip(span.note.empty() ? tr("error span") : qs(span.note));
        cursor.mergeCharFormat(f);
        m_highlights << QPair<int, int>(from, to);
    }
    paintHighlights();
    QStringList humans;
    for (const auto &h : d.humans) {
        const QString rating = h.rating ? QLocale().toString(*h.rating, 'g', 4) : tr("no rating");
        humans << tr("%1: %2").arg(qs(h.rater), rating)
                      + (h.explanation.empty() ? QString() : QStringLiteral("\n    ") + qs(h.explanation));
    }
    m_humans->setPlainText(humans.join(QLatin1Char('\n')));
    QStringList answers;
    for (const auto &a : d.judgeAnswers) {
        const QString parsed = a.parsedValue ? QLocale().toString(*a.parsedValue, 'g', 6) : tr("none");
        answers << tr("Sample %1 — parsed: %2%3")
                       .arg(a.sampleIndex)
                       .arg(parsed, a.valid ? QString() : tr(" (invalid: %1)").arg(qs(a.invalidReason)))
                << qs(a.rawResponse) << QString();
    }
    m_judge->setPlainText(
        answers.isEmpty()
            ? tr("No recorded call for this item; value %1.").arg(QLocale().toString(item->judgeValue, 'g', 6))
            : answers.join(QLatin1Char('\n')));
}

void DisagreementView::paintHighlights()
{
    // Warm, apart from the summary's background in light and dark alike; set again when the
    // palette changes.
    const QColor warm(255, 205, 120);
    const QColor background = PaletteColours::span(palette(), warm);
    QTextCharFormat highlight;
    highlight.setBackground(background);
    highlight.setForeground(PaletteColours::spanText(palette(), background));
    highlight.setUnderlineStyle(QTextCharFormat::SingleUnderline);
    highlight.setUnderlineColor(PaletteColours::spanEdge(palette(), background, QColor(200, 60, 30)));
    for (const auto &[from, to] : std::as_const(m_highlights)) {
        QTextCursor cursor(m_summary->document());
        cursor.setPosition(from);
        cursor.setPosition(to, QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(highlight);
    }
}

void DisagreementView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        paintHighlights();
}

} // namespace concord::ui
