// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A file read a block at a time: every byte arrives once and in order, the buffer grows only for a
// record longer than a block, progress is reported, and a callback that throws stops the reading.
#include "io/byte_source.h"

#include "error.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <string>
#include <vector>

using namespace concord;

class TestByteSource : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsEveryByteInOrder_data();
    void readsEveryByteInOrder();
    void ensureGrowsForALongRecord();
    void reportsProgressAndStopsWhenTold();
    void namesTheFileItCannotRead();
    void movedAfterReadingKeepsItsWindow();
};

namespace {

QString writeFile(const QTemporaryDir &dir, const QByteArray &bytes)
{
    const QString path = dir.filePath(QStringLiteral("input.txt"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

// Consumes the input in steps of `step` bytes, as a reader would.
std::string drain(io::ByteSource &source, std::size_t step)
{
    std::string out;
    while (source.ensure(1)) {
        const auto w = source.window();
        const std::size_t n = std::min(step, w.size());
        out.append(w.substr(0, n));
        source.consume(n);
    }
    return out;
}

} // namespace

void TestByteSource::readsEveryByteInOrder_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("blockSize");
    QTest::addColumn<int>("step");
    QTest::newRow("empty") << 0 << 4 << 1;
    QTest::newRow("smaller than a block") << 3 << 8 << 2;
    QTest::newRow("exactly one block") << 8 << 8 << 8;
    QTest::newRow("many blocks, small steps") << 1000 << 7 << 3;
    QTest::newRow("steps longer than blocks") << 1000 << 4 << 9;
}

void TestByteSource::readsEveryByteInOrder()
{
    QFETCH(int, size);
    QFETCH(int, blockSize);
    QFETCH(int, step);
    QByteArray bytes;
    for (int i = 0; i < size; ++i)
        bytes.append(static_cast<char>('a' + i % 26));
    QTemporaryDir dir;
    const QString path = writeFile(dir, bytes);
    QVERIFY(!path.isEmpty());
    auto file = io::ByteSource::fromFile(path.toStdString(), static_cast<std::size_t>(blockSize));
    QCOMPARE(file.totalBytes(), static_cast<std::int64_t>(size));
    QCOMPARE(drain(file, static_cast<std::size_t>(step)), bytes.toStdString());
    QCOMPARE(file.bytesConsumed(), static_cast<std::int64_t>(size));
    QVERIFY(file.atEnd());

    const std::string text = bytes.toStdString();
    auto memory = io::ByteSource::fromText(text, static_cast<std::size_t>(blockSize));
    QCOMPARE(drain(memory, static_cast<std::size_t>(step)), text);
    QCOMPARE(memory.bytesConsumed(), static_cast<std::int64_t>(size));
}

void TestByteSource::ensureGrowsForALongRecord()
{
    const QByteArray bytes = QByteArray(100, 'x') + "\nrest";
    QTemporaryDir dir;
    const QString path = writeFile(dir, bytes);
    auto source = io::ByteSource::fromFile(path.toStdString(), 8);
    source.consume(0);
    QVERIFY(source.ensure(101));
    QCOMPARE(source.window().substr(0, 101), bytes.left(101).toStdString());
    source.consume(101);
    QVERIFY(!source.ensure(5));
    QCOMPARE(source.window(), std::string_view("rest"));
}

void TestByteSource::reportsProgressAndStopsWhenTold()
{
    const QByteArray bytes(100, 'y');
    QTemporaryDir dir;
    const QString path = writeFile(dir, bytes);
    auto source = io::ByteSource::fromFile(path.toStdString(), 10);
    std::vector<std::int64_t> done;
    source.setProgress([&](std::int64_t read, std::int64_t total) {
        QCOMPARE(total, std::int64_t{100});
        done.push_back(read);
        if (read >= 50)
            throw Failure(Error{"stopped", {}, 0, {}});
    });
    try {
        drain(source, 10);
        QFAIL("the callback's exception did not stop the reading");
    } catch (const Failure &f) {
        QCOMPARE(f.error().message, std::string("stopped"));
    }
    QCOMPARE(done, (std::vector<std::int64_t>{10, 20, 30, 40, 50}));
}

void TestByteSource::namesTheFileItCannotRead()
{
    QTemporaryDir dir;
    const std::string missing = dir.filePath(QStringLiteral("missing.csv")).toStdString();
    try {
        io::ByteSource::fromFile(missing);
        QFAIL("no error for a missing file");
    } catch (const Failure &f) {
        QCOMPARE(f.error().file, missing);
        QVERIFY2(f.error().message.find("cannot read") != std::string::npos, f.what());
    }
    try {
        io::ByteSource::fromFile(dir.path().toStdString());
        QFAIL("no error for a folder");
    } catch (const Failure &f) {
        QCOMPARE(f.error().file, dir.path().toStdString());
        QVERIFY2(f.error().message.find("folder") != std::string::npos, f.what());
    }
}

void TestByteSource::movedAfterReadingKeepsItsWindow()
{
    // Blocks small enough for the buffer to live inside the string object: a move must not leave the
    // window pointing into the old object.
    QTemporaryDir dir;
    const QString path = writeFile(dir, QByteArray("abcdefghij"));
    std::optional<io::ByteSource> first = io::ByteSource::fromFile(path.toStdString(), 4);
    QVERIFY(first->ensure(3));
    first->consume(1);
    io::ByteSource moved = std::move(*first);
    first.reset(); // gone, as AddressSanitizer would notice if the window still pointed into it
    QCOMPARE(moved.window().substr(0, 3), std::string_view("bcd"));
    QCOMPARE(drain(moved, 2), std::string("bcdefghij"));
}

QTEST_APPLESS_MAIN(TestByteSource)
#include "tst_byte_source.moc"
