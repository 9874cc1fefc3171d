// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/rater.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace concord::ui {

// Who is annotating, always on purpose: one of the study's human raters, or a new rater with a
// name the study does not have and its group (one of the study's groups or a new one). The name
// used last is remembered in AppSettings, most recent first, and only ever proposed as what it is:
// selected when the study has that rater, typed in as the new name when it has not.
class AnnotatorDialog : public QDialog {
    Q_OBJECT
public:
    // raters: all of the study's raters (judges and metrics are only names a new rater cannot take).
    AnnotatorDialog(const std::vector<model::Rater> &raters, const QString &current, QWidget *parent = nullptr);

    // Whether "A new rater" is offered; false where the login may not add raters (a team study's annotator):
    // only the study's raters are then listed.
    void setNewRaterAllowed(bool allowed);

    bool isNewRater() const;
    QString name() const;
    QString group() const; // a new rater's; empty for an existing one

    static QStringList recentNames();
    static void remember(const QString &name);

private:
    void update();

    QStringList m_taken;
    QRadioButton *m_existing;
    QComboBox *m_rater;
    QRadioButton *m_new;
    QLineEdit *m_newName;
    QComboBox *m_group;
    QWidget *m_newForm;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace concord::ui
