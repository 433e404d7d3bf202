/// gh's qualifiers in a search (`is:open label:bug assignee:@me crash`): each becomes the filter
/// it names, and only the words left are searched as text. A word shaped like a qualifier whose
/// name tracker does not know is refused with the names it knows, never searched as text (gh's
/// users would otherwise get "No issues" for a typo).
public enum SearchQualifiers {
    /// The names read, in the order `--help` and the refusal give them.
    public static let known = [
        "is", "state", "label", "-label", "assignee", "author", "mentions", "milestone", "no", "sort", "created",
        "updated", "priority", "parent",
    ]
    /// Named in gh's syntax but not kept by tracker yet: refused with what to use instead.
    static let notYet = ["comments", "reactions", "involves", "repo", "project"]

    /// `filter` with the qualifiers of its search applied and the search left with the other
    /// words (nil when none are left). `me` is who `@me` names.
    public static func applied(to filter: IssueFilter, me: Login?) throws(TrackerError) -> IssueFilter {
        guard let search = filter.search else { return filter }
        var filter = filter
        var words: [String] = []
        for token in tokens(in: search) {
            guard let (name, value) = qualifier(token) else {
                words.append(token)
                continue
            }
            try apply(name: name, value: value, to: &filter, me: me)
        }
        let rest = words.joined(separator: " ")
        filter.search = rest.allSatisfy(\.isWhitespace) ? nil : rest
        return filter
    }

    /// Whitespace-separated, a `"…"` kept whole (with its quotes) wherever it starts in a word.
    static func tokens(in text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character.isWhitespace && !quoted {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// `name:value` with a name of letters (and a leading `-`) and a value; an address
    /// (`https://…`) is text.
    static func qualifier(_ token: String) -> (name: String, value: String)? {
        guard !token.hasPrefix("\""), let colon = token.firstIndex(of: ":") else { return nil }
        let name = token[..<colon].lowercased()
        var value = String(token[token.index(after: colon)...])
        let letters = name.hasPrefix("-") ? name.dropFirst() : name[...]
        guard !letters.isEmpty, letters.allSatisfy({ $0.isASCII && $0.isLetter }), !value.isEmpty,
            !value.hasPrefix("//")
        else { return nil }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return (name, value)
    }

    private static func apply(
        name: String, value: String, to filter: inout IssueFilter, me: Login?
    ) throws(TrackerError) {
        switch name {
        case "is":
            switch value.lowercased() {
            case "issue": break
            case "open", "closed": filter.state = try StateFilter(parsing: value)
            case "blocked": filter.blocked = .blocked
            case "ready": filter.blocked = .ready
            default: throw refusal("is:\(value)", "is:open, is:closed, is:issue, is:blocked or is:ready")
            }
        case "state": filter.state = try StateFilter(parsing: value)
        case "label": filter.labels.append(try LabelName(value))
        case "-label": filter.excludedLabels.append(try LabelName(value))
        case "created": filter.created = try range(value, of: name)
        case "updated": filter.updated = try range(value, of: name)
        case "assignee": filter.assignee = .user(try login(value, me: me))
        case "author": filter.author = try login(value, me: me)
        case "mentions": filter.mention = try login(value, me: me)
        case "milestone": filter.milestone = .titled(try MilestoneTitle(value))
        case "no":
            switch value.lowercased() {
            case "assignee": filter.assignee = .nobody
            case "milestone": filter.milestone = .noMilestone
            case "label": filter.unlabeled = true
            case "priority": filter.unprioritized = true
            default: throw refusal("no:\(value)", "no:assignee, no:label, no:milestone or no:priority")
            }
        case "priority":
            let priority = try Priority.parse(value, field: "priority")
            filter.priority = priority
            filter.unprioritized = priority == nil
        case "parent":
            do { filter.parent = try IssueNumber(parsing: value) } catch {
                throw refusal("parent:\(value)", "parent: with an issue number, e.g. parent:12")
            }
        case "sort":
            let parts = value.lowercased().split(separator: "-", maxSplits: 1).map(String.init)
            filter.sort = try IssueSort(parsing: parts[0])
            guard parts.count == 1 || parts[1] == "asc" || parts[1] == "desc" else {
                throw refusal("sort:\(value)", "sort:created or sort:updated, with -asc or -desc")
            }
            filter.ascending = parts.count == 2 && parts[1] == "asc"
        case _ where notYet.contains(name):
            throw TrackerError.invalidInput(
                field: "search",
                rule: "tracker does not read the qualifier '\(name):' yet; "
                    + "known: \(known.map { $0 + ":" }.joined(separator: " ")) (quote it to search for the text)")
        default:
            throw TrackerError.invalidInput(
                field: "search",
                rule: "unknown qualifier '\(name):'; known: \(known.map { $0 + ":" }.joined(separator: " ")) "
                    + "(quote it to search for the text)")
        }
    }

    /// gh's date ranges: `2026-01-01` (that day), `>=D`, `>D`, `<D`, `<=D`, `D1..D2` (both days in).
    static func range(_ value: String, of name: String) throws(TrackerError) -> TimeRange {
        func day(_ text: Substring) throws(TrackerError) -> Timestamp {
            do { return try DueDate.parse(String(text)) } catch {
                throw TrackerError.invalidInput(
                    field: "search",
                    rule: "'\(name):\(value)' needs a date such as 2026-01-31, >=2026-01-31 or 2026-01-01..2026-01-31")
            }
        }
        func dayAfter(_ text: Substring) throws(TrackerError) -> Timestamp {
            let start = try day(text)
            guard let next = Timestamp(microseconds: start.microseconds + 86_400_000_000) else {
                throw TrackerError.invalidInput(field: "search", rule: "'\(name):\(value)' is past the last day kept")
            }
            return next
        }
        if let dots = value.firstRange(of: "..") {
            return TimeRange(from: try day(value[..<dots.lowerBound]), before: try dayAfter(value[dots.upperBound...]))
        }
        if value.hasPrefix(">=") { return TimeRange(from: try day(value.dropFirst(2))) }
        if value.hasPrefix("<=") { return TimeRange(before: try dayAfter(value.dropFirst(2))) }
        if value.hasPrefix(">") { return TimeRange(from: try dayAfter(value.dropFirst())) }
        if value.hasPrefix("<") { return TimeRange(before: try day(value.dropFirst())) }
        return TimeRange(from: try day(value[...]), before: try dayAfter(value[...]))
    }

    private static func login(_ value: String, me: Login?) throws(TrackerError) -> Login {
        guard value.lowercased() == "@me" else { return try Login(typed: value) }
        guard let me else {
            throw TrackerError.invalidInput(field: "search", rule: "@me needs a user (set TRACKER_USER or --as)")
        }
        return me
    }

    private static func refusal(_ typed: String, _ known: String) -> TrackerError {
        .invalidInput(field: "search", rule: "'\(typed)' is not a qualifier tracker reads; use \(known)")
    }
}
