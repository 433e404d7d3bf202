import TrackerCore

/// `tracker status`: the acting user's open issues, assigned to them, mentioning them and opened
/// by them, a few of each with how many there are.
@MainActor
public final class StatusViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// At most `limit` issues in each section.
        case appear(limit: Int)
        /// Every project's, grouped.
        case everyProject(limit: Int)
    }

    public struct Output: Equatable, ViewOutput {
        public var status: IssueStatus?
        public var projects: [ProjectStatus] = []
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let showStatus: ShowStatus
    private let actor: Login

    public init(showStatus: ShowStatus, actor: Login) {
        self.showStatus = showStatus
        self.actor = actor
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = nil
        switch input {
        case .appear(let limit):
            do {
                output.status = try await showStatus(of: actor, limit: limit)
            } catch {
                output.failure = TrackerError(wrapping: error)
            }
        case .everyProject(let limit):
            do {
                output.projects = try await showStatus.byProject(of: actor, limit: limit)
                output.status = output.projects.first?.status
            } catch {
                output.failure = TrackerError(wrapping: error)
            }
        }
        return nil
    }
}
