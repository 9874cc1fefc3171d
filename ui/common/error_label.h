// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace concord::ui {

// A label that says what is wrong, in red that reads on the window of the current palette
// (PaletteColours::errorText), light or dark, and follows a palette change.
class ErrorLabel : public QLabel {
    Q_OBJECT
public:
    explicit ErrorLabel(QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void followPalette();
};

} // namespace concord::ui
