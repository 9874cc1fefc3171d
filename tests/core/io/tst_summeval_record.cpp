// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The SummEval importer's fast line reading: whatever it accepts, it reads exactly as nlohmann's
// parser (through JsonText) does, and it never accepts a line the parser refuses, so the importer's
// results and errors do not depend on which of the two read a line.
#include "io/summeval_record.h"
#include "model/json_text.h"

#include "error.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace concord;
using nlohmann::json;

class TestSummEvalRecord : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void agreesWithTheParser_data();
    void agreesWithTheParser();
    void everyByteChangedAgrees();
    void keepsNoStaleMembers();
};

namespace {

const std::string kGood
    = R"({"id": "d1", "decoded": "A summary. Long enough to be read eight bytes at a time, at every alignment.", "expert_annotations": [{"coherence": 1, "consistency": 5, "fluency": 5, )"
      R"("relevance": 4}, {"coherence": 2, "consistency": 5, "fluency": 4, "relevance": 4}, {"coherence": 3, )"
      R"("consistency": 5, "fluency": 5, "relevance": 3}], "turker_annotations": [{"coherence": 5, "consistency": 1, )"
      R"("fluency": 2, "relevance": 3}], "references": ["One \"quoted\" reference.", "Two."], "model_id": "M8", )"
      R"("filepath": "cnndm/x.story", "text": "Caf\u00e9 \ud83d\ude00 \u00e8 \\ \/ \b\f\n\r\t end."})";

// The line with the first `from` replaced by `to`.
std::string with(const std::string &from, const std::string &to)
{
    std::string out = kGood;
    const std::size_t at = out.find(from);
    if (at == std::string::npos)
        qFatal("%s is not in the line", from.c_str());
    return out.substr(0, at) + to + out.substr(at + from.size());
}

// Both readings of the line: "refused" when the parser refuses it (then the fast reading must too),
// otherwise whether the fast reading took it and, if so, that both records are the same.
QString compare(const std::string &line)
{
    io::SummEvalRecord fast;
    const bool fastRead = fast.readFast(line);
    json parsed;
    try {
        parsed = model::JsonText::parse(line);
    } catch (const Failure &) {
        return fastRead ? QStringLiteral("fast reading accepted a line the parser refuses") : QStringLiteral("refused");
    }
    if (!parsed.is_object())
        return fastRead ? QStringLiteral("fast reading accepted a line that is not an object")
                        : QStringLiteral("refused");
    if (!fastRead)
        return QStringLiteral("parsed");
    io::SummEvalRecord slow;
    slow.assign(parsed);
    const auto sameValue = [](const io::SummEvalRecord::Value &a, const io::SummEvalRecord::Value &b) {
        return a.type == b.type && (a.type != json::value_t::string || a.text == b.text);
    };
    if (!sameValue(fast.id, slow.id) || !sameValue(fast.modelId, slow.modelId) || !sameValue(fast.text, slow.text)
        || !sameValue(fast.decoded, slow.decoded) || !sameValue(fast.filepath, slow.filepath))
        return QStringLiteral("strings differ");
    if (fast.referencesType != slow.referencesType || fast.referenceCount != slow.referenceCount)
        return QStringLiteral("references differ");
    for (std::size_t i = 0; i < fast.referenceCount; ++i)
        if (!sameValue(fast.references[i], slow.references[i]))
            return QStringLiteral("a reference differs");
    for (std::size_t g = 0; g < 2; ++g) {
        const auto &a = fast.annotations[g];
        const auto &b = slow.annotations[g];
        if (a.type != b.type || a.size != b.size)
            return QStringLiteral("annotation lists differ");
        for (std::size_t i = 0; i < a.size; ++i) {
            if (a.items[i].type != b.items[i].type)
                return QStringLiteral("an annotation differs");
            for (std::size_t d = 0; d < 4; ++d) {
                const json &x = a.items[i].ratings[d];
                const json &y = b.items[i].ratings[d];
                if (x.type() != y.type()
                    || (x.is_number() && (x.dump() != y.dump() || x.get<double>() != y.get<double>())))
                    return QStringLiteral("a rating differs");
            }
        }
    }
    return QStringLiteral("same");
}

} // namespace

void TestSummEvalRecord::agreesWithTheParser_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("outcome");
    const auto row = [](const char *name, const std::string &line, const char *outcome) {
        QTest::newRow(name) << QByteArray::fromStdString(line) << QString::fromUtf8(outcome);
    };
    row("a SummEval line", kGood, "same");
    row("CR at the end", kGood + "\r", "same");
    row("white space around", " \t" + kGood + " \t ", "same");
    row("empty object", "{}", "same");
    row("nothing read", R"({"other": [1, -2.5, true, false, null, {"a": []}], "x": "y"})", "same");
    row("members the importer does not read", with(R"("id": "d1")", R"("extra": {"a": [1, {"b": "c"}]}, "id": "d1")"),
        "same");
    row("annotation with other members", with(R"("relevance": 4}, {"coh)", R"("relevance": 4, "note": "ok"}, {"coh)"),
        "same");
    row("negative rating", with(R"("coherence": 1,)", R"("coherence": -3,)"), "same");
    row("zero rating", with(R"("coherence": 1,)", R"("coherence": 0,)"), "same");
    row("15-digit rating", with(R"("coherence": 1,)", R"("coherence": 123456789012345,)"), "same");
    row("empty strings and lists",
        with(R"("references": ["One \"quoted\" reference.", "Two."])", R"("references": [])"), "same");
    row("escaped key", with(R"("model_id")", R"("model\u005fid")"), "same");
    row("4-byte UTF-8", with("A summary.", "\xF0\x9F\x98\x80 \xE4\xB8\xAD \xC3\xA9 \xF4\x8F\xBF\xBF \x7F"), "same");
    row("escaped NUL", with("A summary.", R"(a\u0000b)"), "same");
    // Read by the parser, left to it by the fast reading.
    row("fraction", with(R"("coherence": 1,)", R"("coherence": 2.5,)"), "parsed");
    row("exponent", with(R"("coherence": 1,)", R"("coherence": 1e0,)"), "parsed");
    row("minus zero", with(R"("coherence": 1,)", R"("coherence": -0,)"), "parsed");
    row("16 digits", with(R"("coherence": 1,)", R"("coherence": 1234567890123456,)"), "parsed");
    row("rating as a string", with(R"("coherence": 1,)", R"("coherence": "1",)"), "parsed");
    row("text as a number", with(R"("model_id": "M8")", R"("model_id": 8)"), "parsed");
    row("annotation not an object",
        with(R"({"coherence": 5, "consistency": 1, )", R"(7, {"coherence": 5, "consistency": 1, )"), "parsed");
    row("annotations not a list", with(R"("turker_annotations": [)", R"("turker_annotations": null, "t": [)"),
        "parsed");
    row("a member twice", kGood.substr(0, kGood.size() - 1) + R"(, "id": "d2"})", "parsed");
    row("a rating twice", with(R"("coherence": 1,)", R"("coherence": 1, "coherence": 2,)"), "parsed");
    row("exponent in a skipped member", with(R"("id": "d1")", R"("x": 1e400, "id": "d1")"), "refused");
    row("deep skipped member",
        with(R"("id": "d1")", R"("x": )" + std::string(100, '[') + std::string(100, ']') + R"(, "id": "d1")"),
        "parsed");
    // Refused by both.
    row("not an object", "[1, 2]", "refused");
    row("string", R"("text")", "refused");
    row("unterminated", kGood.substr(0, kGood.size() - 1), "refused");
    row("trailing garbage", kGood + " x", "refused");
    row("two objects", kGood + kGood, "refused");
    row("trailing comma", with(R"("id": "d1",)", R"("id": "d1",,)"), "refused");
    row("leading zero", with(R"("coherence": 1,)", R"("coherence": 01,)"), "refused");
    row("plus sign", with(R"("coherence": 1,)", R"("coherence": +1,)"), "refused");
    row("bare minus", with(R"("coherence": 1,)", R"("coherence": -,)"), "refused");
    row("number overflow", with(R"("coherence": 1,)", R"("coherence": 1e400,)"), "refused");
    row("control character", with("A summary.", "A\tsummary."), "refused");
    row("bad escape", with("A summary.", R"(A \x summary.)"), "refused");
    row("short unicode escape", with("A summary.", R"(A \u00e summary.)"), "refused");
    row("lone high surrogate", with("A summary.", R"(\ud83d.)"), "refused");
    row("lone low surrogate", with("A summary.", R"(\ude00.)"), "refused");
    row("high surrogate then not low", with("A summary.", R"(\ud83d\u0041)"), "refused");
    row("Latin-1 byte", with("A summary.", "Caf\xE9"), "refused");
    row("overlong", with("A summary.", "\xC0\xAF"), "refused");
    row("encoded surrogate", with("A summary.", "\xED\xA0\x80"), "refused");
    row("beyond U+10FFFF", with("A summary.", "\xF4\x90\x80\x80"), "refused");
    row("cut sequence", with("A summary.", "\xE4\xB8"), "refused");
    row("stray continuation", with("A summary.", "\x80"), "refused");
    row("bad literal", with(R"("id": "d1")", R"("x": tru, "id": "d1")"), "refused");
    row("nested too deep",
        with(R"("id": "d1")", R"("x": )" + std::string(600, '[') + std::string(600, ']') + R"(, "id": "d1")"),
        "refused");
    row("single quotes", "{'id': 'd1'}", "refused");
    row("NUL byte", with("A summary.", std::string("A\0b", 3)), "refused");
}

void TestSummEvalRecord::agreesWithTheParser()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, outcome);
    QCOMPARE(compare(line.toStdString()), outcome);
}

void TestSummEvalRecord::everyByteChangedAgrees()
{
    // Each byte of a real-looking line replaced by bytes that matter to JSON and UTF-8: the fast
    // reading must never take a line the parser refuses, nor read one differently.
    const char replacements[]
        = {'"', '\\', '{', '}',    '[',    ']',    ':',    ',',    '0',    '9',    '-',    '.',   'e',
           ' ', '\n', 'u', '\x01', '\x7F', '\x80', '\xC3', '\xE0', '\xED', '\xF0', '\xF4', '\xFF'};
    int compared = 0;
    for (std::size_t at = 0; at < kGood.size(); ++at)
        for (const char c : replacements) {
            std::string line = kGood;
            line[at] = c;
            const QString outcome = compare(line);
            if (outcome != QStringLiteral("same") && outcome != QStringLiteral("parsed")
                && outcome != QStringLiteral("refused"))
                QFAIL(qPrintable(outcome + QStringLiteral(": ") + QString::fromStdString(line)));
            ++compared;
        }
    QVERIFY(compared > 5000);
}

void TestSummEvalRecord::keepsNoStaleMembers()
{
    // A record read over a longer one keeps none of the longer one's members or list items.
    io::SummEvalRecord record;
    QVERIFY(record.readFast(kGood));
    QVERIFY(record.readFast(R"({"id": "d2", "turker_annotations": [{"fluency": 3}]})"));
    QCOMPARE(record.id.text, std::string("d2"));
    QVERIFY(record.modelId.type == io::SummEvalRecord::kAbsent);
    QVERIFY(record.referencesType == io::SummEvalRecord::kAbsent);
    QCOMPARE(record.referenceCount, std::size_t(0));
    QVERIFY(record.annotations[0].type == io::SummEvalRecord::kAbsent);
    QCOMPARE(record.annotations[1].size, std::size_t(1));
    QVERIFY(record.annotations[1].items[0].ratings[0].is_discarded());
    QCOMPARE(record.annotations[1].items[0].ratings[2].get<int>(), 3);
}

QTEST_APPLESS_MAIN(TestSummEvalRecord)
#include "tst_summeval_record.moc"
