// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/review_sheet.h"

#include <QDialog>
#include <QList>
#include <QString>

#include <map>
#include <optional>
#include <string>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLineEdit;
class QRadioButton;

namespace concord::ui {

class ErrorLabel;

// The final labels of a document on one Likert dimension: one annotator's taken whole, or typed per summary
// (each summary "Summary n" while the system names are hidden), with a comment.
class AdjudicateDialog : public QDialog {
    Q_OBJECT
public:
    // canType: labels may be typed per summary (not on a reviewer's blind login, which knows no system).
    AdjudicateDialog(reports::ReviewSheet sheet, bool showSystemNames, const QString &dimension, bool canType,
                     QWidget *parent = nullptr);

    QString dimension() const;
    // Set: take this annotator's labels; empty: the typed values.
    std::optional<QString> take() const;
    // System name -> label, for the summaries given one (typed values only).
    std::map<std::string, double> values() const;
    QString comment() const;
    QString errorText() const;

    QComboBox *dimensionBox() const { return m_dimension; }
    QRadioButton *takeButton() const { return m_takeButton; }
    QRadioButton *typeButton() const { return m_typeButton; }
    QComboBox *takeBox() const { return m_take; }
    QList<QDoubleSpinBox *> valueBoxes() const { return m_values; }
    QLineEdit *commentEdit() const { return m_comment; }
    QDialogButtonBox *buttons() const { return m_buttons; }

    void accept() override;

private:
    void onDimensionChanged();
    void updateEnabled();

    reports::ReviewSheet m_sheet;
    QComboBox *m_dimension;
    QRadioButton *m_takeButton;
    QRadioButton *m_typeButton;
    QComboBox *m_take;
    QList<QDoubleSpinBox *> m_values;
    QLineEdit *m_comment;
    ErrorLabel *m_error;
    QDialogButtonBox *m_buttons;
};

} // namespace concord::ui
