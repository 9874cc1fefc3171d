// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/judge_run.h"

#include <QGroupBox>
#include <QString>

#include <vector>

class QListWidget;
class QPushButton;

namespace concord::ui {

// The Judges view's run plan: judges added one at a time from the settings above (each with its own provider,
// model, protocol, limits, batch or online), listed by name, run or estimated together. It keeps the list and
// says what is in it; the view checks each judge's settings and runs the plan.
class JudgePlanBox : public QGroupBox {
    Q_OBJECT
public:
    explicit JudgePlanBox(QWidget *parent = nullptr);

    // Adds a judge at the end; an empty text when added, else why not (a judge of that name is in the plan, whose
    // answers would be stored under one name).
    QString add(const PlanEntry &entry);
    // Removes the judge in that row (the list's current one: -1); false when there is none.
    bool remove(int row = -1);
    void clear();
    const std::vector<PlanEntry> &judges() const { return m_judges; }
    int size() const { return static_cast<int>(m_judges.size()); }
    // May judges be added, and the plan estimated and run (an open study a judge may be run on, nothing running)?
    void setActionsEnabled(bool enabled, const QString &whyNot = {});

    // One line of the list: the judge's name, its model and provider, protocol and what it is sent through.
    static QString describe(const PlanEntry &entry);

Q_SIGNALS:
    void addRequested();
    void estimateRequested();
    void runRequested();
    void changed(); // a judge added or removed

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateButtons();

    std::vector<PlanEntry> m_judges;
    bool m_enabled = false;
    QString m_whyNot;
    QListWidget *m_list = nullptr;
    QPushButton *m_addButton = nullptr;
    QPushButton *m_removeButton = nullptr;
    QPushButton *m_estimateButton = nullptr;
    QPushButton *m_runButton = nullptr;
};

} // namespace concord::ui
