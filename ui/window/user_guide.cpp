// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/user_guide.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace concord::ui {

QString UserGuide::resourcePath()
{
    return QStringLiteral(":/concord/doc/README.md");
}

QString UserGuide::readme()
{
    QFile file(resourcePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QStringList UserGuide::sections()
{
    QStringList out;
    bool code = false; // inside a fenced block, where "#" starts a shell comment
    for (const QString &line : readme().split(QLatin1Char('\n'))) {
        // As Markdown reads fences: "```sh" opens a block, and only a bare "```" closes it.
        const QString fence = line.trimmed();
        if (fence.startsWith(QStringLiteral("```")) && (!code || fence == QStringLiteral("```")))
            code = !code;
        else if (!code && line.startsWith(QStringLiteral("## ")))
            out << line.mid(3).trimmed();
    }
    return out;
}

QMenu *UserGuide::addMenu(QMainWindow &window)
{
    // The Help menu is MainWindow's; found by its title, as the language menu finds View.
    const QString helpTitle = QCoreApplication::translate("concord::ui::MainWindow", "&Help");
    QMenu *help = nullptr;
    for (QAction *action : window.menuBar()->actions())
        if (action->menu() && action->menu()->title() == helpTitle)
            help = action->menu();
    QMenu *menu = help ? new QMenu(tr("&User Guide"), help) : window.menuBar()->addMenu(tr("&User Guide"));
    menu->setObjectName(QStringLiteral("userGuideMenu"));
    if (help) // first: where the program is explained, then the study's guidelines and About
        help->insertMenu(help->actions().value(0), menu);
    for (const QString &section : sections()) {
        // A section's name may hold "&" ("Studies, imports & exports"): drawn as is, not as a mnemonic.
        QAction *action = menu->addAction(QString(section).replace(QLatin1Char('&'), QStringLiteral("&&")));
        action->setData(section);
        QObject::connect(action, &QAction::triggered, &window, [&window, section] {
            auto *guide = window.findChild<UserGuide *>();
            if (!guide)
                guide = new UserGuide(&window);
            guide->show(); // laid out at its size first: the heading's place depends on it
            guide->showSection(section);
            guide->raise();
            guide->activateWindow();
        });
    }
    return menu;
}

UserGuide::UserGuide(QWidget *parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("Concord User Guide"));
    setObjectName(QStringLiteral("userGuide"));
    // Links would leave for the web or for files that are not built in: shown, not followed.
    m_browser->setOpenLinks(false);
    m_browser->setOpenExternalLinks(false);
    QString text = readme();
    // The pictures live beside the README in the sources, not in the program.
    QStringList lines = text.split(QLatin1Char('\n'));
    lines.removeIf([](const QString &line) { return line.trimmed().startsWith(QStringLiteral("![")); });
    m_browser->setMarkdown(lines.join(QLatin1Char('\n')));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(820, 640);
}

bool UserGuide::showSection(const QString &section)
{
    QTextDocument *document = m_browser->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() != 2 || block.text().trimmed() != section)
            continue;
        QTextCursor cursor(block);
        m_browser->setTextCursor(cursor);
        // The heading at the top of the view, not merely somewhere in sight.
        m_browser->verticalScrollBar()->setValue(
            static_cast<int>(document->documentLayout()->blockBoundingRect(block).top()));
        return true;
    }
    return false;
}

} // namespace concord::ui
