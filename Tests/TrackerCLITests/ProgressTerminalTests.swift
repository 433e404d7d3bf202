import Foundation
import Testing
import TrackerCore
import TrackerTestSupport

/// The burndown as a person sees it on a real terminal (tmux): block characters, fitted to the
/// terminal's width, and plain ASCII under NO_COLOR.
@Suite struct ProgressTerminalTests {
    let terminal = TmuxSession()

    /// What `milestone show Beta` drew on a terminal `columns` wide, trailing spaces dropped.
    func drawn(_ tracker: TrackerProcess, columns: Int) async throws -> [String] {
        try await terminal.printed(tracker, ["milestone", "show", "Beta"], columns: columns)
    }

    @Test func theBurndownIsDrawnInBlocksThatFitTheTerminal() async throws {
        var tracker = try await ProgressCLITests.tracker()
        tracker.environment["NO_COLOR"] = nil
        defer { terminal.stop() }
        let lines = try await drawn(tracker, columns: 56)
        let today = ProgressCLITests.today
        #expect(lines.first == "Beta (#1) · open · due \(today.adding(5)) · 1 of 3 done (33%)", "\(lines)")
        // 12 days, 3 columns each: open 1, 1, 2, 3, 2, 2, 2 (today), after it only the ideal, from 1 to 0.
        #expect(
            Array(lines.dropFirst()) == [
                "3 │         ███",
                "  │         ███",
                "  │         ███",
                "  │      ▅▅▅███▅▅▅▅▅▅▅▅▅",
                "  │      ███████████████",
                "1 │      ███████████████",
                "  │▒▒▒▒▒▒███████████████",
                "  │██████▒▒▒▒▒▒▒▒▒██████",
                "  │███████████████▒▒▒▒▒▒···",
                "0 │█████████████████████   ············",
                "  └" + String(repeating: "─", count: 36),
                "   \(today.adding(-6))                \(today.adding(5))",
                "█ open issues  · ideal (▒ where a bar covers it)  today",
                "\(today), a column a day",
            ], "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 56 }, "\(lines)")
    }

    @Test func noColorDrawsItInASCII() async throws {
        let tracker = try await ProgressCLITests.tracker()
        defer { terminal.stop() }
        let lines = try await drawn(tracker, columns: 80)
        #expect(lines.dropFirst().allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("0 |#####################") }, "\(lines)")
        #expect(lines.contains { $0.contains("# open issues  . ideal (* where a bar covers it)") }, "\(lines)")
    }
}
