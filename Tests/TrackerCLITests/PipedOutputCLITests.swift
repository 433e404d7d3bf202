import Foundation
import Testing
import TrackerTestSupport

/// `tracker list` read by a program (issue 14): tab-separated lines through a pipe, the table on
/// a terminal or when `TRACKER_FORCE_TTY` says to pretend.
@Suite struct PipedOutputCLITests {
    static let longTitle =
        "A title long enough that any table would cut it: "
        + String(repeating: "words ", count: 30)
        .trimmingCharacters(in: .whitespaces)

    static func tracker() async throws -> TrackerProcess {
        let tracker = try await CLITests.tracker()
        for login in ["alice", "bob"] { try tracker.run(["users", "add", login]) }
        try tracker.run(["label", "create", "bug"])
        try tracker.run(["create", "--title", longTitle, "--assignee", "alice", "--assignee", "bob", "--label", "bug"])
        try tracker.run(["create", "--title", "Second", "--as", "alice"])
        try tracker.run(["close", "2"])
        return tracker
    }

    func fields(_ line: Substring) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func aPipeGetsOneTabSeparatedLinePerIssueWithWholeTitlesAndExactTimes() async throws {
        let tracker = try await Self.tracker()
        let listed = try tracker.run(["list", "--state", "all"])
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
        #expect(listed.stdout.hasSuffix("\n"))
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 2, "no header: \(listed.stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try tracker.run(["list", "--state", "all", "--json", "createdAt,updatedAt"]).stdout.utf8))
                as? [[String: String]])
        let times = json.map { [$0["createdAt"] ?? "", $0["updatedAt"] ?? ""] }
        #expect(fields(lines[0]) == ["2", "CLOSED", "Second", "", "", "alice"] + times[0])
        #expect(fields(lines[1]) == ["1", "OPEN", Self.longTitle, "bug", "alice, bob", "tester"] + times[1])
        #expect(!listed.stdout.contains("  "), "no padding")
        #expect(try tracker.run(["list", "--state", "all", "--limit", "0"]).stdout == listed.stdout, "streamed alike")
    }

    @Test func aForcedTerminalGetsTheTableAtItsWidth() async throws {
        var tracker = try await Self.tracker()
        tracker.environment["TRACKER_FORCE_TTY"] = "70"
        tracker.environment["COLUMNS"] = "200"
        let table = try tracker.run(["list"])
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("#") && lines[0].contains("TITLE"), "\(table.stdout)")
        #expect(lines[1].hasPrefix("#1 ") && lines[1].contains("…") && lines[1].contains("just now"))
        #expect(lines.allSatisfy { $0.count <= 70 }, "the forced width wins over COLUMNS: \(table.stdout)")
        tracker.environment["TRACKER_FORCE_TTY"] = "yes"
        #expect(try tracker.run(["list"]).stdout.split(separator: "\n").allSatisfy { $0.count <= 200 })
        tracker.environment.removeValue(forKey: "TRACKER_FORCE_TTY")
        #expect(try tracker.run(["list"]).stdout.hasPrefix("1\tOPEN\t"), "COLUMNS alone leaves a pipe a pipe")
    }

    /// gh's rule: the same document, on one line for a program and pretty on a terminal.
    @Test func jsonIsOneLineThroughAPipeAndPrettyOnAForcedTerminal() async throws {
        var tracker = try await Self.tracker()
        let piped = try tracker.run(["list", "--state", "all", "--json"]).stdout
        tracker.environment["TRACKER_FORCE_TTY"] = "120"
        let pretty = try tracker.run(["list", "--state", "all", "--json"]).stdout
        #expect(
            piped.hasPrefix("[{") && piped.contains("\"title\":\"Second\"") && piped.filter { $0 == "\n" }.count == 1)
        #expect(pretty.hasPrefix("[\n  {") && pretty.contains("\"title\" : \"Second\""))
        let data = { (text: String) in try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSArray }
        #expect(try data(piped) == (try data(pretty)))
    }

    /// The schema refuses control characters in titles; with that rule dropped on this test's own
    /// database, a title holding a tab, line breaks, an escape and a backslash still makes one
    /// line of eight fields, with no control byte but the separators.
    @Test func aHostileTitleNeverBreaksARow() async throws {
        let tracker = try await Self.tracker()
        let editor = TestDatabaseEditor(tracker)
        try await editor.execute("ALTER TABLE all_issues DROP CONSTRAINT issues_title_no_control")
        try await editor.execute(
            #"UPDATE issues SET title = E'tab\there\nnext\r\\t \x1b]0;pwned\x07' WHERE number = 1"#)
        let listed = try tracker.run(["list", "--state", "all"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { fields($0).count == 8 })
        #expect(fields(lines[1])[2] == #"tab\there\nnext\r\\t \u001b]0;pwned\u0007"#)
        #expect(!listed.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" })
    }
}
