// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Import Table dialog: format guessed from the file name, the mapping checked before accepting.
#include "window/table_import_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using concord::ui::TableImportDialog;

class TestTableImportDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void guessesTheFormatFromTheFileName();
    void refusesABadMappingAndSaysWhy();
    void acceptsAGoodMapping();
    void emptyMappingMeansSameNames();

private:
    QString touch(const QString &name);
    static void typeMapping(TableImportDialog &dialog, const QString &text);
    static void clickImport(TableImportDialog &dialog);

    QTemporaryDir m_dir;
};

void TestTableImportDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QString TestTableImportDialog::touch(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    file.write("id,text\n");
    return path;
}

void TestTableImportDialog::typeMapping(TableImportDialog &dialog, const QString &text)
{
    auto *edit = dialog.findChild<QLineEdit *>(QStringLiteral("tableMapping"));
    QVERIFY(edit);
    edit->clear();
    QTest::keyClicks(edit, text);
}

void TestTableImportDialog::clickImport(TableImportDialog &dialog)
{
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(buttons);
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
}

void TestTableImportDialog::guessesTheFormatFromTheFileName()
{
    TableImportDialog dialog;
    dialog.setFilePath(touch(QStringLiteral("ratings.tsv")));
    QCOMPARE(dialog.format(), concord::io::TableFormat::Tsv);
    dialog.setFilePath(touch(QStringLiteral("ratings.csv")));
    QCOMPARE(dialog.format(), concord::io::TableFormat::Csv);
    dialog.setFilePath(touch(QStringLiteral("items.jsonl")));
    QCOMPARE(dialog.format(), concord::io::TableFormat::Jsonl);
}

void TestTableImportDialog::refusesABadMappingAndSaysWhy()
{
    TableImportDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setFilePath(touch(QStringLiteral("bad.csv")));
    typeMapping(dialog, QStringLiteral("doc_id"));
    clickImport(dialog);
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Rejected));
    bool explained = false;
    const auto labels = dialog.findChildren<QLabel *>();
    for (const QLabel *label : labels)
        explained = explained || (label->isVisible() && label->text().contains(QStringLiteral("doc_id")));
    QVERIFY2(explained, "the problem names the bad entry");
}

void TestTableImportDialog::acceptsAGoodMapping()
{
    TableImportDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setFilePath(touch(QStringLiteral("good.csv")));
    typeMapping(dialog, QStringLiteral("doc_id=id,article=text"));
    clickImport(dialog);
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Accepted));
    QCOMPARE(dialog.mapping().columns.at("doc_id"), std::string("id"));
    QCOMPARE(dialog.mapping().columns.at("article"), std::string("text"));
}

void TestTableImportDialog::emptyMappingMeansSameNames()
{
    TableImportDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setFilePath(touch(QStringLiteral("same.jsonl")));
    clickImport(dialog);
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Accepted));
    QCOMPARE(dialog.mapping().columns, concord::io::ColumnMapping::identity().columns);
}

QTEST_MAIN(TestTableImportDialog)
#include "tst_table_import_dialog.moc"
