// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace concord::ui {

// The article and its requirement, as plain text, with a find bar (Ctrl+F): every match is
// highlighted, Enter goes to the next, Shift+Enter to the previous, Escape closes the bar.
class ArticlePane : public QWidget {
    Q_OBJECT
public:
    explicit ArticlePane(QWidget *parent = nullptr);

    void setTexts(const QString &heading, const QString &article, const QString &requirement);
    void clear();
    QString articleText() const;
    QString requirementText() const;
    QPlainTextEdit *articleView() const { return m_article; }
    QLineEdit *findField() const { return m_find; }

    // Opens the find bar with the focus in it.
    void startFind();
    // Selects the next (or previous) match of the find text; false if there is none.
    bool findNext(bool backwards = false);
    int matchCount() const { return m_matches; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override; // the match colour follows the palette

private:
    void highlightMatches();

    QLabel *m_heading;
    QLabel *m_requirementLabel;
    QPlainTextEdit *m_requirement;
    QPlainTextEdit *m_article;
    QWidget *m_findBar;
    QLineEdit *m_find;
    QLabel *m_findStatus;
    int m_matches = 0;
};

} // namespace concord::ui
