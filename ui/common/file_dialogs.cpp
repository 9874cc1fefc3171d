// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/file_dialogs.h"

#include "common/content_blind_icon_provider.h"

namespace concord::ui {

namespace {

QStringList run(QFileDialog &dialog, QString *selectedFilter)
{
    if (selectedFilter && !selectedFilter->isEmpty())
        dialog.selectNameFilter(*selectedFilter);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    if (selectedFilter)
        *selectedFilter = dialog.selectedNameFilter();
    return dialog.selectedFiles();
}

} // namespace

void FileDialogs::makeContentBlind(QFileDialog &dialog)
{
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setOption(QFileDialog::DontUseCustomDirectoryIcons);
    // One for the process: the dialog's model asks it from a thread of its own, which may outlive the dialog
    // by a moment, and it holds no state that a dialog could change.
    static ContentBlindIconProvider provider;
    dialog.setIconProvider(&provider);
}

QString FileDialogs::getOpenFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                                     QString *selectedFilter)
{
    QFileDialog dialog(parent, caption, dir, filter);
    dialog.setFileMode(QFileDialog::ExistingFile);
    makeContentBlind(dialog);
    return run(dialog, selectedFilter).value(0);
}

QStringList FileDialogs::getOpenFileNames(QWidget *parent, const QString &caption, const QString &dir,
                                          const QString &filter, QString *selectedFilter)
{
    QFileDialog dialog(parent, caption, dir, filter);
    dialog.setFileMode(QFileDialog::ExistingFiles);
    makeContentBlind(dialog);
    return run(dialog, selectedFilter);
}

QString FileDialogs::getSaveFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                                     QString *selectedFilter, QFileDialog::Options options)
{
    QFileDialog dialog(parent, caption, dir, filter);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setOptions(options);
    makeContentBlind(dialog);
    return run(dialog, selectedFilter).value(0);
}

} // namespace concord::ui
