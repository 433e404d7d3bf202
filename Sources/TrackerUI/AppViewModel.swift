import TrackerCore

/// The app's root: whether a draft an earlier session could not save is waiting, and what
/// restoring it came to.
@MainActor
public final class AppViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case appear
        /// The answer to restoring the waiting draft now.
        case restore(Bool)
        case creatorEnded(IssueCreatorCoordinator.Outcome)
        /// Another project could not be opened (unknown, or the session may not read it).
        case projectRefused(TrackerError)
        /// Another project was opened: what was said before is gone.
        case projectOpened
    }

    public struct Output: Equatable, ViewOutput {
        /// A draft an earlier session could not save.
        public var unsavedDraft: SavedDraft?
        /// How the creator opened on that draft ended.
        public var creatorOutcome: IssueCreatorCoordinator.Outcome?
        public var failure: TrackerError?

        public init() {}
    }

    public enum Route: Equatable, Sendable {
        case restore(SavedDraft)
    }

    public private(set) var output = Output()
    private let recoverDraft: RecoverDraft

    public init(recoverDraft: RecoverDraft) {
        self.recoverDraft = recoverDraft
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        switch input {
        case .appear:
            // A draft that cannot be read is as good as none: the screens open anyway.
            output.unsavedDraft = try? recoverDraft()
        case .restore(let wanted):
            guard wanted, let draft = output.unsavedDraft else { return nil }
            return .restore(draft)
        case .creatorEnded(let outcome):
            output.creatorOutcome = outcome
        case .projectRefused(let failure):
            output = Output()
            output.failure = failure
        case .projectOpened:
            output = Output()
        }
        return nil
    }
}
