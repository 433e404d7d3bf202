import TerminalKit

/// A screen's prompt while live updates are followed: reads commands until one ends the screen
/// or input ends, hands the news that woke the prompt to the screen (and gives back what was
/// typed), and after each command shows only what watching said, as the command showed the rest.
@MainActor
enum LivePrompt {
    /// The outcome `act` ended the screen with; nil when input ended.
    static func readCommands<Outcome>(
        on terminal: any Terminal, prompt: String, live: LiveSubscription?,
        showChanges: (LiveNews, _ typing: Bool) async -> Void, act: (String) async -> Outcome?
    ) async -> Outcome? {
        var typed = ""
        while true {
            switch terminal.readLine(prompt: prompt, typed: typed, wake: live?.wake) {
            case .endOfInput:
                return nil
            case .woken(let soFar):
                typed = soFar
                if let live { await showChanges(live.take(), !soFar.isEmpty) }
            case .line(let line):
                typed = ""
                if let outcome = await act(line) { return outcome }
                if let live { LiveNoticesView.render(live.take().notices, to: terminal) }
            }
        }
    }
}
