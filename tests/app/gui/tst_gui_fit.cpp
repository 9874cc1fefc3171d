// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Every view fits a small screen: the demo study with its recorded judge, in a 1024×700 window on a
// 1024×768 laptop screen, and (run again by CTest with QT_SCALE_FACTOR=2) on a Full HD screen at twice
// the scale, 960×540 logical pixels, where the window takes what the screen has. In English, German
// and the Dark colour scheme: the window and its frame stay inside the screen's available geometry, and no
// visible label, button (with its menu's arrow), header section, tab, group box, dock title or combo
// box (any of its items, as the user may choose each) is narrower than its text needs (a text cut
// short shows itself whole in its tooltip); no chart's title, legend entry or axis text is shortened; no
// summary is cut off and no pane scrolls inside another pane that scrolls the same way; the Annotate view so on every document of the study. The status bar
// holds a team study's indicator at its longest, and File > Open Team Study… fits with its longest line. In each, a chosen Likert value stands out from the unchosen ones by a WCAG
// contrast ratio of at least 3, as rendered.
#include "language.h"

#include "annotate/annotate_workspace.h"
#include "annotate/annotation_view.h"
#include "annotate/document_list_model.h"
#include "annotate/likert_row.h"
#include "annotate/rank_tier_board.h"
#include "annotate/ranking_model.h"
#include "annotate/ranking_panel.h"
#include "common/app_settings.h"
#include "common/colour_scheme.h"
#include "common/contrast.h"
#include "compare/agreement_view.h"
#include "compare/judge_comparison_panel.h"
#include "inspect/disagreement_view.h"
#include "judge/judges_view.h"
#include "review/review_view.h"
#include "team/team_view.h"
#include "window/main_window.h"
#include "window/team_status_indicator.h"
#include "window/team_study_dialog.h"

#include "cli_run.h"
#include "test_paths.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyleOption>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTextEdit>
#include <QToolButton>

#include <algorithm>
#include <limits>

using concord::ui::ColourScheme;
using concord::ui::MainWindow;

namespace {

// The window size every view must fit (a laptop's 1024×768 screen less the desktop's panels).
constexpr QSize kWindowSize(1024, 700);

QString withoutMnemonic(const QString &text)
{
    // A single '&' marks the mnemonic and is not drawn; "&&" draws one '&'.
    QString drawn;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == QLatin1Char('&') && i + 1 < text.size())
            ++i;
        drawn += text.at(i);
    }
    return drawn;
}

QString plain(const QString &text, Qt::TextFormat format = Qt::AutoText)
{
    if (format == Qt::PlainText || (format == Qt::AutoText && !Qt::mightBeRichText(text)))
        return text;
    QTextDocument document;
    document.setHtml(text);
    return document.toPlainText();
}

// An elided or cut text is fine only when its tooltip shows it whole.
bool tooltipShows(const QString &tooltip, const QString &text)
{
    return !text.isEmpty() && plain(tooltip).simplified().contains(text.simplified());
}

// Who is cut: the class, the object names from the window down, and the text.
QString describe(const QWidget *widget, const QString &text, const QString &problem)
{
    QStringList path;
    for (const QWidget *w = widget; w && !w->isWindow(); w = w->parentWidget())
        if (!w->objectName().isEmpty())
            path.prepend(w->objectName());
    return QStringLiteral("%1 [%2] \"%3\": %4")
        .arg(QString::fromLatin1(widget->metaObject()->className()), path.join(QLatin1Char('/')), text, problem);
}

QString tooNarrow(int width, int needed)
{
    return QStringLiteral("%1 px wide, needs %2").arg(width).arg(needed);
}

QString tooLow(int height, int needed)
{
    return QStringLiteral("%1 px high, needs %2").arg(height).arg(needed);
}

int longestWord(const QFontMetrics &metrics, const QString &text)
{
    int longest = 0;
    for (const QString &word : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        longest = std::max(longest, metrics.horizontalAdvance(word));
    return longest;
}

void checkLabel(const QLabel *label, QStringList &found)
{
    if (label->text().isEmpty())
        return;
    const QString text = plain(label->text(), label->textFormat());
    const QFontMetrics metrics = label->fontMetrics();
    int indent = label->indent();
    if (indent < 0)
        indent = label->frameWidth() > 0 ? metrics.horizontalAdvance(QLatin1Char('x')) / 2 : 0;
    const int margin = label->margin();
    const QRect room = label->contentsRect().adjusted(margin, margin, -margin, -margin);
    const int roomWidth = room.width() - indent;
    if (label->wordWrap()) {
        // Wrapped text needs its longest word across and its lines' height at this width.
        const int needed = longestWord(metrics, text);
        const int height = label->heightForWidth(label->width());
        if (needed > roomWidth && !tooltipShows(label->toolTip(), text))
            found << describe(label, text, tooNarrow(roomWidth, needed));
        else if (height > label->height() && !tooltipShows(label->toolTip(), text))
            found << describe(label, text, tooLow(label->height(), height));
        return;
    }
    const int flags = Qt::AlignLeft | Qt::TextExpandTabs | (label->buddy() ? Qt::TextShowMnemonic : 0);
    const QRect needed = metrics.boundingRect(0, 0, std::numeric_limits<int>::max() / 4,
                                              std::numeric_limits<int>::max() / 4, flags, text);
    const QString drawn = label->buddy() ? withoutMnemonic(text) : text;
    if (needed.width() > roomWidth && !tooltipShows(label->toolTip(), drawn))
        found << describe(label, drawn, tooNarrow(roomWidth, needed.width()));
    else if (needed.height() > room.height() && !tooltipShows(label->toolTip(), drawn))
        found << describe(label, drawn, tooLow(room.height(), needed.height()));
}

int iconRoom(const QAbstractButton *button)
{
    return button->icon().isNull() ? 0 : button->iconSize().width() + 4;
}

void checkButton(const QAbstractButton *button, QStringList &found)
{
    const QString text = withoutMnemonic(button->text());
    if (text.isEmpty())
        return;
    QStyle *style = button->style();
    const int needed = button->fontMetrics().horizontalAdvance(text) + iconRoom(button);
    int room = 0;
    if (const auto *tool = qobject_cast<const QToolButton *>(button)) {
        if (tool->toolButtonStyle() == Qt::ToolButtonIconOnly && !tool->icon().isNull())
            return;
        QStyleOptionToolButton option;
        option.initFrom(tool);
        option.text = tool->text();
        option.icon = tool->icon();
        option.iconSize = tool->iconSize();
        option.toolButtonStyle = tool->toolButtonStyle();
        option.subControls = QStyle::SC_ToolButton;
        if (tool->menu()) {
            option.features |= QStyleOptionToolButton::HasMenu;
            if (tool->popupMode() == QToolButton::MenuButtonPopup) {
                option.features |= QStyleOptionToolButton::MenuButtonPopup;
                option.subControls |= QStyle::SC_ToolButtonMenu;
            }
        }
        const QRect part = style->subControlRect(QStyle::CC_ToolButton, &option, QStyle::SC_ToolButton, tool);
        const int frame = style->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, tool);
        room = part.width() - 2 * frame;
        // Not split off (MenuButtonPopup), the menu's arrow is drawn inside the button at one end,
        // over the text centred between both: it takes its width from either end of the room.
        if (tool->menu() && tool->popupMode() != QToolButton::MenuButtonPopup)
            room -= 2 * style->pixelMetric(QStyle::PM_MenuButtonIndicator, &option, tool);
    } else {
        QStyleOptionButton option;
        option.initFrom(button);
        option.text = button->text();
        option.icon = button->icon();
        option.iconSize = button->iconSize();
        QStyle::SubElement contents = QStyle::SE_PushButtonContents;
        if (qobject_cast<const QCheckBox *>(button)) {
            contents = QStyle::SE_CheckBoxContents;
        } else if (qobject_cast<const QRadioButton *>(button)) {
            contents = QStyle::SE_RadioButtonContents;
        } else if (const auto *push = qobject_cast<const QPushButton *>(button)) {
            if (push->autoDefault() || push->isDefault())
                option.features |= QStyleOptionButton::AutoDefaultButton;
            if (push->isFlat())
                option.features |= QStyleOptionButton::Flat;
            if (push->menu())
                option.features |= QStyleOptionButton::HasMenu;
        }
        room = style->subElementRect(contents, &option, button).width();
        if (option.features & QStyleOptionButton::HasMenu)
            room -= style->pixelMetric(QStyle::PM_MenuButtonIndicator, &option, button);
    }
    if (needed > room && !tooltipShows(button->toolTip(), text))
        found << describe(button, text, tooNarrow(room, needed));
}

// Every item, not only the current one: the user may choose any, and a box does not widen then.
void checkCombo(const QComboBox *combo, QStringList &found)
{
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = combo->isEditable();
    option.frame = combo->hasFrame();
    option.currentText = combo->currentText();
    option.iconSize = combo->iconSize();
    option.subControls = QStyle::SC_All;
    const QRect field
        = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
    for (int item = 0; item < combo->count(); ++item) {
        const QString text = combo->itemText(item);
        if (text.isEmpty())
            continue;
        // As the style draws the chosen item: a pixel in from either side, after its icon.
        const int icon = combo->itemIcon(item).isNull() ? 0 : combo->iconSize().width() + 4;
        const int room = field.width() - 2 - icon;
        const int needed = combo->fontMetrics().horizontalAdvance(text);
        if (needed > room && !tooltipShows(combo->toolTip(), text))
            found << describe(combo, text, tooNarrow(room, needed));
    }
}

void checkHeader(const QHeaderView *header, QStringList &found)
{
    const QAbstractItemModel *model = header->model();
    if (!model)
        return;
    for (int section = 0; section < header->count(); ++section) {
        if (header->isSectionHidden(section))
            continue;
        const QString text = model->headerData(section, header->orientation(), Qt::DisplayRole).toString();
        if (text.isEmpty())
            continue;
        const int size = header->sectionSize(section);
        // What the header itself asks for the section: its text, margins and sort indicator.
        const int needed = header->orientation() == Qt::Horizontal ? header->sectionSizeHint(section) : 0;
        const QString tooltip = model->headerData(section, header->orientation(), Qt::ToolTipRole).toString();
        if (needed > size && !tooltipShows(tooltip, text))
            found << describe(header, text, tooNarrow(size, needed));
    }
}

void checkTabs(const QTabBar *bar, QStringList &found)
{
    for (int tab = 0; tab < bar->count(); ++tab) {
        if (!bar->isTabVisible(tab))
            continue;
        const QString text = withoutMnemonic(bar->tabText(tab));
        const QRect rect = bar->tabRect(tab);
        if (!bar->rect().contains(rect)) {
            // Behind the scroll buttons: the user has to find it first.
            found << describe(bar, text, QStringLiteral("tab outside the bar (%1 px wide)").arg(bar->width()));
            continue;
        }
        QStyleOptionTab option;
        option.initFrom(bar);
        option.rect = rect;
        option.text = bar->tabText(tab);
        option.shape = bar->shape();
        option.icon = bar->tabIcon(tab);
        option.iconSize = bar->iconSize();
        option.documentMode = bar->documentMode();
        if (const QWidget *left = bar->tabButton(tab, QTabBar::LeftSide))
            option.leftButtonSize = left->size();
        if (const QWidget *right = bar->tabButton(tab, QTabBar::RightSide))
            option.rightButtonSize = right->size();
        const int room = bar->style()->subElementRect(QStyle::SE_TabBarTabText, &option, bar).width();
        const int needed = bar->fontMetrics().horizontalAdvance(text);
        if (needed > room && !tooltipShows(bar->tabToolTip(tab), text))
            found << describe(bar, text, tooNarrow(room, needed));
    }
}

void checkGroupBox(const QGroupBox *box, QStringList &found)
{
    const QString text = withoutMnemonic(box->title());
    if (text.isEmpty())
        return;
    // As QGroupBox measures its title, without its contents.
    QStyleOptionGroupBox option;
    option.initFrom(box);
    option.text = box->title();
    option.lineWidth = 1;
    option.subControls = QStyle::SC_GroupBoxLabel | QStyle::SC_GroupBoxFrame;
    const QFontMetrics metrics = box->fontMetrics();
    int width = metrics.horizontalAdvance(text + QLatin1Char(' '));
    if (box->isCheckable()) {
        option.subControls |= QStyle::SC_GroupBoxCheckBox;
        width += box->style()->pixelMetric(QStyle::PM_IndicatorWidth, &option, box)
                 + box->style()->pixelMetric(QStyle::PM_CheckBoxLabelSpacing, &option, box);
    }
    const int needed
        = box->style()->sizeFromContents(QStyle::CT_GroupBox, &option, QSize(width, metrics.height()), box).width();
    if (needed > box->width() && !tooltipShows(box->toolTip(), text))
        found << describe(box, text, tooNarrow(box->width(), needed));
}

void checkDock(const QDockWidget *dock, QStringList &found)
{
    const QString text = withoutMnemonic(dock->windowTitle());
    if (text.isEmpty() || dock->titleBarWidget())
        return;
    QStyleOptionDockWidget option;
    option.initFrom(dock);
    option.title = dock->windowTitle();
    option.closable = dock->features().testFlag(QDockWidget::DockWidgetClosable);
    option.movable = dock->features().testFlag(QDockWidget::DockWidgetMovable);
    option.floatable = dock->features().testFlag(QDockWidget::DockWidgetFloatable);
    const int titleHeight = dock->style()->pixelMetric(QStyle::PM_TitleBarHeight, &option, dock);
    option.rect = QRect(0, 0, dock->width(), titleHeight);
    const int room = dock->style()->subElementRect(QStyle::SE_DockWidgetTitleBarText, &option, dock).width();
    const int needed = dock->fontMetrics().horizontalAdvance(text);
    if (needed > room && !tooltipShows(dock->toolTip(), text))
        found << describe(dock, text, tooNarrow(room, needed));
}

// A text pane that never scrolls must show all of its text (the summaries on the cards).
void checkUnscrolledText(const QAbstractScrollArea *area, QStringList &found)
{
    if (!qobject_cast<const QPlainTextEdit *>(area) && !qobject_cast<const QTextEdit *>(area))
        return;
    const QString text = qobject_cast<const QPlainTextEdit *>(area)
                             ? static_cast<const QPlainTextEdit *>(area)->toPlainText()
                             : static_cast<const QTextEdit *>(area)->toPlainText();
    if (area->verticalScrollBarPolicy() == Qt::ScrollBarAlwaysOff && area->verticalScrollBar()->maximum() > 0)
        found << describe(area, text.left(60), QStringLiteral("text cut off at the bottom, nothing scrolls to it"));
    if (area->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff && area->horizontalScrollBar()->maximum() > 0)
        found << describe(area, text.left(60), QStringLiteral("text cut off at the side, nothing scrolls to it"));
}

// A pane that scrolls inside a pane scrolling the same way: two scroll bars for one direction.
void checkNestedScrolling(const QAbstractScrollArea *area, QStringList &found)
{
    for (const QWidget *up = area->parentWidget(); up && !up->isWindow(); up = up->parentWidget()) {
        const auto *outer = qobject_cast<const QAbstractScrollArea *>(up);
        if (!outer)
            continue;
        for (const Qt::Orientation direction : {Qt::Vertical, Qt::Horizontal}) {
            const auto bar = [direction](const QAbstractScrollArea *a) {
                return direction == Qt::Vertical ? a->verticalScrollBar() : a->horizontalScrollBar();
            };
            if (bar(area)->isVisible() && bar(outer)->isVisible())
                found << describe(area, outer->objectName(),
                                  direction == Qt::Vertical ? QStringLiteral("scrolls up and down inside a pane that "
                                                                             "does too")
                                                            : QStringLiteral("scrolls sideways inside a pane that "
                                                                             "does too"));
        }
    }
}

// A ranking's labels of the summaries, each row's and each tier chip's, shown whole: the letter that tells
// them apart must never be what is cut ("Zusammenfassun…" on every row in German).
void checkRanking(const concord::ui::RankingPanel *panel, QStringList &found)
{
    const auto *table = panel->findChild<QTableView *>(QStringLiteral("rankTable"));
    const concord::ui::RankTierBoard *board = panel->board();
    const QAbstractItemModel *model = table ? table->model() : nullptr;
    if (!model)
        return;
    // An item view's delegate keeps a focus-frame margin (and one pixel) on each side of a cell's text.
    const int margins = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex cell = model->index(row, concord::ui::RankingModel::SummaryColumn);
        const QString text = cell.data().toString();
        const int needed = table->fontMetrics().horizontalAdvance(text) + margins;
        if (table->visualRect(cell).width() < needed)
            found << describe(table, text, tooNarrow(table->visualRect(cell).width(), needed));
        const int chipNeeds = board->fontMetrics().horizontalAdvance(text) + 4;
        if (board->chipRect(row).width() < chipNeeds)
            found << describe(board, text,
                              QStringLiteral("tier chip ") + tooNarrow(board->chipRect(row).width(), chipNeeds));
    }
}

// A chart's texts as drawn, whole: Qt Charts shortens with "..." what does not fit. At twice the scale an axis's
// numbers had been shortened to nothing but "...", and the titles and legend entries of the Agreement view's charts
// to their first words.
void checkChart(const QChartView *view, QStringList &found)
{
    if (!view->scene())
        return;
    for (const QGraphicsItem *item : view->scene()->items()) {
        const auto *text = dynamic_cast<const QGraphicsTextItem *>(item);
        if (!text || !text->isVisible())
            continue;
        const QString drawn = text->toPlainText().trimmed();
        if (drawn == QStringLiteral("...") || drawn == QString(QChar(0x2026)))
            found << describe(view, drawn, QStringLiteral("a chart's text shortened to nothing"));
        else if (drawn.endsWith(QStringLiteral("...")) || drawn.endsWith(QChar(0x2026)))
            found << describe(view, drawn, QStringLiteral("a chart's text shortened"));
    }
}

// Every visible widget of the window whose text is cut.
QStringList clippedTexts(const QWidget *window)
{
    QStringList found;
    for (const QWidget *widget : window->findChildren<QWidget *>()) {
        if (!widget->isVisible() || widget->window() != window)
            continue;
        if (const auto *label = qobject_cast<const QLabel *>(widget))
            checkLabel(label, found);
        else if (const auto *button = qobject_cast<const QAbstractButton *>(widget))
            checkButton(button, found);
        else if (const auto *header = qobject_cast<const QHeaderView *>(widget))
            checkHeader(header, found);
        else if (const auto *bar = qobject_cast<const QTabBar *>(widget))
            checkTabs(bar, found);
        else if (const auto *box = qobject_cast<const QGroupBox *>(widget))
            checkGroupBox(box, found);
        else if (const auto *dock = qobject_cast<const QDockWidget *>(widget))
            checkDock(dock, found);
        else if (const auto *combo = qobject_cast<const QComboBox *>(widget))
            checkCombo(combo, found);
        if (const auto *panel = qobject_cast<const concord::ui::RankingPanel *>(widget))
            checkRanking(panel, found);
        if (const auto *chart = qobject_cast<const QChartView *>(widget))
            checkChart(chart, found);
        if (const auto *area = qobject_cast<const QAbstractScrollArea *>(widget)) {
            checkUnscrolledText(area, found);
            checkNestedScrolling(area, found);
        }
    }
    found.removeDuplicates();
    return found;
}

} // namespace

// Every shown Likert question with an answer: the chosen value's button differs from each unchosen one by a
// WCAG contrast ratio of at least 3, as rendered (in every scheme and at every scale).
QStringList chosenValuesHidden(QWidget *window, int &checked)
{
    using concord::ui::Contrast;
    QStringList found;
    for (auto *row : window->findChildren<concord::ui::LikertRow *>()) {
        if (!row->isVisible() || !row->value() || row->visibleRegion().isEmpty())
            continue;
        const QImage image = row->grab().toImage();
        const qreal dpr = image.devicePixelRatio();
        // A point on a button's face, clear of its frame.
        const auto face = [&](const QToolButton *button) {
            const QPoint at = button->mapTo(row, QPoint(5, button->height() / 2));
            return image.pixelColor(QPoint(qRound(at.x() * dpr), qRound(at.y() * dpr)));
        };
        const int chosenPoint = qRound(*row->value());
        const QToolButton *chosen = row->button(chosenPoint);
        if (!chosen)
            continue;
        ++checked;
        // Scales are short and start anywhere (0, 1, …): every button near the chosen one is one of the row's.
        for (int point = chosenPoint - 20; point <= chosenPoint + 20; ++point) {
            const QToolButton *other = row->button(point);
            if (!other || point == chosenPoint)
                continue;
            const double ratio = Contrast::ratio(face(chosen), face(other));
            if (ratio < Contrast::graphics)
                found << QStringLiteral("%1: chosen %2 (%3) against %4 (%5): contrast %6 < 3")
                             .arg(row->objectName().isEmpty() ? QStringLiteral("Likert row") : row->objectName())
                             .arg(chosenPoint)
                             .arg(face(chosen).name())
                             .arg(point)
                             .arg(face(other).name())
                             .arg(ratio, 0, 'f', 2);
        }
    }
    return found;
}

class TestGuiFit : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void theCheckFindsCutTexts();
    void everyViewFits_data();
    void everyViewFits();
    void startingSizeFitsTheScreen();
    void restoredGeometryFitsTheScreen();
    void restoredGeometryThatFitsIsKept();
    void tableHeadersWholeAt1280_data();
    void tableHeadersWholeAt1280();

private:
    enum class Variant { English, German, Dark };
    // The screen's room for the window: its available geometry less the window's frame.
    static QSize roomFor(const QWidget &window);
    // Whether the window's frame lies inside the available geometry, else what sticks out.
    static QString outsideScreen(const QWidget &window);
    // Waits until the view shown has read what it shows.
    static bool settle(MainWindow &window);
    void checkView(MainWindow &window, const QString &view, const QString &part);

    QTemporaryDir m_dir;
    QString m_study;
    QPalette m_palette;
    QStringList m_offenders;
};

void TestGuiFit::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_fit"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));

    // The demo study with its recorded judge, as the README's pictures show it.
    m_study = m_dir.filePath(QStringLiteral("demo.concord"));
    concord::test::CliRun run = concord::test::runCli({QStringLiteral("demo"), m_study});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = concord::test::runCli({QStringLiteral("import-judgements"), m_study,
                                 concord::test::sourceDir() + QStringLiteral("/docs/demo-judge.jsonl"),
                                 QStringLiteral("--protocol"), QStringLiteral("rts"), QStringLiteral("--rater"),
                                 QStringLiteral("gpt-4o-mini rts"), QStringLiteral("--model"),
                                 QStringLiteral("gpt-4o-mini")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    m_palette = QApplication::palette();
    const QScreen *screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    qInfo("screen %dx%d logical pixels at device pixel ratio %g, available %dx%d", screen->geometry().width(),
          screen->geometry().height(), screen->devicePixelRatio(), screen->availableGeometry().width(),
          screen->availableGeometry().height());
}

void TestGuiFit::init()
{
    QSettings().clear();
}

void TestGuiFit::cleanup()
{
    ColourScheme::apply(ColourScheme::Scheme::System);
    QApplication::setPalette(m_palette);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    concord::gui::installTranslations(*QCoreApplication::instance(), QLocale());
}

// The check itself: what it must report, and what it must let pass.
void TestGuiFit::theCheckFindsCutTexts()
{
    QWidget window;
    window.resize(500, 400);
    const QString longText = QStringLiteral("a text far longer than its room");
    auto *cut = new QLabel(longText, &window);
    cut->setObjectName(QStringLiteral("cutLabel"));
    cut->setGeometry(0, 0, 60, 24);
    auto *elided = new QLabel(QStringLiteral("another text longer than its room"), &window);
    elided->setGeometry(0, 30, 60, 24);
    elided->setToolTip(elided->text()); // shortened, but whole in its tooltip: fine
    auto *wrapped = new QLabel(QStringLiteral("wrapped words fit"), &window);
    wrapped->setWordWrap(true);
    wrapped->setGeometry(0, 60, 80, 60); // each word fits, and the lines' height: fine
    auto *button = new QPushButton(QStringLiteral("A &button with a long text"), &window);
    button->setGeometry(0, 130, 60, 28);
    QStandardItemModel model(1, 2);
    model.setHorizontalHeaderLabels({QStringLiteral("A long column title"), QStringLiteral("B")});
    auto *table = new QTableView(&window);
    table->setModel(&model);
    table->setGeometry(0, 170, 300, 80);
    table->horizontalHeader()->resizeSection(0, 30);
    auto *tabs = new QTabBar(&window);
    tabs->addTab(QStringLiteral("A long tab title"));
    tabs->addTab(QStringLiteral("Another long tab title"));
    tabs->setElideMode(Qt::ElideRight);
    tabs->setUsesScrollButtons(false);
    tabs->setGeometry(0, 260, 120, 30);
    // A menu's arrow inside the button takes its share of the room: as wide as Qt makes it, the text
    // runs under the arrow.
    auto *menuButton = new QToolButton(&window);
    menuButton->setText(QStringLiteral("Judges: all (12)"));
    menuButton->setPopupMode(QToolButton::InstantPopup);
    menuButton->setMenu(new QMenu(menuButton));
    menuButton->setGeometry(QRect(QPoint(0, 300), menuButton->sizeHint()));
    auto *plainButton = new QToolButton(&window); // the same without a menu: fine
    plainButton->setText(QStringLiteral("Judges: none (12)"));
    plainButton->setGeometry(QRect(QPoint(200, 300), plainButton->sizeHint()));
    // A combo box's items each fit, or the box's tooltip shows them.
    auto *combo = new QComboBox(&window);
    combo->addItems({QStringLiteral("Short"), QStringLiteral("A much longer item than the box")});
    combo->setGeometry(QRect(QPoint(0, 340), QSize(90, combo->sizeHint().height())));
    auto *wide = new QComboBox(&window);
    wide->addItems({QStringLiteral("Kendall"), QStringLiteral("Another item that fits")});
    wide->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    wide->setGeometry(QRect(QPoint(100, 340), wide->sizeHint()));
    auto *explained = new QComboBox(&window);
    explained->addItems({QStringLiteral("One"), QStringLiteral("An explained long item")});
    explained->setToolTip(QStringLiteral("An explained long item"));
    explained->setGeometry(QRect(QPoint(350, 340), QSize(90, combo->sizeHint().height())));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    const QStringList found = clippedTexts(&window);
    const auto reported = [&found](const QString &text) {
        return std::ranges::any_of(found, [&text](const QString &line) { return line.contains(text); });
    };
    const QString all = found.join(QStringLiteral("\n"));
    QVERIFY2(reported(QStringLiteral("cutLabel")), qPrintable(all));
    QVERIFY2(reported(QStringLiteral("\"A button with a long text\"")), qPrintable(all));
    QVERIFY2(reported(QStringLiteral("\"A long column title\"")), qPrintable(all));
    QVERIFY2(reported(QStringLiteral("\"A long tab title\"")), qPrintable(all));
    QVERIFY2(reported(QStringLiteral("\"Judges: all (12)\"")), qPrintable(all));
    QVERIFY2(reported(QStringLiteral("\"A much longer item than the box\"")), qPrintable(all));
    QVERIFY2(!reported(elided->text()), qPrintable(all));
    QVERIFY2(!reported(wrapped->text()), qPrintable(all));
    QVERIFY2(!reported(QStringLiteral("\"B\"")), qPrintable(all));
    QVERIFY2(!reported(plainButton->text()), qPrintable(all));
    QVERIFY2(!reported(QStringLiteral("Short")), qPrintable(all));
    QVERIFY2(!reported(QStringLiteral("Another item that fits")), qPrintable(all));
    QVERIFY2(!reported(QStringLiteral("explained")), qPrintable(all));
    QCOMPARE(found.size(), 7); // the two tabs are both cut
}

QSize TestGuiFit::roomFor(const QWidget &window)
{
    const QRect available = window.screen()->availableGeometry();
    const QMargins frame(window.geometry().left() - window.frameGeometry().left(),
                         window.geometry().top() - window.frameGeometry().top(),
                         window.frameGeometry().right() - window.geometry().right(),
                         window.frameGeometry().bottom() - window.geometry().bottom());
    return available.size().shrunkBy(frame);
}

QString TestGuiFit::outsideScreen(const QWidget &window)
{
    const QRect available = window.screen()->availableGeometry();
    const QRect frame = window.frameGeometry();
    if (available.contains(frame))
        return {};
    return QStringLiteral("the window's frame %1,%2 %3×%4 is not inside the screen's %5,%6 %7×%8 (minimum size %9×%10)")
        .arg(frame.x())
        .arg(frame.y())
        .arg(frame.width())
        .arg(frame.height())
        .arg(available.x())
        .arg(available.y())
        .arg(available.width())
        .arg(available.height())
        .arg(window.minimumSizeHint().width())
        .arg(window.minimumSizeHint().height());
}

bool TestGuiFit::settle(MainWindow &window)
{
    const auto busy = [&window] {
        const auto *agreement = window.findChild<concord::ui::AgreementView *>();
        const auto *comparison = window.findChild<concord::ui::JudgeComparisonPanel *>();
        const auto *disagreements = window.findChild<concord::ui::DisagreementView *>();
        const auto *judges = window.judgesView();
        const auto *review = window.findChild<concord::ui::ReviewView *>();
        const auto *team = window.findChild<concord::ui::TeamView *>();
        return (agreement && agreement->isComputing()) || (comparison && comparison->isComputing())
               || (disagreements && disagreements->isLoading())
               || (judges && (judges->isLoadingCalls() || judges->isPreviewing())) || (review && review->isLoading())
               || (team && team->isComputing());
    };
    if (!QTest::qWaitFor([&busy] { return !busy(); }, 60000))
        return false;
    // Layouts settle on posted events, each level's pass posting its parent's: measured after a fixed wait, a
    // loaded machine showed a document's cards still 0 px high. So the layout requests are run until three
    // looks in a row find every widget where the one before found it.
    QList<QRect> last;
    int still = 0;
    const bool laidOut = QTest::qWaitFor(
        [&] {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            QList<QRect> now;
            for (const QWidget *widget : window.findChildren<QWidget *>())
                now << QRect(widget->mapTo(&window, QPoint(0, 0)), widget->size());
            still = now == last ? still + 1 : 0;
            last = std::move(now);
            return still >= 3;
        },
        10000);
    return laidOut && !busy();
}

void TestGuiFit::checkView(MainWindow &window, const QString &view, const QString &part)
{
    QVERIFY2(settle(window), qPrintable(view + QStringLiteral(": still reading after a minute")));
    const QString where = part.isEmpty() ? view : view + QStringLiteral(" > ") + part;
    if (const QString outside = outsideScreen(window); !outside.isEmpty())
        m_offenders << where + QStringLiteral(": ") + outside;
    for (const QString &clipped : clippedTexts(&window))
        m_offenders << where + QStringLiteral(": ") + clipped;
    int checked = 0;
    for (const QString &hidden : chosenValuesHidden(&window, checked))
        m_offenders << where + QStringLiteral(": ") + hidden;
    // The demo's first document is answered: its chosen values must have been on screen to be measured.
    if (view == QStringLiteral("annotate") && part.isEmpty() && checked == 0)
        m_offenders << where + QStringLiteral(": no answered Likert question on screen to measure");
}

void TestGuiFit::everyViewFits_data()
{
    QTest::addColumn<Variant>("variant");
    QTest::newRow("english") << Variant::English;
    QTest::newRow("german") << Variant::German;
    QTest::newRow("dark") << Variant::Dark;
}

void TestGuiFit::everyViewFits()
{
    QFETCH(Variant, variant);
    if (variant == Variant::German) {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY(concord::gui::installTranslations(*QCoreApplication::instance(), QLocale()));
    } else if (variant == Variant::Dark) {
        // The user's Dark scheme: the Fusion style, whose metrics differ from the platform's, and its palette.
        ColourScheme::apply(ColourScheme::Scheme::Dark);
    }

    MainWindow window;
    concord::gui::addLanguageMenu(window);
    QVERIFY2(window.openStudy(m_study).ok(), qPrintable(m_study));
    QVERIFY(window.setAnnotator(QStringLiteral("annotator_a")).ok());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // 1024×700 where the screen has the room, else all the screen has (at twice the scale).
    const QSize size = kWindowSize.boundedTo(roomFor(window));
    window.resize(size);
    window.move(window.screen()->availableGeometry().topLeft());
    QTest::qWait(50);
    m_offenders.clear();
    // A team study's indicator at its longest (a study file hides it): the connection lost, edits waiting.
    window.teamStatusIndicator()->setStatus({concord::ui::StudySession::Server::Reconnecting, 1234},
                                            QStringLiteral("postgresql://annotator7@lab-db.example/concord_summeval"));
    // A minimum size larger than the room grows the window past it: every view and tab adds its own.
    if (window.size() != size)
        m_offenders << QStringLiteral("the window is %1×%2, not %3×%4: its minimum is %5×%6")
                           .arg(window.width())
                           .arg(window.height())
                           .arg(size.width())
                           .arg(size.height())
                           .arg(window.minimumSizeHint().width())
                           .arg(window.minimumSizeHint().height());
    for (const QString &view : window.viewNames()) {
        QVERIFY(window.showView(view));
        if (view == QStringLiteral("annotate"))
            window.guidelinesDock()->show();
        checkView(window, view, {});
        // Every document: each has summaries and answers of its own, and a label chosen on one alone may
        // be cut there ("Mostly unsupported" on demo-04).
        if (view == QStringLiteral("annotate")) {
            const QAbstractItemModel *documents = window.documentList()->model();
            for (int row = 0; row < documents->rowCount(); ++row) {
                const QModelIndex document = documents->index(row, concord::ui::DocumentListModel::IdColumn);
                window.annotateWorkspace()->goToDocument(
                    document.data(concord::ui::DocumentListModel::DocumentIdRole).toLongLong());
                checkView(window, view, document.data().toString());
            }
        }
        // Every tab of the view, each in turn.
        for (QTabWidget *tabs : window.findChildren<QTabWidget *>()) {
            if (!tabs->isVisible())
                continue;
            const int shown = tabs->currentIndex();
            for (int tab = 0; tab < tabs->count(); ++tab) {
                if (tab == shown)
                    continue;
                tabs->setCurrentIndex(tab);
                checkView(window, view, withoutMnemonic(tabs->tabText(tab)));
            }
            tabs->setCurrentIndex(shown);
        }
        if (QTest::currentTestFailed())
            return;
    }
    // File > Open Team Study… with the longest line it says by itself: what a connection string looks like.
    window.openTeamStudyDialog();
    auto *dialog = window.findChild<concord::ui::TeamStudyDialog *>();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("teamConnection")), QStringLiteral("x"));
    QVERIFY(!dialog->outcome().isEmpty());
    QTest::qWait(50);
    if (const QString outside = outsideScreen(*dialog); !outside.isEmpty())
        m_offenders << QStringLiteral("Open Team Study: ") + outside;
    for (const QString &clipped : clippedTexts(dialog))
        m_offenders << QStringLiteral("Open Team Study: ") + clipped;
    dialog->close();
    m_offenders.removeDuplicates();
    // One line each: QtTest cuts a long failure message.
    for (const QString &offender : std::as_const(m_offenders))
        qWarning("%s", qPrintable(offender));
    QVERIFY2(
        m_offenders.isEmpty(),
        qPrintable(
            QStringLiteral("%1 texts cut or the window outside the screen, listed above").arg(m_offenders.size())));
}

void TestGuiFit::startingSizeFitsTheScreen()
{
    // The size concord starts with when nothing was saved: as large as asked, or as the screen allows.
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    window.resizeWithinScreen(QSize(1280, 800));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50);
    const QString outside = outsideScreen(window);
    QVERIFY2(outside.isEmpty(), qPrintable(outside));
    const QSize room = roomFor(window);
    QVERIFY2(window.width() >= std::min(1280, room.width() * 9 / 10)
                 && window.height() >= std::min(800, room.height() * 9 / 10),
             qPrintable(QStringLiteral("%1×%2 leaves the screen unused").arg(window.width()).arg(window.height())));
}

void TestGuiFit::restoredGeometryFitsTheScreen()
{
    // A window left larger than this screen (on a larger monitor, before a scale change) is not
    // restored beyond it.
    {
        MainWindow large;
        large.setGeometry(QRect(QPoint(40, 40), QSize(2600, 1900)));
        large.saveLayout();
    }
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QVERIFY(window.restoreLayout());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50);
    const QString outside = outsideScreen(window);
    QVERIFY2(outside.isEmpty(), qPrintable(outside));
}

void TestGuiFit::restoredGeometryThatFitsIsKept()
{
    // Nothing moves or shrinks a window that fits: no creeping smaller at every start.
    QSize saved;
    QPoint corner;
    {
        MainWindow window;
        QVERIFY(window.openStudy(m_study).ok());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect available = window.screen()->availableGeometry();
        window.resize(roomFor(window) - QSize(40, 40));
        window.move(available.topLeft() + QPoint(20, 20));
        QTest::qWait(50);
        QVERIFY2(outsideScreen(window).isEmpty(), qPrintable(outsideScreen(window)));
        saved = window.size();
        corner = window.pos();
        window.saveLayout();
    }
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QVERIFY(window.restoreLayout());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50);
    QCOMPARE(window.size(), saved);
    QCOMPARE(window.pos(), corner);
}

// The last column of an interval ("CI high", in the language shown), or -1.
int intervalEnd(const QHeaderView *header)
{
    const QString high = QCoreApplication::translate("concord::ui::AgreementView", "CI high");
    for (int section = header->count() - 1; section >= 0; --section)
        if (header->model()->headerData(section, Qt::Horizontal).toString() == high)
            return section;
    return -1;
}

void TestGuiFit::tableHeadersWholeAt1280_data()
{
    QTest::addColumn<Variant>("variant");
    QTest::newRow("english") << Variant::English;
    QTest::newRow("german") << Variant::German;
}

// The window concord starts with, 1280×800: every column title of the tables (the document list, the Agreement
// view's tables, the Judges view's) is as wide as its text, not shortened with "…" even where its tooltip would
// show it; no title of the document list is cut by the list's edge (at this width its pane had cut "Judgements"
// to "Judgemen"), and the Agreement view's correlations and alphas show every column through their intervals
// (the intervals had been cut off at the table's edge).
void TestGuiFit::tableHeadersWholeAt1280()
{
    QFETCH(Variant, variant);
    if (variant == Variant::German) {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY(concord::gui::installTranslations(*QCoreApplication::instance(), QLocale()));
    }
    MainWindow window;
    QVERIFY2(window.openStudy(m_study).ok(), qPrintable(m_study));
    QVERIFY(window.setAnnotator(QStringLiteral("annotator_a")).ok());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList cut;
    int checked = 0;
    const auto check = [&](const QString &where) {
        QVERIFY2(settle(window), qPrintable(where + QStringLiteral(": still reading after a minute")));
        for (const QHeaderView *header : window.findChildren<QHeaderView *>()) {
            if (!header->isVisible() || header->orientation() != Qt::Horizontal || !header->model())
                continue;
            for (int section = 0; section < header->count(); ++section) {
                const QString text = header->model()->headerData(section, Qt::Horizontal).toString();
                if (header->isSectionHidden(section) || text.isEmpty())
                    continue;
                ++checked;
                const int needed = header->sectionSizeHint(section);
                if (header->sectionSize(section) < needed)
                    cut << where + QStringLiteral(": ")
                               + describe(header, text, tooNarrow(header->sectionSize(section), needed));
                // The document list's titles in sight are whole, not cut by the list's edge.
                const int room = header->viewport()->width() - header->sectionViewportPosition(section);
                const QString table = header->parentWidget() ? header->parentWidget()->objectName() : QString();
                if (table == QStringLiteral("documentList") && room > 0
                    && room < std::min(needed, header->sectionSize(section)))
                    cut << where + QStringLiteral(": ")
                               + describe(header, text,
                                          QStringLiteral("in sight ") + tooNarrow(std::max(room, 0), needed));
                // The Agreement view's correlations and alphas show their intervals beside their values: every
                // column up to the interval's upper end in sight without scrolling sideways.
                if ((table == QStringLiteral("correlationTable") || table == QStringLiteral("alphaTable"))
                    && section <= intervalEnd(header) && room < header->sectionSize(section))
                    cut << where + QStringLiteral(": ")
                               + describe(header, text,
                                          QStringLiteral("in sight ") + tooNarrow(std::max(room, 0), needed));
            }
        }
    };
    for (const QString &view : window.viewNames()) {
        QVERIFY(window.showView(view));
        check(view);
        for (QTabWidget *tabs : window.findChildren<QTabWidget *>()) {
            if (!tabs->isVisible())
                continue;
            for (int tab = 0; tab < tabs->count(); ++tab) {
                tabs->setCurrentIndex(tab);
                check(view + QStringLiteral(" > ") + withoutMnemonic(tabs->tabText(tab)));
            }
            tabs->setCurrentIndex(0);
        }
    }
    cut.removeDuplicates();
    for (const QString &line : std::as_const(cut))
        qWarning("%s", qPrintable(line));
    QVERIFY(checked > 40);
    QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("%1 column titles cut, listed above").arg(cut.size())));
}

// The screen comes first: the offscreen platform reads it before QApplication exists. A laptop's
// 1024×768, or at twice the scale a Full HD screen (960×540 logical pixels).
int main(int argc, char *argv[])
{
    QTemporaryDir screens;
    if (qgetenv("QT_QPA_PLATFORM") == "offscreen" && screens.isValid()) {
        const bool doubled = qEnvironmentVariable("QT_SCALE_FACTOR").toDouble() > 1.5;
        const QString config = screens.filePath(QStringLiteral("screen.json"));
        QFile file(config);
        if (file.open(QIODevice::WriteOnly)) {
            file.write(QStringLiteral("{\"screens\": [{\"name\": \"laptop\", \"x\": 0, \"y\": 0, \"width\": %1, "
                                      "\"height\": %2, \"logicalDpi\": 96, \"logicalBaseDpi\": 96, \"dpr\": 1}]}")
                           .arg(doubled ? 1920 : 1024)
                           .arg(doubled ? 1080 : 768)
                           .toUtf8());
            file.close();
            qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(config));
        }
    }
    QApplication app(argc, argv);
    TestGuiFit test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_fit.moc"
