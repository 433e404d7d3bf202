import TerminalKit

/// What live updates had to say (paused, back, off), one line each under the screen.
@MainActor
enum LiveNoticesView {
    static func render(_ notices: [String], to terminal: any Terminal) {
        for notice in notices { terminal.writeLine("! " + VisibleText.line(notice)) }
    }
}
