import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an issue with its timeline (gh's spelling, view, works too).",
        discussion: """
            --comments adds the comments, oldest first. --json adds `events` (kind, actor, subject, \
            stateReason, createdAt) and `comments` (id, author, body, createdAt, updatedAt) to the list fields. \
            --history lists every version of the title and body instead (with --json: version, title, body, \
            author, createdAt); `tracker diff N VERSION` shows what one changed.
            """,
        aliases: ["view"]
    )

    @Argument(help: "The issue number.")
    var number: String

    @OptionGroup var output: JSONOptions

    @Flag(help: "Show the comments under the timeline (JSON always has them).")
    var comments = false

    @Flag(help: "List every version of the title and body: who wrote each, and when.")
    var history = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if history && comments {
            throw ValidationError("--history lists versions: give it alone, or with --json")
        }
    }

    func run() async throws {
        let number = try IssueReference.number(number)
        let transform = try output.transform(environment: ProcessEnvironment.values)
        if history {
            let fields = try output.fields(available: JSONFieldList.version)
            let root = try await CompositionRoot.open(global, schema: .read)
            return try await HistoryListing.show(
                .issue(number), of: "issue #\(number.value)", json: output.json, fields: fields, transform: transform,
                on: root)
        }
        let format = try OutputFormat(json: output.json, fields: output.jsonFields, allowed: IssueField.showFields)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await show(number, format: format, transform: transform, on: root)
    }

    @MainActor
    private func show(
        _ number: IssueNumber, format: OutputFormat, transform: JSONTransform?, on root: CompositionRoot
    ) async throws {
        let shown = try await drive(root.issueDetail(number), inputs: [.appear])
        try await root.render(format == .table ? .always : .never, noPager: global.noPager, transform: transform) {
            IssueDetailView(format: format, showsComments: comments).render(shown, to: $0)
        }
    }
}

struct CloseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Close issues (all or nothing; closing a closed issue changes nothing).",
        discussion: """
            tracker close 12 · tracker close 7 8 9 --reason not-planned · tracker close 12 -c "Fixed in 1.2" · \
            tracker close 12 --duplicate-of 9 (reason duplicate; both issues show it). \
            With --comment the comment is posted first, then the issue closed, as gh does: if the close is \
            refused, the error says the comment was posted.
            """)

    @Argument(help: "The issue numbers.")
    var numbers: [String]

    @Option(
        name: [.customShort("r"), .long],
        help: "completed, not-planned (gh's not_planned and \"not planned\" too) or duplicate (with --duplicate-of).",
        completion: .list(StateReason.closeReasons))
    var reason = StateReason.completed.rawValue

    @Option(name: [.customShort("c"), .long], help: "Leave this comment on the issue as it closes.")
    var comment: String?

    @Option(name: .long, help: "Close as a duplicate of this issue (GitHub's DUPLICATE reason).")
    var duplicateOf: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if comment != nil && numbers.count > 1 {
            throw ValidationError("--comment closes one issue at a time; give one issue number")
        }
        if duplicateOf != nil && numbers.count > 1 {
            throw ValidationError("--duplicate-of closes one issue at a time; give one issue number")
        }
    }

    func run() async throws {
        let numbers = try IssueArguments.numbers(numbers, verb: "close")
        let change = try closing(numbers)
        // Checked before connecting: a comment the rules refuse writes nothing.
        let body = try comment.map { text throws(TrackerError) in try Comment.validBody(text) }
        let root = try await CompositionRoot.open(global)
        if let body { try await IssueStates.comment(body, on: numbers[0], root: root) }
        do {
            try await IssueStates.change(change, on: root)
        } catch let error as TrackerError where body != nil {
            throw error.noting("the comment was posted; the issue is still open")
        }
    }

    /// The close asked for: with a reason, or as a duplicate (whose reason can only be duplicate).
    private func closing(_ numbers: [IssueNumber]) throws -> IssueListViewModel.Input {
        let reason = try StateReason(closeReason: reason)
        guard let duplicateOf else {
            try CloseIssue.check(reason)
            return .close(numbers, reason)
        }
        guard reason == .duplicate || self.reason == StateReason.completed.rawValue else {
            throw TrackerError.invalidInput(
                field: "--reason", rule: "--duplicate-of closes as duplicate; leave out --reason \(self.reason)")
        }
        let original = try IssueReference.number(duplicateOf)
        guard original != numbers[0] else {
            throw TrackerError.invalidInput(
                field: "--duplicate-of", rule: "an issue cannot be a duplicate of itself; name another issue")
        }
        return .closeAsDuplicate(numbers[0], of: original)
    }
}

struct ReopenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen",
        abstract: "Reopen closed issues (all or nothing; reopening an open issue changes nothing).",
        discussion: "tracker reopen 12 · tracker reopen 7 8 9")

    @Argument(help: "The issue numbers.")
    var numbers: [String]

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let numbers = try IssueArguments.numbers(numbers, verb: "reopen")
        let root = try await CompositionRoot.open(global)
        try await IssueStates.change(.reopen(numbers), on: root)
    }
}

/// `close` and `reopen`: the issue list's own close and reopen, driven once with no list loaded,
/// and said as the list says them, a line per issue.
enum IssueStates {
    @MainActor
    static func change(_ input: IssueListViewModel.Input, on root: CompositionRoot) async throws {
        let actor = try await root.actingUser().login
        let output = try await drive(root.issueList(actor: actor), inputs: [input])
        if let notice = output.notice { root.terminal.writeLine(IssueListView.describe(notice)) }
    }

    /// `close --comment`: the comment composer's post, driven once, said as `comment` says it.
    @MainActor
    static func comment(_ body: String, on number: IssueNumber, root: CompositionRoot) async throws {
        let author = try await root.actingUser().login
        let output = try await drive(root.commentComposer(number, author: author), inputs: [.text(body), .post])
        if let posted = output.posted { CommentNoticeView(format: .table).render(posted, .added, to: root.terminal) }
    }
}
