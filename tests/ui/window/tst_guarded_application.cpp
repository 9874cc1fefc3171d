// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// An exception thrown in a slot does not end Concord: the application reports it once and its
// event loop goes on delivering events.
#include "error.h"
#include "window/guarded_application.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <stdexcept>

using concord::ui::GuardedApplication;

class TestGuardedApplication : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exceptionInASlotIsReported_data();
    void exceptionInASlotIsReported();
};

void TestGuardedApplication::exceptionInASlotIsReported_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("concord::Failure") << 0 << QStringLiteral("no such table: ratings");
    QTest::newRow("std::exception") << 1 << QStringLiteral("out of range");
    QTest::newRow("anything else") << 2 << QStringLiteral("an unexpected error occurred");
}

void TestGuardedApplication::exceptionInASlotIsReported()
{
    QFETCH(int, kind);
    QFETCH(QString, message);
    auto *app = qobject_cast<GuardedApplication *>(QCoreApplication::instance());
    QVERIFY(app);
    QSignalSpy caught(app, &GuardedApplication::exceptionCaught);

    QTimer thrower;
    thrower.setSingleShot(true);
    connect(&thrower, &QTimer::timeout, this, [kind] {
        if (kind == 0)
            concord::fail("no such table: ratings");
        if (kind == 1)
            throw std::out_of_range("out of range");
        throw 42;
    });
    thrower.start(0);
    QVERIFY(caught.wait(5000));
    QCOMPARE(caught.count(), 1);
    QVERIFY2(caught.at(0).at(0).toString().contains(message), qPrintable(caught.at(0).at(0).toString()));

    // The loop still runs: a later event is delivered as usual.
    bool later = false;
    QTimer::singleShot(0, this, [&later] { later = true; });
    QTRY_VERIFY(later);
    QCOMPARE(caught.count(), 1);
}

int main(int argc, char **argv)
{
    GuardedApplication app(argc, argv);
    TestGuardedApplication test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_guarded_application.moc"
