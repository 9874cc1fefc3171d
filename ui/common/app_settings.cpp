// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/app_settings.h"

#include "judge/provider/provider.h"
#include "store/connection_uri.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace concord::ui {

namespace {

// ---- the layout of version 1 ----
const auto versionKey = QStringLiteral("meta/schemaVersion");
const auto recentStudiesKey = QStringLiteral("recent/studies");
const auto recentAnnotatorsKey = QStringLiteral("recent/annotators");
const auto geometryKey = QStringLiteral("window/geometry");
const auto stateKey = QStringLiteral("window/state");
const auto splittersGroup = QStringLiteral("window/splitters");
const auto viewKey = QStringLiteral("window/view");
const auto languageKey = QStringLiteral("ui/language");
const auto colourSchemeKey = QStringLiteral("ui/colourScheme");
const auto profilesGroup = QStringLiteral("judges/profiles");
const auto lastProfileKey = QStringLiteral("judges/lastProfile");
const auto kindKey = QStringLiteral("kind");
const auto baseUrlKey = QStringLiteral("baseUrl");
const auto modelKey = QStringLiteral("model");
const auto variableKey = QStringLiteral("apiKeyVariable");
const auto priceInKey = QStringLiteral("pricePerMillionIn");
const auto priceOutKey = QStringLiteral("pricePerMillionOut");
const auto concurrencyKey = QStringLiteral("concurrency");
const auto requestsPerMinuteKey = QStringLiteral("requestsPerMinute");
const auto tokensPerMinuteKey = QStringLiteral("tokensPerMinute");

QString directoryKey(AppSettings::Directory kind)
{
    switch (kind) {
    case AppSettings::Directory::Open:
        return QStringLiteral("directories/open");
    case AppSettings::Directory::Import:
        return QStringLiteral("directories/import");
    case AppSettings::Directory::Export:
        return QStringLiteral("directories/export");
    }
    return QStringLiteral("directories/open");
}

// QSettings reads a group separator in a name as nesting: keep a profile or splitter name one level.
QString keyPart(QString name)
{
    return name.trimmed().replace(QLatin1Char('/'), QLatin1Char('-')).replace(QLatin1Char('\\'), QLatin1Char('-'));
}

QStringList uniqueNonEmpty(const QStringList &items, qsizetype max)
{
    QStringList out;
    for (const QString &item : items) {
        if (!item.isEmpty() && !out.contains(item))
            out << item;
        if (out.size() == max)
            break;
    }
    return out;
}

// Known key formats that would pass as a variable's name (prefixes with '-' fail that anyway).
bool hasKeyPrefix(const QString &value)
{
    static const char *const prefixes[] = {"sk_", "AIza", "hf_", "gsk_", "ghp_", "gho_", "github_pat_", "r8_", "glpat"};
    for (const char *prefix : prefixes)
        if (value.startsWith(QLatin1String(prefix)))
            return true;
    return false;
}

// Variable names are words joined by '_'; keys are long runs of mixed letters and digits.
bool looksRandom(const QString &value)
{
    bool lower = false, upper = false, digit = false;
    for (const QChar c : value) {
        lower = lower || c.isLower();
        upper = upper || c.isUpper();
        digit = digit || c.isDigit();
    }
    if (value.size() >= 20 && lower && upper && digit)
        return true;
    return value.size() >= 32 && digit && !value.contains(QLatin1Char('_'));
}

// A base URL with credentials in it (user:password@host, ?api-key=…) would store a secret: the same rule
// as the judge's, which refuses such a URL before a run.
bool urlHoldsCredentials(const QString &baseUrl)
{
    return static_cast<bool>(judge::credentialInUrl(baseUrl.trimmed().toStdString()));
}

double price(const QVariant &value)
{
    const double p = value.toDouble();
    return std::isfinite(p) && p > 0 ? p : 0.0;
}

// A limit read from the file: its default when absent or not a number, else brought into the field's range.
int limit(const QVariant &value, int low, int high, int fallback)
{
    bool ok = false;
    const qlonglong n = value.toLongLong(&ok);
    if (!value.isValid() || !ok)
        return fallback;
    return static_cast<int>(std::clamp<qlonglong>(n, low, high));
}

// ---- migrations, in order; each brings the layout from the version before to `to` ----

void moveValue(QSettings &s, const QString &from, const QString &to)
{
    if (!s.contains(from))
        return;
    // A value already under the new name is newer than the old one.
    if (!s.contains(to))
        s.setValue(to, s.value(from));
    s.remove(from);
}

// Version 0: the keys of the first releases, one place each: "recentFiles" (main window),
// "annotation/recentAnnotators" (annotator dialog), "judges/providers/NAME/{kind, baseUrl, model,
// apiKeyEnv, priceIn, priceOut}" and "judges/lastProvider" (judges panel).
void toVersion1(QSettings &s)
{
    moveValue(s, QStringLiteral("recentFiles"), recentStudiesKey);
    moveValue(s, QStringLiteral("annotation/recentAnnotators"), recentAnnotatorsKey);
    moveValue(s, QStringLiteral("judges/lastProvider"), lastProfileKey);

    const auto oldGroup = QStringLiteral("judges/providers");
    s.beginGroup(oldGroup);
    const QStringList names = s.childGroups();
    s.endGroup();
    for (const QString &name : names) {
        const QString from = oldGroup + QLatin1Char('/') + name + QLatin1Char('/');
        const QString to = profilesGroup + QLatin1Char('/') + name + QLatin1Char('/');
        moveValue(s, from + QStringLiteral("kind"), to + kindKey);
        moveValue(s, from + QStringLiteral("model"), to + modelKey);
        moveValue(s, from + QStringLiteral("priceIn"), to + priceInKey);
        moveValue(s, from + QStringLiteral("priceOut"), to + priceOutKey);
        // Whatever could be a secret is dropped, not carried over.
        const QString url = s.value(from + QStringLiteral("baseUrl")).toString();
        if (!urlHoldsCredentials(url))
            moveValue(s, from + QStringLiteral("baseUrl"), to + baseUrlKey);
        const QString variable = s.value(from + QStringLiteral("apiKeyEnv")).toString().trimmed();
        if (AppSettings::checkApiKeyVariable(variable).ok())
            moveValue(s, from + QStringLiteral("apiKeyEnv"), to + variableKey);
    }
    s.remove(oldGroup);
}

struct Migration {
    int to;
    void (*apply)(QSettings &);
};
constexpr Migration migrations[] = {
    {1, toVersion1},
};
static_assert(std::size(migrations) > 0 && migrations[std::size(migrations) - 1].to == AppSettings::currentVersion,
              "the last migration must lead to AppSettings::currentVersion");

} // namespace

AppSettings::AppSettings()
    : m_settings(std::make_unique<QSettings>())
{ }

AppSettings::AppSettings(const QString &iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{ }

AppSettings::~AppSettings() = default;

// ---- schema ----

int AppSettings::version() const
{
    bool ok = false;
    const int v = m_settings->value(versionKey, 0).toInt(&ok);
    return ok && v >= 0 ? v : 0;
}

Result<int> AppSettings::migrate()
{
    const int found = version();
    if (found > currentVersion)
        return Error{tr("the settings in %1 were written by a newer Concord (layout %2, this one knows %3); "
                        "they are left as they are")
                         .arg(fileName())
                         .arg(found)
                         .arg(currentVersion)
                         .toStdString(),
                     {},
                     0,
                     {}};
    for (const Migration &migration : migrations) {
        if (migration.to <= found)
            continue;
        migration.apply(*m_settings);
        // Bumped after each step, so an interrupted run resumes at the step that did not finish.
        m_settings->setValue(versionKey, migration.to);
    }
    m_settings->sync();
    if (m_settings->status() != QSettings::NoError)
        return Error{tr("cannot write the settings file %1").arg(fileName()).toStdString(), {}, 0, {}};
    return found;
}

// ---- recent items ----

QStringList AppSettings::recentStudies()
{
    const QStringList stored = m_settings->value(recentStudiesKey).toStringList();
    QStringList existing = uniqueNonEmpty(stored, maxRecentStudies);
    // A team study's connection string names no file: it stays until cleared.
    existing.removeIf(
        [](const QString &path) { return !store::isConnectionString(path.toStdString()) && !QFileInfo::exists(path); });
    if (existing != stored) {
        if (existing.isEmpty())
            m_settings->remove(recentStudiesKey);
        else
            m_settings->setValue(recentStudiesKey, existing);
    }
    return existing;
}

void AppSettings::addRecentStudy(const QString &pathOrConnection)
{
    if (pathOrConnection.isEmpty())
        return;
    QStringList files = recentStudies();
    // Concord never stores a password: a connection string is kept without it (libpq finds it again).
    const std::string given = pathOrConnection.toStdString();
    const QString entry = store::isConnectionString(given) ? QString::fromStdString(store::withoutPassword(given))
                                                           : QFileInfo(pathOrConnection).absoluteFilePath();
    files.removeAll(entry);
    files.prepend(entry);
    m_settings->setValue(recentStudiesKey, uniqueNonEmpty(files, maxRecentStudies));
}

void AppSettings::clearRecentStudies()
{
    m_settings->remove(recentStudiesKey);
}

QStringList AppSettings::recentAnnotators() const
{
    return uniqueNonEmpty(m_settings->value(recentAnnotatorsKey).toStringList(), maxRecentAnnotators);
}

void AppSettings::addRecentAnnotator(const QString &name)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return;
    QStringList names = recentAnnotators();
    names.removeAll(trimmed);
    names.prepend(trimmed);
    m_settings->setValue(recentAnnotatorsKey, uniqueNonEmpty(names, maxRecentAnnotators));
}

// ---- the window ----

QByteArray AppSettings::windowGeometry() const
{
    return m_settings->value(geometryKey).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray &geometry)
{
    m_settings->setValue(geometryKey, geometry);
}

QByteArray AppSettings::windowState() const
{
    return m_settings->value(stateKey).toByteArray();
}

void AppSettings::setWindowState(const QByteArray &state)
{
    m_settings->setValue(stateKey, state);
}

QList<int> AppSettings::splitterSizes(const QString &splitter) const
{
    // Stored as text ("300, 980") so the file stays readable; anything else reads as nothing saved.
    const QStringList stored = m_settings->value(splittersGroup + QLatin1Char('/') + keyPart(splitter)).toStringList();
    QList<int> sizes;
    for (const QString &item : stored) {
        bool ok = false;
        const int size = item.trimmed().toInt(&ok);
        if (!ok || size < 0)
            return {};
        sizes << size;
    }
    return sizes;
}

void AppSettings::setSplitterSizes(const QString &splitter, const QList<int> &sizes)
{
    QStringList text;
    for (const int size : sizes)
        text << QString::number(size);
    m_settings->setValue(splittersGroup + QLatin1Char('/') + keyPart(splitter), text);
}

void AppSettings::clearSplitterSizes()
{
    m_settings->remove(splittersGroup);
}

QString AppSettings::currentView() const
{
    return m_settings->value(viewKey).toString();
}

void AppSettings::setCurrentView(const QString &view)
{
    m_settings->setValue(viewKey, view);
}

QString AppSettings::language() const
{
    return m_settings->value(languageKey).toString().trimmed();
}

void AppSettings::setLanguage(const QString &locale)
{
    if (locale.trimmed().isEmpty())
        m_settings->remove(languageKey);
    else
        m_settings->setValue(languageKey, locale.trimmed());
}

QString AppSettings::colourScheme() const
{
    return m_settings->value(colourSchemeKey).toString().trimmed();
}

void AppSettings::setColourScheme(const QString &scheme)
{
    if (scheme.trimmed().isEmpty())
        m_settings->remove(colourSchemeKey);
    else
        m_settings->setValue(colourSchemeKey, scheme.trimmed());
}

// ---- judge providers ----

QStringList AppSettings::providerProfileNames() const
{
    m_settings->beginGroup(profilesGroup);
    QStringList names = m_settings->childGroups();
    m_settings->endGroup();
    return names;
}

std::optional<ProviderProfile> AppSettings::providerProfile(const QString &name) const
{
    if (name.trimmed().isEmpty() || !providerProfileNames().contains(name))
        return std::nullopt;
    m_settings->beginGroup(profilesGroup + QLatin1Char('/') + name);
    ProviderProfile profile;
    profile.name = name;
    profile.kind = m_settings->value(kindKey).toString();
    profile.baseUrl = m_settings->value(baseUrlKey).toString();
    profile.model = m_settings->value(modelKey).toString();
    profile.apiKeyVariable = m_settings->value(variableKey).toString().trimmed();
    profile.priceIn = price(m_settings->value(priceInKey));
    profile.priceOut = price(m_settings->value(priceOutKey));
    profile.concurrency = limit(m_settings->value(concurrencyKey), 1, ProviderProfile::kMaxConcurrency,
                                ProviderProfile::kDefaultConcurrency);
    profile.requestsPerMinute
        = limit(m_settings->value(requestsPerMinuteKey), 0, ProviderProfile::kMaxRequestsPerMinute, 0);
    profile.tokensPerMinute = limit(m_settings->value(tokensPerMinuteKey), 0, ProviderProfile::kMaxTokensPerMinute, 0);
    m_settings->endGroup();
    // A file edited by hand is read with the same care as the fields are written.
    if (!checkApiKeyVariable(profile.apiKeyVariable).ok())
        profile.apiKeyVariable.clear();
    if (urlHoldsCredentials(profile.baseUrl))
        profile.baseUrl.clear();
    return profile;
}

Result<QString> AppSettings::saveProviderProfile(const ProviderProfile &profile)
{
    const QString name = keyPart(profile.name);
    if (name.isEmpty())
        return Error{tr("give the provider profile a name").toStdString(), {}, 0, "profile"};
    if (const Status variable = checkApiKeyVariable(profile.apiKeyVariable.trimmed()); !variable)
        return variable.error();
    if (urlHoldsCredentials(profile.baseUrl.trimmed()))
        return Error{tr("the base URL holds credentials (a user name, password, key or token); put the key in "
                        "an environment variable and name that variable instead")
                         .toStdString(),
                     {},
                     0,
                     "base URL"};
    const QString group = profilesGroup + QLatin1Char('/') + name;
    // Replaced as a whole, so a key that an older Concord wrote there does not linger.
    m_settings->remove(group);
    m_settings->beginGroup(group);
    m_settings->setValue(kindKey, profile.kind);
    m_settings->setValue(baseUrlKey, profile.baseUrl.trimmed());
    m_settings->setValue(modelKey, profile.model.trimmed());
    m_settings->setValue(variableKey, profile.apiKeyVariable.trimmed());
    m_settings->setValue(priceInKey, price(profile.priceIn));
    m_settings->setValue(priceOutKey, price(profile.priceOut));
    m_settings->setValue(concurrencyKey, std::clamp(profile.concurrency, 1, ProviderProfile::kMaxConcurrency));
    m_settings->setValue(requestsPerMinuteKey,
                         std::clamp(profile.requestsPerMinute, 0, ProviderProfile::kMaxRequestsPerMinute));
    m_settings->setValue(tokensPerMinuteKey,
                         std::clamp(profile.tokensPerMinute, 0, ProviderProfile::kMaxTokensPerMinute));
    m_settings->endGroup();
    return name;
}

void AppSettings::removeProviderProfile(const QString &name)
{
    // An empty name would address every profile at once.
    if (keyPart(name).isEmpty())
        return;
    m_settings->remove(profilesGroup + QLatin1Char('/') + keyPart(name));
    if (lastProviderProfile() == keyPart(name))
        m_settings->remove(lastProfileKey);
}

QString AppSettings::lastProviderProfile() const
{
    return m_settings->value(lastProfileKey).toString();
}

void AppSettings::setLastProviderProfile(const QString &name)
{
    m_settings->setValue(lastProfileKey, keyPart(name));
}

Status AppSettings::checkApiKeyVariable(const QString &name)
{
    if (name.isEmpty())
        return {};
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    // The message never repeats the value: it may be a key, and messages end up in logs.
    if (!identifier.match(name).hasMatch() || hasKeyPrefix(name) || looksRandom(name))
        return Error{tr("the API key field takes the NAME of an environment variable (e.g. OPENAI_API_KEY), "
                        "not the key itself")
                         .toStdString(),
                     {},
                     0,
                     "API key variable"};
    return {};
}

// ---- file dialogs ----

QString AppSettings::lastDirectory(Directory kind) const
{
    const QString dir = m_settings->value(directoryKey(kind)).toString();
    return !dir.isEmpty() && QFileInfo(dir).isDir() ? dir : QString();
}

void AppSettings::setLastDirectory(Directory kind, const QString &path)
{
    if (path.isEmpty())
        return;
    const QFileInfo info(path);
    m_settings->setValue(directoryKey(kind), info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

QString AppSettings::fileName() const
{
    return m_settings->fileName();
}

void AppSettings::sync()
{
    m_settings->sync();
}

} // namespace concord::ui
