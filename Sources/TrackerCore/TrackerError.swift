/// The domain's errors. Each message is one line for the person at the terminal and says what
/// to do next.
public enum TrackerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value broke a rule: which field, and the rule.
    case invalidInput(field: String, rule: String)
    /// Something named does not exist.
    case notFound(String)
    /// A login that is not registered, with the closest registered logins.
    case unknownUser(login: String, suggestions: [String])
    /// A label that does not exist, with the closest existing names.
    case unknownLabel(name: String, suggestions: [String])
    /// A milestone that does not exist, with the closest existing titles.
    case unknownMilestone(title: String, suggestions: [String])
    /// A value that is not one of a flag's or a filter's few words (`--state opn`), with the
    /// closest ones and all of them.
    case unknownChoice(field: String, value: String, suggestions: [String], choices: [String])
    /// The acting user is not registered (on a shared database, or named by `--as`/`TRACKER_USER`),
    /// with the closest registered logins.
    case unknownActingUser(login: String, suggestions: [String])
    /// The database is down, unreachable or refused us.
    case databaseUnavailable(String)
    /// The schema is behind or ahead of this binary.
    case schemaMismatch(String)
    /// An issue would get more than 10 assignees (`issue` nil for a new issue).
    case tooManyAssignees(issue: IssueNumber?, count: Int)
    /// Someone else edited the title or body since it was read; nothing was saved.
    case editConflict(EditConflict)
    /// The acting user may not do this (e.g. edit someone else's comment).
    case notPermitted(String)
    /// The database refused this role the change (its privileges): what was refused, and who can
    /// do it or grant it.
    case accessDenied(String)
    /// Something the change named was created, renamed or deleted by someone else while it ran;
    /// nothing was changed, and running it again gives the answer as things are now.
    case changedMeanwhile(String)
    /// Anything else the database said that the person cannot fix by retyping.
    case storageFailure(String)

    public var description: String {
        switch self {
        case .invalidInput(let field, let rule):
            return "invalid \(field): \(rule)"
        case .notFound(let what):
            return what
        case .unknownUser(let login, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "see `tracker users list`, or add it with `tracker users add \(login)`"
                : "did you mean \(suggestions.joined(separator: ", "))?"
            return "no user '\(login)': \(hint)"
        case .unknownLabel(let name, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "see `tracker label list`, or create it with `tracker label create \"\(name)\"`"
                : "did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
            return "no label '\(name)': \(hint)"
        case .unknownMilestone(let title, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "see `tracker milestone list`, or create it with `tracker milestone create \"\(title)\"`"
                : "did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
            return "no milestone '\(title)': \(hint)"
        case .unknownChoice(let field, let value, let suggestions, let choices):
            guard suggestions.isEmpty else {
                return "unknown \(field) '\(value)'; did you mean \(suggestions.joined(separator: " or "))?"
            }
            return
                "unknown \(field) '\(value)': use \(choices.dropLast().joined(separator: ", ")) or \(choices.last ?? "")"
        case .unknownActingUser(let login, let suggestions):
            let hint = suggestions.isEmpty ? "" : "did you mean \(suggestions.joined(separator: ", "))? Or "
            return "user '\(login)' is not registered on this database: \(hint)"
                + "add it with `tracker users add \(login) --name \"Your Name\"`, or act as another user with --as LOGIN"
        case .tooManyAssignees(let issue, let count):
            let which = issue.map { "issue \($0)" } ?? "a new issue"
            return "\(which) would have \(count) assignees; the limit is \(IssueDraft.maximumAssignees). "
                + "Nothing was changed: unassign someone first (`tracker unassign`)"
        case .editConflict(let conflict):
            return "\(conflict); your text is kept as a draft: `tracker edit \(conflict.read.number.value) --recover` "
                + "applies it to the new version"
        case .notPermitted(let message), .accessDenied(let message), .changedMeanwhile(let message):
            return message
        case .databaseUnavailable(let message), .schemaMismatch(let message), .storageFailure(let message):
            return message
        }
    }
}
