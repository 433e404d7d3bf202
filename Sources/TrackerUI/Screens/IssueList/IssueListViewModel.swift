import TerminalKit
import TrackerCore

/// The issue list screen's state: which filter and page, which issues, what the last action did.
@MainActor
public final class IssueListViewModel {
    /// Without a terminal's height (a script on a pipe).
    public static let pageSize = 20
    /// Lines of the screen that are not issues: the tabs, the filter, the table's header, the
    /// help line, a notice and the prompt.
    static let screenLines = 6

    /// As many issues as fit the terminal above the prompt, at least 5.
    public static func pageSize(height: Int?) -> Int {
        guard let height else { return pageSize }
        return max(5, height - screenLines)
    }

    public enum Input: Equatable, Sendable {
        case appear
        case refresh
        case filter(IssueFilter)
        case search(String)
        case nextPage
        case previousPage
        case newIssue
        case assign(IssueNumber)
        /// `a N LOGIN…`: assigns those not assigned and unassigns those who are, on the assignee screen's terms.
        case toggleAssignees(IssueNumber, [Login])
        case close(IssueNumber)
        case reopen(IssueNumber)
        case view(IssueNumber)
        /// A filter that breaks a rule (an empty label name): said, and the filter stays as it was.
        case invalidFilter(TrackerError)
        /// Input the screen did not understand: show the help line.
        case unknown(String)
    }

    public struct Output: Equatable, Sendable {
        public var filter: IssueFilter
        public var issues: [Issue] = []
        public var hasMore = false
        /// 1 for the first page.
        public var page = 1
        public var notice: String?
        /// Said beside the results: search words the search could not use.
        public var searchNote: String?
        public var failure: TrackerError?

        public init(filter: IssueFilter) {
            self.filter = filter
        }
    }

    /// Another screen to open.
    public enum Route: Equatable, Sendable {
        case create
        case assign(IssueNumber)
        case toggleAssignees(IssueNumber, [Login])
        case view(IssueNumber)
    }

    public struct UseCases: Sendable {
        let list: ListIssues
        let close: CloseIssue?
        let reopen: ReopenIssue?

        /// Without close and reopen, the list only shows (scripted `list`).
        public init(list: ListIssues, close: CloseIssue? = nil, reopen: ReopenIssue? = nil) {
            self.list = list
            self.close = close
            self.reopen = reopen
        }
    }

    public private(set) var output: Output
    private let useCases: UseCases
    private let actor: Login?
    /// The `after` cursor of each page before the current one.
    private var earlierPages: [IssueNumber?] = []

    public init(useCases: UseCases, actor: Login? = nil, filter: IssueFilter = IssueFilter()) {
        self.useCases = useCases
        self.actor = actor
        self.output = Output(filter: filter)
    }

    public convenience init(listIssues: ListIssues, filter: IssueFilter = IssueFilter()) {
        self.init(useCases: UseCases(list: listIssues), filter: filter)
    }

    /// Handles what the person did; returns the screen to open, if any.
    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        output.failure = nil
        do {
            return try await handle(input)
        } catch {
            output.failure = TrackerError(wrapping: error)
            return nil
        }
    }

    private func handle(_ input: Input) async throws -> Route? {
        switch input {
        case .appear, .refresh:
            try await load()
        case .filter(let filter):
            try await restart(with: filter)
        case .search(let text):
            var filter = output.filter
            filter.search = text
            try await restart(with: IssueFilter(copying: filter))
        case .nextPage:
            guard output.filter.sort == .created else {
                output.notice = "Pages follow the created order: use f sort:created to page."
                return nil
            }
            guard output.hasMore, let last = output.issues.last else {
                output.notice = "This is the last page."
                return nil
            }
            earlierPages.append(output.filter.after)
            output.filter.after = last.number
            output.page += 1
            try await load()
        case .previousPage:
            guard let previous = earlierPages.popLast() else {
                output.notice = "This is the first page."
                return nil
            }
            output.filter.after = previous
            output.page -= 1
            try await load()
        case .newIssue:
            return .create
        case .assign(let number):
            return .assign(number)
        case .toggleAssignees(let number, let people):
            return .toggleAssignees(number, people)
        case .view(let number):
            return .view(number)
        case .close(let number):
            try await changeState(number, closing: true)
        case .reopen(let number):
            try await changeState(number, closing: false)
        case .invalidFilter(let problem):
            throw problem
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : "Unknown command '\(VisibleText.line(text))': ? shows the commands."
        }
        return nil
    }

    /// How many issues `news` changed that are on this page or may now belong on it: those it
    /// shows, and (it cannot know whether they match the filter without reading) those whose
    /// place in the order falls within the page: any on the first page sorted by update.
    public func affected(by news: LiveNews) -> Int {
        news.changedIssues.filter(mayBeOnPage).count
    }

    private func mayBeOnPage(_ number: IssueNumber) -> Bool {
        let shown = output.issues.map(\.number)
        if shown.contains(number) { return true }
        guard let first = shown.first, let last = shown.last else { return true }
        if output.filter.sort == .updated { return output.page == 1 }
        let (low, high) = (min(first, last), max(first, last))
        let comesFirst = output.filter.ascending ? number < low : number > high
        let comesLast = output.filter.ascending ? number > high : number < low
        return (low < number && number < high) || (comesFirst && output.page == 1) || (comesLast && !output.hasMore)
    }

    /// A new filter from its first page; one that fails (an unknown label or milestone) leaves
    /// the filter and page as they were.
    private func restart(with filter: IssueFilter) async throws {
        let previous = (output, earlierPages)
        output.filter = filter
        output.filter.after = nil
        output.page = 1
        earlierPages = []
        do {
            try await load()
        } catch {
            (output, earlierPages) = previous
            throw error
        }
    }

    private func changeState(_ number: IssueNumber, closing: Bool) async throws {
        guard let actor, let close = useCases.close, let reopen = useCases.reopen else { return }
        let change = closing ? try await close(number, actor: actor) : try await reopen(number, actor: actor)
        let notice = StateChangeNotice.describe(change, closing: closing ? .completed : nil)
        try await load()
        output.notice = notice
    }

    private func load() async throws {
        let page = try await useCases.list(output.filter)
        output.issues = page.issues
        output.hasMore = page.hasMore
        output.searchNote =
            page.ignoredSearchWords.isEmpty
            ? nil
            : "search words ignored: "
                + page.ignoredSearchWords.map { $0.count > 40 ? "\($0.prefix(20))… (\($0.count) characters)" : $0 }
                .joined(separator: " ")
        if page.issues.isEmpty {
            output.notice = output.filter.state == .all ? "No issues." : "No \(output.filter.state.rawValue) issues."
        }
    }
}

extension IssueFilter {
    /// Re-runs the initializer so the search text is trimmed the same way.
    init(copying filter: IssueFilter) {
        self.init(
            state: filter.state, assignee: filter.assignee, author: filter.author, mention: filter.mention,
            search: filter.search, labels: filter.labels, milestone: filter.milestone, sort: filter.sort,
            ascending: filter.ascending, limit: filter.limit)
    }
}
