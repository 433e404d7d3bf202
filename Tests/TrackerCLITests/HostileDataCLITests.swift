import Foundation
import Testing
import TrackerTestSupport

/// Issue 9's reproduced defects, each through the real binary on a real PostgreSQL.
@Suite struct HostileDataCLITests {
    func tracker() async throws -> TrackerProcess {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        try tracker.run(["users", "add", "tester"])
        return tracker
    }

    static func record(
        number: String = "1", state: String = #""OPEN""#, reason: String = "null",
        createdAt: String = "2024-01-01T00:00:00Z",
        login: String = "alice"
    ) -> String {
        """
        [{"number": \(number), "title": "t", "state": \(state), "stateReason": \(reason),
          "author": {"login": "\(login)"}, "createdAt": "\(createdAt)"}]
        """
    }

    func expectRefused(_ input: String, mentioning text: String, on tracker: TrackerProcess) throws {
        let outcome = try tracker.run(["import", "-"], stdin: input)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(text), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("nothing was imported"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "one line")
    }

    @Test func anImportedNumberCannotBrickCreate() async throws {
        let tracker = try await tracker()
        try expectRefused(Self.record(number: "9223372036854775807"), mentioning: "record 1 number", on: tracker)
        #expect(try tracker.run(["import", "-"], stdin: Self.record(number: "2147483647")).status == 0)
        let created = try tracker.run(["create", "--title", "after", "--json"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("\"number\":2147483648"))
        let skipped = try tracker.run(["import", "-"], stdin: Self.record(number: "2147483647"))
        #expect(skipped.stdout == "1 issue was already imported (skipped)\n", "\(skipped.stderr)")
        let again = try tracker.run(["import", "-"], stdin: Self.record(number: "2147483647", login: "bob"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("#2147483647 → #2147483649"))
    }

    @Test(arguments: [
        "9999-12-31T23:30:00-01:00", "2023-02-31T00:00:00Z", "2024-01-01T23:59:60Z", "2024-01-01T00:00:00+99:99",
        "0000-01-01T00:00:00Z", "2024-01-01T00:00:00.1234567Z",
    ])
    func aTimeThatCannotBeStoredExactlyIsRefused(_ time: String) async throws {
        let tracker = try await tracker()
        try expectRefused(Self.record(createdAt: time), mentioning: "record 1 createdAt", on: tracker)
        #expect(try tracker.run(["export"]).stdout == "[]\n", "nothing was written")
    }

    @Test func timesAtBothEndsRoundTripExactly() async throws {
        let tracker = try await tracker()
        let input = """
            {"number": 1, "title": "old", "author": {"login": "a"}, "createdAt": "0001-01-01T00:00:00Z"}
            {"number": 2, "title": "julian", "author": {"login": "a"}, "createdAt": "1500-03-01T12:00:00Z"}
            {"number": 3, "title": "late", "author": {"login": "a"}, "createdAt": "9999-12-31T23:59:59.123456Z"}
            """
        #expect(try tracker.run(["import", "-"], stdin: input).status == 0)
        let exported = try tracker.run(["export"]).stdout
        for time in ["0001-01-01T00:00:00Z", "1500-03-01T12:00:00Z", "9999-12-31T23:59:59.123456Z"] {
            #expect(exported.contains("\"createdAt\":\"\(time)\""), "\(time) in \(exported)")
        }
        #expect(try tracker.run(["list", "--state", "all"]).status == 0)
        #expect(try tracker.run(["show", "3"]).status == 0)
        let copy = try await self.tracker()
        #expect(try copy.run(["import", "-"], stdin: exported).status == 0)
        #expect(try copy.run(["export"]).stdout == exported)
    }

    @Test func aHugeLimitListsEverything() async throws {
        let tracker = try await tracker()
        #expect(try tracker.run(["create", "--title", "one"]).status == 0)
        let listed = try tracker.run(["list", "--limit", "9223372036854775807", "--json", "number"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == "[{\"number\":1}]\n")
    }

    @Test(arguments: [
        (#""\u001b[31mRED\u001b]0;pwned\u0007""#, "null", "2024-01-01T00:00:00Z", "alice"),
        (#""OPEN""#, #""\u001b[31mX\u0007""#, "2024-01-01T00:00:00Z", "alice"),
        (#""OPEN""#, "null", #"2024\u001b]0;x\u0007"#, "alice"),
        (#""OPEN""#, "null", "2024-01-01T00:00:00Z", #"a\u001b]0;pwned\u0007"# + String(repeating: "a", count: 39)),
    ])
    func escapesInBadRecordsNeverReachTheTerminal(
        state: String, reason: String, time: String, login: String
    )
        async throws
    {
        let tracker = try await tracker()
        let outcome = try tracker.run(
            ["import", "-"], stdin: Self.record(state: state, reason: reason, createdAt: time, login: login))
        #expect(outcome.status == 65)
        #expect(!outcome.stderr.unicodeScalars.contains { [0x1B, 0x07, 0x9B].contains($0.value) }, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("^["), "shown inert: \(outcome.stderr)")
    }

    @Test func contradictionsAreRefusedAndABOMIsNot() async throws {
        let tracker = try await tracker()
        try expectRefused(
            Self.record(state: #""CLOSED""#, reason: #""REOPENED""#), mentioning: "record 1 stateReason", on: tracker)
        try expectRefused(
            Self.record(state: #""OPEN""#, reason: #""COMPLETED""#), mentioning: "record 1 stateReason", on: tracker)
        let bom = "\u{FEFF}" + Self.record(state: #""OPEN""#)
        let imported = try tracker.run(["import", "-"], stdin: bom)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test func anUnknownIssueInThePickerIsSaidAtTheList() async throws {
        let tracker = try await tracker()
        let outcome = try tracker.run([], stdin: "a 999\nq\n")
        #expect(outcome.stdout.contains("issue #999 does not exist"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("assignees>"))
    }
}

extension HostileDataCLITests {
    @Test func aUserNamedNoneCanBeFilteredOn() async throws {
        let tracker = try await tracker()
        try tracker.run(["users", "add", "none"])
        try tracker.run(["create", "--title", "for none", "--assignee", "none"])
        try tracker.run(["create", "--title", "for nobody"])
        func titles(_ arguments: [String]) throws -> String {
            try tracker.run(["list"] + arguments + ["--json", "title"]).stdout
        }
        #expect(try titles(["--assignee", "none"]).contains("for none"))
        #expect(try !titles(["--assignee", "none"]).contains("for nobody"))
        #expect(try titles(["--no-assignee"]).contains("for nobody"))
        #expect(try !titles(["--no-assignee"]).contains("for none"))
    }
}
