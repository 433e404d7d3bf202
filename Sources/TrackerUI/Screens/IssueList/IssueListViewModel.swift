import TrackerCore

/// The issue list screen's state: which filter, which issues, and whether more match.
@MainActor
public final class IssueListViewModel {
    public enum Input: Equatable, Sendable {
        case appear
        case filter(IssueFilter)
        case newIssue
    }

    public struct Output: Equatable, Sendable {
        public var filter: IssueFilter
        public var issues: [Issue] = []
        public var hasMore = false
        public var notice: String?
        public var failure: TrackerError?

        public init(filter: IssueFilter) {
            self.filter = filter
        }
    }

    public enum Route: Equatable, Sendable {
        case create
    }

    public private(set) var output: Output
    public var onRoute: ((Route) -> Void)?
    private let listIssues: ListIssues

    public init(listIssues: ListIssues, filter: IssueFilter = IssueFilter()) {
        self.listIssues = listIssues
        self.output = Output(filter: filter)
    }

    public func send(_ input: Input) async {
        switch input {
        case .appear:
            await load()
        case .filter(let filter):
            output.filter = filter
            await load()
        case .newIssue:
            onRoute?(.create)
        }
    }

    private var emptyNotice: String {
        output.filter.state == .all ? "No issues." : "No \(output.filter.state.rawValue) issues."
    }

    private func load() async {
        do {
            let page = try await listIssues(output.filter)
            output.issues = page.issues
            output.hasMore = page.hasMore
            output.failure = nil
            output.notice = page.issues.isEmpty ? emptyNotice : nil
        } catch {
            output.failure = error as? TrackerError ?? .storageFailure("\(error)")
        }
    }
}
