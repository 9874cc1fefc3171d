// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's file dialogs list a folder without reading its files: Qt's own icon provider reads the first
// bytes of every file whose name it cannot place, and closing that read drops the SQLite locks this process
// holds on an open study there (POSIX locks are per process), so another program could delete its log.
#include "common/content_blind_icon_provider.h"
#include "common/file_dialogs.h"
#include "sqlite_lock_probe.h"

#include "store/study.h"

#include <QAbstractItemView>
#include <QFileIconProvider>
#include <QFileInfo>
#include <QFileSystemModel>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using concord::ui::ContentBlindIconProvider;
using concord::ui::FileDialogs;

namespace {

std::unique_ptr<concord::store::Study> openWithWrite(const QString &path)
{
    auto created = concord::store::Study::create(path.toStdString());
    if (!created)
        return nullptr;
    created.value().reset();
    auto opened = concord::store::Study::open(path.toStdString());
    if (!opened)
        return nullptr;
    std::unique_ptr<concord::store::Study> study = std::move(opened).value();
    const auto written = study->write([&] { study->setInfo("touched", "yes"); });
    return written ? std::move(study) : nullptr;
}

} // namespace

class TestFileDialogs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void qtsProviderReadsTheStudy();
    void providerNamesByExtension_data();
    void providerNamesByExtension();
    void dialogListsTheFolderAndKeepsTheLock_data();
    void dialogListsTheFolderAndKeepsTheLock();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestFileDialogs::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

// What this guards against, so that the probe is known to see it.
void TestFileDialogs::qtsProviderReadsTheStudy()
{
    const QString path = m_dir->filePath(QStringLiteral("s.concord"));
    auto study = openWithWrite(path);
    QVERIFY(study);
    QVERIFY(concord::test::sqliteReadLockVisible(path));
    (void)QFileIconProvider().type(QFileInfo(path));
    QVERIFY(!concord::test::sqliteReadLockVisible(path));
}

void TestFileDialogs::providerNamesByExtension_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::newRow("csv") << QStringLiteral("t.csv") << QStringLiteral("text/csv");
    QTest::newRow("jsonl by its name only") << QStringLiteral("t.jsonl") << QString();
    QTest::newRow("study") << QStringLiteral("s.concord") << QString();
}

void TestFileDialogs::providerNamesByExtension()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    const QString path = m_dir->filePath(name);
    auto study = openWithWrite(path);
    QVERIFY(study);
    const ContentBlindIconProvider provider;
    const QString said = provider.type(QFileInfo(path));
    QVERIFY(!said.isEmpty());
    if (!type.isEmpty())
        QCOMPARE(QMimeDatabase().mimeTypeForName(type).comment(), said);
    (void)provider.icon(QFileInfo(path));
    QVERIFY(concord::test::sqliteReadLockVisible(path));
}

void TestFileDialogs::dialogListsTheFolderAndKeepsTheLock_data()
{
    QTest::addColumn<bool>("contentBlind");
    QTest::newRow("Qt's provider") << false;
    QTest::newRow("the window's") << true;
}

void TestFileDialogs::dialogListsTheFolderAndKeepsTheLock()
{
    QFETCH(bool, contentBlind);
    const QString path = m_dir->filePath(QStringLiteral("s.concord"));
    auto study = openWithWrite(path);
    QVERIFY(study);
    QFileDialog dialog(nullptr, QStringLiteral("Open"), m_dir->path());
    if (contentBlind)
        FileDialogs::makeContentBlind(dialog);
    else
        dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *model = dialog.findChild<QFileSystemModel *>();
    QVERIFY(model);
    // The list shows the study with its type once the dialog's thread has looked at it.
    QTRY_VERIFY(model->index(path).isValid());
    const QModelIndex typeCell = model->index(path, 2);
    QTRY_VERIFY(!model->data(typeCell).toString().isEmpty());
    QCOMPARE(concord::test::sqliteReadLockVisible(path), contentBlind);
    // The study still writes, and its log is its own.
    QVERIFY(study->write([&] { study->setInfo("after", "dialog"); }));
    dialog.close();
}

QTEST_MAIN(TestFileDialogs)
#include "tst_file_dialogs.moc"
