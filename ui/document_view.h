#pragma once

#include "error.h"
#include "model/ids.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QScrollArea;
class QVBoxLayout;

namespace concord::ui {

class StudySession;

// One document: its article and requirement beside its candidate summaries, one card each.
// Everything here came from outside (articles, model output), so all of it is shown as plain text.
class DocumentView : public QWidget {
    Q_OBJECT
public:
    explicit DocumentView(StudySession *session, QWidget *parent = nullptr);

    // Reads the document and its candidates from the session; on failure the view is cleared.
    Status showDocument(model::Id documentId);
    void clear();

    model::Id documentId() const { return m_documentId; }
    QString articleText() const;
    QString requirementText() const;
    QStringList candidateTitles() const;
    QStringList candidateTexts() const;

    bool showsSystemNames() const { return m_showSystemNames; }
    void setShowSystemNames(bool show);

private:
    struct Card {
        QGroupBox *box = nullptr;
        QLabel *text = nullptr;
        QString systemName;
    };

    void retitleCards();

    StudySession *m_session;
    model::Id m_documentId = 0;
    bool m_showSystemNames = true;
    QLabel *m_heading;
    QPlainTextEdit *m_article;
    QLabel *m_requirementLabel;
    QPlainTextEdit *m_requirement;
    QLabel *m_candidatesHeading;
    QScrollArea *m_cardsArea;
    QVBoxLayout *m_cardsLayout;
    std::vector<Card> m_cards;
};

} // namespace concord::ui
