import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// The list and issue screens follow teammates' changes while they wait at their prompts, in a
/// real terminal (tmux) on a real PostgreSQL, with the changes made by other `tracker` processes.
@Suite struct LiveScreensTerminalTests {
    let terminal = TmuxSession()

    func waitForListeners(_ count: Int, _ tracker: TrackerProcess) throws {
        _ = try WatchingProcess.waitFor("\(count) listening sessions") {
            try tracker.liveSessions(readingFeed: true) == count ? true : nil
        }
    }

    @Test func theListRedrawsWhenAnotherProcessClosesAnIssueOnItsPageAndTheIssueScreenShowsNewComments()
        async throws
    {
        let tracker = try await CLITests.tracker()
        for title in ["Login fails", "Crash on start", "Slow search"] { try tracker.run(["create", "--title", title]) }
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"])
        try await terminal.waitFor("#3  Slow search")
        try waitForListeners(1, tracker)

        #expect(try tracker.run(["close", "2"]).status == 0)
        let redrawn = try await terminal.waitFor("the page drawn again") {
            $0.components(separatedBy: "Issues · state:open").count == 3
        }
        let page = try #require(redrawn.components(separatedBy: "Issues · state:open").last)
        #expect(!page.contains("Crash on start"), "closed elsewhere, gone from the open issues:\n\(redrawn)")
        #expect(page.contains("#3  Slow search") && page.contains("#1  Login fails"))

        try terminal.keys("v 1")
        #expect(try tracker.run(["close", "3"]).status == 0)
        let noted = try await terminal.waitFor("1 issue changed — r to refresh")
        #expect(noted.components(separatedBy: "Issues · state:open").count == 3, "no redraw under the typing")
        #expect(
            noted.hasSuffix("tracker> v 1\n") || noted.contains("tracker> v 1\n\n"), "the typing is kept:\n\(noted)")
        try terminal.press("Enter")
        try await terminal.waitFor("#1>")
        try waitForListeners(2, tracker)

        #expect(try tracker.run(["--as", "tester", "comment", "1", "--body", "Seen on staging too"]).status == 0)
        let landed = try await terminal.waitFor("  Seen on staging too")
        #expect(landed.contains("tester commented just now (comment 1)"))
        #expect(landed.contains("just now: tester commented (comment 1)"))

        try terminal.type("b")
        try await terminal.waitFor("the list's prompt again") { $0.components(separatedBy: "tracker>").count > 3 }
        try waitForListeners(1, tracker)
        #expect(try tracker.liveSessions() == 1, "the issue screen's listener ended with its screen")
        try terminal.type("q")
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit 0"))
        _ = try WatchingProcess.waitFor("no listener left") { try tracker.liveSessions() == 0 ? true : nil }
    }
}
