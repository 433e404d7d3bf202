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
                KeyHint("p P1 priority · d DATE due · s N parent · k N|-N blocker", needs: .organizeIssues),
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
        case ("p", _), ("priority", _), ("d", _), ("due", _), ("s", _), ("parent", _), ("k", _), ("blocked-by", _):
            guard !rest.isEmpty, let edit = try? plan(command, rest) else { return .unknown(trimmed) }
            return .input(.plan(edit))
        case ("x", ""): return .input(.close(.completed))
        case ("x", _):
            guard let reason = try? StateReason(closeReason: rest) else { return .unknown(trimmed) }
            return .input(.close(reason))
        default: return .unknown(trimmed)
        }
    }

    /// `p P1`, `d 2026-12-31`, `s 12` / `s none`, `k 7` / `k -7` (several: `k 7 -8`), as the edit.
    private static func plan(_ command: String, _ value: String) throws(TrackerError) -> IssueEdit {
        switch command {
        case "p", "priority":
            return try IssueEdit(priority: try Priority.parse(value, field: "priority").map(PlanChange.set) ?? .clear)
        case "d", "due": return try IssueEdit(due: try DueDate.change(value))
        case "s", "parent":
            return try IssueEdit(parent: value == "none" ? .clear : .set(try IssueNumber(parsing: value)))
        default:
            var (adding, removing): ([IssueNumber], [IssueNumber]) = ([], [])
            for word in value.split(separator: " ") {
                if word.hasPrefix("-") {
                    removing.append(try IssueNumber(parsing: String(word.dropFirst())))
                } else {
                    adding.append(try IssueNumber(parsing: String(word)))
                }
            }
            return try IssueEdit(addBlockers: adding, removeBlockers: removing)
        }
    }
}
