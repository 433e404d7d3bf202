import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Text shown on one line follows one rule, in the core and in the schema: no control characters
/// and no bidirectional controls; and whatever odd text a row holds, readers show it escaped.
@Suite struct PlainTextCLITests {
    static let reversing = "\u{202E}"
    static let isolating = "\u{2067}"

    @Test func bidirectionalControlsAreRefusedLikeOtherControlCharacters() async throws {
        let tracker = try await CLITests.tracker()
        for arguments in [
            ["create", "-t", "Invoice \(Self.reversing)fdp.exe"],
            ["label", "create", "ok\(Self.isolating)bug"],
            ["milestone", "create", "v1\(Self.reversing)"],
            ["users", "add", "zed", "--name", "Zed \(Self.reversing)Zeta"],
        ] {
            let refused = try tracker.run(arguments)
            #expect(refused.status == 65, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("control characters"), "\(arguments): \(refused.stderr)")
        }
        let created = try tracker.run(["create", "-t", "Plain", "-b", "a \(Self.reversing)body"])
        #expect(created.status == 0)
        let shown = try tracker.run(["show", "1", "--no-pager"])
        #expect(shown.stdout.contains("a <U+202E>body"), "a body keeps it, shown escaped: \(shown.stdout)")
        #expect(!shown.stdout.unicodeScalars.contains { $0.value == 0x202E })
    }

    /// Rows the schema could not refuse (its rules are dropped here, as for data from before
    /// them): `users list`, `show` and `watch` show their text escaped instead of failing.
    @Test func oddStoredTextIsShownEscapedNotRefused() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["create", "-t", "Target"]).status == 0)
        let settings = try #require(tracker.environment["DATABASE_URL"])
        try Connection(settings: settings).execute(
            """
            ALTER TABLE users DROP CONSTRAINT IF EXISTS users_name_plain;
            ALTER TABLE all_issue_events DROP CONSTRAINT IF EXISTS issue_events_names_plain;
            INSERT INTO users (login, name) VALUES ('mallory', E'Mallory \\x1b]0;pwned\\x07 \\u202eevil');
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name)
                 SELECT 1, 'labeled', id, E'bug\\x1b[2J' FROM users WHERE login = 'mallory';
            """)
        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "100"
        let users = try atTerminal.run(["users", "list"])
        #expect(users.status == 0, "\(users.stderr)")
        #expect(users.stdout.contains("Mallory ^[]0;pwned^G <U+202E>evil"), "\(users.stdout)")
        let piped = try tracker.run(["users", "list"])
        #expect(piped.stdout.contains("mallory\tMallory \\u001b]0;pwned\\u0007 \\u202eevil\n"), "\(piped.stdout)")
        let shown = try tracker.run(["show", "1", "--no-pager"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("bug^[[2J"), "\(shown.stdout)")
        let watcher = try WatchingProcess(tracker, ["watch", "--since", "1"])
        defer { _ = try? watcher.stop() }
        let lines = try watcher.lines(count: 1)
        #expect(lines.first?.contains("bug^[[2J") == true, "\(lines)")
    }
}
