import TerminalKit
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The issue list on the full screen: a highlighted row moved by the keys, pages fetched by
/// keyset at a page's ends, a search run as it is typed, the tabs, and a new size drawn at once.
@MainActor
@Suite struct ListNavigationTests {
    @Test func arrowsMoveTheHighlightAndEnterOpensThatIssue() async throws {
        let fixture = try await FullScreenFixture(issues: 5)
        let screen = await fixture.run([.down, .down, .key(.text("j")), .key(.text("k")), .enter, .escape])
        let list = try #require(screen.everyFrame.first)
        #expect(list.contains("[1 Issues]  2 Labels  3 Milestones  4 People"))
        #expect(list.contains("Issues · state:open · page 1"))
        #expect(list.contains("▸ #5  Issue 5"), "the newest issue is highlighted first:\n\(list)")
        #expect(screen.showed("▸ #3  Issue 3"))
        #expect(screen.showed("Issue #3\n#3 Issue 3"), "Enter opened the highlighted issue")
        #expect(screen.highlighted?.hasPrefix("▸ #3") == true, "back on the list, the highlight stays")
    }

    @Test func passingTheLastRowFetchesTheNextPageAndUpComesBack() async throws {
        let fixture = try await FullScreenFixture(issues: 50)
        // 20 rows: 17 for the table, a page of two screens of rows (34 issues).
        let size = TerminalSize(columns: 80, rows: 20)
        let screen = await fixture.run(Array(repeating: .down, count: 34) + [.up], size: size)
        let pageTwo = try #require(screen.everyFrame.first { $0.contains("page 2") })
        #expect(pageTwo.contains("▸ #16  Issue 16"), "the first issue after #17, the last of page 1:\n\(pageTwo)")
        #expect(screen.shown.contains { $0.contains("page 1") })
        #expect(screen.highlighted?.hasPrefix("▸ #17") == true, "↑ from the top of page 2: page 1's last row")
    }

    @Test func pageDownAndHomeMoveByPages() async throws {
        let fixture = try await FullScreenFixture(issues: 80)
        let size = TerminalSize(columns: 80, rows: 20)
        let screen = await fixture.run(
            [.key(.pageDown), .key(.pageDown), .key(.pageDown), .key(.home)], size: size)
        #expect(screen.showed("page 2"))
        #expect(screen.shown.contains { $0.contains("page 1") }, "Home goes back to the first page")
        #expect(screen.highlighted?.hasPrefix("▸ #80") == true)
    }

    @Test func slashSearchesAsItIsTypedAndEscapeUndoesIt() async throws {
        let fixture = try await FullScreenFixture(issues: 2)
        _ = try await fixture.issues.create(try IssueDraft(title: "Crash on start"), author: fixture.alice)
        let screen = await fixture.run(
            [.press("/"), .text("crash"), .enter, .press("/"), .key(.control(0x15)), .escape])
        #expect(screen.showed("search:\"c\""), "the first letter already searched")
        let found = try #require(screen.everyFrame.first { $0.contains("search:\"crash\"") })
        #expect(found.contains("#3  Crash on start") && !found.contains("Issue 1"), "\(found)")
        let cleared = try #require(screen.everyFrame.last { $0.contains("Issue 1") })
        #expect(cleared.contains("Issues · state:open · page 1"), "Ctrl-U emptied the search: every issue")
        #expect(screen.shown.contains { $0.contains("search:\"crash\"") }, "Escape went back to the search kept")
        #expect(!screen.shown.contains { $0.contains("Issue 1") })
    }

    @Test func lettersTypedAheadOfTheScreenAreSearchedWhenEnterOrEscapeEndsTheSearch() async throws {
        let fixture = try await FullScreenFixture(issues: 2)
        _ = try await fixture.issues.create(try IssueDraft(title: "Crash on start"), author: fixture.alice)
        let crash: [Key] = "crash".unicodeScalars.map { .text($0) }
        let screen = await fixture.run([
            .press("/"), .typedAhead(crash + [.enter]), .press("/"), .typedAhead([.control(0x15), .escape]),
            .press("/"), .typedAhead([.control(0x15), .enter]),
        ])
        #expect(!screen.showed("search:\"c\""), "letters typed ahead run no search of their own")
        let found = try #require(screen.everyFrame.first { $0.contains("search:\"crash\"") })
        #expect(found.contains("#3  Crash on start") && !found.contains("Issue 1"), "Enter ran the search:\n\(found)")
        #expect(screen.everyFrame.filter { $0.contains("search:\"crash\"") }.count >= 2, "Escape kept it")
        #expect(screen.shown.contains { $0.contains("Issues · state:open · page 1") }, "\(screen.shown)")
        #expect(screen.shown.contains { $0.contains("Issue 1") }, "Ctrl-U and Enter emptied the search")
    }

    @Test func numbersTabAndShiftTabSwitchTabs() async throws {
        let fixture = try await FullScreenFixture()
        let screen = await fixture.run([
            .press("2"), .key(.tab), .key(.backTab), .key(.backTab), .press("4"), .press("1"),
        ])
        let bars = screen.everyFrame.compactMap { $0.split(separator: "\n").first.map(String.init) }
        var seen: [String] = []
        for bar in bars where seen.last != bar { seen.append(bar) }
        #expect(
            seen == [
                "[1 Issues]  2 Labels  3 Milestones  4 People", "1 Issues  [2 Labels]  3 Milestones  4 People",
                "1 Issues  2 Labels  [3 Milestones]  4 People", "1 Issues  [2 Labels]  3 Milestones  4 People",
                "[1 Issues]  2 Labels  3 Milestones  4 People", "1 Issues  2 Labels  3 Milestones  [4 People]",
                "[1 Issues]  2 Labels  3 Milestones  4 People",
            ])
    }

    @Test func aNewSizeIsDrawnAtOnceWithEveryRowFitting() async throws {
        let fixture = try await FullScreenFixture(issues: 3)
        _ = try await fixture.issues.create(
            try IssueDraft(title: "A title long enough to need all of a wide window and more besides"),
            author: fixture.alice)
        let narrow = TerminalSize(columns: 50, rows: 12)
        let screen = await fixture.run([.resize(narrow), .resize(TerminalSize(columns: 120, rows: 30))])
        let frames = screen.frames.map { $0.lines.map(StyledText.plain) }
        let atFifty = try #require(frames.dropFirst().first)
        #expect(atFifty.count == 12)
        #expect(atFifty.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(atFifty)")
        #expect(atFifty.contains { $0.hasPrefix("▸ #4  A title long enough to…") }, "\(atFifty)")
        let wide = try #require(frames.last)
        #expect(wide.contains { $0.contains("A title long enough to need all of a wide window and more besides") })
    }
}
