import TrackerCore
import TrackerUI

/// Turns a line typed at the issue screen's prompt into the screen's `Input`.
public enum IssueDetailCommands {
    /// Every key, as where the database alone decides.
    public static var help: String { help(allowedBy: .databaseDecides) }

    /// The keys `permissions` allow on an issue by `author`.
    public static func help(allowedBy permissions: Permissions, author: Login? = nil) -> String {
        KeyHints.line(
            [
                KeyHint("e edit title and body", needs: .editIssueText(author: author)),
                KeyHint("c comment", needs: .comment), KeyHint("a assignees", needs: .organizeIssues),
                KeyHint("l labels", needs: .organizeIssues), KeyHint("m milestone", needs: .organizeIssues),
                KeyHint("x close · x not-planned close as not planned", needs: .close),
                KeyHint("o reopen", needs: .reopen), KeyHint("h history · h N what version N changed"),
                KeyHint("r refresh"), KeyHint("? help"), KeyHint("b back"),
            ], allowedBy: permissions)
    }

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
        case ("h", ""), ("history", ""): return .input(.history)
        case ("h", _):
            guard let version = Int64(rest), version > 0, rest.allSatisfy(\.isNumber) else { return .unknown(trimmed) }
            return .input(.versionChange(version))
        case ("x", ""): return .input(.close(.completed))
        case ("x", _):
            guard let reason = try? StateReason(closeReason: rest) else { return .unknown(trimmed) }
            return .input(.close(reason))
        default: return .unknown(trimmed)
        }
    }
}
