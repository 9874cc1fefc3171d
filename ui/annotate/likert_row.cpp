// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/likert_row.h"

#include "common/palette_colours.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QStyleOptionFocusRect>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace concord::ui {

LikertRow::LikertRow(const model::Dimension &dimension, QWidget *parent)
    : QWidget(parent)
    , m_dimension(dimension)
    , m_min(static_cast<int>(std::ceil(dimension.scaleMin)))
    , m_max(static_cast<int>(std::floor(dimension.scaleMax)))
    , m_name(new QLabel(this))
    , m_choice(new QLabel(this))
{
    setFocusPolicy(Qt::StrongFocus);
    setObjectName(QStringLiteral("likert_%1").arg(QString::fromStdString(dimension.name)));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    m_name->setTextFormat(Qt::PlainText);
    m_name->setText(QString::fromStdString(dimension.name));
    m_name->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("consistency__")));
    layout->addWidget(m_name);

    QStringList labelLines;
    for (int point = m_min; point <= m_max; ++point) {
        auto *button = new QToolButton(this);
        button->setText(QString::number(point));
        button->setCheckable(true);
        button->setAutoRaise(false);
        // The row keeps the focus, so the keys keep working after a click.
        button->setFocusPolicy(Qt::NoFocus);
        const auto labelIndex = static_cast<std::size_t>(point - m_min);
        const QString label
            = labelIndex < dimension.labels.size() ? QString::fromStdString(dimension.labels[labelIndex]) : QString();
        button->setToolTip(label.isEmpty() ? QString::number(point) : tr("%1: %2").arg(point).arg(label));
        if (!label.isEmpty())
            labelLines << tr("%1 – %2").arg(point).arg(label);
        connect(button, &QToolButton::clicked, this, [this, point] {
            setFocus(Qt::MouseFocusReason);
            request(m_value == point ? std::nullopt : std::optional<double>(point));
        });
        m_buttons.push_back(button);
        layout->addWidget(button);
    }
    m_choice->setTextFormat(Qt::PlainText);
    layout->addWidget(m_choice, 1);

    QString tip = QString::fromStdString(dimension.definition);
    if (!labelLines.isEmpty())
        tip += QStringLiteral("\n\n") + labelLines.join(QLatin1Char('\n'));
    tip += QStringLiteral("\n\n")
           + tr("Keys %1–%2 choose, Delete clears, Up/Down move between rows").arg(m_min).arg(m_max);
    setToolTip(tip.trimmed());
    m_name->setToolTip(toolTip());
    setValue(std::nullopt);
    fitChoice();
}

void LikertRow::fitChoice()
{
    // Room for the longest label the row can show, so that no answer is cut on any document: a fixed
    // width cut "Mostly unsupported" and "Some awkward phrasing".
    QFont italic = m_choice->font();
    italic.setItalic(true);
    int widest = QFontMetrics(italic).horizontalAdvance(tr("not rated"));
    QFont upright = italic;
    upright.setItalic(false);
    const QFontMetrics metrics(upright);
    for (int point = m_min; point <= m_max; ++point) {
        const auto labelIndex = static_cast<std::size_t>(point - m_min);
        widest = std::max(widest, metrics.horizontalAdvance(labelIndex < m_dimension.labels.size()
                                                                ? QString::fromStdString(m_dimension.labels[labelIndex])
                                                                : QString::number(point)));
    }
    m_choice->setMinimumWidth(widest + 2);
}

void LikertRow::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        paintChoice();
    if (event->type() == QEvent::FontChange)
        fitChoice();
}

QToolButton *LikertRow::button(int point) const
{
    const int i = point - m_min;
    return i >= 0 && i < static_cast<int>(m_buttons.size()) ? m_buttons[static_cast<std::size_t>(i)] : nullptr;
}

void LikertRow::setValue(std::optional<double> value)
{
    m_value = value;
    for (int point = m_min; point <= m_max; ++point)
        button(point)->setChecked(value && *value == point);
    paintChoice();
    if (!value) {
        m_choice->setText(tr("not rated"));
    } else {
        const auto labelIndex = static_cast<std::size_t>(std::lround(*value) - m_min);
        m_choice->setText(labelIndex < m_dimension.labels.size()
                              ? QString::fromStdString(m_dimension.labels[labelIndex])
                              : QString::number(*value));
    }
    QFont f = m_choice->font();
    f.setItalic(!value);
    m_choice->setFont(f);
}

void LikertRow::paintChoice()
{
    // A style shades a checked button only slightly, which a dark palette makes invisible: the
    // chosen one gets a colour of its own, apart from the unchosen ones in light and dark.
    QPalette chosen;
    chosen.setColor(QPalette::Button, PaletteColours::chosen(palette()));
    chosen.setColor(QPalette::ButtonText, PaletteColours::chosenText(palette()));
    for (auto *b : m_buttons)
        b->setPalette(b->isChecked() ? chosen : QPalette()); // an empty palette: the row's again
}

void LikertRow::setEditable(bool editable)
{
    m_editable = editable;
    for (auto *b : m_buttons)
        b->setEnabled(editable);
}

void LikertRow::request(std::optional<double> value)
{
    if (m_editable)
        Q_EMIT valueRequested(value);
}

void LikertRow::keyPressEvent(QKeyEvent *event)
{
    const int key = event->key();
    if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) {
        QWidget::keyPressEvent(event);
        return;
    }
    if (key >= Qt::Key_0 && key <= Qt::Key_9) {
        const int point = key - Qt::Key_0;
        if (point >= m_min && point <= m_max)
            request(point);
        else if (point == 0)
            request(std::nullopt);
        event->accept();
        return;
    }
    switch (key) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        request(std::nullopt);
        break;
    case Qt::Key_Left:
        request(m_value ? std::max<double>(m_min, *m_value - 1) : m_min);
        break;
    case Qt::Key_Right:
        request(m_value ? std::min<double>(m_max, *m_value + 1) : m_max);
        break;
    case Qt::Key_Down:
        focusNextChild();
        break;
    case Qt::Key_Up:
        focusPreviousChild();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void LikertRow::paintEvent(QPaintEvent *event)
{
    QWidget::paintEvent(event);
    if (!hasFocus())
        return;
    // The focused row is where the number keys go: mark it in the palette's highlight colour.
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(PaletteColours::mark(palette()));
    pen.setWidth(2);
    p.setPen(pen);
    p.drawRoundedRect(rect().adjusted(1, 1, -1, -1), 4, 4);
}

void LikertRow::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    update();
}

void LikertRow::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

} // namespace concord::ui
