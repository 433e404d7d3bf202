import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Bad input, faults and timeouts, through the built binary.
@Suite struct ReliabilityCLITests {
    func count(_ tracker: TrackerProcess, _ sql: String) throws -> Int {
        try Connection(settings: tracker.environment["DATABASE_URL"]!).query(sql).rows[0].decode(0, as: Int.self)
    }

    @Test func invalidUTF8InAnArgumentIsRefused() async throws {
        let tracker = try await CLITests.tracker()
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "exec \"$0\" create --title \"$(printf 'bad\\377')\"", TrackerProcess.binary.path],
            environment: tracker.environment)
        #expect(outcome.status == 65)
        #expect(String(decoding: outcome.stderr, as: UTF8.self).contains("not valid UTF-8"))
        #expect(try count(tracker, "SELECT count(*) FROM issues") == 0)
    }

    @Test func anInvalidUTF8LineAtAPromptIsAskedAgain() async throws {
        let tracker = try await CLITests.tracker()
        let input = Data("n\n".utf8) + Data([0xFF, 0xFE, 0x0A]) + Data("Good title\n.\nn\ny\nq\n".utf8)
        let session = try tracker.run([], stdinData: input)
        #expect(session.stderr.contains("not valid UTF-8"))
        #expect(session.stdout.contains("Created issue #1\n"))
        #expect(try count(tracker, "SELECT count(*) FROM issues WHERE title = 'Good title'") == 1)
    }

    @Test func aServerThatNeverAnswersTimesOutNamingTheHostNotThePassword() throws {
        let listener = try SilentListener()
        var tracker = TrackerProcess(
            databaseSettings: "postgresql://alice:pa55-w0rd-secret@127.0.0.1:\(listener.port)/tracker")
        tracker.environment["TRACKER_CONNECT_TIMEOUT"] = "2"
        let started = Date()
        let outcome = try tracker.run(["list", "--verbose"])
        #expect(Date().timeIntervalSince(started) < 20, "bounded by the connect timeout, never a hang")
        #expect(outcome.status == 69)
        #expect(outcome.stderr.contains("127.0.0.1"))
        #expect(outcome.stderr.contains("check DATABASE_URL") && !outcome.stderr.contains("tracker db start"))
        #expect(!(outcome.stderr + outcome.stdout).contains("pa55-w0rd-secret"))
        tracker.environment["TRACKER_CONNECT_TIMEOUT"] = "soon"
        #expect(try tracker.run(["list"]).status == 65)
    }

    @Test func aSchemaNewerThanTheBinaryCanBeReadButNotWritten() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Written before the upgrade"])
        try Connection(settings: tracker.environment["DATABASE_URL"]!).execute(
            "INSERT INTO schema_migrations (version, name, checksum) VALUES (9999, '9999_future.sql', 'x')")
        let listed = try tracker.run(["list"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Written before the upgrade"))
        let refused = try tracker.run(["create", "--title", "From an old binary"])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("upgrade tracker"))
        #expect(try count(tracker, "SELECT count(*) FROM issues") == 1)
    }

    @Test func aStatementTimeoutIsReportedAndNothingIsWritten() async throws {
        var tracker = try await CLITests.tracker()
        try Connection(settings: tracker.environment["DATABASE_URL"]!).execute(
            """
            CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(3); RETURN NEW; END $$;
            CREATE TRIGGER slow BEFORE INSERT ON all_issues FOR EACH ROW EXECUTE FUNCTION slow();
            """)
        tracker.environment["TRACKER_STATEMENT_TIMEOUT"] = "0.3"
        let outcome = try tracker.run(["create", "--title", "Too slow"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("cancelled") && outcome.stderr.contains("nothing was saved"))
        #expect(try count(tracker, "SELECT count(*) FROM issues") == 0)
        #expect(try count(tracker, "SELECT last_number FROM issue_number_counter") == 0)
    }

    @Test func aServerLostInTheMiddleOfAWriteLeavesNothingAndSaysSo() async throws {
        let tracker = try await CLITests.tracker()
        let admin = try Connection(settings: tracker.environment["DATABASE_URL"]!)
        try admin.execute(
            """
            CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(10); RETURN NEW; END $$;
            CREATE TRIGGER slow AFTER INSERT ON all_issue_events FOR EACH ROW EXECUTE FUNCTION slow();
            """)
        let running = try tracker.start(["create", "--title", "Half written?"])
        var terminated = false
        for _ in 0..<100 where !terminated {
            try await Task.sleep(for: .milliseconds(100))
            terminated =
                try admin.query(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                     WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%tracker_create_issue%'
                    """
                ).rows.count == 1
        }
        let outcome = try running.wait()
        let stderr = String(decoding: outcome.stderr, as: UTF8.self)
        #expect(terminated)
        #expect(outcome.status == 69)
        #expect(stderr.contains("nothing was saved"))
        #expect(try count(tracker, "SELECT count(*) FROM issues") == 0)
        #expect(try count(tracker, "SELECT count(*) FROM issue_events") == 0)
        #expect(try count(tracker, "SELECT last_number FROM issue_number_counter") == 0)
    }
}

/// A TCP port on loopback that accepts connections and never says anything.
final class SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw ChildProcessErrorForTests("cannot listen on loopback")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

struct ChildProcessErrorForTests: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
