// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "reports/assignment_report.h"

#include <QDialog>
#include <QString>

#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;

namespace concord::ui {

class AssignmentModel;
class StudySession;

// File > Assign Documents…: which documents each annotator annotates (reports::assignDocuments, as concord-cli team
// assign does): each document to K of the chosen annotators, a share of them to all, seeded. It shows the stored
// assignment, and how many documents given to two annotators the group's alpha needs for an interval of a given
// width (reports::computeOverlap). Everything is read and written on a worker, over a connection of its own: a team
// study's server never holds the window. The lead's: an annotator's session does not offer it.
class AssignDialog : public QDialog {
    Q_OBJECT
public:
    // A person of the study the dialog offers to assign to.
    struct Person {
        QString name;
        QString group;
        bool annotator = true; // checked at first: a team's members with the annotator role; a file's people
    };

    AssignDialog(StudySession *session, QWidget *parent = nullptr);

    // The assignment asked for by the controls as they are.
    reports::AssignmentRequest request() const;

    AssignmentModel *model() const { return m_model; }
    QSpinBox *perDocumentBox() const { return m_perDocument; }
    QSpinBox *everyoneBox() const { return m_everyone; }
    QSpinBox *seedBox() const { return m_seed; }
    QListWidget *annotatorList() const { return m_annotators; }
    QComboBox *groupBox() const { return m_group; }
    QComboBox *overlapGroupBox() const { return m_overlapGroup; }
    QComboBox *overlapDimensionBox() const { return m_overlapDimension; }
    QDoubleSpinBox *widthBox() const { return m_width; }
    QPushButton *assignButton() const { return m_assign; }
    QString errorText() const;
    QString summaryText() const;
    QString overlapText() const;

Q_SIGNALS:
    // The people, groups, dimensions and the stored assignment were read (ok: without an error).
    void loaded(bool ok);
    // An assignment ended: stored (ok; the table shows it) or refused with nothing changed (the error line says why).
    void assignFinished(bool ok);
    // The overlap line was computed again.
    void overlapEstimated();

private:
    struct Loaded {
        std::vector<Person> people;
        std::vector<QString> groups;
        std::vector<QString> dimensions; // likert: alpha's overlap is computed on ratings
        reports::AssignmentReport current;
    };

    void load();
    void onLoaded(Result<Loaded> loaded);
    void chooseGroup();
    void assign();
    void estimateOverlap();
    void showError(const QString &text);
    QString errorLine(const Error &error) const;
    void updateButtons();

    std::string m_path; // the study's path or connection string, for the workers' own connections
    bool m_shared = false;
    AssignmentModel *m_model;
    QSpinBox *m_perDocument;
    QSpinBox *m_everyone;
    QSpinBox *m_seed;
    QComboBox *m_group;
    QListWidget *m_annotators;
    QTableView *m_table;
    QLabel *m_summary;
    QComboBox *m_overlapGroup;
    QComboBox *m_overlapDimension;
    QDoubleSpinBox *m_width;
    QLabel *m_overlap;
    QLabel *m_error;
    QPushButton *m_assign;
    std::vector<Person> m_people;
    bool m_loaded = false;
    bool m_assigning = false;
    quint64 m_overlapGeneration = 0;
};

} // namespace concord::ui
