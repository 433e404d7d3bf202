import TrackerCore

/// A line typed at the Labels or Milestones tab: the commands both share, and a command that
/// names a label or milestone (by row number or name, in double quotes when it has spaces).
public enum TabLine<Action: Equatable & Sendable>: Equatable, Sendable {
    case new
    case act(Action, reference: String)
    case refresh
    case help
    case quit
    case unknown(String)

    /// `actions`: the tab's own command words (`e`, `edit`, …) and what each does.
    public static func parse(_ line: String, actions: [String: Action]) -> TabLine {
        let trimmed = line.trimmed
        let words = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        let command = words.first?.lowercased() ?? ""
        let reference = words.count > 1 ? unquoted(words[1]) : ""
        switch (command, reference.isEmpty) {
        case ("", _), ("r", true): return .refresh
        case ("q", true), ("quit", true), ("exit", true): return .quit
        case ("?", true), ("h", true), ("help", true): return .help
        case ("n", true), ("new", true): return .new
        case (_, false): return actions[command].map { .act($0, reference: reference) } ?? .unknown(trimmed)
        default: return .unknown(trimmed)
        }
    }

    /// `"good first issue"` names the label `good first issue`.
    public static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmed
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }
}
