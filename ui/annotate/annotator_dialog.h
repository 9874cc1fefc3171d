// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QStringList>

class QComboBox;

namespace concord::ui {

// Who is annotating: pick a recent name or type a new one. Recent names are remembered in
// AppSettings, most recent first.
class AnnotatorDialog : public QDialog {
    Q_OBJECT
public:
    explicit AnnotatorDialog(const QStringList &studyAnnotators, const QString &current, QWidget *parent = nullptr);

    QString name() const;

    static QStringList recentNames();
    static void remember(const QString &name);

private:
    QComboBox *m_name;
};

} // namespace concord::ui
