import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// LISTEN/NOTIFY through the driver: waiting on the server's socket with `poll`, a timeout, and
/// other descriptors that end the wait.
@Suite struct NotificationTests {
    func pair() async throws -> (listener: Connection, sender: Connection) {
        let settings = try await TestPostgres.shared.emptyDatabase()
        return (try Connection(settings: settings), try Connection(settings: settings))
    }

    @Test func aNotificationFromAnotherSessionEndsTheWaitWithItsPayload() async throws {
        let (listener, sender) = try await pair()
        try listener.listen(to: ["changes", "Other \"quoted\" channel"])
        try sender.notify("changes", payload: "42")
        try sender.notify("Other \"quoted\" channel", payload: "")
        var received: [PostgresNotification] = []
        while received.count < 2 {
            guard case .notified(let batch) = try listener.waitForNotifications(timeout: .seconds(30)) else {
                Issue.record("no notification came")
                return
            }
            received += batch
        }
        #expect(received.map(\.channel) == ["changes", "Other \"quoted\" channel"])
        #expect(received.map(\.payload) == ["42", ""])
        let senderPID = try sender.query("SELECT pg_backend_pid()").rows[0].decode(0, as: Int.self)
        #expect(received.allSatisfy { Int($0.processID) == senderPID })
    }

    @Test func nothingSentMeansTheWaitTimesOut() async throws {
        let (listener, _) = try await pair()
        try listener.listen(to: ["quiet"])
        #expect(try listener.waitForNotifications(timeout: .milliseconds(50)) == .timedOut)
        #expect(try listener.query("SELECT 1").rows.count == 1, "the connection stays usable")
    }

    @Test func aNotificationReadDuringAQueryIsHandedOutAtOnce() async throws {
        let (listener, sender) = try await pair()
        try listener.listen(to: ["changes"])
        try sender.notify("changes", payload: "early")
        // The query's answer comes after the notification, so libpq reads both.
        try listener.query("SELECT pg_sleep(0.05)")
        let senderPID = Int32(exactly: try sender.query("SELECT pg_backend_pid()").rows[0].decode(0, as: Int.self))
        #expect(
            try listener.waitForNotifications(timeout: .zero)
                == .notified([PostgresNotification(channel: "changes", payload: "early", processID: senderPID ?? 0)]))
    }

    @Test func aRolledBackNotificationIsNeverDelivered() async throws {
        let (listener, sender) = try await pair()
        try listener.listen(to: ["changes"])
        try sender.execute("BEGIN; SELECT pg_notify('changes', 'rolled back'); ROLLBACK;")
        try sender.execute("BEGIN; SELECT pg_notify('changes', 'committed'); COMMIT;")
        guard case .notified(let batch) = try listener.waitForNotifications(timeout: .seconds(30)) else {
            Issue.record("the committed notification never came")
            return
        }
        #expect(batch.map(\.payload) == ["committed"])
        #expect(try listener.waitForNotifications(timeout: .milliseconds(50)) == .timedOut)
    }

    @Test func aReadablePipeInterruptsTheWait() async throws {
        let (listener, _) = try await pair()
        try listener.listen(to: ["changes"])
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == 1)
        let wait = try listener.waitForNotifications(timeout: .seconds(30), interruptions: [.readable(ends[0])])
        #expect(wait == .interrupted)
    }

    @Test func aClosedReaderInterruptsAWaitWatchingItsPipe() async throws {
        let (listener, _) = try await pair()
        try listener.listen(to: ["changes"])
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[1]) }
        close(ends[0])
        let wait = try listener.waitForNotifications(timeout: .seconds(30), interruptions: [.closed(ends[1])])
        #expect(wait == .interrupted)
    }

    @Test func aTerminatedSessionThrowsConnectionLost() async throws {
        let (listener, admin) = try await pair()
        try listener.listen(to: ["changes"])
        let pid = try listener.query("SELECT pg_backend_pid()").rows[0].decode(0, as: Int.self)
        try admin.query("SELECT pg_terminate_backend($1)", [pid])
        var lost: PostgresError?
        do {
            for _ in 0..<10 { _ = try listener.waitForNotifications(timeout: .seconds(30)) }
        } catch {
            lost = error
        }
        #expect(lost?.isConnectionFailure == true)
    }
}
