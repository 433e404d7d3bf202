import TrackerCore

/// Turns a line typed at the issue list's prompt into the screen's `Input`.
public enum IssueListCommands {
    public static let help =
        "n new · a N assign · c N close · o N reopen · v N view · / words search · "
        + "f assignee:@me state:closed author:LOGIN sort:updated · > < page · r refresh · ? help · q quit"

    public enum Parsed: Equatable, Sendable {
        case input(IssueListViewModel.Input)
        case help
        case quit
    }

    /// `me` resolves `@me` in filters.
    public static func parse(_ line: String, current: IssueFilter, me: Login) -> Parsed {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let command = trimmed.prefix { !$0.isWhitespace && $0 != "/" }
        let rest = trimmed.dropFirst(command.isEmpty ? 1 : command.count).trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("/") { return .input(.search(rest)) }
        switch command.lowercased() {
        case "": return .input(.refresh)
        case "q", "quit", "exit": return .quit
        case "?", "h", "help": return .help
        case "n", "new": return .input(.newIssue)
        case "r": return .input(.refresh)
        case ">": return .input(.nextPage)
        case "<": return .input(.previousPage)
        case "a", "c", "o", "v":
            guard let number = try? IssueNumber(parsing: rest) else { return .input(.unknown(trimmed)) }
            switch command.lowercased() {
            case "a": return .input(.assign(number))
            case "c": return .input(.close(number))
            case "o": return .input(.reopen(number))
            default: return .input(.view(number))
            }
        case "f":
            guard let filter = filter(rest, current: current, me: me) else { return .input(.unknown(trimmed)) }
            return .input(.filter(filter))
        default:
            return .input(.unknown(trimmed))
        }
    }

    /// `assignee:@me state:closed author:bob sort:updated`; `f` alone clears the filter.
    static func filter(_ text: String, current: IssueFilter, me: Login) -> IssueFilter? {
        var filter = IssueFilter(limit: current.limit)
        for pair in text.split(separator: " ") {
            let parts = pair.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            let value = parts[1]
            func login() -> Login? { value == "@me" ? me : try? Login(value) }
            switch parts[0].lowercased() {
            case "state":
                guard let state = try? StateFilter(parsing: value) else { return nil }
                filter.state = state
            case "assignee":
                if value.lowercased() == "none" {
                    filter.assignee = .nobody
                } else {
                    guard let login = login() else { return nil }
                    filter.assignee = .user(login)
                }
            case "author":
                guard let login = login() else { return nil }
                filter.author = login
            case "sort":
                guard let sort = IssueSort(rawValue: value.lowercased()) else { return nil }
                filter.sort = sort
            default:
                return nil
            }
        }
        return filter
    }

    /// The active filter, written as it is typed after `f`.
    public static func describe(_ filter: IssueFilter, me: Login) -> String {
        var parts = ["state:\(filter.state.rawValue)"]
        switch filter.assignee {
        case .user(let login): parts.append("assignee:\(login == me ? "@me" : login.value)")
        case .nobody: parts.append("assignee:none")
        case nil: break
        }
        if let author = filter.author { parts.append("author:\(author == me ? "@me" : author.value)") }
        if filter.sort == .updated { parts.append("sort:updated") }
        if let search = filter.search { parts.append("search:\"\(VisibleText.line(search))\"") }
        return parts.joined(separator: " ")
    }
}
