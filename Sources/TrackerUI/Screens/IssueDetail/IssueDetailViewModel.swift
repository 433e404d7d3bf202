import TrackerCore

/// One issue with its timeline, and the state changes a person can make from there.
@MainActor
public final class IssueDetailViewModel {
    public enum Input: Equatable, Sendable {
        case appear
        case close(StateReason)
        case reopen
    }

    public struct Output: Equatable, Sendable {
        public var details: IssueDetails?
        /// What the last action did ("Closed issue #12 as completed", "… is already closed").
        public var notice: String?
        public var failure: TrackerError?
    }

    public struct UseCases: Sendable {
        let show: ShowIssue
        let close: CloseIssue
        let reopen: ReopenIssue

        public init(show: ShowIssue, close: CloseIssue, reopen: ReopenIssue) {
            self.show = show
            self.close = close
            self.reopen = reopen
        }
    }

    public private(set) var output = Output()
    private let number: IssueNumber
    /// Who closes or reopens; nil for a screen that only shows.
    private let actor: Login?
    private let useCases: UseCases

    public init(number: IssueNumber, actor: Login?, useCases: UseCases) {
        self.number = number
        self.actor = actor
        self.useCases = useCases
    }

    public func send(_ input: Input) async {
        output.failure = nil
        output.notice = nil
        do {
            switch input {
            case .appear:
                break
            case .close(let reason):
                let actor = try requireActor()
                let change = try await useCases.close(number, reason: reason, actor: actor)
                output.notice = IssueDetailViewModel.notice(change, closed: true, reason: reason)
            case .reopen:
                let actor = try requireActor()
                let change = try await useCases.reopen(number, actor: actor)
                output.notice = IssueDetailViewModel.notice(change, closed: false, reason: nil)
            }
            output.details = try await useCases.show(number)
        } catch {
            output.failure = error as? TrackerError ?? .storageFailure("\(error)")
        }
    }

    private func requireActor() throws(TrackerError) -> Login {
        guard let actor else { throw .invalidInput(field: "user", rule: "changing an issue needs an acting user") }
        return actor
    }

    private static func notice(_ change: StateChange, closed: Bool, reason: StateReason?) -> String {
        let number = change.issue.number
        switch (change, closed) {
        case (.changed, true):
            return "Closed issue \(number) as \(reason == .notPlanned ? "not planned" : "completed")"
        case (.unchanged, true): return "Issue \(number) is already closed"
        case (.changed, false): return "Reopened issue \(number)"
        case (.unchanged, false): return "Issue \(number) is already open"
        }
    }
}
