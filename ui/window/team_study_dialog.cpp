// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/team_study_dialog.h"

#include "common/background_job.h"
#include "common/error_label.h"
#include "store/connection_uri.h"
#include "store/pg_connection.h"
#include "store/pg_result.h"
#include "store/pg_schema.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <string>

namespace concord::ui {

namespace {

// What the server says about this connection: who is connected, to which database, in which team
// role, and whether it holds a Concord study this build reads. Runs on a worker thread.
Result<QString> probe(const std::string &connection)
{
    return capture([&] {
        store::PgConnection pg(connection);
        // A cluster without Concord's group roles is no team study, but the question must not fail there.
        const store::PgResult who
            = pg.query("SELECT current_user, current_database(), "
                       "coalesce((SELECT pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles WHERE rolname = "
                       "'concord_lead'), false), "
                       "coalesce((SELECT pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles WHERE rolname = "
                       "'concord_annotator'), false)");
        const QString user = QString::fromUtf8(who.text(0, 0));
        const QString database = QString::fromUtf8(who.text(0, 1));
        const std::optional<int> version = store::PgSchema::version(pg);
        if (!version)
            fail(TeamStudyDialog::tr("connected as %1, but the database %2 holds no Concord study; a study lead "
                                     "publishes one with concord-cli publish")
                     .arg(user, database)
                     .toStdString());
        if (*version != store::PgSchema::currentVersion())
            fail(TeamStudyDialog::tr("connected as %1, but the study in %2 has schema version %3, and this Concord "
                                     "reads version %4")
                     .arg(user, database)
                     .arg(*version)
                     .arg(store::PgSchema::currentVersion())
                     .toStdString());
        if (who.text(0, 2) == "t")
            return TeamStudyDialog::tr("Connected as %1 (study lead) to the team study %2.").arg(user, database);
        if (who.text(0, 3) == "t")
            return TeamStudyDialog::tr("Connected as %1 (annotator) to the team study %2.").arg(user, database);
        return TeamStudyDialog::tr("Connected as %1 to the team study %2.").arg(user, database);
    });
}

} // namespace

TeamStudyDialog::TeamStudyDialog(Opener open, QWidget *parent)
    : QDialog(parent)
    , m_open(std::move(open))
{
    setWindowTitle(tr("Open Team Study"));

    m_intro = new QLabel(tr("A team study lives on a PostgreSQL server. Enter its connection string. Your "
                            "password comes from ~/.pgpass, PGPASSWORD, a service file or a client certificate; "
                            "Concord never stores one."),
                         this);
    m_intro->setWordWrap(true);

    m_connection = new QLineEdit(this);
    m_connection->setObjectName(QStringLiteral("teamConnection"));
    m_connection->setPlaceholderText(
        QStringLiteral("postgresql://annotator7@lab-db.example/concord_summeval")); // not translated: an example URI
    m_connection->setMinimumWidth(fontMetrics().horizontalAdvance(m_connection->placeholderText()) + 24);
    auto *label = new QLabel(tr("&Connection:"), this);
    label->setBuddy(m_connection);

    m_testButton = new QPushButton(tr("&Test Connection"), this);
    m_testButton->setObjectName(QStringLiteral("testConnectionButton"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_connection, 1);
    row->addWidget(m_testButton);
    auto *form = new QFormLayout;
    form->addRow(label, row);

    // One line each: what the last try found, or what is wrong.
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("connectionResult"));
    m_result->setTextFormat(Qt::PlainText);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error = new ErrorLabel(this);
    m_error->setObjectName(QStringLiteral("connectionError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TeamStudyDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &TeamStudyDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(form);
    layout->addWidget(m_result);
    layout->addWidget(m_error);
    layout->addStretch(1);
    layout->addWidget(m_buttons);

    connect(m_connection, &QLineEdit::textChanged, this, &TeamStudyDialog::connectionEdited);
    connect(m_testButton, &QPushButton::clicked, this, [this] { tryConnection(false); });
    updateButtons();
}

TeamStudyDialog::~TeamStudyDialog() = default;

QString TeamStudyDialog::connection() const
{
    return m_connection->text().trimmed();
}

void TeamStudyDialog::setConnection(const QString &connection)
{
    m_connection->setText(connection);
}

QString TeamStudyDialog::outcome() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : m_result->text();
}

void TeamStudyDialog::connectionEdited()
{
    // An outcome was for the text as it was: a try still on its way reports to nobody.
    ++m_generation;
    m_trying = false;
    const std::string text = connection().toStdString();
    if (text.empty() || store::isConnectionString(text))
        showOutcome(true, {});
    else
        showOutcome(false, tr("Enter a URI (postgresql://user@host/database) or keywords (host=… dbname=…)."));
    updateButtons();
}

void TeamStudyDialog::accept()
{
    if (m_buttons->button(QDialogButtonBox::Open)->isEnabled())
        tryConnection(true);
}

void TeamStudyDialog::tryConnection(bool thenOpen)
{
    const std::string text = connection().toStdString();
    if (!store::isConnectionString(text))
        return;
    const unsigned generation = ++m_generation;
    m_trying = true;
    showOutcome(true, tr("Connecting to %1…").arg(QString::fromStdString(store::withoutPassword(text))));
    updateButtons();
    runInBackground<QString>(
        this, [text] { return probe(text); },
        [this, generation, thenOpen](Result<QString> found) { tryDone(generation, thenOpen, std::move(found)); });
}

void TeamStudyDialog::tryDone(unsigned generation, bool thenOpen, Result<QString> found)
{
    if (generation != m_generation)
        return;
    m_trying = false;
    const QString text = connection();
    const auto redacted = [&text](const Error &error) {
        return QString::fromStdString(store::redactPassword(error.describe(), text.toStdString()));
    };
    if (!found) {
        showOutcome(false, redacted(found.error()));
    } else if (thenOpen) {
        // The opener reports a failure of its own (the study may still not open); success ends the dialog.
        const Status opened = m_open ? m_open(text) : Status{};
        if (opened) {
            updateButtons();
            Q_EMIT tried(true);
            QDialog::accept();
            return;
        }
        showOutcome(false, redacted(opened.error()));
    } else {
        showOutcome(true, found.value());
        m_outcomeOk = true;
    }
    updateButtons();
    Q_EMIT tried(m_outcomeOk);
}

void TeamStudyDialog::showOutcome(bool ok, const QString &text)
{
    m_outcomeOk = false;
    m_result->setText(ok ? text : QString());
    m_result->setVisible(ok);
    m_error->setText(ok ? QString() : text);
    m_error->setVisible(!ok);
    fitWrappedLabels();
}

void TeamStudyDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    fitWrappedLabels();
}

void TeamStudyDialog::fitWrappedLabels()
{
    // Only the height follows from the width, so this settles after one more resize at most.
    for (QLabel *label : {m_intro, m_result, static_cast<QLabel *>(m_error)}) {
        const int needed = label->text().isEmpty() ? 0 : label->heightForWidth(label->width());
        if (needed != label->minimumHeight())
            label->setMinimumHeight(needed);
    }
}

void TeamStudyDialog::updateButtons()
{
    const bool usable = store::isConnectionString(connection().toStdString()) && !m_trying;
    m_testButton->setEnabled(usable);
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(usable);
}

} // namespace concord::ui
