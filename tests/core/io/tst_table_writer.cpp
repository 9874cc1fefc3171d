// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The table writer's escaping: every character prints as itself in LaTeX and survives a spreadsheet in
// CSV, and a rendered LaTeX table carries the escaped cells.
#include "io/table_writer.h"

#include <QTest>

using concord::io::csvField;
using concord::io::latexEscape;
using concord::io::render;
using concord::io::Table;
using concord::io::TableStyle;

class TestTableWriter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void escapesLatex_data();
    void escapesLatex();
    void quotesCsvFields_data();
    void quotesCsvFields();
    void latexTableEscapesEveryCell();
};

void TestTableWriter::escapesLatex_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("escaped");
    QTest::newRow("plain") << "Kendall tau"
                           << "Kendall tau";
    QTest::newRow("reserved") << "&%$#_{}"
                              << R"(\&\%\$\#\_\{\})";
    QTest::newRow("backslash") << R"(a\b)"
                               << R"(a\textbackslash{}b)";
    QTest::newRow("tilde and caret") << "~^"
                                     << R"(\textasciitilde{}\textasciicircum{})";
    // In LaTeX's default font encoding < > | print as ¡ ¿ and an em dash, so a p-value "< 0.0001"
    // would read "¡ 0.0001" in a paper.
    QTest::newRow("p-value bound") << "< 0.0001"
                                   << R"(\textless{} 0.0001)";
    QTest::newRow("greater") << "n > 30"
                             << R"(n \textgreater{} 30)";
    QTest::newRow("bar") << "a|b"
                         << R"(a\textbar{}b)";
    QTest::newRow("utf-8 kept") << "Zusammenfassung ä ρ"
                                << "Zusammenfassung ä ρ";
}

void TestTableWriter::escapesLatex()
{
    QFETCH(QString, text);
    QFETCH(QString, escaped);
    QCOMPARE(QString::fromStdString(latexEscape(text.toStdString())), escaped);
}

void TestTableWriter::quotesCsvFields_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("guardFormula");
    QTest::addColumn<QString>("field");
    QTest::newRow("plain") << "M8" << true << "M8";
    QTest::newRow("comma") << "a,b" << true << "\"a,b\"";
    QTest::newRow("quote") << "say \"hi\"" << true << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "a\nb" << true << "\"a\nb\"";
    QTest::newRow("formula") << "=SUM(A1)" << true << "'=SUM(A1)";
    QTest::newRow("negative number of ours") << "-0.25" << false << "-0.25";
    QTest::newRow("negative text guarded") << "-0.25" << true << "'-0.25";
}

void TestTableWriter::quotesCsvFields()
{
    QFETCH(QString, text);
    QFETCH(bool, guardFormula);
    QFETCH(QString, field);
    QCOMPARE(QString::fromStdString(csvField(text.toStdString(), guardFormula)), field);
}

void TestTableWriter::latexTableEscapesEveryCell()
{
    Table table;
    table.header = {"system_x", "p"};
    table.rows = {{"M8", "< 0.0001"}};
    table.numeric = {false, true};
    table.caption = "50% of pairs";
    const QString latex = QString::fromStdString(render(table, TableStyle::Latex));
    QVERIFY2(latex.contains(QStringLiteral(R"(\caption{50\% of pairs})")), qPrintable(latex));
    QVERIFY2(latex.contains(QStringLiteral(R"(system\_x & p \\)")), qPrintable(latex));
    QVERIFY2(latex.contains(QStringLiteral(R"(M8 & \textless{} 0.0001 \\)")), qPrintable(latex));
    QVERIFY2(!latex.contains(QLatin1String("< 0.0001")), qPrintable(latex));
}

QTEST_GUILESS_MAIN(TestTableWriter)
#include "tst_table_writer.moc"
