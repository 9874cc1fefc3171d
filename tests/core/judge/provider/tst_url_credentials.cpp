// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Which base URLs carry a credential (user information, a query parameter naming a key or token), and
// that Provider::create refuses them without quoting the URL.
#include "judge/provider/provider.h"

#include <QTest>

using concord::judge::credentialInUrl;
using concord::judge::ProviderConfig;
using concord::judge::ProviderKind;
using concord::judge::UrlCredential;

class TestUrlCredentials : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void credentialInUrl_data();
    void credentialInUrl();
    void providerRefusesAndQuotesNothing();
};

void TestUrlCredentials::credentialInUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("found"); // empty: none
    QTest::newRow("plain") << "https://api.openai.com/v1"
                           << "";
    QTest::newRow("port") << "http://127.0.0.1:11434"
                          << "";
    QTest::newRow("user and password") << "http://user:sk-123@host/v1"
                                       << "user information before the host";
    QTest::newRow("user only") << "https://sk-123@host/v1"
                               << "user information before the host";
    QTest::newRow("empty password") << "https://user:@host"
                                    << "user information before the host";
    QTest::newRow("@ in the path") << "https://host/v1/@models"
                                   << "";
    QTest::newRow("@ in the query value") << "https://host/v1?user=a@b.c"
                                          << "";
    QTest::newRow("key") << "https://host/v1?key=abc"
                         << "the query parameter 'key'";
    QTest::newRow("api_key") << "https://host/v1?api_key=abc"
                             << "the query parameter 'api_key'";
    QTest::newRow("api-key") << "https://host/v1?x=1&api-key=abc"
                             << "the query parameter 'api-key'";
    QTest::newRow("apikey") << "https://host/v1?apiKey=abc"
                            << "the query parameter 'apiKey'";
    QTest::newRow("token") << "https://host/v1?token=abc"
                           << "the query parameter 'token'";
    QTest::newRow("access_token") << "https://host/v1?access_token=abc"
                                  << "the query parameter 'access_token'";
    QTest::newRow("subscription-key") << "https://host/v1?subscription-key=abc"
                                      << "the query parameter 'subscription-key'";
    QTest::newRow("client_secret") << "https://host/v1?client_secret=abc"
                                   << "the query parameter 'client_secret'";
    QTest::newRow("password") << "https://host/v1?PASSWORD=abc"
                              << "the query parameter 'PASSWORD'";
    QTest::newRow("SAS signature") << "https://host/v1?sv=2022&sig=abc"
                                   << "the query parameter 'sig'";
    QTest::newRow("percent-encoded") << "https://host/v1?access%5Ftoken=abc"
                                     << "the query parameter 'access%5Ftoken'";
    QTest::newRow("key without a value") << "https://host/v1?key"
                                         << "the query parameter 'key'";
    QTest::newRow("api-version") << "https://host/openai/deployments/d?api-version=2024-02-01"
                                 << "";
    QTest::newRow("words holding key") << "https://host/v1?monkey=1&keyboard=2&tokens=3"
                                       << "";
    QTest::newRow("accessToken") << "https://host/v1?accessToken=abc"
                                 << "the query parameter 'accessToken'";
    QTest::newRow("clientSecret") << "https://host/v1?x=1&clientSecret=abc"
                                  << "the query parameter 'clientSecret'";
    QTest::newRow("subscriptionKey") << "https://host/v1?subscriptionKey=abc"
                                     << "the query parameter 'subscriptionKey'";
    QTest::newRow("AWS presigned") << "https://host/v1?X-Amz-Credential=a%2Fb&X-Amz-Signature=abc"
                                   << "the query parameter 'X-Amz-Credential'";
    QTest::newRow("camel case without a boundary") << "https://host/v1?MONKEY=1&Monkey=2&pageSize=3"
                                                   << "";
    QTest::newRow("key in the fragment") << "https://host/v1#key=abc"
                                         << "";
}

void TestUrlCredentials::credentialInUrl()
{
    QFETCH(QString, url);
    QFETCH(QString, found);
    const UrlCredential credential = concord::judge::credentialInUrl(url.toStdString());
    QCOMPARE(static_cast<bool>(credential), !found.isEmpty());
    QCOMPARE(QString::fromStdString(credential.describe()), found);
}

void TestUrlCredentials::providerRefusesAndQuotesNothing()
{
    for (const char *url :
         {"http://user:sk-hidden-123@127.0.0.1:9/v1", "http://127.0.0.1:9/v1?api_key=sk-hidden-123"}) {
        const auto created = concord::judge::Provider::create({ProviderKind::OpenAI, url, "m", {}});
        QVERIFY(!created);
        QCOMPARE(created.error().field, std::string("base_url"));
        QVERIFY2(created.error().message.find("holds a credential") != std::string::npos,
                 created.error().message.c_str());
        QVERIFY(created.error().describe().find("sk-hidden-123") == std::string::npos);
    }
}

QTEST_GUILESS_MAIN(TestUrlCredentials)
#include "tst_url_credentials.moc"
