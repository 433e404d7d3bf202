import Foundation
import Testing
import TrackerTestSupport

/// The interactive list shows as many issues as the terminal has rows for (tmux of a given
/// height), so its first page never scrolls off the top.
@Suite struct PageHeightTerminalTests {
    let terminal = TmuxSession()

    func issueLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter {
            $0.range(of: "^#[0-9]+ ", options: .regularExpression) != nil
        }
    }

    @Test func aShortTerminalGetsAShortPageAndTheNextPageGoesOn() async throws {
        let tracker = try await CLITests.tracker()
        let imported = try tracker.run(
            ["import", "-"],
            stdin: "["
                + (1...30).map {
                    "{\"number\":\($0),\"title\":\"Issue \($0)\",\"body\":\"\",\"state\":\"OPEN\",\"author\":{\"login\":\"tester\"},"
                        + "\"assignees\":[],\"createdAt\":\"2024-01-01T00:00:00Z\",\"updatedAt\":\"2024-01-01T00:00:00Z\"}"
                }.joined(separator: ",") + "]")
        #expect(imported.status == 0, "\(imported.stderr)")
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"], columns: 100, rows: 15)
        let first = try await terminal.waitFor("tracker>")
        let shown = issueLines(first)
        #expect(shown.count == 9, "15 rows: 9 issues and 6 lines of screen\n\(first)")
        #expect(shown.first?.hasPrefix("#30 ") == true && shown.last?.hasPrefix("#22 ") == true, "\(shown)")
        #expect(first.contains("Issues ·"), "the top of the page is still on the screen:\n\(first)")

        try terminal.type(">")
        let second = try await terminal.waitFor("page 2 drawn whole") { screen in
            screen.range(of: "page 2", options: .backwards).map { screen[$0.upperBound...].contains("tracker>") }
                ?? false
        }
        let pageTwo = try #require(second.range(of: "page 2", options: .backwards))
        let next = issueLines(String(second[pageTwo.upperBound...]))
        #expect(next.first?.hasPrefix("#21 ") == true && next.count == 9, "\(next)")
        try terminal.type("q")
        try await terminal.waitFor("SESSION-OVER")
    }
}
