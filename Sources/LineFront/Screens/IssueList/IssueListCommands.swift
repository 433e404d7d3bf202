import TerminalKit
import TrackerCore
import TrackerUI

/// Turns a line typed at the issue list's prompt into the screen's `Input`.
public enum IssueListCommands {
    /// Every key, as where the database alone decides.
    public static var help: String { help(allowedBy: .databaseDecides) }

    /// The keys `permissions` allow.
    public static func help(allowedBy permissions: Permissions) -> String {
        KeyHints.line(
            [
                KeyHint("n new", needs: .createIssue),
                KeyHint("a N assign (a N LOGIN toggles LOGIN)", needs: .organizeIssues),
                KeyHint("c N close", needs: .close), KeyHint("o N reopen", needs: .reopen), KeyHint("v N view"),
                KeyHint("/ words search"),
                KeyHint("f assignee:@me state:closed author:LOGIN label:bug milestone:\"v1.0\"|none sort:updated"),
                KeyHint("> < page"), KeyHint("r refresh"), KeyHint(TabCommands.help), KeyHint("? help"),
                KeyHint("q quit"),
            ], allowedBy: permissions)
    }

    public enum Parsed: Equatable, Sendable {
        case input(IssueListViewModel.Input)
        case help
        case quit
        /// `b`: back to the screen that opened this list (a milestone's issues).
        case back
    }

    /// `me` resolves `@me` in filters.
    public static func parse(_ line: String, current: IssueFilter, me: Login) -> Parsed {
        let trimmed = line.trimmed
        let command = trimmed.prefix { !$0.isWhitespace && $0 != "/" }
        let rest = trimmed.dropFirst(command.isEmpty ? 1 : command.count).trimmed
        if trimmed.hasPrefix("/") { return .input(.search(rest)) }
        switch command.lowercased() {
        case "": return .input(.refresh)
        case "q", "quit", "exit": return .quit
        case "b", "back": return .back
        case "?", "h", "help": return .help
        case "n", "new": return .input(.newIssue)
        case "r": return .input(.refresh)
        case ">": return .input(.nextPage)
        case "<": return .input(.previousPage)
        case "a" where rest.contains(where: \.isWhitespace):
            // `a 1 bob carol`: toggles those people on #1 without opening the picker.
            let words = rest.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let number = try? IssueNumber(parsing: words[0]) else { return .input(.unknown(trimmed)) }
            do {
                let people = try words.dropFirst().map { word throws(TrackerError) in
                    try Login.typed(word, me: me)
                }
                return .input(.toggleAssignees(number, people))
            } catch {
                return .input(.invalidFilter(error))
            }
        case "a", "c", "o", "v":
            guard let number = try? IssueNumber(parsing: rest) else { return .input(.unknown(trimmed)) }
            switch command.lowercased() {
            case "a": return .input(.assign(number))
            case "c": return .input(.close([number], .completed))
            case "o": return .input(.reopen([number]))
            default: return .input(.view(number))
            }
        case "f":
            switch filter(rest, current: current, me: me) {
            case .none: return .input(.unknown(trimmed))
            case .some(.success(let filter)): return .input(.filter(filter))
            case .some(.failure(let failure)): return .input(.invalidFilter(failure))
            }
        default:
            return .input(.unknown(trimmed))
        }
    }

    /// `assignee:@me state:closed author:bob label:bug milestone:"v1.0" sort:updated`; a value
    /// with spaces is quoted; several `label:` terms mean all of them; `f` alone clears the filter
    /// but keeps an active search (`/` alone clears that). States and sorts are read as the flags
    /// read them. nil when a term is not understood; a failure when a value breaks its rules.
    static func filter(_ text: String, current: IssueFilter, me: Login) -> Result<IssueFilter, TrackerError>? {
        guard let terms = FilterTerms.split(text) else {
            return .failure(.invalidInput(field: "filter", rule: "a quote is not closed: write milestone:\"v1.0\""))
        }
        var filter = IssueFilter(search: current.search, limit: current.limit)
        for term in terms {
            let parts = term.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { return nil }
            let value = parts[1]
            func login() -> Login? { try? Login.typed(value, me: me) }
            switch parts[0].lowercased() {
            case "state":
                do { filter.state = try StateFilter(parsing: value) } catch { return .failure(error) }
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
                do { filter.sort = try IssueSort(parsing: value) } catch { return .failure(error) }
            case "label":
                do {
                    let name = try LabelName(value)
                    if !filter.labels.contains(name) { filter.labels.append(name) }
                } catch {
                    return .failure(error)
                }
            case "milestone":
                if value.lowercased() == "none" {
                    filter.milestone = .noMilestone
                } else {
                    do { filter.milestone = .titled(try MilestoneTitle(value)) } catch { return .failure(error) }
                }
            default:
                return nil
            }
        }
        return .success(filter)
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
        parts += filter.labels.map { "label:" + FilterTerms.quoted($0.value) }
        switch filter.milestone {
        case .titled(let title): parts.append("milestone:" + FilterTerms.quoted(title.value))
        case .noMilestone: parts.append("milestone:none")
        case nil: break
        }
        if filter.sort == .updated { parts.append("sort:updated") }
        if let search = filter.search { parts.append("search:\"\(VisibleText.line(search))\"") }
        return parts.joined(separator: " ")
    }
}
