import ArgumentParser
import Interchange
import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List issues, newest first.",
        discussion: """
            --json prints every field; --json number,title,… only those. Fields: \
            \(IssueField.exportFields.map(\.rawValue).joined(separator: ", ")) (url only when named). State is \
            OPEN or CLOSED, author and assignees are {login} objects, times are ISO-8601 in UTC. Without --json: a \
            table on a terminal, tab-separated lines for a program (number, state, title, labels, assignees, \
            author, createdAt, updatedAt).
            """
    )

    @Option(
        name: [.customShort("s"), .long], help: "open, closed or all (any case).",
        completion: .list(StateFilter.allCases.map(\.rawValue)))
    var state = StateFilter.open.rawValue

    @Option(
        name: [.customShort("a"), .long],
        help: "A login, @me, or none (issues nobody is assigned to, unless a user is named none).")
    var assignee: String?

    @Flag(help: "Only issues nobody is assigned to (gh search's spelling).")
    var noAssignee = false

    @Option(name: [.customShort("A"), .long], help: "A login (@alice or alice) or @me.")
    var author: String?

    @Option(help: "A login or @me: issues whose body or comments mention them.")
    var mention: String?

    @Option(
        name: [.customShort("l"), .customLong("label")], parsing: .singleValue,
        help: "Only issues carrying these labels, all of them (comma-separated or repeated).")
    var labels: [String] = []

    @Option(
        name: [.customShort("m"), .long],
        help: "A milestone's title, or none (issues in no milestone, unless a milestone is titled none).")
    var milestone: String?

    /// Unconditional, so a search may start with a minus (`--search -crash`), as gh's may.
    @Option(
        name: [.customShort("S"), .long], parsing: .unconditional,
        help: """
            Words that must all appear in the title and body or in one comment, in any language; \
            "a phrase", -word to leave out, OR between two words; gh's qualifiers is:open, is:closed, \
            state:, label:, -label:, assignee:, author:, mentions: (@me too), milestone:, no:assignee, \
            no:label, no:milestone, sort:updated-asc and the like, created: and updated: (>=2026-01-01, \
            or a range of days D1..D2), priority:P0-P3, parent:N, is:blocked, is:ready.
            """)
    var search: String?

    @Option(
        help: "created, updated, priority (P0 first) or due (soonest first; those without last).",
        completion: .list(IssueSort.allCases.map(\.rawValue)))
    var sort = IssueSort.created.rawValue

    @Flag(help: "Only open issues whose due date is past (before today, UTC).")
    var overdue = false

    @Option(help: "Only the sub-issues of this issue.")
    var parent: String?

    @Flag(help: "Only open issues that an open issue blocks.")
    var blocked = false

    @Flag(help: "Only open issues that no open issue blocks (taskwarrior's ready).")
    var ready = false

    @Flag(name: .customLong("asc"), help: "Oldest first.")
    var ascending = false

    @Option(name: [.customShort("L"), .long], parsing: .unconditional, help: "At most this many issues; 0 for all.")
    var limit: Int = IssueFilter.defaultLimit

    @Option(help: "Only issues after this number in the created order (the next page: the last number shown).")
    var after: String?

    @Flag(help: "Every project you may read, each issue as web#12 (not with labels, milestones, -R or --limit 0).")
    var allProjects = false

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (all) or more") }
        if allProjects
            && (!labels.isEmpty || milestone != nil || global.project != nil || limit == 0 || parent != nil
                || after != nil)
        {
            throw ValidationError(
                "--all-projects lists by state, people, search and sort: labels, milestones, sub-issues and -R are a "
                    + "project's, and --limit 0 streams one project")
        }
        if noAssignee && assignee != nil { throw ValidationError("give --assignee or --no-assignee, not both") }
        if blocked && ready { throw ValidationError("give --blocked or --ready, not both") }
    }

    func run() async throws {
        let state = try StateFilter(parsing: state)
        let sort = try IssueSort(parsing: sort)
        if after != nil && sort != .created { throw ValidationError("--after pages the created order only") }
        let format = try OutputFormat(
            json: output.json, fields: output.jsonFields, allowed: IssueField.exportFields, shown: IssueField.listFields
        )
        let transform = try output.transform(environment: ProcessEnvironment.values)
        let labelNames = try ListArgument.items(labels).map { try LabelName($0) }
        let root = try await CompositionRoot.open(global, schema: .read)
        var assigneeFilter: AssigneeFilter?
        if noAssignee {
            assigneeFilter = .nobody
        } else if let assignee {
            assigneeFilter = try await root.names.assignee(assignee)
        }
        var authorLogin: Login?
        if let author { authorLogin = try await root.names.login(author) }
        var filter = IssueFilter(
            state: state, assignee: assigneeFilter, author: authorLogin, search: search, labels: labelNames, sort: sort,
            ascending: ascending, limit: limit == 0 ? nil : limit)
        if let milestone { filter.milestone = try await root.names.milestone(milestone) }
        filter.after = try after.map { try IssueNumber(parsing: $0) }
        if case .json(let fields) = format {
            filter.includesComments = fields.contains(.comments)
            filter.includesURL = fields.contains(.url)
            filter.includesBlockers = fields.contains(.blockedBy)
        }
        if let mention { filter.mention = try await root.names.login(mention) }
        if overdue { filter.overdueOn = DueDate.day(of: Timestamp.now()) }
        filter.parent = try parent.map { try IssueNumber(parsing: $0) }
        if blocked || ready { filter.blocked = blocked ? .blocked : .ready }
        filter.allProjects = allProjects
        let me = search?.lowercased().contains("@me") == true ? try await root.actingUser().login : nil
        filter = try SearchQualifiers.applied(to: filter, me: me)
        if allProjects, !filter.labels.isEmpty || !filter.excludedLabels.isEmpty || filter.milestone != nil {
            throw ValidationError(
                "--all-projects cannot filter by labels or milestones: they are a project's (give -R)")
        }
        let forProgram = TerminalSize.standardOutput(environment: root.environment) == nil
        switch (filter.limit, format) {
        case (nil, .json(let fields)) where transform == nil:
            try await JSONStream.write(
                filter, fields: fields, from: root.streamIssues, to: root.terminal.streamOutput, forProgram: forProgram)
        case (nil, .table) where forProgram:
            try await TabSeparatedStream.write(filter, from: root.streamIssues, to: root.terminal.streamOutput)
        default:
            try await show(filter, format: format, transform: transform, forProgram: forProgram, on: root)
        }
    }

    /// The issue list screen, rendered once: for a program reading a pipe, tab-separated lines
    /// instead of the table.
    @MainActor
    private func show(
        _ filter: IssueFilter, format: OutputFormat, transform: JSONTransform?, forProgram: Bool,
        on root: CompositionRoot
    )
        async throws
    {
        let output = try await drive(root.issueList(filter), inputs: [.appear])
        if forProgram, format == .table {
            TabSeparatedIssues.render(output, to: root.terminal)
        } else {
            try await root.render(
                format == .table ? .whenLongerThanTheScreen : .never, noPager: global.noPager, transform: transform
            ) {
                IssueListView(format: format).render(output, to: $0)
            }
        }
    }
}

extension OutputFormat {
    /// Without `fields`, `--json` prints `shown` (the allowed ones unless said).
    init(json: Bool, fields: String?, allowed: [IssueField] = IssueField.listFields, shown: [IssueField]? = nil) throws
    {
        if let fields {
            self = .json(try IssueField.parse(fields, allowed: allowed))
        } else {
            self = json ? .json(shown ?? allowed) : .table
        }
    }
}
