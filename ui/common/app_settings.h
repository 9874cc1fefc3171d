// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QSettings;

namespace concord::ui {

// A saved judge provider: everything needed to reach it except the key, which stays in the
// environment variable named here.
struct ProviderProfile {
    QString name;
    QString kind; // "openai", "anthropic", "ollama"
    QString baseUrl;
    QString model;
    QString apiKeyVariable; // the NAME of the variable holding the key; empty for a keyless server
    double priceIn = 0;     // per million input tokens
    double priceOut = 0;    // per million output tokens
    // The provider's limits, kept with it: every judge run through the profile keeps them.
    int concurrency = kDefaultConcurrency;
    int requestsPerMinute = 0; // 0: no limit
    int tokensPerMinute = 0;   // 0: no limit

    static constexpr int kDefaultConcurrency = 8;
    static constexpr int kMaxConcurrency = 256;
    static constexpr int kMaxRequestsPerMinute = 10000000;
    static constexpr int kMaxTokensPerMinute = 2000000000;

    friend bool operator==(const ProviderProfile &, const ProviderProfile &) = default;
};

// Concord's user settings (QSettings) behind typed keys, each with its default. The layout has a
// schema version stored with it; migrate() brings an older layout up to date, step by step, once.
// Nothing secret is ever stored: profiles hold a variable's name, and saving refuses what looks
// like a key.
class AppSettings {
    Q_DECLARE_TR_FUNCTIONS(AppSettings)
public:
    // The layout this build reads and writes. 0: the keys used before settings had a version.
    static constexpr int currentVersion = 1;
    static constexpr int maxRecentStudies = 10;
    static constexpr int maxRecentAnnotators = 10;

    enum class Directory { Open, Import, Export };

    // The application's settings (organization and application name of QCoreApplication).
    AppSettings();
    // An INI file of its own (tests, and settings handed from one machine to another).
    explicit AppSettings(const QString &iniFile);
    ~AppSettings();
    AppSettings(const AppSettings &) = delete;
    AppSettings &operator=(const AppSettings &) = delete;

    // ---- schema ----
    int version() const;
    // Applies every migration from version() up to currentVersion in order and stores the new
    // version; returns the version found before. Settings from a newer Concord are left untouched
    // and reported as an error.
    Result<int> migrate();

    // ---- recent items ----
    // Studies most recent first, at most maxRecentStudies; files that no longer exist are dropped
    // for good, so the list only offers what opens. A team study is its connection string, stored
    // without its password (store::withoutPassword) whatever addRecentStudy() was given.
    QStringList recentStudies();
    void addRecentStudy(const QString &pathOrConnection);
    void clearRecentStudies();
    QStringList recentAnnotators() const;
    void addRecentAnnotator(const QString &name);

    // ---- the window ----
    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const; // docks and toolbars (QMainWindow::saveState)
    void setWindowState(const QByteArray &state);
    QList<int> splitterSizes(const QString &splitter) const; // empty: none saved
    void setSplitterSizes(const QString &splitter, const QList<int> &sizes);
    void clearSplitterSizes();   // every splitter back to its built-in sizes
    QString currentView() const; // empty: the first view
    void setCurrentView(const QString &view);

    // The user interface language (a locale name such as "de" or "zh_CN"); empty follows the system.
    QString language() const;
    void setLanguage(const QString &locale);
    // The colour scheme: "light" or "dark"; empty follows the system (see ColourScheme).
    QString colourScheme() const;
    void setColourScheme(const QString &scheme);

    // ---- judge providers ----
    QStringList providerProfileNames() const;
    std::optional<ProviderProfile> providerProfile(const QString &name) const;
    // Stores the profile and returns the name it was stored under ('/' and '\' become '-').
    // Refuses a key in the variable-name field and credentials in the base URL.
    Result<QString> saveProviderProfile(const ProviderProfile &profile);
    void removeProviderProfile(const QString &name);
    QString lastProviderProfile() const;
    void setLastProviderProfile(const QString &name);

    // An environment variable's name (or empty); an error if it is not one or looks like a key.
    static Status checkApiKeyVariable(const QString &name);

    // ---- file dialogs ----
    // The folder last used for that kind of dialog, if it still exists; else empty.
    QString lastDirectory(Directory kind) const;
    // Takes a file or a folder; a file's folder is stored.
    void setLastDirectory(Directory kind, const QString &path);

    // Where the settings live (the INI or native file), for messages and tests.
    QString fileName() const;
    void sync();

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace concord::ui
