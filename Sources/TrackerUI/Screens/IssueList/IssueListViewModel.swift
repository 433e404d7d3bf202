import TrackerCore

/// The issue list screen's state: which filter and page, which issues, what the last action did.
/// It also closes and reopens issues for `tracker close` and `tracker reopen`, which show no
/// list: the page is loaded again after a change only when one was loaded before.
@MainActor
public final class IssueListViewModel: ViewModel {
    /// Without a terminal's height (a script on a pipe).
    public static let pageSize = 20

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
        /// All or nothing: a missing issue closes none of them.
        case close([IssueNumber], StateReason)
        /// `tracker close N --duplicate-of M`.
        case closeAsDuplicate(IssueNumber, of: IssueNumber)
        case reopen([IssueNumber])
        case view(IssueNumber)
        /// A filter that breaks a rule (an empty label name): said, and the filter stays as it was.
        case invalidFilter(TrackerError)
        /// Input the screen did not understand.
        case unknown(String)
        /// Teammates changed issues; `typing`: the person is midway through a command, so the
        /// page is not drawn again under them.
        case changedElsewhere(LiveNews, typing: Bool)
        /// A screen opened from the list ended: the list is loaded again.
        case returned(Returned)
    }

    /// What the last action did, for the presenter to word.
    public enum Notice: Equatable, Sendable {
        case noIssues(StateFilter)
        /// A search or a filter beyond the state found nothing.
        case noMatch
        case lastPage
        case firstPage
        /// Pages follow the created order; the list is sorted by update.
        case pagesNeedCreatedOrder
        /// `closing` is the close reason; nil for a reopen.
        case stateChanged([StateChange], closing: StateReason?)
        case unknownCommand(String)
    }

    /// What a screen opened from the list did, said under the list once it is drawn again.
    public enum Returned: Equatable, Sendable {
        case creator(IssueCreatorCoordinator.Outcome)
        /// What leaving the assignee picker saved (nil: nothing was saved).
        case assignees(AssigneeViewModel.Change?)
        /// The issue screen, which said what it did itself.
        case issue
    }

    /// Teammates' changes that touch the page.
    public struct News: Equatable, Sendable {
        public var notices: [LiveNotice]
        /// How many changed issues are on the page or may now belong on it.
        public var affected: Int
        /// The person was typing, so the page was not loaded again.
        public var typing: Bool
    }

    public struct Output: Equatable, ViewOutput {
        public var filter: IssueFilter
        public var issues: [Issue] = []
        public var hasMore = false
        /// 1 for the first page.
        public var page = 1
        public var notice: Notice?
        /// Search words the search could not use.
        public var ignoredSearchWords: [String] = []
        public var failure: TrackerError?
        /// Set by `.changedElsewhere`.
        public var news: News?
        /// Set by `.returned`.
        public var returned: Returned?
        /// What the session may do here: the keys to offer.
        public var permissions: Permissions

        public init(filter: IssueFilter, permissions: Permissions = .databaseDecides) {
            self.filter = filter
            self.permissions = permissions
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
    private var loaded = false

    public init(
        useCases: UseCases, actor: Login? = nil, filter: IssueFilter = IssueFilter(),
        permissions: Permissions = .databaseDecides
    ) {
        self.useCases = useCases
        self.actor = actor
        self.output = Output(filter: filter, permissions: permissions)
    }

    public convenience init(listIssues: ListIssues, filter: IssueFilter = IssueFilter()) {
        self.init(useCases: UseCases(list: listIssues), filter: filter)
    }

    /// Handles what the person did; returns the screen to open, if any.
    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        output.failure = nil
        output.news = nil
        output.returned = nil
        do {
            return try await handle(input)
        } catch {
            output.failure = TrackerError(wrapping: error)
            return nil
        }
    }

    private func handle(_ input: Input) async throws -> Route? {
        if let action = Self.action(of: input) { try output.permissions.require(action) }
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
            try await nextPage()
        case .previousPage:
            guard let previous = earlierPages.popLast() else {
                output.notice = .firstPage
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
        case .close(let numbers, let reason):
            try await changeState(numbers, closing: reason)
        case .reopen(let numbers):
            try await changeState(numbers, closing: nil)
        case .closeAsDuplicate(let number, let original):
            guard let actor, let close = useCases.close else { return nil }
            let change = try await close(number, duplicateOf: original, actor: actor)
            if loaded { try await load() }
            output.notice = .stateChanged([change], closing: .duplicate)
        case .invalidFilter(let failure):
            throw failure
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : .unknownCommand(text)
        case .changedElsewhere(let news, let typing):
            let affected = affected(by: news)
            output.news = News(notices: news.notices, affected: affected, typing: typing)
            if affected > 0 && !typing { try await load() }
        case .returned(let returned):
            output.returned = returned
            try await load()
        }
        return nil
    }

    private func nextPage() async throws {
        guard output.filter.sort == .created else {
            output.notice = .pagesNeedCreatedOrder
            return
        }
        guard output.hasMore, let last = output.issues.last else {
            output.notice = .lastPage
            return
        }
        earlierPages.append(output.filter.after)
        output.filter.after = last.number
        output.page += 1
        try await load()
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

    /// `closing` is the close reason; nil reopens.
    private func changeState(_ numbers: [IssueNumber], closing reason: StateReason?) async throws {
        guard let actor, let close = useCases.close, let reopen = useCases.reopen else { return }
        let changes =
            if let reason { try await close(numbers, reason: reason, actor: actor) } else {
                try await reopen(numbers, actor: actor)
            }
        if loaded { try await load() }
        output.notice = .stateChanged(changes, closing: reason)
    }

    private func load() async throws {
        let filter = try SearchQualifiers.applied(to: output.filter, me: actor)
        let page = try await useCases.list(filter)
        loaded = true
        output.issues = page.issues
        output.hasMore = page.hasMore
        output.ignoredSearchWords = page.ignoredSearchWords
        if page.issues.isEmpty { output.notice = filter.narrowsBeyondState ? .noMatch : .noIssues(filter.state) }
    }
}

extension IssueListViewModel {
    /// What the input does that a level may refuse; nil for what anyone who reads may do.
    private static func action(of input: Input) -> Permissions.Action? {
        switch input {
        case .newIssue: .createIssue
        case .assign, .toggleAssignees: .organizeIssues
        case .close: .close
        case .reopen: .reopen
        default: nil
        }
    }
}
