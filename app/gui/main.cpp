// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord: the desktop application. Wiring only: arguments, translations, the window.
#include "annotate/annotator_dialog.h"
#include "common/app_settings.h"
#include "common/colour_scheme.h"
#include "common/demo_study_file.h"
#include "compare/agreement_view.h"
#include "inspect/disagreement_view.h"
#include "judge/judges_view.h"
#include "language.h"
#include "window/guarded_application.h"
#include "window/last_study.h"
#include "window/main_window.h"
#include "window/user_guide.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QStatusBar>

#include <cstdio>
#include <string_view>

namespace {

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
           || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

// What needs no window must work without a display (on a server, over ssh, in a container): help,
// version and screenshots render offscreen there, before QApplication would abort looking for one.
bool needsNoWindow(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-?" || arg == "-v" || arg == "--version"
            || arg == "--screenshot" || arg.starts_with("--screenshot="))
            return true;
    }
    return false;
}

int failWith(const QString &message)
{
    std::fprintf(stderr, "concord: %s\n", qUtf8Printable(message));
    return 1;
}

} // namespace

int main(int argc, char *argv[])
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    if (!hasDisplay()) {
        if (!needsNoWindow(argc, argv)) {
            std::fprintf(stderr, "concord: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset).\n"
                                 "  Run it in a desktop session, under xvfb-run, or render the window to a file:\n"
                                 "  concord --screenshot window.png [STUDY]\n");
            return 1;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
#endif
    // No exception escapes the event loop: one thrown in a slot is shown, and Concord keeps running.
    concord::ui::GuardedApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Concord"));
    QCoreApplication::setApplicationName(QStringLiteral("Concord"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CONCORD_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("concord"));
    // Settings: an older layout is brought up to date before anything reads it; settings
    // of a newer Concord are left alone and the defaults used.
    if (const auto migrated = concord::ui::AppSettings().migrate(); !migrated)
        std::fprintf(stderr, "concord: %s\n", migrated.error().describe().c_str());
    // The system's language unless View > Language chose another.
    concord::gui::installTranslations(app, concord::gui::languageLocale(concord::gui::languageSetting()));

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Concord: people and LLM judges evaluate summaries, and see how far they agree.\n"
                "Without STUDY, Concord opens the study opened last (the first of File > Open Recent), or "
                "its demo study."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Render the main window into the PNG file FILE and exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption viewOption(
        QStringLiteral("view"),
        QCoreApplication::translate("main", "Show the view NAME (with --screenshot: the view to render)."),
        QStringLiteral("NAME"));
    parser.addOption(screenshotOption);
    // --annotator: who annotates, one of the study's raters; without it the last name used if the
    // study has that rater, else Concord asks.
    const QCommandLineOption annotatorOption(
        QStringLiteral("annotator"),
        QCoreApplication::translate("main", "Annotate as NAME (default: the last annotator)."), QStringLiteral("NAME"));
    parser.addOption(annotatorOption);
    parser.addOption(viewOption);
    // --colour-scheme: this run only (a dark screenshot, say); View > Colour Scheme stores a choice.
    const QCommandLineOption colourSchemeOption(
        QStringLiteral("colour-scheme"),
        QCoreApplication::translate("main", "Use the colour scheme NAME: system, light or dark (default: the one "
                                            "chosen in View > Colour Scheme)."),
        QStringLiteral("NAME"));
    parser.addOption(colourSchemeOption);
    parser.addPositionalArgument(QStringLiteral("STUDY"),
                                 QCoreApplication::translate("main", "The study file (*.concord) to open."),
                                 QStringLiteral("[STUDY]"));
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return failWith(QCoreApplication::translate("main", "give at most one study file (see --help)"));
    auto scheme = concord::ui::ColourScheme::stored();
    if (parser.isSet(colourSchemeOption)) {
        const auto asked = concord::ui::ColourScheme::fromName(parser.value(colourSchemeOption));
        if (!asked)
            return failWith(
                QCoreApplication::translate("main", "unknown colour scheme '%1'; known: system, light, dark")
                    .arg(parser.value(colourSchemeOption)));
        scheme = *asked;
    }
    concord::ui::ColourScheme::apply(scheme);

    concord::ui::MainWindow window;
    QObject::connect(&app, &concord::ui::GuardedApplication::exceptionCaught, &window,
                     [&window](const QString &message) {
                         window.showError(QCoreApplication::translate("main", "Unexpected error"), message);
                     });
    concord::gui::addLanguageMenu(window);
    concord::ui::UserGuide::addMenu(window);
    // The window as it was left, except for screenshots, which look the same on every machine.
    const bool placed = !parser.isSet(screenshotOption) && window.restoreLayout();
    if (parser.isSet(viewOption) && !window.showView(parser.value(viewOption)))
        return failWith(QCoreApplication::translate("main", "unknown view '%1'; known views: %2")
                            .arg(parser.value(viewOption), window.viewNames().join(QStringLiteral(", "))));

    QString studyPath;
    QString studyError;
    concord::ui::LastStudy::Outcome last;
    if (!positional.isEmpty()) {
        studyPath = positional.constFirst();
    } else if (parser.isSet(screenshotOption)) {
        // A screenshot without a study is of the demo, the same on every machine.
        auto demo = concord::ui::DemoStudyFile::ensure(concord::ui::DemoStudyFile::defaultPath());
        if (demo)
            studyPath = demo.value();
        else
            studyError = QCoreApplication::translate("main", "cannot create the demo study: %1")
                             .arg(QString::fromStdString(demo.error().describe()));
    } else {
        last = concord::ui::LastStudy::open(window);
        studyError = last.error;
    }
    if (!studyPath.isEmpty()) {
        const concord::Status status = window.openStudy(studyPath);
        if (!status)
            studyError = QString::fromStdString(status.error().describe());
    }

    // Both only look the name up among the study's raters: opening a study never adds one.
    if (studyError.isEmpty() && parser.isSet(annotatorOption)) {
        const concord::Status status = window.setAnnotator(parser.value(annotatorOption));
        if (!status)
            studyError = QString::fromStdString(status.error().describe());
    } else if (studyError.isEmpty()) {
        // The last annotator, when this study has them; else Concord asks.
        const QString remembered = concord::ui::AnnotatorDialog::recentNames().value(0);
        if (!remembered.isEmpty())
            window.setAnnotator(remembered).ok();
    }

    if (parser.isSet(screenshotOption)) {
        if (!studyError.isEmpty())
            return failWith(studyError);
        // The study's first document, not the annotator's first unfinished one: the same picture every time.
        window.selectFirstDocument();
        // The views read off the GUI thread: wait for what the shown view is reading before rendering.
        if (auto *dashboard = window.findChild<concord::ui::AgreementView *>(); dashboard && dashboard->isComputing()) {
            QEventLoop loop;
            QObject::connect(dashboard, &concord::ui::AgreementView::refreshed, &loop, &QEventLoop::quit);
            QObject::connect(dashboard, &concord::ui::AgreementView::refreshFailed, &loop, &QEventLoop::quit);
            loop.exec();
        }
        if (auto *inspector = window.findChild<concord::ui::DisagreementView *>();
            inspector && inspector->isLoading()) {
            QEventLoop loop;
            QObject::connect(inspector, &concord::ui::DisagreementView::loaded, &loop, &QEventLoop::quit);
            loop.exec();
        }
        if (auto *judges = window.judgesView(); judges && judges->isLoadingCalls()) {
            QEventLoop loop;
            QObject::connect(judges, &concord::ui::JudgesView::callsLoaded, &loop, &QEventLoop::quit);
            loop.exec();
        }
        if (auto *judges = window.judgesView(); judges && judges->isPreviewing()) {
            QEventLoop loop;
            QObject::connect(judges, &concord::ui::JudgesView::previewUpdated, &loop, &QEventLoop::quit);
            loop.exec();
        }
        const concord::Status status = window.saveScreenshot(parser.value(screenshotOption), QSize(1280, 800));
        if (!status)
            return failWith(QString::fromStdString(status.error().describe()));
        return 0;
    }

    // A laptop's screen, or twice the scale, may have less room than that.
    if (!placed)
        window.resizeWithinScreen(QSize(1280, 800));
    window.show();
    window.askForAnnotatorIfNone();
    if (!last.note.isEmpty())
        window.statusBar()->showMessage(last.note);
    // A team study that needs its password: the dialog, ready to open it once libpq can find one.
    if (!last.ask.isEmpty())
        window.openTeamStudyDialog(last.ask);
    if (!studyError.isEmpty())
        window.showError(QCoreApplication::translate("main", "Cannot open the study"), studyError);
    return QApplication::exec();
}
