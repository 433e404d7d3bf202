import TerminalKit
import TrackerUI

/// A screen's prompt while live updates are followed: reads a line, or hands back the news that
/// woke it (keeping what was typed, to be given back next time). After a line the screen acted
/// on, what watching said is shown before the prompt comes back.
@MainActor
final class LivePrompt {
    enum Reading {
        case line(String)
        /// Woken by news; `typing`: something was half-typed.
        case news(LiveNews, typing: Bool)
        case ended
    }

    private var typed = ""
    private var sayNewsFirst = false

    func read(_ prompt: String, on terminal: any Terminal, following live: LiveSubscription?) -> Reading {
        if sayNewsFirst, let live { LiveNoticesView.render(live.take().notices, to: terminal) }
        sayNewsFirst = false
        switch terminal.readLine(prompt: prompt, typed: typed, wake: live?.wake) {
        case .endOfInput:
            ended()
            return .ended
        case .woken(let soFar):
            typed = soFar
            guard let live else { return read(prompt, on: terminal, following: nil) }
            return .news(live.take(), typing: !soFar.isEmpty)
        case .line(let line):
            typed = ""
            return .line(line)
        }
    }

    /// The screen acted on the last line and goes on.
    func acted() { sayNewsFirst = true }

    /// The screen ends: the next reading starts afresh.
    func ended() {
        typed = ""
        sayNewsFirst = false
    }
}

/// What live updates had to say (paused, back, off), one line each under the screen.
@MainActor
public enum LiveNoticesView {
    static func render(_ notices: [LiveNotice], to terminal: any Terminal) {
        for notice in notices { terminal.writeLine("! " + VisibleText.line(describe(notice))) }
    }

    nonisolated public static func describe(_ notice: LiveNotice) -> String {
        switch notice {
        case .paused(let reason): "live updates paused: \(reason); reconnecting"
        case .restored: "live updates are back"
        case .stopped(let reason): "live updates are off: \(reason)"
        }
    }
}
