// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Prompt templates: sections, placeholders, literal braces, errors that name the placeholder and the
// template, and every shipped template parsing and filling with the placeholders its protocol needs.
#include "judge/prompt_template.h"

#include <QTest>

#include <algorithm>

using namespace concord::judge;

namespace {

const std::vector<std::string> kProtocols
    = {"rts", "mcq",      "likert-multi", "geval-steps", "geval",   "llmscore",  "llmeval",
       "h2h", "pairwise", "llmcompare",   "llmrank",     "pyramid", "factuality"};

std::map<std::string, std::string> fullValues()
{
    return {{"article", "ARTICLE-TEXT"},
            {"requirement", "REQUIREMENT-TEXT"},
            {"summary", "SUMMARY-TEXT"},
            {"summary_a", "SUMMARY-A-TEXT"},
            {"summary_b", "SUMMARY-B-TEXT"},
            {"summaries", "1. first\n2. second\n3. third"},
            {"candidate_count", "3"},
            {"dimension", "relevance"},
            {"definition", "DEFINITION-TEXT"},
            {"scale_min", "1"},
            {"scale_max", "5"},
            {"scale_labels", "1 = poor\n5 = excellent"},
            {"choices", "A: score 1\nB: score 2\nC: score 3\nD: score 4\nE: score 5"},
            {"scus", "1. unit one\n2. unit two"},
            {"scu", "SCU-TEXT"},
            {"sentence", "SENTENCE-TEXT"},
            {"evaluation_steps", "1. Read.\n2. Score."},
            {"dimensions", "- coherence (1-5): flows\n- fluency (1-3): reads well\n"}};
}

QString joined(const std::vector<std::string> &names)
{
    QStringList out;
    for (const auto &n : names)
        out << QString::fromStdString(n);
    return out.join(u',');
}

} // namespace

class TestPromptTemplate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parses_data();
    void parses();
    void refuses_data();
    void refuses();
    void refusesTextThatIsNotUtf8();
    void missingValueNamed();
    void valuesInsertedVerbatim();
    void builtins_data();
    void builtins();
    void builtinVersions();
    void unknownBuiltin();
};

void TestPromptTemplate::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("placeholders");
    QTest::addColumn<QString>("system"); // expected system message; "-" for none
    QTest::addColumn<QString>("user");

    QTest::newRow("no sections: all user")
        << QStringLiteral("Judge {{summary}} on {{dimension}}.") << QStringLiteral("summary,dimension")
        << QStringLiteral("-") << QStringLiteral("Judge S on D.");
    QTest::newRow("system and user") << QStringLiteral("[system]\nYou judge.\n\n[user]\nSummary: {{summary}}\n")
                                     << QStringLiteral("summary") << QStringLiteral("You judge.")
                                     << QStringLiteral("Summary: S");
    QTest::newRow("user only marker") << QStringLiteral("\n[user]\n{{article}}") << QStringLiteral("article")
                                      << QStringLiteral("-") << QStringLiteral("A");
    QTest::newRow("markers any case, spaced")
        << QStringLiteral("  [SYSTEM]  \nsys {{dimension}}\n[User]\nusr {{summary}}")
        << QStringLiteral("dimension,summary") << QStringLiteral("sys D") << QStringLiteral("usr S");
    QTest::newRow("user before system") << QStringLiteral("[user]\nU {{summary}}\n[system]\nS")
                                        << QStringLiteral("summary") << QStringLiteral("S") << QStringLiteral("U S");
    QTest::newRow("repeats listed once") << QStringLiteral("{{summary}} {{article}} {{summary}}")
                                         << QStringLiteral("summary,article") << QStringLiteral("-")
                                         << QStringLiteral("S A S");
    QTest::newRow("literal braces") << QStringLiteral("Answer as {{{{\"score\": N}} for {{summary}}")
                                    << QStringLiteral("summary") << QStringLiteral("-")
                                    << QStringLiteral("Answer as {{\"score\": N}} for S");
    QTest::newRow("single braces are text")
        << QStringLiteral("JSON {\"score\": 4} about {{summary}}") << QStringLiteral("summary") << QStringLiteral("-")
        << QStringLiteral("JSON {\"score\": 4} about S");
    QTest::newRow("spaces inside braces")
        << QStringLiteral("{{ summary }}") << QStringLiteral("summary") << QStringLiteral("-") << QStringLiteral("S");
    QTest::newRow("no placeholders") << QStringLiteral("Say hello.") << QString() << QStringLiteral("-")
                                     << QStringLiteral("Say hello.");
    QTest::newRow("marker-like text inside a line")
        << QStringLiteral("Write [user] here {{summary}}") << QStringLiteral("summary") << QStringLiteral("-")
        << QStringLiteral("Write [user] here S");
}

void TestPromptTemplate::parses()
{
    QFETCH(QString, text);
    QFETCH(QString, placeholders);
    QFETCH(QString, system);
    QFETCH(QString, user);
    const auto t = PromptTemplate::parse(text.toStdString(), "test");
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
    QCOMPARE(t->name(), std::string("test"));
    QCOMPARE(t->text(), text.toStdString());
    QCOMPARE(joined(t->placeholders()), placeholders);
    const auto messages = t->fill({{"summary", "S"}, {"dimension", "D"}, {"article", "A"}});
    QVERIFY2(messages.ok(), messages.ok() ? "" : messages.error().message.c_str());
    if (system == QStringLiteral("-")) {
        QCOMPARE(messages->size(), std::size_t(1));
    } else {
        QCOMPARE(messages->size(), std::size_t(2));
        QCOMPARE(messages->front().role, std::string("system"));
        QCOMPARE(QString::fromStdString(messages->front().content), system);
    }
    QCOMPARE(messages->back().role, std::string("user"));
    QCOMPARE(QString::fromStdString(messages->back().content), user);
}

void TestPromptTemplate::refuses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fragment");
    QTest::addColumn<QString>("field");

    QTest::newRow("unknown placeholder") << QStringLiteral("Judge {{summry}}.")
                                         << QStringLiteral("unknown placeholder {{summry}}")
                                         << QStringLiteral("summry");
    QTest::newRow("unknown in system") << QStringLiteral("[system]\n{{persona}}\n[user]\n{{summary}}")
                                       << QStringLiteral("unknown placeholder {{persona}}")
                                       << QStringLiteral("persona");
    QTest::newRow("unclosed") << QStringLiteral("Judge {{summary") << QStringLiteral("without a closing") << QString();
    QTest::newRow("closed on another line")
        << QStringLiteral("Judge {{summary\n}}") << QStringLiteral("without a closing") << QString();
    QTest::newRow("empty user") << QStringLiteral("[system]\nYou judge.\n[user]\n  \n")
                                << QStringLiteral("[user] message is empty") << QString();
    QTest::newRow("no user at all") << QStringLiteral("[system]\nYou judge.")
                                    << QStringLiteral("[user] message is empty") << QString();
    QTest::newRow("empty template") << QString() << QStringLiteral("[user] message is empty") << QString();
    QTest::newRow("duplicate section") << QStringLiteral("[user]\na\n[user]\nb") << QStringLiteral("appears twice")
                                       << QString();
    QTest::newRow("text before markers") << QStringLiteral("hello\n[user]\nb") << QStringLiteral("before the first")
                                         << QString();
}

void TestPromptTemplate::refuses()
{
    QFETCH(QString, text);
    QFETCH(QString, fragment);
    QFETCH(QString, field);
    const auto t = PromptTemplate::parse(text.toStdString(), "mine");
    QVERIFY(!t.ok());
    const QString message = QString::fromStdString(t.error().message);
    QVERIFY2(message.contains(fragment), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("'mine'")), qPrintable(message)); // names the template
    QCOMPARE(QString::fromStdString(t.error().field), field);
}

// A template is stored in the study and sent as JSON: bytes that are not UTF-8 are named, line included.
void TestPromptTemplate::refusesTextThatIsNotUtf8()
{
    const auto t = PromptTemplate::parse("[user]\nRate {{summary}}.\nR\xE9ponds en fran\xE7"
                                         "ais.",
                                         "latin");
    QVERIFY(!t.ok());
    QCOMPARE(t.error().line, 3L);
    QCOMPARE(t.error().message, std::string("template 'latin': not valid UTF-8: byte 0xE9 after \"R\""));
}

void TestPromptTemplate::missingValueNamed()
{
    const auto t
        = PromptTemplate::parse("[system]\nAbout {{dimension}}.\n[user]\n{{article}} then {{summary}}", "rts-custom");
    QVERIFY(t.ok());
    const auto filled = t->fill({{"article", "A"}, {"dimension", "D"}});
    QVERIFY(!filled.ok());
    const QString message = QString::fromStdString(filled.error().message);
    QVERIFY2(message.contains(QStringLiteral("{{summary}}")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("rts-custom")), qPrintable(message));
    QCOMPARE(filled.error().field, std::string("summary"));
    // Extra values are not an error: callers pass one full set for every protocol.
    const auto extra = t->fill({{"article", "A"}, {"dimension", "D"}, {"summary", "S"}, {"scu", "U"}});
    QVERIFY(extra.ok());
    QCOMPARE(extra->size(), std::size_t(2));
    QCOMPARE(extra->at(0).content, std::string("About D."));
    QCOMPARE(extra->at(1).content, std::string("A then S"));
}

void TestPromptTemplate::valuesInsertedVerbatim()
{
    const auto t = PromptTemplate::parse("<{{summary}}>", "verbatim");
    QVERIFY(t.ok());
    const std::string tricky = "text with {{article}} and {{{{ and [user]\n[system]\nand ünïcödé";
    const auto filled = t->fill({{"summary", tricky}});
    QVERIFY(filled.ok());
    QCOMPARE(filled->size(), std::size_t(1));
    QCOMPARE(filled->front().content, "<" + tricky + ">");
}

void TestPromptTemplate::builtins_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<QString>("required"); // the placeholders the protocol cannot do without

    const std::map<std::string, std::string> required = {
        {"rts", "article,summary,dimension,definition,scale_min,scale_max"},
        {"mcq", "article,summary,dimension,definition,choices"},
        {"likert-multi", "article,summary,dimensions"},
        {"geval-steps", "dimension,definition,scale_min,scale_max"},
        {"geval", "article,summary,dimension,definition,evaluation_steps,scale_min,scale_max"},
        {"llmscore", "article,requirement,summary,dimension,definition"},
        {"llmeval", "article,requirement,summary,dimension,definition,scale_min,scale_max"},
        {"h2h", "article,summary_a,summary_b,dimension,definition"},
        {"pairwise", "article,summary_a,summary_b"},
        {"llmcompare", "article,requirement,summary_a,summary_b,dimension,definition"},
        {"llmrank", "article,requirement,summaries,candidate_count,dimension,definition"},
        {"pyramid", "summary,scu"},
        {"factuality", "article,sentence"},
    };
    for (const auto &p : kProtocols)
        QTest::newRow(p.c_str()) << QString::fromStdString(p) << QString::fromStdString(required.at(p));
}

void TestPromptTemplate::builtins()
{
    QFETCH(QString, protocol);
    QFETCH(QString, required);
    const auto t = PromptTemplate::builtin(protocol.toStdString());
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
    QCOMPARE(t->name(), protocol.toStdString());
    const auto used = t->placeholders();
    for (const QString &name : required.split(u','))
        QVERIFY2(std::find(used.begin(), used.end(), name.toStdString()) != used.end(),
                 qPrintable(QStringLiteral("%1 lacks {{%2}}").arg(protocol, name)));
    // Parsing already refuses unknown placeholders; filling with the full set must leave none behind.
    const auto messages = t->fill(fullValues());
    QVERIFY2(messages.ok(), messages.ok() ? "" : messages.error().message.c_str());
    QCOMPARE(messages->size(), std::size_t(2));
    QCOMPARE(messages->at(0).role, std::string("system"));
    QVERIFY(!messages->at(0).content.empty());
    for (const auto &m : messages.value()) {
        QVERIFY2(m.content.find("{{") == std::string::npos, m.content.c_str());
        QVERIFY2(m.content.find("}}") == std::string::npos, m.content.c_str());
    }
    const std::string &user = messages->at(1).content;
    if (required.contains(QStringLiteral("article")))
        QVERIFY(user.find("ARTICLE-TEXT") != std::string::npos);
    if (protocol == QStringLiteral("geval"))
        QVERIFY(user.find("1. Read.\n2. Score.") != std::string::npos);
    if (protocol == QStringLiteral("pyramid"))
        QVERIFY(user.find("SCU-TEXT") != std::string::npos);
    // The template says what answer to give: each names the label or words its parser reads.
    const std::map<QString, std::string> asks
        = {{QStringLiteral("rts"), "Score:"},          {QStringLiteral("mcq"), "Answer:"},
           {QStringLiteral("llmeval"), "Score:"},      {QStringLiteral("h2h"), "Answer:"},
           {QStringLiteral("pairwise"), "Answer:"},    {QStringLiteral("llmcompare"), "Decision:"},
           {QStringLiteral("llmrank"), "Ranking:"},    {QStringLiteral("geval"), "Score:"},
           {QStringLiteral("llmscore"), "Yes or No"},  {QStringLiteral("pyramid"), "Yes or No"},
           {QStringLiteral("factuality"), "Yes or No"}};
    if (asks.count(protocol))
        QVERIFY2(user.find(asks.at(protocol)) != std::string::npos, user.c_str());
}

void TestPromptTemplate::builtinVersions()
{
    for (const auto &p : kProtocols)
        QVERIFY2(PromptTemplate::builtinVersion(p) >= 1, p.c_str());
    QCOMPARE(PromptTemplate::builtinVersion("no-such-protocol"), 0);
}

void TestPromptTemplate::unknownBuiltin()
{
    const auto t = PromptTemplate::builtin("no-such-protocol");
    QVERIFY(!t.ok());
    QVERIFY(QString::fromStdString(t.error().message).contains(QStringLiteral("no-such-protocol")));
}

QTEST_APPLESS_MAIN(TestPromptTemplate)
#include "tst_prompt_template.moc"
