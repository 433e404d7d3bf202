import TrackerCore
import TrackerUI

/// Turns a line typed at the issue screen's prompt into the screen's `Input`.
public enum IssueDetailCommands {
    public static let help =
        "e edit title and body · c comment · a assignees · l labels · m milestone · x close · x not-planned close as not planned · "
        + "o reopen · r refresh · ? help · b back"

    public enum Parsed: Equatable, Sendable {
        case input(IssueDetailViewModel.Input)
        case help
        /// Not understood: the text as typed.
        case unknown(String)
    }

    public static func parse(_ line: String) -> Parsed {
        let trimmed = line.trimmed
        let words = trimmed.split(separator: " ").map { $0.lowercased() }
        guard let command = words.first else { return .input(.appear) }
        let rest = words.dropFirst().joined(separator: " ")
        switch (command, rest) {
        case ("b", ""), ("back", ""), ("q", ""), ("quit", ""): return .input(.back)
        case ("?", ""), ("h", ""), ("help", ""): return .help
        case ("r", ""): return .input(.appear)
        case ("e", ""), ("edit", ""): return .input(.edit)
        case ("c", ""), ("comment", ""): return .input(.comment)
        case ("a", ""): return .input(.chooseAssignees)
        case ("l", ""), ("labels", ""): return .input(.chooseLabels)
        case ("m", ""), ("milestone", ""): return .input(.chooseMilestone)
        case ("o", ""): return .input(.reopen)
        case ("x", ""): return .input(.close(.completed))
        case ("x", _):
            guard let reason = try? StateReason(closeReason: rest) else { return .unknown(trimmed) }
            return .input(.close(reason))
        default: return .unknown(trimmed)
        }
    }
}
