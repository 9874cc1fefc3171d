#include "document_view.h"

#include "study_session.h"

#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <map>

namespace concord::ui {

namespace {

// A QGroupBox title takes '&' as a mnemonic marker; a system called "R&D" must show as such.
QString literalTitle(QString text)
{
    return text.replace(QLatin1Char('&'), QStringLiteral("&&"));
}

QPlainTextEdit *readOnlyText(const QString &objectName, QWidget *parent)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setObjectName(objectName);
    edit->setReadOnly(true);
    // Read-only but still reachable with Tab, so that a keyboard user can select and copy.
    edit->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    edit->setTabChangesFocus(true);
    return edit;
}

struct DocumentContents {
    model::Document document;
    std::vector<model::Candidate> candidates;
    std::map<model::Id, std::string> systemNames;
};

} // namespace

DocumentView::DocumentView(StudySession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_heading = new QLabel(left);
    m_heading->setTextFormat(Qt::PlainText);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
    m_heading->setFont(headingFont);
    m_requirementLabel = new QLabel(tr("Re&quirement"), left);
    m_requirement = readOnlyText(QStringLiteral("requirement"), left);
    m_requirement->setMaximumHeight(m_requirement->fontMetrics().lineSpacing() * 4 + 12);
    m_requirementLabel->setBuddy(m_requirement);
    auto *articleLabel = new QLabel(tr("&Article"), left);
    m_article = readOnlyText(QStringLiteral("article"), left);
    articleLabel->setBuddy(m_article);
    leftLayout->addWidget(m_heading);
    leftLayout->addWidget(m_requirementLabel);
    leftLayout->addWidget(m_requirement);
    leftLayout->addWidget(articleLabel);
    leftLayout->addWidget(m_article, 1);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_candidatesHeading = new QLabel(right);
    m_candidatesHeading->setTextFormat(Qt::PlainText);
    m_cardsArea = new QScrollArea(right);
    m_cardsArea->setObjectName(QStringLiteral("candidates"));
    m_cardsArea->setWidgetResizable(true);
    auto *cards = new QWidget(m_cardsArea);
    m_cardsLayout = new QVBoxLayout(cards);
    m_cardsLayout->addStretch(1);
    m_cardsArea->setWidget(cards);
    rightLayout->addWidget(m_candidatesHeading);
    rightLayout->addWidget(m_cardsArea, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    // The article and the summaries get the same width: both are read closely.
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    clear();
}

Status DocumentView::showDocument(model::Id documentId)
{
    auto result = m_session->read([documentId](store::Study &study) {
        DocumentContents contents;
        auto document = study.document(documentId);
        if (!document)
            fail("the document is no longer in the study");
        contents.document = std::move(*document);
        contents.candidates = study.candidatesOf(documentId);
        for (const model::System &system : study.systems())
            contents.systemNames.emplace(system.id, system.name);
        return contents;
    });
    if (!result) {
        clear();
        return result.error();
    }
    const DocumentContents &contents = result.value();
    clear();
    m_documentId = documentId;
    m_heading->setText(tr("Document %1").arg(QString::fromStdString(contents.document.externalId)));
    m_article->setPlainText(QString::fromStdString(contents.document.source));
    const bool hasRequirement = contents.document.requirement.has_value();
    m_requirement->setPlainText(hasRequirement ? QString::fromStdString(*contents.document.requirement) : QString());
    m_requirementLabel->setVisible(hasRequirement);
    m_requirement->setVisible(hasRequirement);
    m_candidatesHeading->setText(tr("Candidate summaries (%1)").arg(contents.candidates.size()));

    QWidget *cardsParent = m_cardsArea->widget();
    for (const model::Candidate &candidate : contents.candidates) {
        Card card;
        const auto name = contents.systemNames.find(candidate.systemId);
        card.systemName = name == contents.systemNames.end() ? QString() : QString::fromStdString(name->second);
        card.box = new QGroupBox(cardsParent);
        card.box->setObjectName(QStringLiteral("candidateCard"));
        auto *boxLayout = new QVBoxLayout(card.box);
        card.text = new QLabel(card.box);
        card.text->setTextFormat(Qt::PlainText);
        card.text->setWordWrap(true);
        card.text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        card.text->setFocusPolicy(Qt::StrongFocus);
        card.text->setText(QString::fromStdString(candidate.text));
        boxLayout->addWidget(card.text);
        // Before the stretch, which stays last and keeps the cards at the top.
        m_cardsLayout->insertWidget(m_cardsLayout->count() - 1, card.box);
        m_cards.push_back(card);
    }
    retitleCards();
    return {};
}

void DocumentView::clear()
{
    for (Card &card : m_cards)
        delete card.box;
    m_cards.clear();
    m_documentId = 0;
    m_heading->setText(tr("No document selected"));
    m_article->clear();
    m_requirement->clear();
    m_requirementLabel->hide();
    m_requirement->hide();
    m_candidatesHeading->setText(tr("Candidate summaries"));
}

QString DocumentView::articleText() const
{
    return m_article->toPlainText();
}

QString DocumentView::requirementText() const
{
    return m_requirement->toPlainText();
}

QStringList DocumentView::candidateTitles() const
{
    QStringList titles;
    for (const Card &card : m_cards)
        titles << card.box->title().replace(QStringLiteral("&&"), QStringLiteral("&"));
    return titles;
}

QStringList DocumentView::candidateTexts() const
{
    QStringList texts;
    for (const Card &card : m_cards)
        texts << card.text->text();
    return texts;
}

void DocumentView::setShowSystemNames(bool show)
{
    if (m_showSystemNames == show)
        return;
    m_showSystemNames = show;
    retitleCards();
}

void DocumentView::retitleCards()
{
    for (std::size_t i = 0; i < m_cards.size(); ++i) {
        // Letters in list order for now; the blind, per-annotator order comes with the Annotate view.
        const QString letter = i < 26 ? QString(QChar(u'A' + static_cast<char16_t>(i))) : QString::number(i + 1);
        const QString title = m_showSystemNames && !m_cards[i].systemName.isEmpty()
            ? m_cards[i].systemName
            : tr("Summary %1").arg(letter);
        m_cards[i].box->setTitle(literalTitle(title));
    }
}

} // namespace concord::ui
