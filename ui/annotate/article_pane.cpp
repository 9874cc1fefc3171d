// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/article_pane.h"

#include "common/palette_colours.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

namespace concord::ui {

ArticlePane::ArticlePane(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_requirementLabel(new QLabel(tr("Summary requirement"), this))
    , m_requirement(new QPlainTextEdit(this))
    , m_article(new QPlainTextEdit(this))
    , m_findBar(new QWidget(this))
    , m_find(new QLineEdit(m_findBar))
    , m_findStatus(new QLabel(m_findBar))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
    m_heading->setFont(headingFont);
    m_heading->setTextFormat(Qt::PlainText);
    layout->addWidget(m_heading);
    layout->addWidget(m_requirementLabel);
    for (QPlainTextEdit *edit : {m_requirement, m_article}) {
        // Articles come from outside: plain text, selectable, never editable.
        edit->setReadOnly(true);
        edit->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        edit->setTabChangesFocus(true);
    }
    m_requirement->setObjectName(QStringLiteral("requirementText"));
    m_requirement->setMaximumHeight(fontMetrics().lineSpacing() * 4 + 12);
    m_article->setObjectName(QStringLiteral("articleText"));
    layout->addWidget(m_requirement);
    layout->addWidget(new QLabel(tr("Article"), this));
    layout->addWidget(m_article, 1);

    auto *findLayout = new QHBoxLayout(m_findBar);
    findLayout->setContentsMargins(0, 0, 0, 0);
    m_find->setObjectName(QStringLiteral("articleFind"));
    m_find->setPlaceholderText(tr("Find in the article (Enter: next, Shift+Enter: previous, Esc: close)"));
    m_find->setClearButtonEnabled(true);
    m_find->installEventFilter(this);
    auto *previous = new QToolButton(m_findBar);
    previous->setText(tr("Previous"));
    auto *next = new QToolButton(m_findBar);
    next->setText(tr("Next"));
    auto *close = new QToolButton(m_findBar);
    close->setText(tr("Close"));
    for (QToolButton *b : {previous, next, close})
        b->setFocusPolicy(Qt::NoFocus);
    findLayout->addWidget(m_find, 1);
    findLayout->addWidget(m_findStatus);
    findLayout->addWidget(previous);
    findLayout->addWidget(next);
    findLayout->addWidget(close);
    layout->addWidget(m_findBar);
    m_findBar->hide();
    connect(m_find, &QLineEdit::textChanged, this, [this] {
        highlightMatches();
        QTextCursor start = m_article->textCursor();
        start.movePosition(QTextCursor::Start);
        m_article->setTextCursor(start);
        findNext();
    });
    connect(next, &QToolButton::clicked, this, [this] { findNext(false); });
    connect(previous, &QToolButton::clicked, this, [this] { findNext(true); });
    connect(close, &QToolButton::clicked, this, [this] {
        m_findBar->hide();
        m_article->setExtraSelections({});
    });
    clear();
}

void ArticlePane::setTexts(const QString &heading, const QString &article, const QString &requirement)
{
    m_heading->setText(heading);
    m_article->setPlainText(article);
    m_requirement->setPlainText(requirement);
    m_requirement->setVisible(!requirement.isEmpty());
    m_requirementLabel->setVisible(!requirement.isEmpty());
    if (m_findBar->isVisible())
        highlightMatches();
}

void ArticlePane::clear()
{
    setTexts(tr("No document"), {}, {});
}

QString ArticlePane::articleText() const
{
    return m_article->toPlainText();
}

QString ArticlePane::requirementText() const
{
    return m_requirement->toPlainText();
}

void ArticlePane::startFind()
{
    m_findBar->show();
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
    highlightMatches();
}

void ArticlePane::highlightMatches()
{
    QList<QTextEdit::ExtraSelection> selections;
    m_matches = 0;
    const QString needle = m_find->text();
    if (!needle.isEmpty()) {
        const QColor colour = PaletteColours::span(palette());
        const QColor text = PaletteColours::spanText(palette(), colour);
        QTextCursor cursor(m_article->document());
        while (true) {
            cursor = m_article->document()->find(needle, cursor);
            if (cursor.isNull())
                break;
            QTextEdit::ExtraSelection sel;
            sel.cursor = cursor;
            sel.format.setBackground(colour);
            sel.format.setForeground(text);
            selections.append(sel);
            ++m_matches;
        }
    }
    m_article->setExtraSelections(selections);
    m_findStatus->setText(needle.isEmpty() ? QString() : (m_matches ? tr("%1 found").arg(m_matches) : tr("Not found")));
}

bool ArticlePane::findNext(bool backwards)
{
    const QString needle = m_find->text();
    if (needle.isEmpty())
        return false;
    const QTextDocument::FindFlags flags = backwards ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (m_article->find(needle, flags))
        return true;
    // Wrap around once.
    QTextCursor cursor = m_article->textCursor();
    cursor.movePosition(backwards ? QTextCursor::End : QTextCursor::Start);
    m_article->setTextCursor(cursor);
    return m_article->find(needle, flags);
}

void ArticlePane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_findBar->isVisible())
        highlightMatches();
}

bool ArticlePane::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_find && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            findNext(key->modifiers() & Qt::ShiftModifier);
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            m_findBar->hide();
            m_article->setExtraSelections({});
            m_article->setFocus();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace concord::ui
