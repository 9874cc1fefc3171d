// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/retry_after.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

namespace concord::judge {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool allDigits(std::string_view text)
{
    if (text.empty())
        return false;
    for (char c : text)
        if (c < '0' || c > '9')
            return false;
    return true;
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
long long daysFromCivil(long long y, unsigned m, unsigned d)
{
    y -= m <= 2 ? 1 : 0;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<long long>(doe) - 719468;
}

std::optional<unsigned> month(std::string_view name)
{
    static constexpr std::array<std::string_view, 12> names{"jan", "feb", "mar", "apr", "may", "jun",
                                                            "jul", "aug", "sep", "oct", "nov", "dec"};
    if (name.size() != 3)
        return std::nullopt;
    std::string lower(name);
    for (char &c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::size_t i = 0; i < names.size(); ++i)
        if (lower == names[i])
            return static_cast<unsigned>(i + 1);
    return std::nullopt;
}

// "08:49:37" as seconds into the day.
std::optional<long long> timeOfDay(std::string_view text)
{
    if (text.size() != 8 || text[2] != ':' || text[5] != ':')
        return std::nullopt;
    const std::string_view h = text.substr(0, 2), m = text.substr(3, 2), s = text.substr(6, 2);
    if (!allDigits(h) || !allDigits(m) || !allDigits(s))
        return std::nullopt;
    const int hh = std::stoi(std::string(h)), mm = std::stoi(std::string(m)), ss = std::stoi(std::string(s));
    if (hh > 23 || mm > 59 || ss > 60)
        return std::nullopt;
    return hh * 3600LL + mm * 60LL + ss;
}

std::optional<std::time_t> httpDate(std::string_view value)
{
    // Commas and the dashes of RFC 850's day-month-year separate words like spaces.
    std::vector<std::string> words;
    std::string word;
    for (char c : value) {
        if (isSpace(c) || c == ',' || c == '-') {
            if (!word.empty())
                words.push_back(std::move(word));
            word.clear();
        } else {
            word.push_back(c);
        }
    }
    if (!word.empty())
        words.push_back(std::move(word));
    if (words.size() < 5 || allDigits(words[0]))
        return std::nullopt; // the first word is the day of the week
    std::string day, monthName, year, time;
    if (words.size() >= 6 && allDigits(words[1])) {
        // IMF-fixdate and RFC 850: weekday day month year time GMT
        if (words[5] != "GMT" || words.size() != 6)
            return std::nullopt;
        day = words[1];
        monthName = words[2];
        year = words[3];
        time = words[4];
    } else if (words.size() == 5) {
        // asctime: weekday month day time year
        monthName = words[1];
        day = words[2];
        time = words[3];
        year = words[4];
    } else {
        return std::nullopt;
    }
    const auto m = month(monthName);
    const auto seconds = timeOfDay(time);
    if (!m || !seconds || !allDigits(day) || day.size() > 2 || !allDigits(year)
        || (year.size() != 2 && year.size() != 4))
        return std::nullopt;
    long long y = std::stoll(year);
    if (year.size() == 2)
        y += y < 70 ? 2000 : 1900; // RFC 850's two-digit years
    const auto d = static_cast<unsigned>(std::stoi(day));
    if (d < 1 || d > 31)
        return std::nullopt;
    return static_cast<std::time_t>(daysFromCivil(y, *m, d) * 86400 + *seconds);
}

} // namespace

std::optional<double> parseRetryAfter(std::string_view value, std::time_t now)
{
    std::size_t b = 0, e = value.size();
    while (b < e && isSpace(value[b]))
        ++b;
    while (e > b && isSpace(value[e - 1]))
        --e;
    value = value.substr(b, e - b);
    if (value.empty())
        return std::nullopt;
    // delay-seconds; a fraction is read too, though HTTP only has whole seconds.
    const std::size_t dot = value.find('.');
    const std::string_view whole = value.substr(0, dot);
    if (allDigits(whole) && (dot == std::string_view::npos || allDigits(value.substr(dot + 1)))) {
        if (whole.size() > 12)
            return 1e12; // longer than any cap: said as "very long", never as an overflow
        return std::stod(std::string(value));
    }
    const auto date = httpDate(value);
    if (!date)
        return std::nullopt;
    const double diff = static_cast<double>(*date) - static_cast<double>(now);
    return diff > 0 ? diff : 0.0;
}

std::string secondsText(double seconds)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.12g s", seconds);
    return buf;
}

} // namespace concord::judge
