// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// AppSettings: every typed key with its default and a round trip; recent studies (at most ten, missing
// files dropped for good, team studies kept by connection string without their password); provider profiles that hold no secret (the key's value never reaches the
// file, and a key typed into the variable-name field or a base URL is refused); the ordered migration
// of the first releases' keys, run once, with the version bumped. Settings live in a temporary
// directory under a name of their own, never in the user's.
#include "common/app_settings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using concord::ui::AppSettings;
using concord::ui::ProviderProfile;

class TestAppSettings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void defaultsWhenNothingIsStored();
    void recentStudiesKeepTenExistingMostRecentFirst();
    void recentTeamStudiesKeepNoPassword_data();
    void recentTeamStudiesKeepNoPassword();
    void recentAnnotators();
    void windowValuesRoundTrip();
    void lastDirectories();
    void providerProfileRoundTrip();
    void profileLimitsReadWithCare_data();
    void profileLimitsReadWithCare();
    void profileHoldsNoKeyValue();
    void refusesKeysInTheVariableField_data();
    void refusesKeysInTheVariableField();
    void acceptsVariableNames_data();
    void acceptsVariableNames();
    void refusesCredentialsInTheBaseUrl();
    void migratesTheFirstLayout();
    void migrationKeepsNewerValues();
    void leavesSettingsOfANewerConcordAlone();
    void iniFileOfItsOwn();

private:
    QString touch(const QString &name);
    static QByteArray settingsBytes();

    QTemporaryDir m_dir;
};

void TestAppSettings::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_app_settings"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QVERIFY(AppSettings().fileName().startsWith(m_dir.path()));
}

void TestAppSettings::init()
{
    QSettings settings;
    settings.clear();
    settings.sync();
}

QString TestAppSettings::touch(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QByteArray TestAppSettings::settingsBytes()
{
    AppSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void TestAppSettings::defaultsWhenNothingIsStored()
{
    AppSettings settings;
    QCOMPARE(settings.version(), 0);
    QCOMPARE(settings.recentStudies(), QStringList());
    QCOMPARE(settings.recentAnnotators(), QStringList());
    QCOMPARE(settings.windowGeometry(), QByteArray());
    QCOMPARE(settings.windowState(), QByteArray());
    QCOMPARE(settings.splitterSizes(QStringLiteral("annotate-0")), QList<int>());
    QCOMPARE(settings.currentView(), QString());
    QCOMPARE(settings.language(), QString());
    QCOMPARE(settings.providerProfileNames(), QStringList());
    QVERIFY(!settings.providerProfile(QStringLiteral("local")).has_value());
    QCOMPARE(settings.lastProviderProfile(), QString());
    QCOMPARE(settings.lastDirectory(AppSettings::Directory::Open), QString());
    QCOMPARE(settings.lastDirectory(AppSettings::Directory::Import), QString());
    QCOMPARE(settings.lastDirectory(AppSettings::Directory::Export), QString());
}

void TestAppSettings::recentStudiesKeepTenExistingMostRecentFirst()
{
    QStringList files;
    for (int i = 0; i < 12; ++i)
        files << touch(QStringLiteral("recent-%1.concord").arg(i));
    {
        AppSettings settings;
        for (const QString &file : files)
            settings.addRecentStudy(file);
    }
    QStringList expected;
    for (int i = 11; i >= 2; --i)
        expected << files.at(i);
    QCOMPARE(AppSettings().recentStudies(), expected);

    // Opening one again moves it to the front, once.
    AppSettings().addRecentStudy(files.at(5));
    expected.removeAll(files.at(5));
    expected.prepend(files.at(5));
    QCOMPARE(AppSettings().recentStudies(), expected);

    // A relative path is kept absolute.
    const QString cwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(m_dir.path()));
    AppSettings().addRecentStudy(QStringLiteral("recent-0.concord"));
    QVERIFY(QDir::setCurrent(cwd));
    const QFileInfo first(AppSettings().recentStudies().constFirst());
    QVERIFY(first.isAbsolute());
    QCOMPARE(first.canonicalFilePath(), QFileInfo(files.at(0)).canonicalFilePath());
    QCOMPARE(AppSettings().recentStudies().size(), AppSettings::maxRecentStudies);

    // A deleted study is dropped from the file too, not only from what is returned.
    QVERIFY(QFile::remove(files.at(11)));
    QVERIFY(!AppSettings().recentStudies().contains(files.at(11)));
    QVERIFY(!QSettings().value(QStringLiteral("recent/studies")).toStringList().contains(files.at(11)));
    QCOMPARE(AppSettings().recentStudies().size(), AppSettings::maxRecentStudies - 1);

    AppSettings().clearRecentStudies();
    QCOMPARE(AppSettings().recentStudies(), QStringList());
}

void TestAppSettings::recentTeamStudiesKeepNoPassword_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("secret");
    QTest::newRow("uri") << QStringLiteral("postgresql://annotator7@lab-db.example/concord_summeval")
                         << QStringLiteral("postgresql://annotator7@lab-db.example/concord_summeval") << QString();
    QTest::newRow("uri with password") << QStringLiteral("postgresql://ann:s3cr3t-pw@lab-db.example:5433/summeval")
                                       << QStringLiteral("postgresql://ann@lab-db.example:5433/summeval")
                                       << QStringLiteral("s3cr3t-pw");
    QTest::newRow("password in the query")
        << QStringLiteral("postgres://ann@db/study?sslmode=require&password=q-u-e-r-y")
        << QStringLiteral("postgres://ann@db/study?sslmode=require") << QStringLiteral("q-u-e-r-y");
    QTest::newRow("keywords") << QStringLiteral("host=db dbname=study user=ann password=k3yw0rd")
                              << QStringLiteral("host=db dbname=study user=ann") << QStringLiteral("k3yw0rd");
}

void TestAppSettings::recentTeamStudiesKeepNoPassword()
{
    QFETCH(QString, given);
    QFETCH(QString, stored);
    QFETCH(QString, secret);
    const QString file = touch(QStringLiteral("beside-a-team-study.concord"));
    AppSettings().addRecentStudy(file);
    AppSettings().addRecentStudy(given);
    // No file of that name exists, yet the team study stays: it reopens from the server.
    QCOMPARE(AppSettings().recentStudies(), (QStringList{stored, file}));
    // Given again without its password, it is the same entry.
    AppSettings().addRecentStudy(stored);
    QCOMPARE(AppSettings().recentStudies(), (QStringList{stored, file}));
    if (!secret.isEmpty())
        QVERIFY2(!settingsBytes().contains(secret.toUtf8()), "the settings file holds the password");
}

void TestAppSettings::recentAnnotators()
{
    AppSettings settings;
    settings.addRecentAnnotator(QStringLiteral("  ada "));
    settings.addRecentAnnotator(QString());
    settings.addRecentAnnotator(QStringLiteral("   "));
    settings.addRecentAnnotator(QStringLiteral("grace"));
    settings.addRecentAnnotator(QStringLiteral("ada"));
    QCOMPARE(settings.recentAnnotators(), (QStringList{QStringLiteral("ada"), QStringLiteral("grace")}));
    for (int i = 0; i < 15; ++i)
        settings.addRecentAnnotator(QStringLiteral("annotator %1").arg(i));
    const QStringList names = AppSettings().recentAnnotators();
    QCOMPARE(names.size(), AppSettings::maxRecentAnnotators);
    QCOMPARE(names.constFirst(), QStringLiteral("annotator 14"));
    QCOMPARE(names.constLast(), QStringLiteral("annotator 5"));
}

void TestAppSettings::windowValuesRoundTrip()
{
    // Binary, with NUL bytes, as saveGeometry() and saveState() give them.
    static const char geometryBytes[] = "\x01\xd9\xd0\xcb\x00\x03\x00\x00 geometry\n\0bytes";
    static const char stateBytes[] = "state\0\xff bytes";
    const QByteArray geometry(geometryBytes, sizeof geometryBytes - 1);
    const QByteArray state(stateBytes, sizeof stateBytes - 1);
    {
        AppSettings settings;
        settings.setWindowGeometry(geometry);
        settings.setWindowState(state);
        settings.setSplitterSizes(QStringLiteral("annotate-0"), {310, 0, 970});
        settings.setSplitterSizes(QStringLiteral("judges/1"), {5});
        settings.setCurrentView(QStringLiteral("agreement"));
        settings.setLanguage(QStringLiteral(" de "));
    }
    AppSettings settings;
    QCOMPARE(settings.windowGeometry(), geometry);
    QCOMPARE(settings.windowState(), state);
    QCOMPARE(settings.splitterSizes(QStringLiteral("annotate-0")), (QList<int>{310, 0, 970}));
    // A '/' in a name stays one key, not a group.
    QCOMPARE(settings.splitterSizes(QStringLiteral("judges/1")), QList<int>{5});
    QCOMPARE(settings.currentView(), QStringLiteral("agreement"));
    QCOMPARE(settings.language(), QStringLiteral("de"));
    settings.setLanguage(QString());
    QCOMPARE(settings.language(), QString());
    QVERIFY(!QSettings().contains(QStringLiteral("ui/language")));

    // Sizes edited into nonsense read as none saved, so the window keeps its own.
    QSettings().setValue(QStringLiteral("window/splitters/annotate-0"),
                         QStringList{QStringLiteral("310"), QStringLiteral("wide")});
    QCOMPARE(AppSettings().splitterSizes(QStringLiteral("annotate-0")), QList<int>());
    QSettings().setValue(QStringLiteral("window/splitters/annotate-0"),
                         QStringList{QStringLiteral("-4"), QStringLiteral("10")});
    QCOMPARE(AppSettings().splitterSizes(QStringLiteral("annotate-0")), QList<int>());
}

void TestAppSettings::lastDirectories()
{
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("imports/deep")));
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("exports")));
    const QString file = touch(QStringLiteral("imports/deep/data.jsonl"));
    AppSettings settings;
    settings.setLastDirectory(AppSettings::Directory::Import, file);
    settings.setLastDirectory(AppSettings::Directory::Export, m_dir.filePath(QStringLiteral("exports")));
    QCOMPARE(settings.lastDirectory(AppSettings::Directory::Import), m_dir.filePath(QStringLiteral("imports/deep")));
    QCOMPARE(settings.lastDirectory(AppSettings::Directory::Export), m_dir.filePath(QStringLiteral("exports")));
    QCOMPARE(settings.lastDirectory(AppSettings::Directory::Open), QString());
    // A folder that is gone is not offered.
    QVERIFY(QDir(m_dir.filePath(QStringLiteral("exports"))).removeRecursively());
    QCOMPARE(AppSettings().lastDirectory(AppSettings::Directory::Export), QString());
}

void TestAppSettings::providerProfileRoundTrip()
{
    ProviderProfile profile;
    profile.name = QStringLiteral(" vllm/local ");
    profile.kind = QStringLiteral("openai");
    profile.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1?api-version=2024-10-21");
    profile.model = QStringLiteral("qwen2.5-7b-instruct");
    profile.apiKeyVariable = QStringLiteral("VLLM_API_KEY");
    profile.priceIn = 0.15;
    profile.priceOut = 0.6;
    profile.concurrency = 3;
    profile.requestsPerMinute = 500;
    profile.tokensPerMinute = 200000;
    AppSettings settings;
    const auto saved = settings.saveProviderProfile(profile);
    QVERIFY2(saved.ok(), saved.ok() ? "" : saved.error().describe().c_str());
    QCOMPARE(saved.value(), QStringLiteral("vllm-local"));
    settings.setLastProviderProfile(saved.value());

    ProviderProfile ollama;
    ollama.name = QStringLiteral("ollama");
    ollama.kind = QStringLiteral("ollama");
    ollama.baseUrl = QStringLiteral("http://127.0.0.1:11434");
    ollama.model = QStringLiteral("llama3.1");
    QVERIFY(settings.saveProviderProfile(ollama).ok());

    AppSettings reread;
    QCOMPARE(reread.providerProfileNames(), (QStringList{QStringLiteral("ollama"), QStringLiteral("vllm-local")}));
    QCOMPARE(reread.lastProviderProfile(), QStringLiteral("vllm-local"));
    ProviderProfile expected = profile;
    expected.name = QStringLiteral("vllm-local");
    QCOMPARE(reread.providerProfile(QStringLiteral("vllm-local")).value(), expected);
    QCOMPARE(reread.providerProfile(QStringLiteral("ollama")).value(), ollama);
    // A profile saved without limits has the defaults: 8 at once, no rate limit.
    QCOMPARE(reread.providerProfile(QStringLiteral("ollama"))->concurrency, ProviderProfile::kDefaultConcurrency);
    QCOMPARE(reread.providerProfile(QStringLiteral("ollama"))->requestsPerMinute, 0);

    // Saving again replaces the profile as a whole.
    profile.apiKeyVariable.clear();
    profile.priceOut = 1.2;
    QVERIFY(reread.saveProviderProfile(profile).ok());
    QCOMPARE(AppSettings().providerProfile(QStringLiteral("vllm-local"))->apiKeyVariable, QString());
    QCOMPARE(AppSettings().providerProfile(QStringLiteral("vllm-local"))->priceOut, 1.2);

    // Removing the last-used profile forgets it as the last one; an empty name removes nothing.
    reread.removeProviderProfile(QString());
    QCOMPARE(reread.providerProfileNames().size(), 2);
    reread.removeProviderProfile(QStringLiteral("vllm-local"));
    QCOMPARE(AppSettings().providerProfileNames(), QStringList{QStringLiteral("ollama")});
    QCOMPARE(AppSettings().lastProviderProfile(), QString());
    QVERIFY(!AppSettings().providerProfile(QStringLiteral("vllm-local")).has_value());

    ProviderProfile unnamed = ollama;
    unnamed.name = QStringLiteral("  ");
    QVERIFY(!AppSettings().saveProviderProfile(unnamed).ok());
}

void TestAppSettings::profileLimitsReadWithCare_data()
{
    QTest::addColumn<QVariant>("stored");
    QTest::addColumn<int>("concurrency");
    QTest::addColumn<int>("requestsPerMinute");

    QTest::newRow("as saved") << QVariant(QStringLiteral("4")) << 4 << 4;
    QTest::newRow("not a number") << QVariant(QStringLiteral("many")) << ProviderProfile::kDefaultConcurrency << 0;
    QTest::newRow("negative") << QVariant(QStringLiteral("-3")) << 1 << 0;
    QTest::newRow("zero") << QVariant(QStringLiteral("0")) << 1 << 0;
    QTest::newRow("too many") << QVariant(QStringLiteral("99999999999")) << ProviderProfile::kMaxConcurrency
                              << ProviderProfile::kMaxRequestsPerMinute;
}

// A settings file edited by hand: a limit that is no number is its default, one out of range the nearest allowed.
void TestAppSettings::profileLimitsReadWithCare()
{
    QFETCH(QVariant, stored);
    QFETCH(int, concurrency);
    QFETCH(int, requestsPerMinute);
    ProviderProfile profile;
    profile.name = QStringLiteral("edited");
    profile.kind = QStringLiteral("openai");
    profile.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1");
    profile.model = QStringLiteral("m");
    QVERIFY(AppSettings().saveProviderProfile(profile).ok());
    {
        QSettings raw;
        raw.setValue(QStringLiteral("judges/profiles/edited/concurrency"), stored);
        raw.setValue(QStringLiteral("judges/profiles/edited/requestsPerMinute"), stored);
    }
    const auto read = AppSettings().providerProfile(QStringLiteral("edited"));
    QVERIFY(read.has_value());
    QCOMPARE(read->concurrency, concurrency);
    QCOMPARE(read->requestsPerMinute, requestsPerMinute);
    QCOMPARE(read->tokensPerMinute, 0);
}

void TestAppSettings::profileHoldsNoKeyValue()
{
    const QByteArray variable("CONCORD_SETTINGS_TEST_KEY");
    const QByteArray key("sk-proj-Zq8wT3xYv7Lr2Nb5Kc9Hd4Jf6Mg1Ps0QeRtUyIoPaSdF");
    QVERIFY(qputenv(variable.constData(), key));
    ProviderProfile profile;
    profile.name = QStringLiteral("openai");
    profile.kind = QStringLiteral("openai");
    profile.baseUrl = QStringLiteral("https://api.openai.com/v1");
    profile.model = QStringLiteral("gpt-4o-mini");
    profile.apiKeyVariable = QString::fromLatin1(variable);
    QVERIFY(AppSettings().saveProviderProfile(profile).ok());

    const QByteArray bytes = settingsBytes();
    QVERIFY(bytes.contains(variable));
    QVERIFY(!bytes.contains(key));
    // Not even a recognisable part of it.
    QVERIFY(!bytes.contains(key.mid(8, 16)));
    const QStringList keys = QSettings().allKeys();
    QVERIFY(!keys.isEmpty());
    for (const QString &k : keys)
        QVERIFY2(!QSettings().value(k).toString().toUtf8().contains(key), qPrintable(k));
    QVERIFY(qunsetenv(variable.constData()));
}

void TestAppSettings::refusesKeysInTheVariableField_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("openai project key") << QStringLiteral("sk-proj-Zq8wT3xYv7Lr2Nb5Kc9Hd4Jf6Mg1Ps0Qe");
    QTest::newRow("anthropic key") << QStringLiteral("sk-ant-api03-Zq8wT3xYv7Lr2Nb5Kc9Hd4Jf6Mg1Ps0Qe-AA");
    QTest::newRow("stripe-style key") << QStringLiteral("sk_live_4eC39HqLyjWDarjtT1zdp7dc");
    QTest::newRow("google key") << QStringLiteral("AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW");
    QTest::newRow("hugging face token") << QStringLiteral("hf_abcdefghijklmnopqrstuvwxyzABCDEF12");
    QTest::newRow("groq key") << QStringLiteral("gsk_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ");
    QTest::newRow("mixed case and digits") << QStringLiteral("Zq8wT3xYv7Lr2Nb5Kc9Hd4Jf");
    QTest::newRow("40 hex digits") << QStringLiteral("a3f9c2e1b7d84f6a9c0e5b2d1f8a7c6e4b3d2a1f");
    QTest::newRow("starts with a digit") << QStringLiteral("1OPENAI_KEY");
    QTest::newRow("with a space") << QStringLiteral("OPENAI API KEY");
    QTest::newRow("with '$'") << QStringLiteral("$OPENAI_API_KEY");
}

void TestAppSettings::refusesKeysInTheVariableField()
{
    QFETCH(QString, value);
    QVERIFY(!AppSettings::checkApiKeyVariable(value).ok());
    ProviderProfile profile;
    profile.name = QStringLiteral("pasted");
    profile.kind = QStringLiteral("openai");
    profile.baseUrl = QStringLiteral("https://api.openai.com/v1");
    profile.model = QStringLiteral("gpt-4o");
    profile.apiKeyVariable = value;
    const auto saved = AppSettings().saveProviderProfile(profile);
    QVERIFY(!saved.ok());
    QCOMPARE(saved.error().field, std::string("API key variable"));
    // The message says what to do without repeating what may be a key.
    QVERIFY(saved.error().message.find("NAME of an environment variable") != std::string::npos);
    QVERIFY(saved.error().describe().find(value.toStdString()) == std::string::npos);
    QCOMPARE(AppSettings().providerProfileNames(), QStringList());
    QVERIFY(!settingsBytes().contains(value.toUtf8()));
}

void TestAppSettings::acceptsVariableNames_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("none (a local server)") << QString();
    QTest::newRow("OPENAI_API_KEY") << QStringLiteral("OPENAI_API_KEY");
    QTest::newRow("ANTHROPIC_API_KEY") << QStringLiteral("ANTHROPIC_API_KEY");
    QTest::newRow("HF_TOKEN") << QStringLiteral("HF_TOKEN");
    QTest::newRow("lower case") << QStringLiteral("my_judge_key");
    QTest::newRow("long with digits") << QStringLiteral("AZURE_OPENAI_API_KEY_EASTUS2_DEPLOYMENT_4O");
}

void TestAppSettings::acceptsVariableNames()
{
    QFETCH(QString, value);
    QVERIFY(AppSettings::checkApiKeyVariable(value).ok());
    ProviderProfile profile;
    profile.name = QStringLiteral("named");
    profile.kind = QStringLiteral("openai");
    profile.baseUrl = QStringLiteral("https://api.openai.com/v1");
    profile.model = QStringLiteral("gpt-4o");
    profile.apiKeyVariable = value;
    QVERIFY(AppSettings().saveProviderProfile(profile).ok());
    QCOMPARE(AppSettings().providerProfile(QStringLiteral("named"))->apiKeyVariable, value);
}

void TestAppSettings::refusesCredentialsInTheBaseUrl()
{
    const QStringList urls{QStringLiteral("https://user:s3cretPassw0rd@llm.example.org/v1"),
                           QStringLiteral("https://llm.example.org/v1?api-key=abc123secretvalue"),
                           QStringLiteral("https://llm.example.org/v1?x=1&access_token=abc123secretvalue")};
    for (const QString &url : urls) {
        ProviderProfile profile;
        profile.name = QStringLiteral("remote");
        profile.kind = QStringLiteral("openai");
        profile.baseUrl = url;
        profile.model = QStringLiteral("m");
        const auto saved = AppSettings().saveProviderProfile(profile);
        QVERIFY2(!saved.ok(), qPrintable(url));
        QCOMPARE(saved.error().field, std::string("base URL"));
        QVERIFY(!settingsBytes().contains("secret"));
    }
    QCOMPARE(AppSettings().providerProfileNames(), QStringList());
}

void TestAppSettings::migratesTheFirstLayout()
{
    const QString kept = touch(QStringLiteral("kept.concord"));
    const QString gone = m_dir.filePath(QStringLiteral("gone.concord"));
    const QString pasted = QStringLiteral("sk-proj-Zq8wT3xYv7Lr2Nb5Kc9Hd4Jf6Mg1Ps0QeRtUy");
    {
        // Exactly what the first releases wrote, key by key.
        QSettings old;
        old.setValue(QStringLiteral("recentFiles"), QStringList{kept, gone});
        old.setValue(QStringLiteral("annotation/recentAnnotators"),
                     QStringList{QStringLiteral("ada"), QStringLiteral("grace")});
        old.setValue(QStringLiteral("judges/lastProvider"), QStringLiteral("openai"));
        old.beginGroup(QStringLiteral("judges/providers"));
        old.beginGroup(QStringLiteral("openai"));
        old.setValue(QStringLiteral("kind"), QStringLiteral("openai"));
        old.setValue(QStringLiteral("baseUrl"), QStringLiteral("https://api.openai.com/v1"));
        old.setValue(QStringLiteral("model"), QStringLiteral("gpt-4o-mini"));
        old.setValue(QStringLiteral("apiKeyEnv"), QStringLiteral("OPENAI_API_KEY"));
        old.setValue(QStringLiteral("priceIn"), 0.15);
        old.setValue(QStringLiteral("priceOut"), 0.6);
        old.endGroup();
        // A profile whose variable field holds a key (hand-edited): the key must not survive.
        old.beginGroup(QStringLiteral("pasted"));
        old.setValue(QStringLiteral("kind"), QStringLiteral("anthropic"));
        old.setValue(QStringLiteral("baseUrl"), QStringLiteral("https://api.anthropic.com"));
        old.setValue(QStringLiteral("model"), QStringLiteral("claude-3-5-haiku-latest"));
        old.setValue(QStringLiteral("apiKeyEnv"), pasted);
        old.setValue(QStringLiteral("priceIn"), 0.8);
        old.setValue(QStringLiteral("priceOut"), 4.0);
        old.endGroup();
        old.endGroup();
        old.sync();
    }
    QVERIFY(settingsBytes().contains("recentFiles"));
    QVERIFY(settingsBytes().contains(pasted.toUtf8()));
    QCOMPARE(AppSettings().version(), 0);

    const auto migrated = AppSettings().migrate();
    QVERIFY2(migrated.ok(), migrated.ok() ? "" : migrated.error().describe().c_str());
    QCOMPARE(migrated.value(), 0);

    AppSettings settings;
    QCOMPARE(settings.version(), AppSettings::currentVersion);
    QCOMPARE(settings.recentStudies(), QStringList{kept});
    QCOMPARE(settings.recentAnnotators(), (QStringList{QStringLiteral("ada"), QStringLiteral("grace")}));
    QCOMPARE(settings.lastProviderProfile(), QStringLiteral("openai"));
    QCOMPARE(settings.providerProfileNames(), (QStringList{QStringLiteral("openai"), QStringLiteral("pasted")}));
    const ProviderProfile openai{QStringLiteral("openai"),
                                 QStringLiteral("openai"),
                                 QStringLiteral("https://api.openai.com/v1"),
                                 QStringLiteral("gpt-4o-mini"),
                                 QStringLiteral("OPENAI_API_KEY"),
                                 0.15,
                                 0.6};
    QCOMPARE(settings.providerProfile(QStringLiteral("openai")).value(), openai);
    const ProviderProfile anthropic{QStringLiteral("pasted"),
                                    QStringLiteral("anthropic"),
                                    QStringLiteral("https://api.anthropic.com"),
                                    QStringLiteral("claude-3-5-haiku-latest"),
                                    QString(),
                                    0.8,
                                    4.0};
    QCOMPARE(settings.providerProfile(QStringLiteral("pasted")).value(), anthropic);

    // The old names are gone, and so is the pasted key.
    QSettings raw;
    QVERIFY(!raw.contains(QStringLiteral("recentFiles")));
    QVERIFY(!raw.contains(QStringLiteral("annotation/recentAnnotators")));
    QVERIFY(!raw.contains(QStringLiteral("judges/lastProvider")));
    raw.beginGroup(QStringLiteral("judges/providers"));
    QVERIFY(raw.allKeys().isEmpty());
    raw.endGroup();
    QCOMPARE(raw.value(QStringLiteral("meta/schemaVersion")).toInt(), AppSettings::currentVersion);
    const QByteArray bytes = settingsBytes();
    QVERIFY(!bytes.contains(pasted.toUtf8()));
    QVERIFY(!bytes.contains("apiKeyEnv"));

    // Once: a second start finds the current version and changes nothing.
    const QStringList keysBefore = QSettings().allKeys();
    const auto again = AppSettings().migrate();
    QVERIFY(again.ok());
    QCOMPARE(again.value(), AppSettings::currentVersion);
    QCOMPARE(QSettings().allKeys(), keysBefore);
}

void TestAppSettings::migrationKeepsNewerValues()
{
    {
        QSettings mixed;
        mixed.setValue(QStringLiteral("annotation/recentAnnotators"), QStringList{QStringLiteral("old name")});
        mixed.setValue(QStringLiteral("recent/annotators"), QStringList{QStringLiteral("new name")});
    }
    QVERIFY(AppSettings().migrate().ok());
    QCOMPARE(AppSettings().recentAnnotators(), QStringList{QStringLiteral("new name")});
    QVERIFY(!QSettings().contains(QStringLiteral("annotation/recentAnnotators")));
    // A fresh start (nothing stored) is stamped with the current version.
    init();
    QCOMPARE(AppSettings().migrate().value(), 0);
    QCOMPARE(AppSettings().version(), AppSettings::currentVersion);
}

void TestAppSettings::leavesSettingsOfANewerConcordAlone()
{
    {
        QSettings newer;
        newer.setValue(QStringLiteral("meta/schemaVersion"), AppSettings::currentVersion + 7);
        newer.setValue(QStringLiteral("recentFiles"), QStringList{QStringLiteral("/studies/a.concord")});
    }
    const auto migrated = AppSettings().migrate();
    QVERIFY(!migrated.ok());
    QVERIFY(migrated.error().message.find("newer Concord") != std::string::npos);
    QCOMPARE(AppSettings().version(), AppSettings::currentVersion + 7);
    QVERIFY(QSettings().contains(QStringLiteral("recentFiles")));
}

void TestAppSettings::iniFileOfItsOwn()
{
    const QString path = m_dir.filePath(QStringLiteral("own/concord.ini"));
    {
        AppSettings settings(path);
        QCOMPARE(settings.fileName(), path);
        settings.setCurrentView(QStringLiteral("judges"));
        QVERIFY(settings.migrate().ok());
    }
    QVERIFY(QFile::exists(path));
    QCOMPARE(AppSettings(path).currentView(), QStringLiteral("judges"));
    QCOMPARE(AppSettings(path).version(), AppSettings::currentVersion);
    // The application's settings are another file.
    QCOMPARE(AppSettings().currentView(), QString());
}

QTEST_GUILESS_MAIN(TestAppSettings)
#include "tst_app_settings.moc"
