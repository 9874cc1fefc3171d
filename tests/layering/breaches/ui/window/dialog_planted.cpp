// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Planted breaches of check_file_dialogs.cmake (never built).
QString pick(QWidget *parent)
{
    QFileDialog dialog(parent);
    dialog.exec();
    return QFileDialog::getOpenFileName(parent, QString(), QString(), QString());
}
