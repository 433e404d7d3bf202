import TerminalKit
import TrackerCore
import TrackerUI

/// The frame of the Labels, Milestones and People tabs: the tab bar, the title with how many
/// rows there are, the rows (or what an empty tab says), the last action's notice, and the help
/// hint. A failure is one line instead.
@MainActor
public struct TabFrameView {
    let tab: Tab
    let terminal: any Terminal

    /// `empty`: what the tab says with no rows (nil: nothing).
    func render(count: Int, table: @autoclosure () -> Table, empty: String?, notice: String?) {
        terminal.writeLine("")
        terminal.writeLine(TabBarView.line(current: tab))
        terminal.writeLine("\(tab.title) (\(count))")
        if count > 0 {
            terminal.write(table().render(width: terminal.width, colour: false))
        } else if let empty {
            terminal.writeLine(empty)
        }
        if let notice { terminal.writeLine(notice) }
        terminal.writeLine("? for help")
    }

    /// What an unknown command at a tab's prompt says.
    nonisolated static func unknownCommand(_ text: String) -> String {
        "Unknown command '\(VisibleText.line(text))'."
    }

    nonisolated public static let cancelled = "Cancelled: nothing was written."
}

extension String {
    /// Nothing but spaces: at a prompt, Enter alone (keep the value, or pick the default).
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
