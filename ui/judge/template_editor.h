// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QString>
#include <QWidget>

#include <map>
#include <optional>
#include <string>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace concord::ui {

// Views a protocol's prompt template, duplicates it into an editable copy, checks the copy's
// placeholders as it is typed (PromptTemplate::parse) and previews it filled with the current item.
// An edited copy that parses is what the next run uses; the runner stores it in the study.
class TemplateEditor : public QWidget {
    Q_OBJECT
public:
    struct Custom {
        std::string text;
        std::string name;
        int version = 1;
    };

    explicit TemplateEditor(QWidget *parent = nullptr);

    // The template shown: the protocol's edited copy if there is one, else the shipped one.
    void setProtocol(const QString &protocol);
    QString protocol() const { return m_protocol; }
    // The placeholder values of the current item (UnitContext::promptValues), for the preview.
    void setPreviewValues(std::map<std::string, std::string> values, const QString &itemLabel);

    void duplicate();       // starts an editable copy of what is shown
    void revertToShipped(); // forgets the protocol's copy
    bool isCustom() const;
    // The edited copy for the current protocol when it parses; nothing when the shipped one is used.
    std::optional<Custom> customTemplate() const;
    // The parse or fill problem of what is shown, empty when none.
    QString problem() const { return m_problem; }

    QPlainTextEdit *editor() const { return m_editor; }
    QPlainTextEdit *preview() const { return m_preview; }

Q_SIGNALS:
    void customChanged();

private:
    void showTemplate();
    void check();

    QString m_protocol;
    QMap<QString, Custom> m_custom; // per protocol, for this session of the window
    std::map<std::string, std::string> m_values;
    QString m_itemLabel;
    QString m_problem;
    bool m_loading = false;

    QLabel *m_origin;
    QLineEdit *m_name;
    QSpinBox *m_version;
    QPlainTextEdit *m_editor;
    QLabel *m_status;
    QLabel *m_placeholders;
    QPlainTextEdit *m_preview;
    QPushButton *m_duplicateButton;
    QPushButton *m_revertButton;
};

} // namespace concord::ui
