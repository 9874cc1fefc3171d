// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Light and dark palettes: the chosen Likert value, error spans, frames and error text stand out by
// a WCAG ratio in both, also after a change at run time; charts take Qt Charts' dark theme under a
// dark palette with their colours readable on it; exports stay light; View > Colour Scheme stores
// the choice and changes the application's palette at once; an unchecked check box (a QCheckBox, a
// unit of the Pyramid checklist) shows its frame in both.
#include "annotation_study.h"
#include "small_study.h"

#include "annotate/annotation_editor.h"
#include "annotate/candidate_card.h"
#include "annotate/likert_row.h"
#include "annotate/unit_checklist_model.h"
#include "common/app_settings.h"
#include "common/colour_scheme.h"
#include "common/contrast.h"
#include "common/study_session.h"
#include "compare/agreement_charts.h"
#include "compare/agreement_view.h"
#include "judge/judge_settings_form.h"
#include "window/chart_exporter.h"
#include "window/main_window.h"

#include "store/study.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QHash>
#include <QImage>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QScatterSeries>
#include <QSettings>
#include <QStyleOption>
#include <QStyledItemDelegate>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

using concord::ui::ColourScheme;
using concord::ui::Contrast;
using Scheme = concord::ui::ColourScheme::Scheme;

Q_DECLARE_METATYPE(concord::ui::ColourScheme::Scheme)

class TestDarkPalette : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void chosenLikertValueStandsOut_data();
    void chosenLikertValueStandsOut();
    void chosenLikertValueFollowsAPaletteChange();
    void errorSpansStandOut_data();
    void errorSpansStandOut();
    void errorTextReads_data();
    void errorTextReads();
    void uncheckedBoxShowsItsFrame_data();
    void uncheckedBoxShowsItsFrame();
    void uncheckedUnitShowsItsFrame_data();
    void uncheckedUnitShowsItsFrame();
    void chartsTakeTheDarkTheme();
    void chartColoursReadOnEitherTheme_data();
    void chartColoursReadOnEitherTheme();
    void exportsStayLight();
    void viewMenuChoosesTheScheme();

private:
    static concord::model::Dimension fluency();
    static void schemes();
    // The colour in the middle of the button's left padding: its face, not its number.
    static QColor faceOf(const QImage &image, const QWidget *within, const QWidget *button);
    static QString describe(const QColor &a, const QColor &b);
    // The weakest edge of a check indicator's frame (rect, in the image's logical pixels) against the
    // background: on the middle of each edge, the pixel near it that stands out most.
    static double frameContrast(const QImage &image, const QRect &indicator, const QColor &background);

    QTemporaryDir m_dir;
    int m_studies = 0;
};

void TestDarkPalette::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_dark_palette"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestDarkPalette::init()
{
    QSettings().clear();
    ColourScheme::apply(Scheme::Light);
}

void TestDarkPalette::cleanupTestCase()
{
    ColourScheme::apply(Scheme::System);
}

concord::model::Dimension TestDarkPalette::fluency()
{
    concord::model::Dimension d;
    d.name = "fluency";
    d.scaleMin = 1;
    d.scaleMax = 5;
    d.labels = {"Unreadable", "Poor", "Fair", "Good", "Fluent"};
    return d;
}

void TestDarkPalette::schemes()
{
    QTest::addColumn<Scheme>("scheme");
    QTest::newRow("light") << Scheme::Light;
    QTest::newRow("dark") << Scheme::Dark;
}

QColor TestDarkPalette::faceOf(const QImage &image, const QWidget *within, const QWidget *button)
{
    const QRect r(button->mapTo(within, QPoint(0, 0)), button->size());
    const qreal dpr = image.devicePixelRatio();
    const QPoint at(r.left() + 5, r.center().y());
    return image.pixelColor(QPoint(qRound(at.x() * dpr), qRound(at.y() * dpr)));
}

QString TestDarkPalette::describe(const QColor &a, const QColor &b)
{
    return QStringLiteral("%1 against %2: %3").arg(a.name(), b.name()).arg(Contrast::ratio(a, b), 0, 'f', 2);
}

double TestDarkPalette::frameContrast(const QImage &image, const QRect &indicator, const QColor &background)
{
    const qreal dpr = image.devicePixelRatio();
    // The best ratio of the device pixels within a logical pixel of an edge, along a line across it.
    const auto edge = [&](QPoint from, QPoint step) {
        double best = 0;
        for (int i = -qRound(dpr); i <= qRound(dpr); ++i) {
            const QPoint at = QPoint(qRound(from.x() * dpr), qRound(from.y() * dpr)) + step * i;
            if (image.rect().contains(at))
                best = std::max(best, Contrast::ratio(image.pixelColor(at), background));
        }
        return best;
    };
    const QPoint centre = indicator.center();
    return std::min({edge(QPoint(indicator.left(), centre.y()), QPoint(1, 0)),
                     edge(QPoint(indicator.right(), centre.y()), QPoint(-1, 0)),
                     edge(QPoint(centre.x(), indicator.top()), QPoint(0, 1)),
                     edge(QPoint(centre.x(), indicator.bottom()), QPoint(0, -1))});
}

void TestDarkPalette::chosenLikertValueStandsOut_data()
{
    schemes();
}

void TestDarkPalette::chosenLikertValueStandsOut()
{
    QFETCH(Scheme, scheme);
    ColourScheme::apply(scheme);
    QCOMPARE(Contrast::isDark(QApplication::palette()), scheme == Scheme::Dark);
    concord::ui::LikertRow row(fluency());
    row.setValue(3);
    row.resize(row.sizeHint());
    row.show();
    QVERIFY(QTest::qWaitForWindowExposed(&row));
    // The real rendering, as the annotator sees it.
    const QImage image = row.grab().toImage();
    const QColor chosen = faceOf(image, &row, row.button(3));
    const QColor background = image.pixelColor(4, image.height() / 2); // inside the focus frame
    for (const int point : {1, 2, 4, 5}) {
        const QColor unchosen = faceOf(image, &row, row.button(point));
        QVERIFY2(Contrast::ratio(chosen, unchosen) >= Contrast::graphics, qPrintable(describe(chosen, unchosen)));
    }
    QVERIFY2(Contrast::ratio(chosen, background) >= Contrast::graphics, qPrintable(describe(chosen, background)));
}

void TestDarkPalette::chosenLikertValueFollowsAPaletteChange()
{
    concord::ui::LikertRow row(fluency());
    row.setValue(4);
    row.resize(row.sizeHint());
    row.show();
    QVERIFY(QTest::qWaitForWindowExposed(&row));
    ColourScheme::apply(Scheme::Dark); // at run time, with the row on screen
    const QImage image = row.grab().toImage();
    const QColor chosen = faceOf(image, &row, row.button(4));
    const QColor unchosen = faceOf(image, &row, row.button(2));
    QVERIFY2(Contrast::luminance(unchosen) < 0.1, qPrintable(unchosen.name())); // the dark palette is shown
    QVERIFY2(Contrast::ratio(chosen, unchosen) >= Contrast::graphics, qPrintable(describe(chosen, unchosen)));
}

void TestDarkPalette::errorSpansStandOut_data()
{
    schemes();
}

void TestDarkPalette::errorSpansStandOut()
{
    QFETCH(Scheme, scheme);
    const QString path = m_dir.filePath(QStringLiteral("spans-%1.concord").arg(++m_studies));
    QCOMPARE(concord::test::AnnotationStudy::create(path), QString());
    concord::ui::StudySession session;
    QVERIFY(session.open(path).ok());
    concord::ui::AnnotationEditor editor(&session);
    QVERIFY(editor.createAnnotator(QStringLiteral("alice"), QStringLiteral("expert")).ok());
    const auto document = session.study()->documentId("doc-1").value();
    const concord::model::Candidate candidate = session.study()->candidatesOf(document).front();
    QVERIFY(
        editor.addErrorSpan(document, candidate.id, 0, 5, QString::fromStdString(candidate.text.substr(0, 5))).ok());

    // Built in light and switched at run time: the spans are painted again.
    concord::ui::CandidateCard card(&editor, document, candidate, QStringLiteral("Summary A"), {fluency()}, true, {});
    card.showJudgements(session.study()->judgementsOf(editor.rater(), document));
    card.show();
    QVERIFY(QTest::qWaitForWindowExposed(&card));
    ColourScheme::apply(scheme);

    const QList<QTextEdit::ExtraSelection> selections = card.textView()->extraSelections();
    QVERIFY(!selections.isEmpty());
    const QColor base = card.textView()->palette().color(QPalette::Base);
    QCOMPARE(Contrast::isDark(card.textView()->palette()), scheme == Scheme::Dark);
    for (const auto &sel : selections) {
        const QColor span = Contrast::over(sel.format.background().color(), base);
        QVERIFY2(Contrast::ratio(span, base) >= Contrast::graphics, qPrintable(describe(span, base)));
        const QColor underline = sel.format.underlineColor();
        QVERIFY2(Contrast::ratio(underline, base) >= Contrast::graphics, qPrintable(describe(underline, base)));
        // The text on the span still reads.
        const QColor text = sel.format.hasProperty(QTextFormat::ForegroundBrush)
                                ? sel.format.foreground().color()
                                : card.textView()->palette().color(QPalette::Text);
        QVERIFY2(Contrast::ratio(text, span) >= Contrast::text, qPrintable(describe(text, span)));
    }
}

void TestDarkPalette::errorTextReads_data()
{
    schemes();
}

void TestDarkPalette::errorTextReads()
{
    QFETCH(Scheme, scheme);
    concord::ui::JudgeSettingsForm form;
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    ColourScheme::apply(scheme);
    auto *problem = form.findChild<QLabel *>(QStringLiteral("baseUrlProblem"));
    QVERIFY(problem);
    problem->setText(QStringLiteral("wrong"));
    problem->show();
    const QImage image = problem->grab().toImage();
    // The darkest and the lightest pixel: the glyphs and the window behind them.
    QColor glyph = image.pixelColor(0, 0);
    const QColor window = problem->palette().color(QPalette::Window);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (Contrast::ratio(image.pixelColor(x, y), window) > Contrast::ratio(glyph, window))
                glyph = image.pixelColor(x, y);
    QCOMPARE(Contrast::isDark(problem->palette()), scheme == Scheme::Dark);
    QVERIFY2(Contrast::ratio(glyph, window) >= Contrast::text, qPrintable(describe(glyph, window)));
    QVERIFY2(glyph.red() > glyph.green() + 40, qPrintable(glyph.name())); // still red
}

void TestDarkPalette::uncheckedBoxShowsItsFrame_data()
{
    schemes();
}

void TestDarkPalette::uncheckedBoxShowsItsFrame()
{
    QFETCH(Scheme, scheme);
    ColourScheme::apply(scheme);
    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    layout->setContentsMargins(10, 10, 10, 10);
    auto *box = new QCheckBox(QStringLiteral("Bootstrap CIs"), &window);
    layout->addWidget(box);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(Contrast::isDark(box->palette()), scheme == Scheme::Dark);
    const QImage image = window.grab().toImage();
    QStyleOptionButton option;
    option.initFrom(box);
    const QRect indicator
        = box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box).translated(box->pos());
    const qreal dpr = image.devicePixelRatio();
    const QColor background = image.pixelColor(qRound(3 * dpr), qRound(3 * dpr)); // the window's margin
    const double ratio = frameContrast(image, indicator, background);
    QVERIFY2(ratio >= Contrast::graphics,
             qPrintable(QStringLiteral("the frame against %1: %2").arg(background.name()).arg(ratio, 0, 'f', 2)));
}

void TestDarkPalette::uncheckedUnitShowsItsFrame_data()
{
    schemes();
}

namespace {
// How the view's delegate lays out a row: where its check indicator goes.
class DelegateOption : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::initStyleOption;
};
} // namespace

void TestDarkPalette::uncheckedUnitShowsItsFrame()
{
    QFETCH(Scheme, scheme);
    const QString path = m_dir.filePath(QStringLiteral("units-%1.concord").arg(++m_studies));
    QCOMPARE(concord::test::AnnotationStudy::create(path), QString());
    concord::ui::StudySession session;
    QVERIFY(session.open(path).ok());
    concord::ui::AnnotationEditor editor(&session);
    QVERIFY(editor.createAnnotator(QStringLiteral("alice"), QStringLiteral("expert")).ok());
    const auto document = session.study()->documentId("doc-1").value();
    const concord::model::Candidate candidate = session.study()->candidatesOf(document).front();
    concord::ui::CandidateCard card(&editor, document, candidate, QStringLiteral("Summary A"), {}, false,
                                    {QStringLiteral("absent"), QStringLiteral("present"), QStringLiteral("open")});
    card.unitModel()->setMarks({{0, false}, {1, true}});
    card.show();
    QVERIFY(QTest::qWaitForWindowExposed(&card));
    ColourScheme::apply(scheme); // at run time, with the card on screen
    QListView *list = card.unitList();
    QVERIFY(list);
    QCOMPARE(Contrast::isDark(list->palette()), scheme == Scheme::Dark);
    const QImage image = list->viewport()->grab().toImage();
    const qreal dpr = image.devicePixelRatio();
    // The unchecked unit and the one not answered yet (partly checked).
    for (const int row : {0, 2}) {
        const QModelIndex index = list->model()->index(row, 0);
        QStyleOptionViewItem option;
        option.initFrom(list->viewport());
        option.rect = list->visualRect(index);
        DelegateOption().initStyleOption(&option, index);
        const QRect indicator = list->style()->subElementRect(QStyle::SE_ItemViewItemCheckIndicator, &option, list);
        QVERIFY2(indicator.left() >= 2, qPrintable(QString::number(indicator.left())));
        const QColor background
            = image.pixelColor(qRound((indicator.left() - 2) * dpr), qRound(indicator.center().y() * dpr));
        const double ratio = frameContrast(image, indicator, background);
        QVERIFY2(ratio >= Contrast::graphics, qPrintable(QStringLiteral("row %1: the frame against %2: %3")
                                                             .arg(row)
                                                             .arg(background.name())
                                                             .arg(ratio, 0, 'f', 2)));
    }
}

void TestDarkPalette::chartsTakeTheDarkTheme()
{
    const QString path = m_dir.filePath(QStringLiteral("charts-%1.concord").arg(++m_studies));
    QCOMPARE(concord::test::SmallStudy::create(path), QString());
    concord::ui::StudySession session;
    QVERIFY(session.open(path).ok());
    ColourScheme::apply(Scheme::Dark);
    concord::ui::AgreementView view(&session);
    view.setActive(true);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing(), 60000);
    const QList<QChartView *> charts = view.findChildren<QChartView *>();
    QVERIFY(!charts.isEmpty());
    for (QChartView *chart : charts)
        QCOMPARE(chart->chart()->theme(), QChart::ChartThemeDark);
    // And back at run time.
    ColourScheme::apply(Scheme::Light);
    for (QChartView *chart : charts)
        QCOMPARE(chart->chart()->theme(), QChart::ChartThemeLight);
}

void TestDarkPalette::chartColoursReadOnEitherTheme_data()
{
    schemes();
}

void TestDarkPalette::chartColoursReadOnEitherTheme()
{
    QFETCH(Scheme, scheme);
    ColourScheme::apply(scheme);
    QList<concord::ui::AgreementCharts::ForestGroup> groups;
    for (int g = 0; g < 8; ++g)
        groups.append({QStringLiteral("judge %1").arg(g), {{0.1 * g, 0.05 * g, 0.15 * g, {}}}});
    QChartView view;
    concord::ui::AgreementCharts::setChart(
        &view, concord::ui::AgreementCharts::forestChart(QStringLiteral("r"), {QStringLiteral("fluency")}, groups,
                                                         {{0.5, 0.4, 0.6, {}}}, QStringLiteral("humans"),
                                                         QStringLiteral("r")));
    QChart *chart = view.chart();
    QCOMPARE(chart->theme(), scheme == Scheme::Dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage image = view.grab().toImage();
    // The plot's background as drawn: the plot area's pixel of median luminance. The dark theme's background is
    // a gradient of many shades, each a few rows high, where the commonest single colour can be a grid line's grey
    // (it was, once the legend's wrapped entries made the plot a line lower).
    const QRectF area = chart->mapRectToScene(chart->plotArea());
    const QRect onView = view.mapFromScene(area).boundingRect();
    const qreal dpr = image.devicePixelRatio();
    QList<QColor> pixels;
    for (int y = onView.top(); y < onView.bottom(); y += 2)
        for (int x = onView.left(); x < onView.right(); x += 2)
            pixels << image.pixelColor(qRound(x * dpr), qRound(y * dpr));
    QVERIFY(!pixels.isEmpty());
    std::nth_element(pixels.begin(), pixels.begin() + pixels.size() / 2, pixels.end(),
                     [](const QColor &a, const QColor &b) { return Contrast::luminance(a) < Contrast::luminance(b); });
    const QColor background = pixels.at(pixels.size() / 2);
    QCOMPARE(Contrast::luminance(background) < 0.18, scheme == Scheme::Dark);
    int dots = 0;
    for (QAbstractSeries *series : chart->series()) {
        if (auto *scatter = qobject_cast<QScatterSeries *>(series)) {
            ++dots;
            QVERIFY2(Contrast::ratio(scatter->color(), background) >= Contrast::graphics,
                     qPrintable(describe(scatter->color(), background)));
        }
    }
    QCOMPARE(dots, 8);
}

void TestDarkPalette::exportsStayLight()
{
    // A figure goes into a paper: the export is light even from a dark screen, which stays dark.
    ColourScheme::apply(Scheme::Dark);
    QChartView view;
    concord::ui::AgreementCharts::setChart(
        &view, concord::ui::AgreementCharts::forestChart(QStringLiteral("r"), {QStringLiteral("fluency")},
                                                         {{QStringLiteral("judge"), {{0.3, 0.2, 0.4, {}}}}}, {}, {},
                                                         QStringLiteral("r")));
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.chart()->theme(), QChart::ChartThemeDark);
    const QString png = m_dir.filePath(QStringLiteral("figure.png"));
    QVERIFY(concord::ui::ChartExporter::exportWidget(&view, png).ok());
    QImage image(png);
    QVERIFY(!image.isNull());
    int light = 0;
    int all = 0;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7, ++all)
            light += Contrast::luminance(image.pixelColor(x, y)) > 0.5 ? 1 : 0;
    QVERIFY2(light > all * 8 / 10, qPrintable(QStringLiteral("%1 of %2 light").arg(light).arg(all)));
    QCOMPARE(view.chart()->theme(), QChart::ChartThemeDark);
    QVERIFY(Contrast::isDark(view.palette()));
}

void TestDarkPalette::viewMenuChoosesTheScheme()
{
    concord::ui::MainWindow window;
    auto *dark = window.findChild<QAction *>(QStringLiteral("colourScheme_dark"));
    auto *light = window.findChild<QAction *>(QStringLiteral("colourScheme_light"));
    auto *system = window.findChild<QAction *>(QStringLiteral("colourScheme_system"));
    QVERIFY(dark && light && system);
    QVERIFY(system->isChecked()); // nothing stored yet
    dark->trigger();
    QVERIFY(dark->isChecked());
    QCOMPARE(concord::ui::AppSettings().colourScheme(), QStringLiteral("dark"));
    QCOMPARE(ColourScheme::stored(), Scheme::Dark);
    QVERIFY(Contrast::isDark(QApplication::palette()));
    QVERIFY(Contrast::isDark(window.palette()));
    light->trigger();
    QCOMPARE(concord::ui::AppSettings().colourScheme(), QStringLiteral("light"));
    QVERIFY(!Contrast::isDark(QApplication::palette()));
    system->trigger();
    QCOMPARE(concord::ui::AppSettings().colourScheme(), QString());
    QCOMPARE(ColourScheme::stored(), Scheme::System);
    QVERIFY(!Contrast::isDark(QApplication::palette())); // the offscreen platform's palette is light
}

QTEST_MAIN(TestDarkPalette)
#include "tst_dark_palette.moc"
