// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Answer parsers against answers as GPT-4, Claude, Llama and Mistral write them: labels, Markdown,
// JSON, trailing explanations, Unicode punctuation; and the answers that must be refused with a
// readable reason: empty, refusals, rewritten summaries, conflicts, out of range, numbers in prose.
#include "judge/answer/answer_parser.h"

#include <QTest>

#include <cmath>

using namespace concord::judge;

namespace {

struct Row {
    std::string name;
    std::string text;
    bool valid = false;
    QString expected;    // the value, winner or ranks (comma-separated) when valid
    QString reason;      // a fragment of the reason when invalid
    std::string summary; // ParseContext::summary
    double min = 1;
    double max = 5;
    int count = 5; // letters for choices, summaries for rankings
};

Row ok(std::string name, std::string text, const char *expected)
{
    Row r;
    r.name = std::move(name);
    r.text = std::move(text);
    r.valid = true;
    r.expected = QString::fromUtf8(expected);
    return r;
}

Row bad(std::string name, std::string text, const char *reason)
{
    Row r;
    r.name = std::move(name);
    r.text = std::move(text);
    r.reason = QString::fromUtf8(reason);
    return r;
}

Row scaled(Row r, double min, double max)
{
    r.min = min;
    r.max = max;
    return r;
}

Row counted(Row r, int count)
{
    r.count = count;
    return r;
}

Row judging(Row r, std::string summary)
{
    r.summary = std::move(summary);
    return r;
}

const std::string kSummary
    = "Apple has offered to refund Australian customers who felt misled about the 4G capabilities of the new iPad, "
      "after the country's consumer watchdog took the company to court for false advertising. The case will go to a "
      "full trial on 2 May.";

// The same summary reworded a little, as a judge that "improves" it writes it.
const std::string kRewrite
    = "Here is an improved summary:\n\nApple has offered to refund Australian customers who felt misled about the 4G "
      "capabilities of its new iPad, after the country's consumer watchdog took the company to court for false "
      "advertising. The case will go to a full trial on 2 May.";

// A long explanation full of numbers that are not the answer.
std::string longExplanation()
{
    std::string out;
    for (int i = 0; i < 300; ++i)
        out.append("In 2012, the watchdog said 4G networks in 3 cities were affected and 12 stores sold the device. ");
    return out;
}

std::string refusal()
{
    return "I'm sorry, but I can't help with evaluating this content.";
}

// ---- rows per family -------------------------------------------------------------------------------

std::vector<Row> scoreRows()
{
    return {
        ok("label colon", "Score: 4", "4"),
        ok("bare number", "4", "4"),
        ok("bare number with newline", "3\n", "3"),
        ok("fraction", "4/5", "4"),
        ok("label and fraction", "Score: 4/5", "4"),
        ok("scoring a 2 out of 5", "The summary misses the main point, scoring a 2 out of 5.", "2"),
        ok("a score of four", "Overall, I would give this summary a score of four.", "4"),
        ok("markdown bold label", "**Rating:** 3", "3"),
        ok("markdown bold all", "**Score: 4**", "4"),
        ok("json", "{\"score\": 4}", "4"),
        ok("json string value", "{\"score\": \"3\", \"reason\": \"Mostly accurate.\"}", "3"),
        ok("json fenced", "```json\n{\n  \"reason\": \"Mentions 2 of the 3 key facts.\",\n  \"score\": 3\n}\n```", "3"),
        ok("rts two lines", "Reason: The summary captures the refund offer but omits the trial date.\nScore: 4", "4"),
        ok("number in explanation first", "The article mentions 3 people. Score: 4", "4"),
        ok("agreeing repeat", "Score: 4. The summary is concise and accurate, so 4 it is.", "4"),
        ok("explanation after", "Score: 4\n\nExplanation: the summary keeps the 2 main points but drops the date.",
           "4"),
        ok("rate it out of", "I'd rate it 4 out of 5.", "4"),
        ok("parenthesised label", "Rating: 5 (excellent)", "5"),
        ok("final score", "Final score: 2", "2"),
        ok("dimension score label", "Coherence score: 3", "3"),
        ok("bold label only", "**Score**: 1", "1"),
        ok("heading then number", "### Score\n\n4", "4"),
        ok("reason then number line", "The summary is faithful to the source and well written.\n\n5", "5"),
        ok("number then reason", "4\n\nThe summary is mostly accurate but misses the date of the trial.", "4"),
        ok("scale echo in label", "Score (1-5): 3", "3"),
        ok("scale sentence", "On a scale of 1 to 5, I would rate this summary a 4.", "4"),
        ok("half point", "Score: 3.5", "3.5"),
        ok("key value last line", "Relevance: 4", "4"),
        ok("reason and key line", "Reason: Covers the refund and the court case.\nRelevance: 5", "5"),
        ok("out of with dash", "Score: 4 out of 5 - the summary is clear and complete.", "4"),
        ok("give a", "I give this summary a 3.", "3"),
        ok("upper case", "SCORE: 2", "2"),
        ok("equals", "score=5", "5"),
        ok("double brackets", "[[4]]", "4"),
        ok("label line then number line", "Score:\n4", "4"),
        ok("earns", "The summary earns a 3 because it leaves out the outcome of the hearing.", "3"),
        scaled(ok("fluency 1-3", "Fluency score (1-3): 2", "2"), 1, 3),
        ok("full-width colon",
           "Score\xEF\xBC\x9A"
           "4",
           "4"),
        ok("em dash", "Score \xE2\x80\x94 4", "4"),
        ok("no-break space",
           "Score:\xC2\xA0"
           "4",
           "4"),
        ok("emoji after", "Score: 5 \xE2\x9C\x85", "5"),
        ok("count before label", "Note: I considered 2 factors.\nScore: 5", "5"),
        ok("stars", "Rating: 4 stars", "4"),
        ok("deserves", "The summary deserves a 4 for relevance.", "4"),
        ok("number word", "Score: four", "4"),
        ok("five out of five", "I would rate it five out of five.", "5"),
        ok("full marks", "The summary is excellent. Score: 5/5", "5"),
        ok("claude style",
           "Looking at the summary against the article, it covers the refund and the lawsuit accurately.\n\n**Score: "
           "4**",
           "4"),
        ok("llama chatty",
           "Here is my evaluation:\n\nReason: The summary is accurate.\nScore: 3\n\nLet me know if you need anything "
           "else!",
           "3"),
        ok("very long explanation", longExplanation() + "\nScore: 2", "2"),
        ok("count after score", "Score: 2 - the summary contradicts the article on 3 points.", "2"),
        ok("mistral reason with count", "Score: 4\nReason: The summary captures 4 key facts from the article.", "4"),
        ok("my rating", "My rating: 1. The summary is unrelated to the article.", "1"),
        ok("evaluation fraction", "Evaluation: 3/5", "3"),
        ok("give out of for", "I would give it a 3 out of 5 for coherence.", "3"),
        ok("count of facts then label", "4 out of 5 facts are correct. Score: 3", "3"),
        scaled(ok("ten point scale", "Score: 8/10", "8"), 1, 10),
        scaled(ok("zero-based scale", "Score: 0", "0"), 0, 4),
        ok("CRLF lines", "Reason: fine.\r\nScore: 4\r\n", "4"),
        ok("negation before label ignored", "I wouldn't give it a 5. Score: 4", "4"),
        // "I cannot ..." about the text is not a refusal to judge.
        ok("cannot find errors", "I cannot find any factual errors in the summary. Score: 5", "5"),
        ok("as an AI but answers", "As an AI language model, I find the summary accurate and concise. Score: 4", "4"),
        judging(ok("quotes the summary then judges",
                   "The summary says \"the case will go to a full trial on 2 May\", which matches the article, but it "
                   "omits why Apple was sued and what the regulator argued in detail. Score: 4",
                   "4"),
                kSummary),
        // invalid
        bad("empty", "", "empty answer"),
        bad("whitespace", "   \n\t  ", "empty answer"),
        bad("refusal sorry", "I'm sorry, but I can't evaluate this summary without the full article.", "refused"),
        bad("refusal as an ai", "As an AI language model, I cannot provide a score for this summary.", "refused"),
        bad("refusal with a number", "I'm sorry, but I cannot evaluate this. Score: 3", "refused"),
        bad("refusal cannot rate", "I can't rate this summary because the article is missing.", "refused"),
        judging(bad("rewritten summary", kRewrite, "rewrites the summary"), kSummary),
        judging(bad("repeated summary", kSummary, "rewrites the summary"), kSummary),
        judging(bad("rewritten summary with score", kRewrite + "\nScore: 3", "rewrites the summary"), kSummary),
        bad("conflict bare then final", "4\n\nThe summary has some issues with the dates.\nFinal score: 2",
            "conflicting scores 4 and 2"),
        bad("conflict two labels", "Score: 4\n\nOn reflection, Score: 3", "conflicting scores 4 and 3"),
        bad("conflict lines", "Score: 4\nScore: 2", "conflicting scores 4 and 2"),
        bad("hedge or", "Score: 4 or 5", "conflicting scores 4 and 5"),
        bad("hedge range", "Score: 3-4", "conflicting scores 3 and 4"),
        bad("conflict hypothetical", "Score: 4\n\nIf it had named the date I would give it a 5.",
            "conflicting scores 4 and 5"),
        bad("above range", "Score: 7", "score 7 is out of range 1-5"),
        bad("below range", "Score: 0", "score 0 is out of range 1-5"),
        bad("negative", "Score: -1", "score -1 is out of range"),
        bad("other scale", "I'd rate it 4 out of 10.", "out of range: 4 out of 10"),
        bad("other scale fraction", "Score: 8/10", "out of range: 8 out of 10"),
        bad("json out of range", "{\"score\": 6}", "score 6 is out of range"),
        scaled(bad("fluency scale 1-3 exceeded", "Score: 4/5", "out of range: 4 out of 5 (the scale is 1-3)"), 1, 3),
        bad("no score", "The summary is good.", "no score found"),
        bad("counts only", "The article mentions 3 people and 2 places.", "no score found"),
        bad("not applicable", "Score: N/A", "no score found"),
        bad("percentage", "Score: 80%", "no score found"),
        bad("stars glyphs", "Rating: \xE2\x98\x85\xE2\x98\x85\xE2\x98\x85\xE2\x98\x85\xE2\x98\x86", "no score found"),
        bad("count out of count", "The summary covers 2 out of 5 key points.", "no score found"),
        bad("continues the summary",
            "The company said it would appeal the ruling and expects the trial to last 3 weeks.", "no score found"),
        bad("long explanation without score", longExplanation(), "no score found"),
    };
}

// How RTS and other single-score answers end: the score last, in parentheses, brackets, Markdown,
// after an arrow or a label; and the endings a careful reader would still not take as a score.
std::vector<Row> trailingScoreRows()
{
    return {
        // a final parenthesised in-range number after the reasoning is the score
        ok("rts irrelevant (1)",
           "The summary is about a different product launch and never mentions the refund or the court case, therefore "
           "it is irrelevant (1).",
           "1"),
        ok("rts two lines then (1)",
           "Reasoning: The summary says Apple refused refunds, which contradicts the article.\nTherefore it is "
           "inconsistent (1).",
           "1"),
        ok("(N) without full stop", "Covers the refund and the lawsuit but not the trial date (4)", "4"),
        ok("so (N)", "It covers only one of the three key facts, so (2).", "2"),
        ok("bold (N) after reasoning", "It omits the date but is otherwise accurate **(4)**", "4"),
        ok("italic (N)", "Clear, faithful and complete *(5)*.", "5"),
        ok("(bold N)", "Mostly off-topic (**2**).", "2"),
        ok("quoted sentence ending (N)", "\"The summary is faithful but terse (4).\"", "4"),
        ok("trailing spaces and blank lines", "Coherent and well organised (5)   \n\n", "5"),
        ok("arrow (N)", "Misses the main claim and the outcome \xE2\x86\x92 (2)", "2"),
        ok("em dash (N)", "Faithful, fluent, complete \xE2\x80\x94 (5)", "5"),
        ok("half point (N)", "Somewhere between adequate and good (3.5).", "3.5"),
        ok("full-width parentheses alone",
           "\xEF\xBC\x88"
           "3\xEF\xBC\x89",
           "3"),
        ok("full-width parentheses after reasoning",
           "The summary misses the court case\xEF\xBC\x88"
           "2\xEF\xBC\x89",
           "2"),
        ok("CJK reasoning then full-width (N)",
           "\xE6\x91\x98\xE8\xA6\x81\xE9\x81\x97\xE6\xBC\x8F\xE4\xBA\x86\xE8\xAF\x89\xE8\xAE\xBC\xEF\xBC\x88"
           "2\xEF\xBC\x89",
           "2"),
        ok("(N) agrees with label", "Score: 1. The summary is about a different story, so it is irrelevant (1).", "1"),
        ok("letter enumeration then (N)",
           "The summary (a) omits the date and (b) misnames the court, so it is weak (2).", "2"),
        ok("years in prose then (N)", "The article is from 2012 and the summary says 2013, so it is inconsistent (1).",
           "1"),
        scaled(ok("ten point (N)", "Detailed, accurate and well written (8).", "8"), 1, 10),
        scaled(ok("zero-based (0)", "No overlap with the article at all (0).", "0"), 0, 4),
        ok("code fence after (N)", "```\nThe summary keeps every key detail (5)\n```", "5"),
        ok("double brackets after reasoning", "The summary keeps the key facts but is wordy. [[3]]", "3"),
        ok("label and a final citation", "Score: 4. The date is wrong, see (2).", "4"),
        // shapes the other rules read, pinned
        ok("(Score: N)", "The summary is accurate and concise (Score: 4)", "4"),
        ok("(N/5)", "Covers the refund and the court case but not the date (4/5).", "4"),
        ok("(rating: N)", "Mostly faithful, a little long (rating: 3)", "3"),
        ok("give N (out of 5)", "It is fluent and accurate, so I give it a 4 (out of 5).", "4"),
        ok("bold (N) line", "The summary is excellent.\n\n**(5)**", "5"),
        ok("(N) line and newline", "Reason: faithful but misses the date.\n(3)\n", "3"),
        ok("Final answer: (N)", "Final answer: (4)", "4"),
        ok("[[N]] alone", "[[3]]", "3"),
        ok("Rating: [[N]]", "The summary is fluent and faithful.\n\nRating: [[5]]", "5"),
        ok("Score - N", "Score - 4", "4"),
        ok("N out of 5.", "The summary is relevant. 4 out of 5.", "4"),
        ok("Rating = N", "Rating = 2", "2"),
        ok("rate (N) word", "I would rate this (2) two.", "2"),
        ok("Overall: N/5 (good)", "Overall: 3/5 (good)", "3"),
        ok("bold Score: N.", "The summary is accurate.\n\n**Score: 4.**", "4"),
        ok("italic label", "_Rating_: 2", "2"),
        ok("quoted N", "Score: \"3\"", "3"),
        ok("verdict (N)", "My verdict on relevance: (4)", "4"),
        // still refused: ambiguous, out of range, or not a score
        bad("enumeration markers", "The summary covers points (1) and (2) of the article but misses (3).",
            "may be a list marker or a reference"),
        bad("citation then different final",
            "As explained in (2), the summary drops the outcome, therefore it is irrelevant (1).",
            "may be a list marker or a reference"),
        bad("two (N) at the end", "The summary is fair (3) (4).", "may be a list marker or a reference"),
        bad("(N) or (M)", "The summary is decent, (3) or (4).", "conflicting scores 3 and 4"),
        bad("N or (M)", "I would say 3 or (4).", "after \"or\" is a hedge"),
        bad("(N-M) hedge", "Decent coverage of the article (3-4).", "conflicting scores 3 and 4"),
        bad("(score N or M)", "The summary is decent (score 3 or 4).", "conflicting scores 3 and 4"),
        bad("scale mention (1-5)", "Relevance of the summary to the article (1-5).", "no score found"),
        bad("(6) on 1-5", "An exceptionally good summary (6).", "the final (6) is outside the scale 1-5"),
        bad("(0) on 1-5", "The summary has nothing to do with the article (0).",
            "the final (0) is outside the scale 1-5"),
        bad("see (N)", "The date is wrong, see (2).", "a reference"),
        bad("sentence (N)", "The summary contradicts the article's key sentence (3).", "a reference"),
        bad("(N) conflicts with label", "Score: 4\n\nThe summary omits the lawsuit entirely, so it is irrelevant (1).",
            "conflicting scores 4 and 1"),
        bad("(N) before more prose", "The summary is irrelevant (1) because it is about another product.",
            "no score found"),
        bad("(N/10) on 1-5", "Accurate but long (7/10).", "out of range: 7 out of 10"),
        bad("(N%)", "About right (80%).", "no score found"),
        bad("(N/A)", "Cannot be judged from the excerpt (N/A).", "no score found"),
        bad("(letter)", "Mostly faithful (B).", "no score found"),
        bad("single bracket citation", "The summary misreports the date [3].", "no score found"),
        bad("(number word)", "A good one (four).", "no score found"),
    };
}

std::vector<Row> choiceRows()
{
    return {
        ok("letter", "D", "4"),
        ok("letter point", "D.", "4"),
        ok("answer label", "Answer: D", "4"),
        ok("parenthesised", "(D)", "4"),
        ok("double brackets", "[[D]]", "4"),
        ok("bold", "**D**", "4"),
        ok("letter and description", "D) Good", "4"),
        ok("letter colon description", "D: The summary is good and covers most key points.", "4"),
        ok("letter paren description", "C (fair)", "3"),
        ok("option word", "Option D", "4"),
        ok("answer is because", "The answer is D because the summary is mostly faithful.", "4"),
        ok("answer then explanation",
           "Answer: D\n\nExplanation: The summary includes the refund offer and the court case.", "4"),
        ok("I choose", "I choose B.", "2"),
        ok("lower case after colon", "My choice: c", "3"),
        ok("answer parenthesised", "Answer: (B)", "2"),
        ok("lower case answer", "answer: b", "2"),
        ok("letter dash word", "E - Excellent", "5"),
        ok("first letter", "A", "1"),
        ok("final answer", "Final answer: C", "3"),
        ok("choice label", "Choice: A", "1"),
        ok("bold answer line", "**Answer: D**", "4"),
        ok("answer on next line", "Answer:\n\nD", "4"),
        ok("json", "{\"answer\": \"D\"}", "4"),
        ok("json fenced", "```json\n{\"choice\": \"B\"}\n```", "2"),
        ok("letter then reasoning", "D\n\nThe summary is consistent with the article and covers most key points.", "4"),
        ok("reasoning then answer", "Based on the article, the summary is mostly relevant. Answer: D", "4"),
        ok("select option", "After comparing the summary to the article, I select option B.", "2"),
        ok("answer dash", "Answer - E", "5"),
        ok("answer is A", "The answer is A.", "1"),
        ok("answer A then prose", "Answer: A. The summary does not reflect the article at all.", "1"),
        ok("answer is parenthesised", "The correct answer is (C).", "3"),
        ok("full-width colon",
           "Answer\xEF\xBC\x9A"
           "D",
           "4"),
        ok("emoji", "Answer: D \xE2\x9C\x85", "4"),
        ok("heading", "## Answer\nB", "2"),
        ok("explanation with article A", "A summary should cover the main points; this one does.\nAnswer: E", "5"),
        ok("pronoun I ignored", "I think the summary is good.\nAnswer: D", "4"),
        ok("agreeing repeat", "Answer: C\n\nSo my answer is C.", "3"),
        ok("trailing space newline", "  B  \n", "2"),
        ok("option colon", "Option C: The summary is fair.", "3"),
        ok("long explanation then answer", longExplanation() + "\nAnswer: B", "2"),
        ok("selected", "Selected: E", "5"),
        ok("verdict", "Verdict: A", "1"),
        ok("answer within sentence", "My answer is D, since the summary is accurate but a little long.", "4"),
        ok("markdown list answer", "- Answer: C", "3"),
        counted(ok("three letters", "Answer: C", "3"), 3),
        counted(ok("nine letters allow I", "Answer: I", "9"), 9),
        ok("letter after dimension", "Relevance: D", "4"),
        ok("claude bold inline", "After reviewing the article, my answer is **B**.", "2"),
        ok("unicode quotes",
           "The answer is \xE2\x80\x9C"
           "D\xE2\x80\x9D.",
           "4"),
        ok("bracket single", "[C]", "3"),
        // a final parenthesised letter after the reasoning, as for scores
        ok("reasoning then (letter)", "The summary is faithful but omits the trial date, so it is good (D).", "4"),
        ok("reasoning then bold (letter)", "Mostly accurate, a few details missing **(D)**", "4"),
        ok("full-width (letter)",
           "\xEF\xBC\x88"
           "B\xEF\xBC\x89",
           "2"),
        ok("answer is (letter) pinned", "Having weighed it, the answer is (C).", "3"),
        // invalid
        bad("empty", "", "empty answer"),
        bad("whitespace", "\n \n", "empty answer"),
        bad("refusal", refusal(), "refused"),
        judging(bad("rewrite", kRewrite, "rewrites the summary"), kSummary),
        bad("letter out of range", "Answer: F", "choice F is not one of A-E"),
        bad("far letter", "Answer: Z", "choice Z is not one of A-E"),
        bad("conflict", "Answer: B\n\nFinal answer: D", "conflicting choices B and D"),
        bad("hedge", "B or C", "conflicting choices B and C"),
        bad("echoed options", "A.\nB.\nC.\nD.\nE.", "conflicting choices A and B"),
        bad("no letter", "The summary is fairly good.", "no answer letter (A-E) found"),
        bad("article A", "A summary should cover the main points of the article.", "no answer letter"),
        bad("between two", "I think it's between C and D.", "no answer letter"),
        bad("number instead", "Answer: 4", "no answer letter"),
        counted(bad("three-letter scale D", "Answer: D", "choice D is not one of A-C"), 3),
        bad("conflict line start and label", "B. The summary is poor.\nAnswer: D", "conflicting choices B and D"),
        bad("options echoed then (letter)", "It sits between fair (C) and good (D).",
            "may be a list marker or a reference"),
        bad("(letter) out of range", "An outstanding summary (F).", "the final (F) is not one of A-E"),
        bad("see (letter)", "The wording is odd, see (B).", "a reference"),
        bad("(letter) or (letter)", "The summary is fair or good, (C) or (D).", "conflicting choices C and D"),
    };
}

std::vector<Row> multiRows()
{
    return {
        ok("lines", "Coherence: 4\nConsistency: 5\nFluency: 5\nRelevance: 3", "4,5,5,3"),
        ok("bold labels", "**Coherence:** 4\n**Consistency:** 5\n**Fluency:** 5\n**Relevance:** 3", "4,5,5,3"),
        ok("bold all", "**Coherence: 4**\n**Consistency: 5**\n**Fluency: 5**\n**Relevance: 3**", "4,5,5,3"),
        ok("table",
           "| Dimension | Score |\n|---|---|\n| Coherence | 4 |\n| Consistency | 5 |\n| Fluency | 5 |\n| Relevance | 3 "
           "|",
           "4,5,5,3"),
        ok("table with reasons",
           "| Dimension | Score | Reason |\n|---|---|---|\n| Coherence | 4 | flows well |\n| Consistency | 5 | all 3 "
           "facts match |\n| Fluency | 5 | clean |\n| Relevance | 3 | misses the date |",
           "4,5,5,3"),
        ok("json", "{\"coherence\": 4, \"consistency\": 5, \"fluency\": 5, \"relevance\": 3}", "4,5,5,3"),
        ok("json capitalised", "{\"Coherence\": 4, \"Consistency\": 5, \"Fluency\": 5, \"Relevance\": 3}", "4,5,5,3"),
        ok("json nested scores",
           "{\"scores\": {\"coherence\": 4, \"consistency\": 5, \"fluency\": 5, \"relevance\": 3}}", "4,5,5,3"),
        ok("json nested objects",
           "{\"coherence\": {\"score\": 4, \"reason\": \"Flows, though sentence 2 is abrupt.\"}, \"consistency\": "
           "{\"score\": 5, \"reason\": \"ok\"}, \"fluency\": {\"score\": 5, \"reason\": \"ok\"}, \"relevance\": "
           "{\"score\": 3, \"reason\": \"misses 2 points\"}}",
           "4,5,5,3"),
        ok("json fenced", "```json\n{\"coherence\": 4, \"consistency\": 5, \"fluency\": 5, \"relevance\": 3}\n```",
           "4,5,5,3"),
        ok("json string scores",
           "{\"coherence\": \"4\", \"consistency\": \"5\", \"fluency\": \"5\", \"relevance\": \"3\"}", "4,5,5,3"),
        ok("fractions", "Coherence: 4/5\nConsistency: 5/5\nFluency: 5/5\nRelevance: 3/5", "4,5,5,3"),
        ok("numbered list", "1. Coherence: 4\n2. Consistency: 5\n3. Fluency: 5\n4. Relevance: 3", "4,5,5,3"),
        ok("with explanations",
           "Coherence: 4 - The summary flows logically.\nConsistency: 5 - No errors.\nFluency: 5 - Well "
           "written.\nRelevance: 3 - It omits the trial date.",
           "4,5,5,3"),
        ok("other order", "Relevance: 3\nFluency: 5\nCoherence: 4\nConsistency: 5", "4,5,5,3"),
        ok("dash separator", "Coherence - 4\nConsistency - 5\nFluency - 5\nRelevance - 3", "4,5,5,3"),
        ok("score word", "Coherence score: 4\nConsistency score: 5\nFluency score: 5\nRelevance score: 3", "4,5,5,3"),
        ok("scale echo", "Coherence (1-5): 4\nConsistency (1-5): 5\nFluency (1-5): 5\nRelevance (1-5): 3", "4,5,5,3"),
        ok("lower case", "coherence: 4\nconsistency: 5\nfluency: 5\nrelevance: 3", "4,5,5,3"),
        ok("inline", "Coherence: 4, Consistency: 5, Fluency: 5, Relevance: 3.", "4,5,5,3"),
        ok("counts in parentheses",
           "Coherence: 4\nConsistency: 5 (all 3 facts match the article)\nFluency: 5\nRelevance: 3", "4,5,5,3"),
        ok("agreeing repeat", "Coherence: 4\nConsistency: 5\nFluency: 5\nRelevance: 3\n\nIn short, coherence: 4.",
           "4,5,5,3"),
        ok("preamble",
           "Here are my ratings for the summary:\n\nCoherence: 4\nConsistency: 5\nFluency: 5\nRelevance: 3\n\nOverall "
           "the summary is solid.",
           "4,5,5,3"),
        ok("markdown headings", "### Coherence\n4\n### Consistency\n5\n### Fluency\n5\n### Relevance\n3", "4,5,5,3"),
        ok("is rated", "Coherence is rated 4. Consistency is rated 5. Fluency is rated 5. Relevance is rated 3.",
           "4,5,5,3"),
        ok("number words", "Coherence: four\nConsistency: five\nFluency: five\nRelevance: three", "4,5,5,3"),
        ok("bullets", "- Coherence: 4\n- Consistency: 5\n- Fluency: 5\n- Relevance: 3", "4,5,5,3"),
        ok("unicode dash",
           "Coherence \xE2\x80\x94 4\nConsistency \xE2\x80\x94 5\nFluency \xE2\x80\x94 5\nRelevance \xE2\x80\x94 3",
           "4,5,5,3"),
        ok("half points", "Coherence: 4.5\nConsistency: 5\nFluency: 5\nRelevance: 3", "4.5,5,5,3"),
        ok("all ones", "Coherence: 1\nConsistency: 1\nFluency: 1\nRelevance: 1", "1,1,1,1"),
        ok("explanations mention other numbers",
           "Coherence: 4. The 2 sentences connect.\nConsistency: 5. All 4 figures are right.\nFluency: 5\nRelevance: 3",
           "4,5,5,3"),
        ok("long preamble", longExplanation() + "\nCoherence: 4\nConsistency: 5\nFluency: 5\nRelevance: 3", "4,5,5,3"),
        ok("crlf", "Coherence: 4\r\nConsistency: 5\r\nFluency: 5\r\nRelevance: 3\r\n", "4,5,5,3"),
        ok("equals", "coherence=4 consistency=5 fluency=5 relevance=3", "4,5,5,3"),
        ok("scores then explanation block",
           "Coherence: 4\nConsistency: 5\nFluency: 5\nRelevance: 3\n\nExplanation: The summary is accurate; relevance "
           "suffers because the trial date is missing.",
           "4,5,5,3"),
        ok("gpt4 style",
           "**Evaluation**\n\n- **Coherence**: 4 \xE2\x80\x93 logical order.\n- **Consistency**: 5 \xE2\x80\x93 "
           "faithful.\n- **Fluency**: 5 \xE2\x80\x93 fluent.\n- **Relevance**: 3 \xE2\x80\x93 misses a key point.",
           "4,5,5,3"),
        ok("yaml", "coherence: 4\nconsistency: 5\nfluency: 5\nrelevance: 3", "4,5,5,3"),
        ok("json with explanation outside",
           "My ratings:\n```json\n{\"coherence\": 4, \"consistency\": 5, \"fluency\": 5, \"relevance\": 3}\n```\nThe "
           "summary is good.",
           "4,5,5,3"),
        ok("dimension named in prose first",
           "The coherence is good overall.\nCoherence: 4\nConsistency: 5\nFluency: 5\nRelevance: 3", "4,5,5,3"),
        // invalid
        bad("missing dimension", "Coherence: 4\nConsistency: 5\nRelevance: 3", "no score for Fluency"),
        bad("out of range", "Coherence: 4\nConsistency: 5\nFluency: 7\nRelevance: 3",
            "Fluency: score 7 is out of range 1-5"),
        bad("zero", "Coherence: 0\nConsistency: 5\nFluency: 5\nRelevance: 3", "Coherence: score 0 is out of range"),
        bad("conflict", "Coherence: 4\nConsistency: 5\nFluency: 5\nRelevance: 3\nOn reflection, Coherence: 2",
            "conflicting scores for Coherence: 4 and 2"),
        bad("other scale", "Coherence: 4/10\nConsistency: 5\nFluency: 5\nRelevance: 3",
            "Coherence: out of range: 4 out of 10"),
        bad("empty", "", "empty answer"),
        bad("whitespace", " \n ", "empty answer"),
        bad("refusal", refusal(), "refused"),
        bad("refusal unable", "I am unable to evaluate summaries of legal proceedings.", "refused"),
        judging(bad("rewrite", kRewrite, "rewrites the summary"), kSummary),
        bad("words instead of scores", "Coherence: good\nConsistency: excellent\nFluency: excellent\nRelevance: fair",
            "no score for Coherence"),
        bad("header without score", "Coherence\nFluency: 3\nConsistency: 5\nRelevance: 3", "no score for Coherence"),
        bad("json missing one", "{\"coherence\": 4, \"consistency\": 5, \"relevance\": 3}", "no score for Fluency"),
        bad("json out of range", "{\"coherence\": 4, \"consistency\": 6, \"fluency\": 5, \"relevance\": 3}",
            "Consistency: score 6 is out of range"),
        bad("hedge", "Coherence: 4 or 5\nConsistency: 5\nFluency: 5\nRelevance: 3",
            "conflicting scores for Coherence: 4 and 5"),
        bad("not applicable", "Coherence: N/A\nConsistency: 5\nFluency: 5\nRelevance: 3", "no score for Coherence"),
        bad("prose only", "The summary is coherent, consistent, fluent and relevant.", "no score for Coherence"),
        bad("counts in prose", "The coherence suffers from 2 abrupt jumps. Consistency has 1 error.",
            "no score for Coherence"),
        bad("single overall score", "Score: 4", "no score for Coherence"),
        bad("continuation", "The company said it would appeal the ruling.", "no score for Coherence"),
        // Not read (yet): dimensions as the columns of a one-row table. Invalid, not guessed.
        bad("horizontal table",
            "| Coherence | Consistency | Fluency | Relevance |\n|---|---|---|---|\n| 4 | 5 | 5 | 3 |",
            "no score for Coherence"),
    };
}

std::vector<Row> yesNoRows()
{
    return {
        ok("Yes", "Yes", "1"),
        ok("No", "No", "0"),
        ok("lower yes", "yes", "1"),
        ok("upper no", "NO", "0"),
        ok("Yes point", "Yes.", "1"),
        ok("No point", "No.", "0"),
        ok("bold", "**Yes**", "1"),
        ok("yes comma reason", "Yes, the summary states that the company was taken to court.", "1"),
        ok("no point reason", "No. The article does not mention the date of the trial.", "0"),
        ok("answer label yes", "Answer: Yes", "1"),
        ok("answer label no", "Answer: No", "0"),
        ok("final answer", "Final answer: yes", "1"),
        ok("json", "{\"answer\": \"no\"}", "0"),
        ok("json boolean", "```json\n{\"supported\": true}\n```", "1"),
        ok("reason then yes line", "The sentence is supported by the article.\n\nYes", "1"),
        ok("count before label", "After checking the article, the claim about the 3 victims is accurate. Answer: Yes",
           "1"),
        ok("no with numbers", "No, the article says 12 people were hurt, not 15.", "0"),
        ok("yes dash", "Yes - the unit is expressed in the second sentence.", "1"),
        ok("yes then explanation", "Yes\n\nExplanation: The summary mentions the refund offer.", "1"),
        ok("verdict", "Verdict: No", "0"),
        ok("double brackets", "[[Yes]]", "1"),
        ok("lower point", "yes.", "1"),
        ok("no em dash", "No \xE2\x80\x94 the summary never mentions the lawsuit.", "0"),
        ok("yes although no", "Yes, although no date is given.", "1"),
        ok("no errors then yes", "No errors found. Answer: Yes", "1"),
        ok("answer yes comma", "Answer: yes, it is present.", "1"),
        ok("supported label", "Supported: No", "0"),
        ok("present label", "Present: Yes", "1"),
        ok("last sentence", "The content unit is present in the summary. Yes.", "1"),
        ok("emoji", "Yes \xE2\x9C\x85", "1"),
        ok("upper YES", "YES", "1"),
        ok("padded", "  yes  \n", "1"),
        ok("exclamation", "Yes!", "1"),
        ok("lower no", "no", "0"),
        ok("bold in label", "Answer: **No**", "0"),
        ok("response label", "Response: Yes", "1"),
        ok("true line", "True", "1"),
        ok("false line", "False", "0"),
        ok("yes the", "Yes the sentence is supported.", "1"),
        ok("no because", "No because the article gives a different figure.", "0"),
        ok("heading then answer", "## Answer\nNo", "0"),
        ok("long then yes", longExplanation() + "\nAnswer: Yes", "1"),
        ok("agreeing repeat", "Yes. The unit is there, so yes.", "1"),
        ok("unicode quotes", "Answer: \xE2\x80\x9CYes\xE2\x80\x9D", "1"),
        ok("claude style",
           "Looking at the article, the sentence's claim that the trial starts on 2 May is stated "
           "directly.\n\n**Answer: Yes**",
           "1"),
        ok("llama style", "Based on the article, I would say:\n\nNo\n\nThe article does not support this claim.", "0"),
        ok("mistral style", "Answer: No. The summary attributes the statement to the wrong person.", "0"),
        ok("judgment", "Judgment: yes", "1"),
        ok("crlf", "No.\r\nThe article disagrees.\r\n", "0"),
        ok("yes colon", "Yes: the summary states it.", "1"),
        // invalid
        bad("empty", "", "empty answer"),
        bad("whitespace", "\t\n", "empty answer"),
        bad("refusal", refusal(), "refused"),
        bad("refusal cannot judge", "I cannot judge whether this is supported without the full article.", "refused"),
        judging(bad("rewrite", kRewrite, "rewrites the summary"), kSummary),
        bad("yes and no", "Yes and no.", "conflicting answers yes and no"),
        bad("conflict", "Yes. The sentence matches the article.\nFinal answer: No", "conflicting answers yes and no"),
        bad("conflict labels", "Answer: Yes\nAnswer: No", "conflicting answers yes and no"),
        bad("yes or no", "Yes or no?", "conflicting answers"),
        bad("maybe", "Maybe.", "no yes or no answer found"),
        bad("partially", "The sentence is partially supported.", "no yes or no answer found"),
        bad("depends", "It depends on the interpretation.", "no yes or no answer found"),
        bad("no errors", "No errors were found in the sentence.", "no yes or no answer found"),
        bad("no mention", "There is no mention of the date.", "no yes or no answer found"),
        bad("unclear", "Answer: unclear", "no yes or no answer found"),
        bad("long without answer", longExplanation(), "no yes or no answer found"),
        bad("true in prose", "It is true that the article mentions Apple.", "no yes or no answer found"),
    };
}

std::vector<Row> comparisonRows()
{
    // name prefixes: h2h / pairwise / compare select the style in the test
    return {
        // h2h: A first better, B second better, C equal
        ok("h2h A", "A", "a"),
        ok("h2h B", "B", "b"),
        ok("h2h C", "C", "tie"),
        ok("h2h answer label", "Answer: A", "a"),
        ok("h2h option word", "Option B", "b"),
        ok("h2h parenthesised", "(C)", "tie"),
        ok("h2h double brackets", "[[A]]", "a"),
        ok("h2h letter and reason", "A. Summary 1 is more relevant than Summary 2.", "a"),
        ok("h2h answer dash reason", "Answer: C - both summaries are equally coherent.", "tie"),
        ok("h2h letter then paragraph", "B\n\nSummary 2 covers the refund and the trial date.", "b"),
        ok("h2h bold label", "**Answer:** B", "b"),
        ok("h2h json", "{\"answer\": \"C\"}", "tie"),
        ok("h2h answer is because", "The answer is A because Summary 1 keeps the key facts.", "a"),
        ok("h2h lower case", "answer: c", "tie"),
        ok("h2h reasoning first", "Summary 2 omits the trial date, which matters for relevance.\nAnswer: A", "a"),
        ok("h2h long", longExplanation() + "\nAnswer: B", "b"),
        ok("h2h reasoning then (letter)", "Summary 1 keeps the key facts and is more concise than Summary 2 (A).", "a"),
        bad("h2h out of options", "Answer: D", "choice D is not one of A-C"),
        bad("h2h hedge", "A or B", "conflicting choices A and B"),
        bad("h2h conflict", "Answer: A\n\nOn second thought, Final answer: B", "conflicting choices A and B"),
        bad("h2h prose only", "Summary 1 is better.", "no answer letter (A-C) found"),
        bad("h2h empty", "", "empty answer"),
        bad("h2h refusal", refusal(), "refused"),
        // pairwise: 1 or 2, no tie
        ok("pairwise 1", "1", "a"),
        ok("pairwise 2", "2", "b"),
        ok("pairwise Summary 1", "Summary 1", "a"),
        ok("pairwise Summary 2", "Summary 2", "b"),
        ok("pairwise Summary A", "Summary A", "a"),
        ok("pairwise Summary B is better", "Summary B is better.", "b"),
        ok("pairwise answer label", "Answer: 1", "a"),
        ok("pairwise answer summary", "Answer: Summary 2", "b"),
        ok("pairwise prefer", "I prefer Summary 1.", "a"),
        ok("pairwise better summary is", "The better summary is Summary 2.", "b"),
        ok("pairwise better summary label", "Better summary: 1", "a"),
        ok("pairwise double brackets", "[[2]]", "b"),
        ok("pairwise first line verdict", "Summary 1 is better because it includes the verdict.", "a"),
        ok("pairwise number then reason", "2\n\nSummary 2 is more concise and accurate.", "b"),
        ok("pairwise json", "{\"preferred\": 2}", "b"),
        ok("pairwise letter label", "Answer: A", "a"),
        ok("pairwise bold", "**Summary 2**", "b"),
        ok("pairwise the first", "Choice: the first summary", "a"),
        ok("pairwise agreeing", "Summary 1 is better.\nAnswer: 1", "a"),
        ok("pairwise summary underscore json", "{\"winner\": \"summary_2\"}", "b"),
        bad("pairwise tie", "Decision: tie", "the answer is a tie"),
        bad("pairwise both", "Both are equally good.", "no choice of summary 1 or 2 found"),
        bad("pairwise three", "Answer: 3", "the decision '3' is not 1, 2 or tie"),
        bad("pairwise hedge", "1 or 2", "conflicting decisions 1 and 2"),
        bad("pairwise conflict", "Answer: 1\nFinal answer: 2", "conflicting decisions 1 and 2"),
        bad("pairwise prose", "Summary 1 is shorter but Summary 2 is more complete.",
            "no choice of summary 1 or 2 found"),
        bad("pairwise empty", "  ", "empty answer"),
        bad("pairwise refusal", "As an AI, I cannot make subjective judgements about summaries.", "refused"),
        // llmcompare: explanation, then 1, 2 or tie
        ok("compare decision 1",
           "Explanation: Summary 1 covers both parts of the requirement while Summary 2 covers one.\nDecision: 1", "a"),
        ok("compare decision 2", "Explanation: Summary 2 is more complete.\nDecision: 2", "b"),
        ok("compare tie", "Explanation: Both summaries address the requirement equally well.\nDecision: tie", "tie"),
        ok("compare Tie capital", "Decision: Tie", "tie"),
        ok("compare bold", "Explanation: Summary 1 is precise.\n\n**Decision:** 1", "a"),
        ok("compare decision double brackets", "Decision: [[2]]", "b"),
        ok("compare tie double brackets", "Both are fine. [[tie]]", "tie"),
        ok("compare decision summary", "Explanation: ...\n\nDecision: Summary 2", "b"),
        ok("compare tie with reason",
           "Explanation: both are similar.\nDecision: tie (both summaries are equally relevant)", "tie"),
        ok("compare its a tie", "Decision: It's a tie.", "tie"),
        ok("compare equally good", "Decision: both are equally good", "tie"),
        ok("compare neither", "Decision: neither is better", "tie"),
        ok("compare decision is", "The decision is 1.", "a"),
        ok("compare explanation mentions better",
           "Explanation: Summary 2 is better because it follows the timeline.\nDecision: 2", "b"),
        ok("compare verdict first agrees", "Summary 1 is better.\nDecision: 1", "a"),
        ok("compare decision first", "Decision: 1\nExplanation: Summary 1 follows the requirement.", "a"),
        ok("compare count in explanation", "Explanation: Summary 1 names 3 people, Summary 2 names 2.\nDecision: 1",
           "a"),
        ok("compare unicode",
           "Decision\xEF\xBC\x9A"
           "2",
           "b"),
        ok("compare long", longExplanation() + "\nDecision: tie", "tie"),
        ok("compare lower tie alone", "tie", "tie"),
        judging(ok("compare quotes part of the summary",
                   "Explanation: Summary 1 says \"the case will go to a full trial\" which is right.\nDecision: 1",
                   "a"),
                kSummary),
        bad("compare hedge", "Decision: 1 or 2", "conflicting decisions 1 and 2"),
        bad("compare three", "Decision: 3", "the decision '3' is not 1, 2 or tie"),
        bad("compare conflict", "Decision: 1\n\nFinal decision: 2", "conflicting decisions 1 and 2"),
        bad("compare no decision", "Explanation: Summary 1 is concise; Summary 2 is detailed.",
            "no decision (1, 2 or tie) found"),
        bad("compare verdict against decision", "Summary 1 is better.\nDecision: 2", "conflicting decisions 1 and 2"),
        bad("compare refusal", refusal(), "refused"),
        bad("compare empty", "", "empty answer"),
        judging(bad("compare rewrite", kRewrite, "rewrites the summary"), kSummary),
    };
}

std::vector<Row> rankingRows()
{
    return {
        ok("dense", "Ranking: 1, 2, 2, 3, 4", "1,2,2,4,5"),
        ok("competition", "Ranking: 1, 2, 2, 4, 5", "1,2,2,4,5"),
        ok("bracket list", "[2, 1, 3, 3, 5]", "2,1,3,3,5"),
        ok("quoted", "Explanation: Summary 3 misses the timeline.\nRanking: \"3, 1, 2, 5, 4\"", "3,1,2,5,4"),
        ok("spaces", "Ranking: 1 2 3 4 5", "1,2,3,4,5"),
        ok("bold label", "**Ranking:** 2, 1, 4, 3, 5", "2,1,4,3,5"),
        ok("json", "{\"ranking\": [1, 3, 2, 5, 4]}", "1,3,2,5,4"),
        ok("json fenced", "```json\n{\"explanation\": \"...\", \"ranking\": [1, 3, 2, 5, 4]}\n```", "1,3,2,5,4"),
        ok("json per summary",
           "{\"Summary 1\": 2, \"Summary 2\": 1, \"Summary 3\": 3, \"Summary 4\": 5, \"Summary 5\": 4}", "2,1,3,5,4"),
        ok("lines per summary", "Summary 1: 2\nSummary 2: 1\nSummary 3: 3\nSummary 4: 5\nSummary 5: 4", "2,1,3,5,4"),
        ok("rank words per summary",
           "Summary 1 - Rank 2\nSummary 2 - Rank 1\nSummary 3 - Rank 3\nSummary 4 - Rank 5\nSummary 5 - Rank 4",
           "2,1,3,5,4"),
        ok("ordinals per summary",
           "Summary 1 is ranked 2nd.\nSummary 2 is ranked 1st.\nSummary 3 is ranked 3rd.\nSummary 4 is ranked "
           "5th.\nSummary 5 is ranked 4th.",
           "2,1,3,5,4"),
        ok("all tied", "1, 1, 1, 1, 1", "1,1,1,1,1"),
        ok("label then next line", "Ranking:\n1, 2, 3, 4, 5", "1,2,3,4,5"),
        ok("final ranking", "Final ranking: 5, 4, 3, 2, 1", "5,4,3,2,1"),
        counted(ok("three candidates", "Ranking: 2, 1, 3", "2,1,3"), 3),
        counted(ok("two tied", "Ranking: 1, 1", "1,1"), 2),
        ok("counts in explanation", "Explanation: Summary 3 has 2 errors and Summary 5 has 4.\nRanking: 1, 2, 4, 3, 5",
           "1,2,4,3,5"),
        ok("trailing point", "Ranking: 1, 2, 2, 3, 4.", "1,2,2,4,5"),
        ok("label and brackets", "Ranking: [1, 2, 3, 4, 5]", "1,2,3,4,5"),
        ok("ranks label", "Ranks: 1,2,3,4,5", "1,2,3,4,5"),
        ok("scale note before list", "Ranking (1 = best): 2, 1, 3, 4, 5", "2,1,3,4,5"),
        ok("explanation after", "Ranking: 2, 1, 3, 4, 5\n\nSummary 2 was the most complete.", "2,1,3,4,5"),
        ok("dense and competition agree", "Ranking: 1, 2, 2, 3, 4\n\nIn competition form: [1, 2, 2, 4, 5]",
           "1,2,2,4,5"),
        ok("per summary and list agree",
           "Summary 1: 1\nSummary 2: 2\nSummary 3: 2\nSummary 4: 3\nSummary 5: 4\n\nRanking: 1, 2, 2, 3, 4",
           "1,2,2,4,5"),
        ok("semicolons", "Ranking: 1; 2; 3; 4; 5", "1,2,3,4,5"),
        ok("dense with gaps in order", "Ranking: 2, 1, 3, 2, 1", "3,1,5,3,1"),
        ok("unicode colon",
           "Ranking\xEF\xBC\x9A"
           "1, 2, 3, 4, 5",
           "1,2,3,4,5"),
        ok("long explanation", longExplanation() + "\nRanking: 3, 2, 1, 5, 4", "3,2,1,5,4"),
        ok("claude style",
           "Let me rank these summaries.\n\n**Explanation:** Summary 4 follows the requirement most closely, then "
           "1.\n\n**Ranking:** 2, 3, 4, 1, 5",
           "2,3,4,1,5"),
        ok("llama list line", "Here is my ranking:\n\n3, 1, 2, 4, 5", "3,1,2,4,5"),
        ok("json summary underscore",
           "{\"summary_1\": 1, \"summary_2\": 2, \"summary_3\": 2, \"summary_4\": 4, \"summary_5\": 5}", "1,2,2,4,5"),
        ok("rank with ordinal words",
           "Summary 1 ranks first\nSummary 2 ranks second\nSummary 3 ranks third\nSummary 4 ranks fourth\nSummary 5 "
           "ranks fifth",
           "1,2,3,4,5"),
        ok("table",
           "| Summary | Rank |\n|---|---|\n| Summary 1 | 2 |\n| Summary 2 | 1 |\n| Summary 3 | 3 |\n| Summary 4 | 4 "
           "|\n| Summary 5 | 5 |",
           "2,1,3,4,5"),
        ok("crlf", "Explanation: fine.\r\nRanking: 1, 2, 3, 4, 5\r\n", "1,2,3,4,5"),
        ok("quoted items", "Ranking: \"1\", \"2\", \"3\", \"4\", \"5\"", "1,2,3,4,5"),
        ok("bullets per summary", "- Summary 1: 3\n- Summary 2: 1\n- Summary 3: 2\n- Summary 4: 5\n- Summary 5: 4",
           "3,1,2,5,4"),
        ok("bold per summary",
           "**Summary 1**: 1\n**Summary 2**: 1\n**Summary 3**: 3\n**Summary 4**: 3\n**Summary 5**: 5", "1,1,3,3,5"),
        counted(ok("four candidates dense", "Ranking: 1, 2, 2, 3", "1,2,2,4"), 4),
        ok("rank label single then list", "Ranking of the summaries from best (1) to worst (5):\n2, 1, 3, 5, 4",
           "2,1,3,5,4"),
        ok("numbers in explanation before list",
           "Explanation: Summary 2 uses 3 sentences, while 4 is shorter.\n\nRanking: 1, 2, 3, 4, 5", "1,2,3,4,5"),
        // invalid
        bad("too short", "Ranking: 1, 2, 3", "the ranking has 3 ranks for 5 summaries"),
        bad("too long", "Ranking: 1, 2, 3, 4, 5, 6", "the ranking has 6 ranks for 5 summaries"),
        bad("impossible", "Ranking: 1, 3, 3, 3, 5", "neither competition"),
        bad("zero", "Ranking: 0, 1, 2, 3, 4", "ranks start at 1"),
        bad("too high", "Ranking: 1, 2, 3, 4, 7", "neither competition"),
        bad("conflicting lists", "Ranking: 1, 2, 3, 4, 5\nFinal ranking: 2, 1, 3, 4, 5",
            "conflicting rankings 1, 2, 3, 4, 5 and 2, 1, 3, 4, 5"),
        bad("ordering form", "Summary 2 > Summary 1 > Summary 3 > Summary 5 > Summary 4", "no ranking found"),
        bad("explanation only", "Explanation: Summary 1 is the most complete, Summary 3 the least.",
            "no ranking found"),
        bad("per summary missing", "Summary 1: 1\nSummary 2: 2\nSummary 3: 3\nSummary 4: 4", "no rank for summary 5"),
        bad("per summary conflict",
            "Summary 1: 1\nSummary 2: 2\nSummary 3: 3\nSummary 4: 4\nSummary 5: 5\nSummary 1: 3",
            "conflicting ranks for summary 1: 1 and 3"),
        bad("refusal", refusal(), "refused"),
        bad("empty", "", "empty answer"),
        bad("whitespace", "\n\n", "empty answer"),
        judging(bad("rewrite", kRewrite, "rewrites the summary"), kSummary),
        bad("decimals", "Ranking: 1.5, 2, 3, 4, 5", "no ranking found"),
        bad("words", "Ranking: best, good, fair, poor, worst", "no ranking found"),
        bad("list inside text wrong length", "The top [1, 2] are close.", "the ranking has 2 ranks for 5 summaries"),
        bad("all fifth", "Ranking: 5, 5, 5, 5, 5", "neither competition"),
        bad("one number", "Ranking: 1", "no ranking found"),
        // Numbers beyond an int are no ranks and no summary numbers.
        bad("rank beyond an int", "Ranking: 1, 2, 3, 4, 22222222222", "no ranking found"),
        bad("per summary rank beyond an int",
            "Summary 1: 1\nSummary 2: 2\nSummary 3: 3\nSummary 4: 4\nSummary 5: 99999999999", "no rank for summary 5"),
        bad("summary number beyond an int",
            "Summary 1: 1\nSummary 2: 2\nSummary 3: 3\nSummary 4: 4\nSummary 99999999999: 5", "no rank for summary 5"),
    };
}

void addRows(const std::vector<Row> &rows)
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QByteArray>("summary");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<int>("count");
    int n = 0;
    for (const Row &r : rows)
        QTest::addRow("%03d %s", ++n, r.name.c_str())
            << QByteArray::fromStdString(r.text) << r.valid << r.expected << r.reason
            << QByteArray::fromStdString(r.summary) << r.min << r.max << r.count;
}

QString numberText(double v)
{
    return QString::number(v, 'g', 10);
}

// Checks validity and the reason; returns whether the value should be compared.
bool checkValidity(const ParsedAnswer &a, bool valid, const QString &reason)
{
    const QString why = QString::fromStdString(a.invalidReason);
    if (a.valid != valid) {
        QTest::qFail(qPrintable(QStringLiteral("valid=%1, expected %2; reason: %3").arg(a.valid).arg(valid).arg(why)),
                     __FILE__, __LINE__);
        return false;
    }
    if (!valid) {
        if (!why.contains(reason))
            QTest::qFail(qPrintable(QStringLiteral("reason \"%1\" lacks \"%2\"").arg(why, reason)), __FILE__, __LINE__);
        return false;
    }
    if (!a.invalidReason.empty())
        QTest::qFail("a valid answer carries a reason", __FILE__, __LINE__);
    return true;
}

} // namespace

class TestAnswerParser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void familySizes();
    void scores_data() { addRows(scoreRows()); }
    void scores();
    void trailingScores_data() { addRows(trailingScoreRows()); }
    void trailingScores() { scores(); }
    void choices_data() { addRows(choiceRows()); }
    void choices();
    void multiScores_data() { addRows(multiRows()); }
    void multiScores();
    void yesNo_data() { addRows(yesNoRows()); }
    void yesNo();
    void comparisons_data() { addRows(comparisonRows()); }
    void comparisons();
    void rankings_data() { addRows(rankingRows()); }
    void rankings();
    void evaluationSteps_data();
    void evaluationSteps();
    void invalidKeepsNoValue();
};

void TestAnswerParser::familySizes()
{
    // The issue asks for at least 60 realistic answers per protocol family.
    QVERIFY(scoreRows().size() >= 60);
    QVERIFY(choiceRows().size() >= 60);
    QVERIFY(multiRows().size() >= 60);
    QVERIFY(yesNoRows().size() >= 60);
    QVERIFY(comparisonRows().size() >= 60);
    QVERIFY(rankingRows().size() >= 60);
    QVERIFY(trailingScoreRows().size() >= 40);
}

#define FETCH_ROW                                                                                                      \
    QFETCH(QByteArray, text);                                                                                          \
    QFETCH(bool, valid);                                                                                               \
    QFETCH(QString, expected);                                                                                         \
    QFETCH(QString, reason);                                                                                           \
    QFETCH(QByteArray, summary);                                                                                       \
    QFETCH(double, min);                                                                                               \
    QFETCH(double, max);                                                                                               \
    QFETCH(int, count);                                                                                                \
    const ParseContext context{summary.toStdString()};                                                                 \
    (void)min;                                                                                                         \
    (void)max;                                                                                                         \
    (void)count

void TestAnswerParser::scores()
{
    FETCH_ROW;
    const ParsedAnswer a = parseScore(text.toStdString(), min, max, context);
    if (!checkValidity(a, valid, reason))
        return;
    QCOMPARE(numberText(a.value), expected);
    QCOMPARE(a.detail.value("score", -1.0), a.value);
}

void TestAnswerParser::choices()
{
    FETCH_ROW;
    const ParsedAnswer a = parseChoice(text.toStdString(), count, context);
    if (!checkValidity(a, valid, reason))
        return;
    QCOMPARE(numberText(a.value), expected);
    QCOMPARE(a.detail.value("choice", std::string()),
             std::string(1, static_cast<char>('A' + static_cast<int>(a.value) - 1)));
}

void TestAnswerParser::multiScores()
{
    FETCH_ROW;
    std::vector<std::string> dimensions{"Coherence", "Consistency", "Fluency", "Relevance"};
    const ParsedAnswer a = parseMultiScores(text.toStdString(), dimensions, min, max, context);
    if (!checkValidity(a, valid, reason))
        return;
    QStringList got;
    for (const auto &d : dimensions)
        got << numberText(a.detail.at("scores").at(d).get<double>());
    QCOMPARE(got.join(u','), expected);
}

void TestAnswerParser::yesNo()
{
    FETCH_ROW;
    const ParsedAnswer a = parseYesNo(text.toStdString(), context);
    if (!checkValidity(a, valid, reason))
        return;
    QCOMPARE(numberText(a.value), expected);
    QCOMPARE(a.detail.value("answer", std::string()), std::string(a.value == 1 ? "yes" : "no"));
}

void TestAnswerParser::comparisons()
{
    FETCH_ROW;
    const QString name = QString::fromLatin1(QTest::currentDataTag()).section(u' ', 1, 1);
    const ComparisonStyle style = name == QStringLiteral("h2h")        ? ComparisonStyle::HeadToHead
                                  : name == QStringLiteral("pairwise") ? ComparisonStyle::Pairwise
                                                                       : ComparisonStyle::Compare;
    QVERIFY2(name == QStringLiteral("h2h") || name == QStringLiteral("pairwise") || name == QStringLiteral("compare"),
             qPrintable(name));
    const ParsedAnswer a = parseComparison(text.toStdString(), style, context);
    if (!checkValidity(a, valid, reason))
        return;
    QCOMPARE(QString::fromStdString(a.detail.at("winner").get<std::string>()), expected);
    const double share = expected == QStringLiteral("a") ? 1.0 : expected == QStringLiteral("b") ? 0.0 : 0.5;
    QCOMPARE(a.value, share);
}

void TestAnswerParser::rankings()
{
    FETCH_ROW;
    const ParsedAnswer a = parseRanking(text.toStdString(), count, context);
    if (!checkValidity(a, valid, reason))
        return;
    QStringList got;
    for (int r : a.detail.at("ranks").get<std::vector<int>>())
        got << QString::number(r);
    QCOMPARE(got.join(u','), expected);
}

void TestAnswerParser::evaluationSteps_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("reason");
    QTest::newRow("numbered") << QByteArray(
        "1. Read the article and note its main points.\n2. Read the summary.\n3. Assign a score from 1 to 5.")
                              << true << QString();
    QTest::newRow("numbered parens") << QByteArray("1) Read the article.\n2) Compare.") << true << QString();
    QTest::newRow("bullets") << QByteArray("- Read the article.\n- Check each sentence of the summary.") << true
                             << QString();
    QTest::newRow("steps words") << QByteArray("Step 1: Read the article.\nStep 2: Score it.") << true << QString();
    QTest::newRow("preamble") << QByteArray("Evaluation steps:\n\n1. Read.\n2. Compare.\n3. Score.") << true
                              << QString();
    QTest::newRow("markdown heading steps")
        << QByteArray("### Steps\n**1.** Read.\n**2.** Score.") << true << QString();
    QTest::newRow("unicode bullets") << QByteArray("\xE2\x80\xA2 Read the article.\n\xE2\x80\xA2 Score.") << true
                                     << QString();
    QTest::newRow("empty") << QByteArray("") << false << QStringLiteral("empty answer");
    QTest::newRow("refusal") << QByteArray::fromStdString(refusal()) << false << QStringLiteral("refused");
    QTest::newRow("prose") << QByteArray("The summary should be coherent and relevant.") << false
                           << QStringLiteral("no numbered or bulleted");
}

void TestAnswerParser::evaluationSteps()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QFETCH(QString, reason);
    const ParsedAnswer a = parseEvaluationSteps(text.toStdString());
    QCOMPARE(a.valid, valid);
    if (valid) {
        // The steps are kept as written (trimmed), to be pasted into the G-Eval form.
        QCOMPARE(QByteArray::fromStdString(a.detail.at("steps").get<std::string>()), text.trimmed());
    } else {
        QVERIFY2(QString::fromStdString(a.invalidReason).contains(reason), a.invalidReason.c_str());
    }
}

void TestAnswerParser::invalidKeepsNoValue()
{
    // An invalid answer never carries a value that statistics could pick up by mistake.
    for (const ParsedAnswer &a :
         {parseScore("Score: 9", 1, 5), parseChoice("Answer: Q", 5), parseYesNo("Maybe"),
          parseComparison("1 or 2", ComparisonStyle::Compare), parseRanking("Ranking: 1, 2", 5)}) {
        QVERIFY(!a.valid);
        QVERIFY(std::isnan(a.value));
        QVERIFY(!a.invalidReason.empty());
    }
}

QTEST_APPLESS_MAIN(TestAnswerParser)
#include "tst_answer_parser.moc"
