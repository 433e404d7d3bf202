import TrackerCore

/// The versions of a text: `tracker show N --history`, `tracker diff N [VERSION]`, and the
/// versions of a comment.
@MainActor
public final class HistoryViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case issue(IssueNumber)
        case comment(CommentID)
        /// What a version (nil: the current one) changed from the one before it.
        case change(IssueNumber, version: Int64?)
    }

    public struct Output: Equatable, ViewOutput {
        public var history: TextHistory?
        public var change: VersionChange?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let showHistory: ShowHistory

    public init(showHistory: ShowHistory) {
        self.showHistory = showHistory
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output = Output()
        output.failure = await caught {
            switch input {
            case .issue(let number): self.output.history = try await self.showHistory(number)
            case .comment(let id): self.output.history = try await self.showHistory.comment(id)
            case .change(let number, let version):
                self.output.change = try await self.showHistory.change(of: number, to: version)
            }
        }
        return nil
    }
}
