// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Reading model answers honestly.
//
// Every parser first applies the shared checks (AnswerChecks: empty, refusal, rewritten summary), then
// collects every *answer-like statement* in the text, then requires them all to agree:
//
//   1. Labelled: a label word ("score", "rating", "answer", "final", "decision", "ranking", ... per
//      protocol) followed within a few words, on the same sentence, by the answer ("Score: 4",
//      "**Rating:** 3", "a score of four", "I would rate it 4", "The answer is D", "Decision: tie",
//      JSON {"score": 4}). A label right after a negation ("wouldn't give it a 5") is not one.
//   2. Scale-suffixed (scores): "4/5" or "4 out of 5" anywhere.
//   3. Alone on a line: a line holding nothing but the answer and punctuation or Markdown ("4",
//      "**D**", "[[A]]", "Yes.", "1, 2, 2, 3").
//   4. Positional: the last line "Coherence: 4" (scores); a line opening with "D." or "(D)" or
//      "Option D" (choices); the answer's first word "Yes," / "No." (yes/no); the first line opening
//      with "Summary 1 is better" (comparisons); "[[X]]" anywhere.
//   5. Final bracketed (scores, choices): the answer ending in "(4)", "(D)" or "[[3]]" after its
//      reasoning ("... therefore it is irrelevant (1)."), in range, unless the answer uses the same
//      brackets elsewhere (an enumeration, a citation) or a reference word precedes it ("see (2)").
//
// A number, letter or word anywhere else is prose, not an answer: "the article mentions 3 people.
// Score: 4" reads 4. An item is also rejected when a content word follows it ("3 people", "2 out of 5
// key points", "A summary"), and a range or a hedge ("4-5", "4 or 5", "yes and no") yields both values.
// Statements that disagree make the answer invalid ("conflicting scores 4 and 2"); agreeing repeats
// ("Score: 4. ... so 4 it is") are fine. An agreed value outside the scale is invalid, never rescaled
// ("4 out of 10" on a 1-5 scale is out of range).
#include "judge/answer/answer_parser.h"

#include "judge/answer/answer_checks.h"
#include "judge/answer/text_scan.h"
#include "model/json_text.h"
#include "model/ranking.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>

namespace concord::judge {

ParsedAnswer ParsedAnswer::invalid(std::string reason)
{
    ParsedAnswer out;
    out.valid = false;
    out.invalidReason = std::move(reason);
    return out;
}

namespace {

using Kind = ScanToken::Kind;

template <std::size_t N> bool among(const std::array<std::string_view, N> &list, std::string_view word)
{
    return std::find(list.begin(), list.end(), word) != list.end();
}

constexpr std::array<std::string_view, 33> kScoreLabels
    = {"score",      "scores",   "scored",    "scoring", "rating",  "rate",     "rated",   "rates",  "grade",
       "graded",     "answer",   "final",     "verdict", "result",  "overall",  "give",    "gives",  "giving",
       "gave",       "assign",   "assigned",  "award",   "awarded", "deserves", "deserve", "merits", "earns",
       "evaluation", "judgment", "judgement", "mark",    "value",   "total"};

constexpr std::array<std::string_view, 19> kChoiceLabels
    = {"answer", "answers", "choice",  "choose",   "chose",  "chosen", "select", "selected", "selection", "pick",
       "picked", "final",   "verdict", "decision", "rating", "score",  "grade",  "letter",   "response"};

constexpr std::array<std::string_view, 15> kYesNoLabels
    = {"answer",     "final",     "verdict", "decision",  "judgment", "judgement", "label", "response",
       "conclusion", "supported", "present", "contained", "contains", "inferred",  "result"};

constexpr std::array<std::string_view, 18> kComparisonLabels
    = {"answer", "decision", "verdict", "final",  "choice",   "winner",   "preferred", "preference", "pick",
       "picked", "choose",   "chose",   "select", "selected", "judgment", "judgement", "prefer",     "choosing"};

constexpr std::array<std::string_view, 7> kRankingLabels
    = {"ranking", "rankings", "ranks", "rank", "order", "final", "ranked"};

// Words that may follow an answer item without making it prose ("4 because", "D as", "Yes, the").
constexpr std::array<std::string_view, 36> kAfterItem = {
    "because", "as",    "since",       "for",  "and", "but", "with",  "given",    "due",    "overall", "which", "so",
    "is",      "it",    "it's",        "this", "the", "in",  "on",    "points",   "point",  "stars",   "star",  "here",
    "now",     "based", "considering", "that", "i",   "my",  "while", "although", "though", "from",    "out",   "was"};

constexpr std::array<std::string_view, 5> kNegations = {"not", "no", "never", "cannot", "without"};

bool isNegation(const ScanToken &t)
{
    if (t.kind != Kind::Word)
        return false;
    return among(kNegations, t.text) || (t.text.size() > 3 && t.text.ends_with("n't"));
}

std::string formatNumber(double v)
{
    char buffer[32];
    if (std::abs(v - std::round(v)) < 1e-9)
        std::snprintf(buffer, sizeof buffer, "%.0f", v);
    else
        std::snprintf(buffer, sizeof buffer, "%.3g", v);
    return buffer;
}

std::string scaleText(double min, double max)
{
    std::string out = formatNumber(min);
    out.append("-").append(formatNumber(max));
    return out;
}

// ---- items and where they may be found -------------------------------------------------------------

enum class Status { Found, NotHere, Skip, Stop };

struct Item {
    Status status = Status::NotHere;
    double value = 0;
    double scale = 0;           // the "/N" or "out of N" written after a score; 0 when none
    std::size_t end = 0;        // the token after the item
    std::vector<double> hedges; // "4 or 5": the other values offered
    std::string shown;          // how the item reads in a reason ("D", "tie", "1, 2, 2")
    std::vector<int> list;      // rankings
};

// A scanned number as an int when it is a whole number an int holds: "2", not "1.5" nor "222222222222"
// (converting that would be undefined behaviour).
std::optional<int> wholeInt(double value)
{
    if (value != std::floor(value)
        || !(value >= std::numeric_limits<int>::min() && value <= std::numeric_limits<int>::max()))
        return std::nullopt;
    return static_cast<int>(value);
}

Item notHere()
{
    return Item{};
}

Item stopHere()
{
    Item i;
    i.status = Status::Stop;
    return i;
}

// What follows an item keeps it an answer: the end, a line break, punctuation, or a linking word.
bool okAfter(const TextScan &s, std::size_t k)
{
    if (k >= s.size())
        return true;
    const ScanToken &t = s[k];
    if (t.kind == Kind::LineBreak)
        return true;
    if (t.kind == Kind::Symbol)
        return t.text != "%";
    if (t.kind != Kind::Word)
        return false;
    // A "word" without ASCII letters or digits is an emoji or a symbol of another script ("✅", "★").
    const bool ascii = std::any_of(t.text.begin(), t.text.end(),
                                   [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
    return !ascii || among(kAfterItem, t.text);
}

// Nothing but punctuation and Markdown from k to the end of its line.
bool onlySymbolsToLineEnd(const TextScan &s, std::size_t k)
{
    for (; k < s.size() && s[k].kind != Kind::LineBreak; ++k)
        if (s[k].kind != Kind::Symbol)
            return false;
    return true;
}

bool isSentenceEnd(const ScanToken &t)
{
    return t.kind == Kind::Symbol && (t.text == "." || t.text == "!" || t.text == "?" || t.text == ";");
}

using Reader = std::function<Item(std::size_t)>;

// Walks from a label to the item it introduces: over punctuation, Markdown and up to `maxWords` words,
// across at most two line breaks ("**Score:**\n\n4"), never across a sentence end or a negation.
// `stopWord` ends the walk at a word that starts another statement (another dimension's name).
Item afterLabel(const TextScan &s, std::size_t from, int maxWords, const Reader &read,
                const std::function<bool(std::size_t)> &stopWord = {})
{
    int words = 0;
    int breaks = 0;
    std::size_t j = from;
    while (j < s.size()) {
        Item item = read(j);
        if (item.status == Status::Found)
            return item;
        if (item.status == Status::Stop)
            return notHere();
        if (item.status == Status::Skip) {
            j = item.end;
            continue;
        }
        const ScanToken &t = s[j];
        if (t.kind == Kind::LineBreak) {
            if (++breaks > 2)
                return notHere();
        } else if (t.kind == Kind::Symbol) {
            if (isSentenceEnd(t))
                return notHere();
        } else if (t.kind == Kind::Word) {
            if (isNegation(t) || (stopWord && stopWord(j)) || ++words > maxWords)
                return notHere();
        } else {
            return notHere(); // a number that is not the item: the label was about something else
        }
        ++j;
    }
    return notHere();
}

bool negatedLabel(const TextScan &s, std::size_t i)
{
    return i > 0 && isNegation(s[i - 1]);
}

// The first token of line `line` at or after `from` that is not punctuation; s.size() if none.
std::size_t firstContent(const TextScan &s, std::size_t from)
{
    while (from < s.size() && s[from].kind == Kind::Symbol)
        ++from;
    return from;
}

// Indices where each line starts.
std::vector<std::size_t> lineStarts(const TextScan &s)
{
    std::vector<std::size_t> out{0};
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i].kind == Kind::LineBreak)
            out.push_back(i + 1);
    return out;
}

// An item read at the first content of a line that fills the rest of the line.
std::optional<Item> aloneOnLine(const TextScan &s, std::size_t lineStart, const Reader &read)
{
    const std::size_t j = firstContent(s, lineStart);
    if (s.isLineBreak(j))
        return std::nullopt;
    Item item = read(j);
    if (item.status != Status::Found || !onlySymbolsToLineEnd(s, item.end))
        return std::nullopt;
    return item;
}

// "[[X]]" anywhere: the verdict format many judges are trained on.
std::vector<Item> doubleBracketed(const TextScan &s, const Reader &read)
{
    std::vector<Item> out;
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        if (!s.isSymbol(i, '[') || !s.isSymbol(i + 1, '['))
            continue;
        Item item = read(i + 2);
        if (item.status == Status::Found && s.isSymbol(item.end, ']') && s.isSymbol(item.end + 1, ']'))
            out.push_back(item);
    }
    return out;
}

// Every answer-like statement found, keyed by the token it starts at so one statement reached by two
// rules counts once.
class Statements {
public:
    // Kept in text order, so a reason names the values in the order the answer gives them.
    void add(std::size_t at, const Item &item)
    {
        if (std::find(m_at.begin(), m_at.end(), at) != m_at.end())
            return;
        const auto pos = std::upper_bound(m_at.begin(), m_at.end(), at) - m_at.begin();
        m_at.insert(m_at.begin() + pos, at);
        m_items.insert(m_items.begin() + pos, item);
    }
    const std::vector<Item> &items() const { return m_items; }
    bool empty() const { return m_items.empty(); }

private:
    std::vector<std::size_t> m_at;
    std::vector<Item> m_items;
};

// The values the statements offer, hedges included, in order of appearance without repeats.
struct Offered {
    double value;
    std::string shown;
};
std::vector<Offered> distinctValues(const std::vector<Item> &items, const std::function<std::string(double)> &show)
{
    std::vector<Offered> out;
    const auto push = [&](double v, std::string shown) {
        for (const Offered &o : out)
            if (o.value == v)
                return;
        out.push_back(Offered{v, std::move(shown)});
    };
    for (const Item &item : items) {
        push(item.value, item.shown.empty() ? show(item.value) : item.shown);
        for (double h : item.hedges)
            push(h, show(h));
    }
    return out;
}

// ---- a final bracketed answer ----------------------------------------------------------------------

// Words after which a bracketed number or letter points somewhere instead of answering: "see (2)",
// "as explained in (2)", "the key sentence (3)", "step (1)".
constexpr std::array<std::string_view, 38> kReferenceWords
    = {"see",      "cf",        "in",       "at",    "of",       "from",    "by",    "per",       "under",    "and",
       "to",       "with",      "step",     "steps", "section",  "item",    "point", "paragraph", "para",     "line",
       "sentence", "figure",    "fig",      "table", "equation", "eq",      "ref",   "reference", "footnote", "note",
       "page",     "criterion", "question", "claim", "fact",     "example", "part",  "number"};

// The most tokens between the brackets of a final answer: "(**4/5**)".
constexpr std::size_t kGroupTokens = 8;

bool isEmphasis(const TextScan &s, std::size_t i)
{
    return s.isSymbol(i, '*') || s.isSymbol(i, '_');
}

// "(X)" or "[[X]]" around one item, Markdown emphasis allowed inside.
struct Group {
    std::size_t open = 0; // the (first) opening bracket
    std::size_t last = 0; // the (last) closing bracket
    std::size_t at = 0;   // the item's first token
    Item item;
};

std::string groupText(const TextScan &s, std::size_t from, std::size_t to)
{
    std::string out;
    for (std::size_t i = from; i <= to && i < s.size(); ++i)
        out.append(s[i].raw);
    return out;
}

// The group whose last closing bracket is `last`, found walking back at most kGroupTokens tokens.
std::optional<Group> groupEndingAt(const TextScan &s, std::size_t last, const Reader &read)
{
    const bool doubled = s.isSymbol(last, ']');
    if (!doubled && !s.isSymbol(last, ')'))
        return std::nullopt;
    if (doubled && (last == 0 || !s.isSymbol(last - 1, ']')))
        return std::nullopt;
    const std::size_t close = doubled ? last - 1 : last;
    const char opener = doubled ? '[' : '(';
    std::size_t open = close;
    while (open > 0 && close - open <= kGroupTokens) {
        --open;
        if (s.isSymbol(open, opener))
            break;
        if (s[open].kind == Kind::LineBreak || s.isSymbol(open, '(') || s.isSymbol(open, ')') || s.isSymbol(open, '[')
            || s.isSymbol(open, ']'))
            return std::nullopt;
    }
    if (open == close || !s.isSymbol(open, opener) || (doubled && (open == 0 || !s.isSymbol(open - 1, '['))))
        return std::nullopt;
    std::size_t j = open + 1;
    while (j < close && isEmphasis(s, j))
        ++j;
    Group group;
    group.item = read(j);
    if (group.item.status != Status::Found)
        return std::nullopt; // "(1-5)", "(N/A)", "(80%)": no item, or not only an item
    std::size_t k = group.item.end;
    while (k < close && isEmphasis(s, k))
        ++k;
    if (k != close)
        return std::nullopt;
    group.open = doubled ? open - 1 : open;
    group.last = last;
    group.at = j;
    return group;
}

// The answer's final bracketed item, or why an ending that looks like one is not an answer.
struct Ending {
    std::optional<Item> item;
    std::size_t at = 0; // where the item starts
    std::string note;
};

// What the answer's very end says when it is a bracketed item: "... therefore it is irrelevant (1).",
// "... good (D).", "**(4)**", "... [[3]]". An item only when nothing else can be meant: not when the
// answer uses the same brackets elsewhere (an enumeration "(1) ... (2) ...", a citation "in (2)"),
// not right after a reference word ("see (2)", "sentence (3)"), not outside the scale; "(3) or (4)"
// is a hedge. `sameKind(i, final)`: token i is an item of the final item's kind (a number; a letter
// of its case). `outside(item)`: how the item misses the scale, or nothing. Scans back from the end
// and once over the tokens: no nesting, linear on long answers.
Ending finalBracketed(const TextScan &s, const Reader &read,
                      const std::function<bool(std::size_t, std::size_t)> &sameKind,
                      const std::function<std::optional<std::string>(const Item &)> &outside)
{
    Ending out;
    std::size_t last = s.size();
    while (last > 0
           && (s[last - 1].kind == Kind::LineBreak
               || (s[last - 1].kind == Kind::Symbol && !s.isSymbol(last - 1, ')') && !s.isSymbol(last - 1, ']')
                   && !s.isSymbol(last - 1, '(') && !s.isSymbol(last - 1, '['))))
        --last;
    if (last == 0)
        return out;
    const auto group = groupEndingAt(s, last - 1, read);
    if (!group)
        return out;
    const std::string shown = groupText(s, group->open, group->last);
    const char opener = s[group->open].text[0];
    const char closer = opener == '(' ? ')' : ']';

    // The same brackets around an item of the same kind elsewhere: the last one before the final.
    std::optional<std::size_t> other;
    for (std::size_t i = 1; i + 1 < group->open; ++i)
        if (s.isSymbol(i - 1, opener) && s.isSymbol(i + 1, closer) && sameKind(i, group->at))
            other = i;
    if (other) {
        // "(3) or (4)", "(3)-(4)": a hedge between the two, like "3 or 4".
        std::size_t k = *other + 2;
        while (k < group->open && (isEmphasis(s, k) || s.isSymbol(k, closer) || s.isSymbol(k, ',')))
            ++k;
        const bool connector = s.isWord(k, "or") || s.isWord(k, "to") || s.isSymbol(k, '-') || s.isSymbol(k, '/');
        std::size_t after = k + 1;
        while (after < group->open && isEmphasis(s, after))
            ++after;
        if (connector && after == group->open) {
            Item first = read(*other);
            if (first.status == Status::Found) {
                first.hedges.push_back(group->item.value);
                first.hedges.insert(first.hedges.end(), group->item.hedges.begin(), group->item.hedges.end());
                out.item = first;
                out.at = *other;
                return out;
            }
        }
        out.note = "the final " + shown + " may be a list marker or a reference: the answer also has "
                   + groupText(s, *other - 1, *other + 1);
        return out;
    }
    std::size_t before = group->open;
    while (before > 0 && isEmphasis(s, before - 1))
        --before;
    if (before > 0 && s[before - 1].kind == Kind::Word) {
        const std::string &word = s[before - 1].text;
        if (among(kReferenceWords, word)) {
            out.note = "the final " + shown + " after \"" + s[before - 1].raw + "\" reads as a reference";
            return out;
        }
        if (word == "or") {
            out.note = "the final " + shown + " after \"or\" is a hedge";
            return out;
        }
    }
    if (group->item.hedges.empty())
        if (const auto miss = outside(group->item)) {
            out.note = "the final " + shown + " " + *miss;
            return out;
        }
    out.item = group->item;
    out.at = group->at;
    return out;
}

// ---- scores ----------------------------------------------------------------------------------------

std::optional<double> numberAt(const TextScan &s, std::size_t j, bool words)
{
    if (j >= s.size())
        return std::nullopt;
    if (s[j].kind == Kind::Number) {
        // "-1" (the sign attached, after a space or a colon) is negative; "1-5" is a range.
        const bool signed_
            = j > 0 && s.isSymbol(j - 1, '-') && !s[j].spaceBefore
              && (s[j - 1].spaceBefore || (j > 1 && s[j - 2].kind == Kind::Symbol && s[j - 2].text == ":"));
        return signed_ ? -s[j].number : s[j].number;
    }
    if (words && s[j].kind == Kind::Word)
        if (const auto n = TextScan::numberWord(s[j].text))
            return static_cast<double>(*n);
    return std::nullopt;
}

// A score at j: a number (or "four" when `words`), an optional scale ("/5", "out of 5", "of 5"), an
// optional hedge ("or 5"). "1-5" or "1 to 5" matching the scale is a scale statement to skip; any
// other range is both its ends.
Item readScore(const TextScan &s, std::size_t j, double min, double max, bool words)
{
    const auto v = numberAt(s, j, words);
    if (!v)
        return notHere();
    Item item;
    item.value = *v;
    std::size_t k = j + 1;
    if ((s.isSymbol(k, '-') || s.isWord(k, "to")) && numberAt(s, k + 1, words)) {
        const double to = *numberAt(s, k + 1, words);
        item.end = k + 2;
        if (*v == min && to == max) {
            item.status = Status::Skip;
            return item;
        }
        item.hedges.push_back(to);
        k += 2;
    } else if (s.isSymbol(k, '/') && numberAt(s, k + 1, words)) {
        item.scale = *numberAt(s, k + 1, words);
        k += 2;
    } else if (s.isWord(k, "out") && s.isWord(k + 1, "of") && numberAt(s, k + 2, words)) {
        item.scale = *numberAt(s, k + 2, words);
        k += 3;
    } else if (s.isWord(k, "of") && numberAt(s, k + 1, words)) {
        item.scale = *numberAt(s, k + 1, words);
        k += 2;
    }
    if (s.isWord(k, "or") && numberAt(s, k + 1, words)) {
        item.hedges.push_back(*numberAt(s, k + 1, words));
        k += 2;
    }
    if (!okAfter(s, k))
        return stopHere(); // "3 people", "2 out of 5 key points": a count, not a score
    item.status = Status::Found;
    item.end = k;
    return item;
}

void collectLabelled(const TextScan &s, Statements &found, const std::function<bool(std::size_t)> &isLabel,
                     int maxWords, const Reader &read, const std::function<bool(std::size_t)> &stopWord = {})
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i].kind != Kind::Word || !isLabel(i) || negatedLabel(s, i))
            continue;
        // Look for the item from the token after the label; the item's own start is found by
        // re-reading, so remember where the walk ended up.
        std::size_t at = s.size();
        const Reader tracking = [&](std::size_t j) {
            Item item = read(j);
            if (item.status == Status::Found)
                at = j;
            return item;
        };
        const Item item = afterLabel(s, i + 1, maxWords, tracking, stopWord);
        if (item.status == Status::Found)
            found.add(at, item);
    }
}

// Returns why the answer's bracketed ending, if it looks like a score, is not one ("" otherwise).
std::string collectScores(const TextScan &s, Statements &found, double min, double max)
{
    const Reader labelled = [&](std::size_t j) { return readScore(s, j, min, max, true); };
    collectLabelled(
        s, found, [&](std::size_t i) { return among(kScoreLabels, s[i].text); }, 6, labelled);

    // "4/5" and "4 out of 5" wherever they are.
    for (std::size_t j = 0; j < s.size(); ++j) {
        if (s[j].kind != Kind::Number)
            continue;
        const Item item = readScore(s, j, min, max, false);
        if (item.status == Status::Found && item.scale != 0)
            found.add(j, item);
    }

    const auto starts = lineStarts(s);
    for (std::size_t start : starts)
        if (const auto item = aloneOnLine(s, start, labelled))
            found.add(firstContent(s, start), *item);

    // The last line with words, "Coherence: 4": a key and its score. Lines of only Markdown or fences
    // ("```") do not count as the last line.
    for (auto it = starts.rbegin(); it != starts.rend(); ++it) {
        std::size_t j = *it;
        bool hasContent = false;
        for (std::size_t k = j; k < s.size() && s[k].kind != Kind::LineBreak; ++k)
            hasContent = hasContent || s[k].kind != Kind::Symbol;
        if (!hasContent)
            continue;
        j = firstContent(s, j);
        int words = 0;
        while (j < s.size() && s[j].kind == Kind::Word && words < 5) {
            ++words;
            j = firstContent(s, j + 1);
            if (j > 0 && (s.isSymbol(j - 1, ':') || s.isSymbol(j - 1, '=')))
                break;
        }
        const bool keyed = words > 0 && j > 0
                           && (s.isSymbol(j - 1, ':') || s.isSymbol(j - 1, '=')
                               || (j > 1 && (s.isSymbol(j - 2, ':') || s.isSymbol(j - 2, '='))));
        if (keyed) {
            const Item item = readScore(s, j, min, max, true);
            if (item.status == Status::Found && onlySymbolsToLineEnd(s, item.end))
                found.add(j, item);
        }
        break;
    }

    // "... therefore it is irrelevant (1).": the final parenthesised score after the reasoning.
    const Ending ending = finalBracketed(
        s, [&](std::size_t j) { return readScore(s, j, min, max, false); },
        [&](std::size_t i, std::size_t) { return s[i].kind == Kind::Number; },
        [&](const Item &item) -> std::optional<std::string> {
            if (item.value >= min && item.value <= max)
                return std::nullopt;
            return "is outside the scale " + scaleText(min, max);
        });
    if (ending.item)
        found.add(ending.at, *ending.item);
    return ending.note;
}

// Appended to a "none found" reason: why the answer's ending was not taken as the answer.
std::string withNote(std::string reason, const std::string &note)
{
    if (!note.empty())
        reason.append(" (").append(note).append(")");
    return reason;
}

// The single agreed, in-range score of `items`, or why there is none. `what` names it in reasons;
// `note` says why an ending that looked like a score was not one.
ParsedAnswer resolveScore(const std::vector<Item> &items, double min, double max, const std::string &what,
                          const std::string &note = {})
{
    if (items.empty()) {
        std::string reason = "no ";
        return ParsedAnswer::invalid(withNote(reason.append(what).append(" found"), note));
    }
    const auto values = distinctValues(items, formatNumber);
    if (values.size() > 1) {
        std::string reason = "conflicting ";
        return ParsedAnswer::invalid(
            reason.append(what).append("s ").append(values[0].shown).append(" and ").append(values[1].shown));
    }
    const double value = values.front().value;
    for (const Item &item : items) {
        if (item.scale != 0 && item.scale != max) {
            std::string reason = "out of range: ";
            return ParsedAnswer::invalid(reason.append(formatNumber(value))
                                             .append(" out of ")
                                             .append(formatNumber(item.scale))
                                             .append(" (the scale is ")
                                             .append(scaleText(min, max))
                                             .append(")"));
        }
    }
    if (value < min || value > max) {
        std::string reason = what;
        return ParsedAnswer::invalid(
            reason.append(" ").append(formatNumber(value)).append(" is out of range ").append(scaleText(min, max)));
    }
    ParsedAnswer out;
    out.valid = true;
    out.value = value;
    return out;
}

// ---- letters ---------------------------------------------------------------------------------------

// A choice letter at j: one ASCII letter, upper case (lower case right after ':', '(' or '['), not
// followed by a content word ("A summary ..."). The pronoun "I" is only a letter when there are 9.
Item readLetter(const TextScan &s, std::size_t j, int letters)
{
    if (j >= s.size() || s[j].kind != Kind::Word || s[j].raw.size() != 1)
        return notHere();
    const char c = s[j].raw[0];
    const bool upper = c >= 'A' && c <= 'Z';
    const bool lowerOk = j > 0 && (s.isSymbol(j - 1, ':') || s.isSymbol(j - 1, '(') || s.isSymbol(j - 1, '['));
    if (!upper && !(lowerOk && c >= 'a' && c <= 'z'))
        return notHere();
    const int index = (upper ? c - 'A' : c - 'a');
    if (index == 'I' - 'A' && letters <= index)
        return notHere();
    std::size_t k = j + 1;
    Item item;
    item.value = index + 1;
    item.shown = std::string(1, static_cast<char>('A' + index));
    if (s.isWord(k, "or") && k + 1 < s.size() && s[k + 1].raw.size() == 1 && s[k + 1].raw[0] >= 'A'
        && s[k + 1].raw[0] <= 'Z') {
        item.hedges.push_back(s[k + 1].raw[0] - 'A' + 1);
        k += 2;
    }
    if (!okAfter(s, k))
        return notHere();
    item.status = Status::Found;
    item.end = k;
    return item;
}

std::string letterName(double value)
{
    const int index = static_cast<int>(value) - 1;
    if (index < 0 || index >= 26)
        return formatNumber(value);
    return std::string(1, static_cast<char>('A' + index));
}

// A line that opens with a letter: "D.", "(D)", "D) Good", "Option D", "**B**: ...".
std::optional<Item> letterAtLineStart(const TextScan &s, std::size_t lineStart, int letters)
{
    std::size_t j = firstContent(s, lineStart);
    if (s.isWord(j, "option") || s.isWord(j, "choice"))
        j = firstContent(s, j + 1);
    if (s.isLineBreak(j))
        return std::nullopt;
    Item item = readLetter(s, j, letters);
    if (item.status != Status::Found)
        return std::nullopt;
    // Only punctuation may follow at the start of a line: "A good summary" is prose.
    const std::size_t k = item.end;
    if (!(s.isLineBreak(k) || s.isSymbol(k, '.') || s.isSymbol(k, ')') || s.isSymbol(k, ':') || s.isSymbol(k, ']')
          || s.isSymbol(k, '(') || s.isSymbol(k, '-') || s.isSymbol(k, ',') || s.isSymbol(k, '*')))
        return std::nullopt;
    return item;
}

// Returns why the answer's bracketed ending, if it looks like a letter, is not one ("" otherwise).
std::string collectChoices(const TextScan &s, Statements &found, int letters)
{
    const Reader read = [&](std::size_t j) { return readLetter(s, j, letters); };
    collectLabelled(
        s, found, [&](std::size_t i) { return among(kChoiceLabels, s[i].text); }, 4, read);
    for (std::size_t start : lineStarts(s))
        if (const auto item = letterAtLineStart(s, start, letters))
            found.add(s.isWord(firstContent(s, start), "option") || s.isWord(firstContent(s, start), "choice")
                          ? firstContent(s, firstContent(s, start) + 1)
                          : firstContent(s, start),
                      *item);
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
        if (s.isSymbol(i, '[') && s.isSymbol(i + 1, '[')) {
            const Item item = read(i + 2);
            if (item.status == Status::Found && s.isSymbol(item.end, ']'))
                found.add(i + 2, item);
        }
    // "Relevance: D": a line of a key (up to three words), a colon and the letter only.
    for (std::size_t start : lineStarts(s)) {
        std::size_t j = firstContent(s, start);
        int words = 0;
        while (j < s.size() && s[j].kind == Kind::Word && words < 3 && !s.isSymbol(j + 1, ':')) {
            ++words;
            ++j;
        }
        if (!(j < s.size() && s[j].kind == Kind::Word && s.isSymbol(j + 1, ':')))
            continue;
        const std::size_t at = firstContent(s, j + 2);
        if (s.isLineBreak(at))
            continue;
        const Item item = read(at);
        if (item.status == Status::Found && onlySymbolsToLineEnd(s, item.end))
            found.add(at, item);
    }

    // "... so it is good (D).": the final parenthesised letter after the reasoning. A list "(a) ...
    // (b) ..." in the other case does not make "(C)" ambiguous.
    const auto isUpper = [&](std::size_t i) { return s[i].raw[0] >= 'A' && s[i].raw[0] <= 'Z'; };
    const auto isLower = [&](std::size_t i) { return s[i].raw[0] >= 'a' && s[i].raw[0] <= 'z'; };
    const Ending ending = finalBracketed(
        s, read,
        [&](std::size_t i, std::size_t final) {
            if (s[i].kind != Kind::Word || s[i].raw.size() != 1 || !(isUpper(i) || isLower(i)))
                return false;
            return isUpper(i) == isUpper(final);
        },
        [&](const Item &item) -> std::optional<std::string> {
            if (item.value >= 1 && item.value <= letters)
                return std::nullopt;
            return "is not one of A-" + letterName(letters);
        });
    if (ending.item)
        found.add(ending.at, *ending.item);
    return ending.note;
}

ParsedAnswer resolveChoice(const std::vector<Item> &items, int letters, const std::string &note = {})
{
    if (items.empty()) {
        std::string reason = "no answer letter (A-";
        return ParsedAnswer::invalid(withNote(reason.append(letterName(letters)).append(") found"), note));
    }
    const auto values = distinctValues(items, letterName);
    if (values.size() > 1) {
        std::string reason = "conflicting choices ";
        return ParsedAnswer::invalid(reason.append(values[0].shown).append(" and ").append(values[1].shown));
    }
    const double value = values.front().value;
    if (value < 1 || value > letters) {
        std::string reason = "choice ";
        return ParsedAnswer::invalid(
            reason.append(values.front().shown).append(" is not one of A-").append(letterName(letters)));
    }
    ParsedAnswer out;
    out.valid = true;
    out.value = value;
    out.detail["choice"] = values.front().shown;
    return out;
}

// ---- yes / no --------------------------------------------------------------------------------------

Item readYesNo(const TextScan &s, std::size_t j, bool trueFalse)
{
    if (j >= s.size() || s[j].kind != Kind::Word)
        return notHere();
    const std::string &w = s[j].text;
    double value;
    if (w == "yes" || (trueFalse && w == "true"))
        value = 1;
    else if (w == "no" || (trueFalse && w == "false"))
        value = 0;
    else
        return notHere();
    Item item;
    item.value = value;
    std::size_t k = j + 1;
    if ((s.isWord(k, "and") || s.isWord(k, "or")) && (s.isWord(k + 1, value == 1 ? "no" : "yes"))) {
        item.hedges.push_back(1 - value);
        k += 2;
    }
    if (!okAfter(s, k))
        return notHere(); // "No errors were found" is not an answer "No"
    item.status = Status::Found;
    item.end = k;
    return item;
}

std::string yesNoName(double value)
{
    return value == 1 ? "yes" : "no";
}

// ---- comparisons -----------------------------------------------------------------------------------

constexpr double kTie = 0;
constexpr double kFirst = 1;
constexpr double kSecond = 2;
constexpr double kNotAnOption = -1;

// A comparison answer at j: "1", "2", "Summary 1", "Summary A", "A"/"B" (upper case), "tie". In a
// labelled context also "the first (summary)", "equal", "both", "neither". Anything else numeric
// ("Decision: 3") is read so the reason can say it is not an option.
Item readComparison(const TextScan &s, std::size_t j, bool labelled)
{
    if (j >= s.size())
        return notHere();
    Item item;
    std::size_t k = j + 1;
    const ScanToken &t = s[j];
    const auto side = [&](std::size_t at) -> std::optional<double> {
        if (at >= s.size())
            return std::nullopt;
        if (s[at].kind == Kind::Number)
            return s[at].number == 1 ? kFirst : s[at].number == 2 ? kSecond : kNotAnOption;
        if (s[at].kind == Kind::Word) {
            if (s[at].raw == "A" || s[at].text == "one")
                return kFirst;
            if (s[at].raw == "B" || s[at].text == "two")
                return kSecond;
        }
        return std::nullopt;
    };
    if (t.kind == Kind::Word && t.text == "summary") {
        std::size_t at = j + 1;
        if (s.isSymbol(at, '_') || s.isSymbol(at, '#'))
            ++at;
        const auto v = side(at);
        if (!v)
            return notHere();
        item.value = *v;
        if (*v == kNotAnOption)
            item.shown = "Summary " + s[at].raw;
        k = at + 1;
    } else if (t.kind == Kind::Number) {
        item.value = t.number == 1 ? kFirst : t.number == 2 ? kSecond : kNotAnOption;
        if (item.value == kNotAnOption)
            item.shown = t.raw;
    } else if (t.kind == Kind::Word && (t.raw == "A" || t.raw == "B")) {
        item.value = t.raw == "A" ? kFirst : kSecond;
    } else if (t.kind == Kind::Word && (t.text == "tie" || t.text == "tied" || t.text == "draw")) {
        item.value = kTie;
    } else if (labelled && t.kind == Kind::Word
               && (t.text == "equal" || t.text == "equally" || t.text == "both" || t.text == "neither")) {
        item.value = kTie;
        // "both are equally good", "neither is better": the rest of the phrase is prose
        while (k < s.size() && s[k].kind == Kind::Word && s[k].text != "because" && s[k].text != "as"
               && s[k].text != "since")
            ++k;
    } else if (labelled && t.kind == Kind::Word && (t.text == "first" || t.text == "second")) {
        item.value = t.text == "first" ? kFirst : kSecond;
        if (s.isWord(k, "summary") || s.isWord(k, "one"))
            ++k;
    } else {
        return notHere();
    }
    if (s.isWord(k, "or")) {
        if (const auto other = side(k + 1); other && *other != kNotAnOption) {
            item.hedges.push_back(*other);
            k += 2;
        } else if (s.isWord(k + 1, "tie")) {
            item.hedges.push_back(kTie);
            k += 2;
        }
    }
    if (!okAfter(s, k))
        return notHere();
    item.status = Status::Found;
    item.end = k;
    return item;
}

std::string comparisonName(double value)
{
    if (value == kFirst)
        return "1";
    if (value == kSecond)
        return "2";
    if (value == kTie)
        return "tie";
    return "?";
}

bool isComparisonLabel(const TextScan &s, std::size_t i)
{
    if (among(kComparisonLabels, s[i].text))
        return true;
    // "Better summary: 2", "Preferred summary: 1", "best one": the noun after the adjective
    const bool noun = s[i].text == "summary" || s[i].text == "one" || s[i].text == "output";
    return noun && i > 0 && (s.isWord(i - 1, "better") || s.isWord(i - 1, "best") || s.isWord(i - 1, "preferred"));
}

void collectComparisons(const TextScan &s, Statements &found)
{
    const Reader labelled = [&](std::size_t j) { return readComparison(s, j, true); };
    const Reader plain = [&](std::size_t j) { return readComparison(s, j, false); };
    collectLabelled(
        s, found, [&](std::size_t i) { return isComparisonLabel(s, i); }, 5, labelled);
    const auto starts = lineStarts(s);
    for (std::size_t start : starts)
        if (const auto item = aloneOnLine(s, start, plain))
            found.add(firstContent(s, start), *item);
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
        if (s.isSymbol(i, '[') && s.isSymbol(i + 1, '[')) {
            const Item item = plain(i + 2);
            if (item.status == Status::Found && s.isSymbol(item.end, ']'))
                found.add(i + 2, item);
        }
    // The answer opening with its verdict: "Summary 1.", "Summary 2 is better ...".
    const std::size_t j = firstContent(s, 0);
    if (j < s.size()) {
        const Item item = plain(j);
        if (item.status == Status::Found && item.value != kNotAnOption) {
            const std::size_t k = item.end;
            const bool verdict = s.isLineBreak(k) || s.isSymbol(k, '.') || s.isSymbol(k, '!') || s.isSymbol(k, ')')
                                 || (s.isWord(k, "is")
                                     && (s.isWord(k + 1, "better") || s.isWord(k + 1, "preferred")
                                         || (s.isWord(k + 1, "the") && s.isWord(k + 2, "better"))))
                                 || s.isWord(k, "wins");
            if (verdict)
                found.add(j, item);
        }
    }
}

// ---- rankings --------------------------------------------------------------------------------------

// A list of integer ranks at j on one line: "1, 2, 2, 3", "[2, 1, 3]", "1 2 3", quoted or not.
Item readRankList(const TextScan &s, std::size_t j, int candidates)
{
    if (j >= s.size() || s[j].kind != Kind::Number)
        return notHere();
    Item item;
    std::size_t k = j;
    while (k < s.size() && s[k].kind == Kind::Number) {
        const std::optional<int> rank = wholeInt(s[k].number);
        if (!rank)
            return stopHere();
        item.list.push_back(*rank);
        std::size_t next = k + 1;
        int separators = 0;
        while (next < s.size() && separators < 3
               && (s.isSymbol(next, ',') || s.isSymbol(next, ';') || s.isSymbol(next, '"') || s.isSymbol(next, '\'')))
            ++next, ++separators;
        if (next < s.size() && s[next].kind == Kind::Number) {
            k = next;
            continue;
        }
        k += 1;
        break;
    }
    if (item.list.size() < 2 && candidates > 1) {
        // A single number is not a ranking ("Ranking (1 = best): ..."): walk on past it.
        item.status = Status::Skip;
        item.end = k;
        return item;
    }
    if (!okAfter(s, k))
        return stopHere();
    item.status = Status::Found;
    item.end = k;
    std::string shown;
    for (std::size_t i = 0; i < item.list.size(); ++i)
        shown.append(i ? ", " : "").append(std::to_string(item.list[i]));
    item.shown = shown;
    return item;
}

std::string rankListText(const std::vector<int> &ranks)
{
    std::string out;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        out.append(i ? ", " : "").append(std::to_string(ranks[i]));
    return out;
}

constexpr std::array<std::string_view, 12> kRankFiller
    = {"rank", "ranking", "ranked", "ranks", "is", "gets", "position", "place", "at", "number", "no", "with"};
constexpr std::array<std::string_view, 5> kOrdinalWords = {"first", "second", "third", "fourth", "fifth"};

// "Summary 3: 2", "Summary 3 - rank 2", "Summary 3 is ranked 2nd", {"summary_3": 2}. Returns the
// summary's number and its rank.
std::optional<std::pair<int, int>> readSummaryRank(const TextScan &s, std::size_t j)
{
    if (!s.isWord(j, "summary"))
        return std::nullopt;
    std::size_t k = j + 1;
    if (s.isSymbol(k, '_') || s.isSymbol(k, '#'))
        ++k;
    if (k >= s.size() || s[k].kind != Kind::Number)
        return std::nullopt;
    if (!wholeInt(std::trunc(s[k].number)))
        return std::nullopt;
    const int which = static_cast<int>(s[k].number);
    ++k;
    int words = 0;
    while (k < s.size()) {
        const ScanToken &t = s[k];
        if (t.kind == Kind::Symbol
            && (t.text == ":" || t.text == "-" || t.text == "=" || t.text == "|" || t.text == "*" || t.text == "\""
                || t.text == "(" || t.text == ")" || t.text == "#" || t.text == "," || t.text == "'")) {
            ++k;
            continue;
        }
        if (t.kind == Kind::Word && among(kRankFiller, t.text) && ++words <= 3) {
            ++k;
            continue;
        }
        break;
    }
    if (k >= s.size())
        return std::nullopt;
    std::optional<int> rank;
    if (s[k].kind == Kind::Number)
        rank = wholeInt(s[k].number);
    else if (s[k].kind == Kind::Word) {
        rank = TextScan::ordinal(s[k].text);
        for (std::size_t o = 0; !rank && o < kOrdinalWords.size(); ++o)
            if (s[k].text == kOrdinalWords[o] && words > 0)
                rank = static_cast<int>(o) + 1;
    }
    if (!rank || !okAfter(s, k + 1)
        || (words == 0
            && !(s.isSymbol(k - 1, ':') || s.isSymbol(k - 1, '-') || s.isSymbol(k - 1, '=') || s.isSymbol(k - 1, '|')
                 || s.isSymbol(k - 1, '*') || s.isSymbol(k - 1, '"'))))
        return std::nullopt;
    return std::make_pair(which, *rank);
}

} // namespace

// ---- the parsers -----------------------------------------------------------------------------------

ParsedAnswer parseScore(std::string_view text, double min, double max, const ParseContext &context)
{
    if (const auto failure = AnswerChecks::failure(text, context.summary))
        return ParsedAnswer::invalid(*failure);
    const TextScan scan(text);
    Statements found;
    const std::string note = collectScores(scan, found, min, max);
    ParsedAnswer out = resolveScore(found.items(), min, max, "score", note);
    if (out.valid)
        out.detail["score"] = out.value;
    return out;
}

ParsedAnswer parseChoice(std::string_view text, int letters, const ParseContext &context)
{
    if (const auto failure = AnswerChecks::failure(text, context.summary))
        return ParsedAnswer::invalid(*failure);
    const TextScan scan(text);
    Statements found;
    const std::string note = collectChoices(scan, found, letters);
    return resolveChoice(found.items(), letters, note);
}

namespace {

// A JSON object in the answer (the whole answer, a ```json fence, or the outermost braces).
std::optional<nlohmann::json> findJsonObject(std::string_view text)
{
    const auto open = text.find('{');
    const auto close = text.rfind('}');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return std::nullopt;
    auto parsed = model::JsonText::parseOrDiscarded(text.substr(open, close - open + 1));
    if (parsed.is_discarded() || !parsed.is_object())
        return std::nullopt;
    return parsed;
}

std::string keyForm(std::string_view key)
{
    std::string out;
    for (const std::string &w : TextScan::words(TextScan::normalise(key)))
        out.append(out.empty() ? "" : " ").append(w);
    return out;
}

std::optional<double> jsonScore(const nlohmann::json &v)
{
    if (v.is_number())
        return v.get<double>();
    if (v.is_string()) {
        const std::string s = TextScan::trim(v.get<std::string>());
        char *end = nullptr;
        const double d = std::strtod(s.c_str(), &end);
        if (!s.empty() && end == s.c_str() + s.size())
            return d;
        return std::nullopt;
    }
    if (v.is_object())
        for (const auto &[key, inner] : v.items()) {
            const std::string k = keyForm(key);
            if (k == "score" || k == "rating" || k == "value")
                return jsonScore(inner);
        }
    return std::nullopt;
}

// JSON {"coherence": 4, ...} (also nested {"scores": {...}} or {"coherence": {"score": 4}}): every
// dimension's score, or nothing when some dimension has none there.
std::optional<std::vector<double>> jsonDimensionScores(const nlohmann::json &object,
                                                       const std::vector<std::string> &dimensions)
{
    std::vector<double> out;
    for (const std::string &d : dimensions) {
        const std::string want = keyForm(d);
        std::optional<double> score;
        for (const auto &[key, value] : object.items())
            if (keyForm(key) == want)
                score = jsonScore(value);
        if (!score)
            return std::nullopt;
        out.push_back(*score);
    }
    return out;
}

} // namespace

ParsedAnswer parseMultiScores(std::string_view text, const std::vector<std::string> &dimensions, double min, double max,
                              const ParseContext &context)
{
    if (const auto failure = AnswerChecks::failure(text, context.summary))
        return ParsedAnswer::invalid(*failure);
    if (dimensions.empty())
        return ParsedAnswer::invalid("no dimensions to read");

    const auto finish = [&](const std::vector<double> &scores) {
        ParsedAnswer out;
        out.valid = true;
        out.detail["scores"] = nlohmann::json::object();
        for (std::size_t i = 0; i < dimensions.size(); ++i)
            out.detail["scores"][dimensions[i]] = scores[i];
        return out;
    };
    const auto inRange = [&](const std::vector<double> &scores) -> std::optional<std::string> {
        for (std::size_t i = 0; i < dimensions.size(); ++i)
            if (scores[i] < min || scores[i] > max) {
                std::string reason = dimensions[i];
                return reason.append(": score ")
                    .append(formatNumber(scores[i]))
                    .append(" is out of range ")
                    .append(scaleText(min, max));
            }
        return std::nullopt;
    };

    // JSON first when it names every dimension: nested objects carry explanations the text scan
    // would have to walk over.
    if (const auto object = findJsonObject(text)) {
        std::optional<std::vector<double>> scores = jsonDimensionScores(*object, dimensions);
        for (auto it = object->begin(); !scores && it != object->end(); ++it)
            if (it->is_object())
                scores = jsonDimensionScores(*it, dimensions);
        if (scores) {
            if (const auto bad = inRange(*scores))
                return ParsedAnswer::invalid(*bad);
            return finish(*scores);
        }
    }

    const TextScan s(text);
    std::vector<std::vector<std::string>> names;
    for (const std::string &d : dimensions)
        names.push_back(TextScan::words(TextScan::normalise(d)));
    // The dimension name at i: its words in a row, "-" or "_" allowed between them. Returns the end.
    const auto nameAt = [&](std::size_t i, const std::vector<std::string> &words) -> std::optional<std::size_t> {
        std::size_t k = i;
        for (std::size_t w = 0; w < words.size(); ++w) {
            if (w > 0 && (s.isSymbol(k, '-') || s.isSymbol(k, '_')))
                ++k;
            if (!s.isWord(k, words[w]))
                return std::nullopt;
            ++k;
        }
        return k;
    };
    const auto startsOtherName = [&](std::size_t j, std::size_t self) {
        for (std::size_t d = 0; d < names.size(); ++d)
            if (d != self && !names[d].empty() && nameAt(j, names[d]))
                return true;
        return false;
    };

    std::vector<double> scores;
    for (std::size_t d = 0; d < dimensions.size(); ++d) {
        Statements found;
        if (!names[d].empty()) {
            for (std::size_t i = 0; i < s.size(); ++i) {
                const auto end = nameAt(i, names[d]);
                if (!end || negatedLabel(s, i))
                    continue;
                std::size_t at = s.size();
                const Reader read = [&](std::size_t j) {
                    Item item = readScore(s, j, min, max, true);
                    // "coherence=4 fluency=5": the next dimension's name may follow a score directly.
                    if (item.status == Status::Stop && numberAt(s, j, true) && startsOtherName(j + 1, d)) {
                        item = Item{};
                        item.status = Status::Found;
                        item.value = *numberAt(s, j, true);
                        item.end = j + 1;
                    }
                    if (item.status == Status::Found)
                        at = j;
                    return item;
                };
                const Item item = afterLabel(s, *end, 4, read, [&](std::size_t j) { return startsOtherName(j, d); });
                if (item.status == Status::Found)
                    found.add(at, item);
            }
        }
        std::string what = "score for ";
        what.append(dimensions[d]);
        if (found.empty())
            return ParsedAnswer::invalid("no " + what);
        const auto values = distinctValues(found.items(), formatNumber);
        if (values.size() > 1) {
            std::string reason = "conflicting scores for ";
            return ParsedAnswer::invalid(reason.append(dimensions[d])
                                             .append(": ")
                                             .append(values[0].shown)
                                             .append(" and ")
                                             .append(values[1].shown));
        }
        for (const Item &item : found.items())
            if (item.scale != 0 && item.scale != max) {
                std::string reason = dimensions[d];
                return ParsedAnswer::invalid(reason.append(": out of range: ")
                                                 .append(formatNumber(values[0].value))
                                                 .append(" out of ")
                                                 .append(formatNumber(item.scale))
                                                 .append(" (the scale is ")
                                                 .append(scaleText(min, max))
                                                 .append(")"));
            }
        scores.push_back(values[0].value);
    }
    if (const auto bad = inRange(scores))
        return ParsedAnswer::invalid(*bad);
    return finish(scores);
}

ParsedAnswer parseYesNo(std::string_view text, const ParseContext &context)
{
    if (const auto failure = AnswerChecks::failure(text, context.summary))
        return ParsedAnswer::invalid(*failure);
    const TextScan s(text);
    Statements found;
    const Reader labelled = [&](std::size_t j) { return readYesNo(s, j, true); };
    const Reader plain = [&](std::size_t j) { return readYesNo(s, j, false); };
    collectLabelled(
        s, found, [&](std::size_t i) { return among(kYesNoLabels, s[i].text); }, 4, labelled);
    for (std::size_t start : lineStarts(s))
        if (const auto item = aloneOnLine(s, start, labelled))
            found.add(firstContent(s, start), *item);
    // The answer's first word: "Yes, the unit is there", "No. The article says ...".
    const std::size_t first = firstContent(s, 0);
    if (const Item item = plain(first); item.status == Status::Found)
        found.add(first, item);
    for (const Item &item : doubleBracketed(s, labelled))
        found.add(item.end, item);
    // The answer's last sentence being only the answer: "... is present in the summary. Yes."
    for (std::size_t j = 1; j < s.size(); ++j) {
        if (!(isSentenceEnd(s[j - 1]) || s[j - 1].kind == Kind::LineBreak))
            continue;
        const Item item = labelled(j);
        if (item.status != Status::Found)
            continue;
        bool last = true;
        for (std::size_t k = item.end; k < s.size() && last; ++k)
            last = s[k].kind == Kind::Symbol || s[k].kind == Kind::LineBreak;
        if (last)
            found.add(j, item);
    }

    if (found.empty())
        return ParsedAnswer::invalid("no yes or no answer found");
    const auto values = distinctValues(found.items(), yesNoName);
    if (values.size() > 1) {
        std::string reason = "conflicting answers ";
        return ParsedAnswer::invalid(reason.append(values[0].shown).append(" and ").append(values[1].shown));
    }
    ParsedAnswer out;
    out.valid = true;
    out.value = values[0].value;
    out.detail["answer"] = values[0].value == 1 ? "yes" : "no";
    return out;
}

// value: the first summary's share of the win, 1 (a), 0.5 (tie) or 0 (b), so a mean over answers is a
// win rate; detail.winner says the same in words.
ParsedAnswer parseComparison(std::string_view text, ComparisonStyle style, const ParseContext &context)
{
    if (const auto failure = AnswerChecks::failure(text, context.summary))
        return ParsedAnswer::invalid(*failure);
    const TextScan s(text);
    double winner = kNotAnOption;
    if (style == ComparisonStyle::HeadToHead) {
        // A, B or C, read exactly like a three-option multiple choice.
        Statements found;
        const std::string note = collectChoices(s, found, 3);
        ParsedAnswer choice = resolveChoice(found.items(), 3, note);
        if (!choice.valid)
            return choice;
        winner = choice.value == 1 ? kFirst : choice.value == 2 ? kSecond : kTie;
    } else {
        Statements found;
        collectComparisons(s, found);
        if (found.empty())
            return ParsedAnswer::invalid(style == ComparisonStyle::Pairwise ? "no choice of summary 1 or 2 found"
                                                                            : "no decision (1, 2 or tie) found");
        const auto values = distinctValues(found.items(), comparisonName);
        if (values.size() > 1) {
            std::string reason = "conflicting decisions ";
            return ParsedAnswer::invalid(reason.append(values[0].shown).append(" and ").append(values[1].shown));
        }
        winner = values[0].value;
        if (winner == kNotAnOption) {
            std::string reason = "the decision '";
            return ParsedAnswer::invalid(reason.append(values[0].shown).append("' is not 1, 2 or tie"));
        }
        if (winner == kTie && style == ComparisonStyle::Pairwise)
            return ParsedAnswer::invalid("the answer is a tie, but the pairwise protocol asks for summary 1 or 2");
    }
    ParsedAnswer out;
    out.valid = true;
    out.value = winner == kFirst ? 1.0 : winner == kSecond ? 0.0 : 0.5;
    out.detail["winner"] = winner == kFirst ? "a" : winner == kSecond ? "b" : "tie";
    return out;
}

// "Summary 2 > Summary 1" orderings are not read: a ranking is one rank per summary in shown order.
ParsedAnswer parseRanking(std::string_view text, int candidates, const ParseContext &context)
{
    if (const auto failure = AnswerChecks::failure(text, context.summary))
        return ParsedAnswer::invalid(*failure);
    if (candidates < 1)
        return ParsedAnswer::invalid("no summaries to rank");
    const TextScan s(text);
    Statements found;
    const Reader read = [&](std::size_t j) { return readRankList(s, j, candidates); };
    collectLabelled(
        s, found, [&](std::size_t i) { return among(kRankingLabels, s[i].text); }, 3, read);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s.isSymbol(i, '[')) {
            const Item item = read(i + 1);
            if (item.status == Status::Found && s.isSymbol(item.end, ']'))
                found.add(i + 1, item);
        }
    for (std::size_t start : lineStarts(s))
        if (const auto item = aloneOnLine(s, start, read))
            found.add(firstContent(s, start), *item);

    // One line (or JSON key) per summary.
    std::vector<std::vector<int>> perSummary(static_cast<std::size_t>(candidates));
    bool anyPerSummary = false;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (const auto pair = readSummaryRank(s, i); pair && pair->first >= 1 && pair->first <= candidates) {
            auto &ranks = perSummary[static_cast<std::size_t>(pair->first - 1)];
            if (std::find(ranks.begin(), ranks.end(), pair->second) == ranks.end())
                ranks.push_back(pair->second);
            anyPerSummary = true;
        }
    if (anyPerSummary) {
        Item item;
        bool complete = true;
        for (int k = 0; k < candidates; ++k) {
            const auto &ranks = perSummary[static_cast<std::size_t>(k)];
            if (ranks.size() > 1) {
                std::string reason = "conflicting ranks for summary ";
                return ParsedAnswer::invalid(reason.append(std::to_string(k + 1))
                                                 .append(": ")
                                                 .append(std::to_string(ranks[0]))
                                                 .append(" and ")
                                                 .append(std::to_string(ranks[1])));
            }
            if (ranks.empty()) {
                complete = false;
                if (found.empty()) {
                    std::string reason = "no rank for summary ";
                    return ParsedAnswer::invalid(reason.append(std::to_string(k + 1)));
                }
                break;
            }
            item.list.push_back(ranks[0]);
        }
        if (complete) {
            item.status = Status::Found;
            found.add(s.size() + 1, item);
        }
    }

    if (found.empty())
        return ParsedAnswer::invalid("no ranking found");
    // Lists of the wrong length are prose ("[1, 2]" in an explanation) unless nothing else is there.
    std::vector<std::vector<int>> rankings;
    std::optional<std::size_t> wrongLength;
    for (const Item &item : found.items()) {
        if (static_cast<int>(item.list.size()) != candidates) {
            wrongLength = item.list.size();
            continue;
        }
        const auto normalised = model::normaliseRanking(item.list);
        if (!normalised.ok())
            return ParsedAnswer::invalid(normalised.error().message);
        if (std::find(rankings.begin(), rankings.end(), normalised.value().ranks) == rankings.end())
            rankings.push_back(normalised.value().ranks);
    }
    if (rankings.empty()) {
        std::string reason = "the ranking has ";
        return ParsedAnswer::invalid(reason.append(std::to_string(*wrongLength))
                                         .append(" ranks for ")
                                         .append(std::to_string(candidates))
                                         .append(" summaries"));
    }
    if (rankings.size() > 1) {
        std::string reason = "conflicting rankings ";
        return ParsedAnswer::invalid(
            reason.append(rankListText(rankings[0])).append(" and ").append(rankListText(rankings[1])));
    }
    ParsedAnswer out;
    out.valid = true;
    out.detail["ranks"] = rankings[0];
    return out;
}

ParsedAnswer parseEvaluationSteps(std::string_view text)
{
    if (AnswerChecks::isEmpty(text))
        return ParsedAnswer::invalid("empty answer");
    if (const auto phrase = AnswerChecks::refusal(text)) {
        std::string reason = "the judge refused (\"";
        return ParsedAnswer::invalid(reason.append(*phrase).append("...\")"));
    }
    // At least one line that is a step: "1. Read ...", "2) ...", "- Check ...", "* ...", "Step 3: ...".
    const TextScan s(text);
    int steps = 0;
    for (std::size_t start : lineStarts(s)) {
        std::size_t j = start;
        while (s.isSymbol(j, '#') || (s.isSymbol(j, '*') && s.isSymbol(j + 1, '*')))
            j += s.isSymbol(j, '#') ? 1 : 2;
        if (j >= s.size())
            continue;
        const bool numbered
            = s[j].kind == Kind::Number && (s.isSymbol(j + 1, '.') || s.isSymbol(j + 1, ')') || s.isSymbol(j + 1, ':'));
        const bool bullet
            = (s.isSymbol(j, '-') || s.isSymbol(j, '*') || s.isSymbol(j, '+') || s.isWord(j, "\xE2\x80\xA2"))
              && !s.isLineBreak(j + 1);
        const bool stepWord = s.isWord(j, "step") && j + 1 < s.size() && s[j + 1].kind == Kind::Number;
        if (numbered || bullet || stepWord)
            ++steps;
    }
    if (steps == 0)
        return ParsedAnswer::invalid("no numbered or bulleted evaluation steps found");
    ParsedAnswer out;
    out.valid = true;
    out.value = steps;
    out.detail["steps"] = TextScan::trim(text);
    return out;
}

} // namespace concord::judge
