// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "store/annotation_plan.h"

#include <QTextBrowser>

#include <vector>

namespace concord::ui {

// What the study asks, for the annotator to keep beside the work: the instructions, each asked
// dimension with its definition and scale labels, and how to answer with the keyboard.
class GuidelinesPanel : public QTextBrowser {
    Q_OBJECT
public:
    explicit GuidelinesPanel(QWidget *parent = nullptr);
    void setGuidelines(const store::AnnotationPlan &plan, const std::vector<model::Dimension> &dimensions);
};

} // namespace concord::ui
