// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/guidelines_panel.h"

#include <algorithm>

namespace concord::ui {

GuidelinesPanel::GuidelinesPanel(QWidget *parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("guidelines"));
    setOpenLinks(false);
}

void GuidelinesPanel::setGuidelines(const store::AnnotationPlan &plan, const std::vector<model::Dimension> &dimensions)
{
    // The study's own texts are escaped: guidelines are data, not markup.
    const auto esc = [](const std::string &s) { return QString::fromStdString(s).toHtmlEscaped(); };
    const auto asked = [](const std::vector<std::string> &names, const std::string &name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    };
    QString html;
    if (!plan.instructions.empty())
        html += QStringLiteral("<p>%1</p>").arg(esc(plan.instructions));
    bool anyLikert = false;
    for (const auto &d : dimensions) {
        if (d.kind != model::DimensionKind::Likert || !asked(plan.likert, d.name))
            continue;
        if (!anyLikert)
            html += QStringLiteral("<h3>%1</h3>").arg(tr("Ratings").toHtmlEscaped());
        anyLikert = true;
        html += QStringLiteral("<p><b>%1</b> (%2–%3): %4</p>")
                    .arg(esc(d.name))
                    .arg(d.scaleMin)
                    .arg(d.scaleMax)
                    .arg(esc(d.definition));
        if (!d.labels.empty()) {
            html += QStringLiteral("<ul>");
            for (std::size_t i = 0; i < d.labels.size(); ++i)
                html += QStringLiteral("<li>%1 – %2</li>")
                            .arg(d.scaleMin + static_cast<double>(i))
                            .arg(esc(d.labels[i]));
            html += QStringLiteral("</ul>");
        }
    }
    bool anyRank = false;
    for (const auto &d : dimensions) {
        if (d.kind != model::DimensionKind::Rank || !asked(plan.rank, d.name))
            continue;
        if (!anyRank)
            html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                        .arg(tr("Rankings").toHtmlEscaped(),
                             tr("Rank the summaries from 1 (best). Equal summaries share a rank; write ties as "
                                "\"1, 2, 2, 4\" or \"1, 2, 2, 3\", both are understood.")
                                 .toHtmlEscaped());
        anyRank = true;
        html += QStringLiteral("<p><b>%1</b>: %2%3</p>")
                    .arg(esc(d.name), esc(d.definition),
                         asked(plan.explainRanks, d.name)
                             ? QStringLiteral(" ") + tr("Explain this ranking.").toHtmlEscaped()
                             : QString());
    }
    if (plan.errorSpans)
        html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                    .arg(tr("Factual errors").toHtmlEscaped(),
                         tr("Select the words of a summary that the article does not support and press E (or "
                            "right-click, "
                            "Mark Factual Error). Spans may overlap. A note is optional.")
                             .toHtmlEscaped());
    if (plan.units)
        html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                    .arg(tr("Content units").toHtmlEscaped(),
                         tr("Where the document lists content units, answer for each one whether the summary "
                            "contains it. Until you answer, a unit reads \"not answered\" (in italics, its box "
                            "neither ticked nor empty), then \"present\" (ticked) or \"absent\" (empty box, "
                            "struck through); the document is finished only when no unit is left not answered. Y "
                            "or 1 marks the unit present, N or 0 absent, and each goes on to the next unit; Space "
                            "or a click switches between present and absent; Delete makes it not answered again.")
                             .toHtmlEscaped());
    html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Keyboard").toHtmlEscaped());
    for (const QString &line :
         {tr("1–9: rate the focused row; Left/Right: step; Delete: clear"), tr("Up/Down or Tab: next row or card"),
          tr("Content units: Y or 1 present, N or 0 absent, each on to the next; Delete: not answered"),
          tr("Alt+Down / Alt+Up: next / previous document; Ctrl+Shift+N: next unfinished"),
          tr("Ctrl+F: find in the article; Ctrl+G: go to a document"), tr("Ctrl+Z / Ctrl+Shift+Z: undo / redo")})
        html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    setHtml(html);
}

} // namespace concord::ui
