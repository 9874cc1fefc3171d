#include "window/statistics_export_dialog.h"

#include "common/study_session.h"

#include "store/study.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPushButton>

namespace concord::ui {

StatisticsExportDialog::StatisticsExportDialog(StudySession *session, QWidget *parent)
    : QDialog(parent), m_kind(new QComboBox(this)), m_rater(new QComboBox(this)), m_group(new QComboBox(this))
{
    setWindowTitle(tr("Export Statistics Table"));
    m_kind->addItem(tr("Correlation with a human group (dataset, system, summary, per-system, meta)"),
                    static_cast<int>(StatisticsTableRequest::Kind::Correlation));
    m_kind->addItem(tr("Agreement: Krippendorff's alpha per dimension"), static_cast<int>(StatisticsTableRequest::Kind::Agreement));
    const auto raters = session->read([](store::Study &s) { return s.raters(); });
    if (raters) {
        // Judges first: they are what a correlation report is usually about.
        for (const auto kind : {model::RaterKind::Judge, model::RaterKind::Metric, model::RaterKind::Human})
            for (const model::Rater &r : raters.value())
                if (r.kind == kind)
                    m_rater->addItem(QString::fromStdString(r.name));
    }
    const auto groups = session->read([](store::Study &s) { return s.ratersByGroup(); });
    if (groups) {
        for (const auto &[group, count] : groups.value())
            if (!group.empty())
                m_group->addItem(QString::fromStdString(group));
    }
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Table:"), m_kind);
    form->addRow(tr("&Rater:"), m_rater);
    form->addRow(tr("Human &group:"), m_group);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setEnabled(m_group->count() > 0);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &StatisticsExportDialog::updateFields);
    updateFields();
}

void StatisticsExportDialog::updateFields()
{
    // For agreement the rater is optional: "(none)" leaves the humans alone.
    const bool agreement = request().kind == StatisticsTableRequest::Kind::Agreement;
    const int none = m_rater->findData(QStringLiteral("none"));
    if (agreement && none < 0)
        m_rater->insertItem(0, tr("(humans only)"), QStringLiteral("none"));
    else if (!agreement && none >= 0)
        m_rater->removeItem(none);
}

StatisticsTableRequest StatisticsExportDialog::request() const
{
    StatisticsTableRequest r;
    r.kind = static_cast<StatisticsTableRequest::Kind>(m_kind->currentData().toInt());
    if (m_rater->currentData().toString() != QStringLiteral("none"))
        r.rater = m_rater->currentText().toStdString();
    r.humanGroup = m_group->currentText().toStdString();
    return r;
}

} // namespace concord::ui
