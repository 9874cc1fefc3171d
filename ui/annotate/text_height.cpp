// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/text_height.h"

#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace concord::ui {

void fitHeightToText(QPlainTextEdit *edit, int minimumLines)
{
    const QFontMetrics metrics = edit->fontMetrics();
    const int margin = static_cast<int>(std::ceil(edit->document()->documentMargin()));
    const int frame = edit->frameWidth();
    const QMargins viewport = edit->contentsMargins();
    const QScrollBar *bar = edit->verticalScrollBar();
    // The width the text wraps at: the widget less its frame, scroll bar and the document's margins.
    const int width = std::max(1, edit->width() - 2 * frame - viewport.left() - viewport.right() - 2 * margin
                                      - (bar->isVisible() ? bar->width() : 0));
    const QRect text = metrics.boundingRect(QRect(0, 0, width, 1 << 24), Qt::TextWordWrap, edit->toPlainText());
    const int height = std::max(minimumLines * metrics.lineSpacing(), text.height());
    edit->setFixedHeight(height + 2 * margin + 2 * frame + viewport.top() + viewport.bottom());
}

} // namespace concord::ui
