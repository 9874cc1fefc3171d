// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/natural_order.h"

namespace concord::ui {

namespace {

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

// The run starting at i: digits or non-digits.
qsizetype runEnd(QStringView s, qsizetype i)
{
    const bool digits = isDigit(s[i]);
    while (i < s.size() && isDigit(s[i]) == digits)
        ++i;
    return i;
}

int sign(qsizetype v)
{
    return v < 0 ? -1 : v > 0 ? 1 : 0;
}

} // namespace

int naturalCompare(QStringView a, QStringView b)
{
    int tieBreak = 0; // the first difference that only case or leading zeros make
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < a.size() && j < b.size()) {
        const qsizetype ei = runEnd(a, i);
        const qsizetype ej = runEnd(b, j);
        const QStringView ra = a.sliced(i, ei - i);
        const QStringView rb = b.sliced(j, ej - j);
        if (isDigit(ra[0]) && isDigit(rb[0])) {
            // Numbers of any length: without leading zeros, the longer is larger, else digit by digit.
            qsizetype za = 0;
            while (za + 1 < ra.size() && ra[za] == u'0')
                ++za;
            qsizetype zb = 0;
            while (zb + 1 < rb.size() && rb[zb] == u'0')
                ++zb;
            const QStringView na = ra.sliced(za);
            const QStringView nb = rb.sliced(zb);
            if (na.size() != nb.size())
                return sign(na.size() - nb.size());
            if (const int c = na.compare(nb); c != 0)
                return sign(c);
            if (tieBreak == 0)
                tieBreak = sign(za - zb);
        } else {
            if (const int c = ra.compare(rb, Qt::CaseInsensitive); c != 0)
                return sign(c);
            if (tieBreak == 0)
                tieBreak = sign(ra.compare(rb, Qt::CaseSensitive));
        }
        i = ei;
        j = ej;
    }
    if (i < a.size() || j < b.size())
        return i < a.size() ? 1 : -1; // a prefix comes first
    return tieBreak;
}

} // namespace concord::ui
