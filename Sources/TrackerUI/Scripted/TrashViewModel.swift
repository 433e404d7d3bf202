import TrackerCore

/// `tracker delete`, `restore`, `comment restore`, `trash list` and `trash purge`: each driven once.
@MainActor
public final class TrashViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case delete([IssueNumber])
        case restore([IssueNumber])
        case restoreComment(CommentID)
        case list
        case purge(olderThan: AgeLimit)
    }

    /// What the input did, for the presenter to word.
    public enum Notice: Equatable, Sendable {
        case deleted([StateChange])
        case restored([StateChange])
        case restoredComment(Comment)
        case purged(PurgedTrash)
    }

    public struct Output: Equatable, ViewOutput {
        public var notice: Notice?
        /// What `.list` found, most recently deleted first.
        public var items: [TrashedItem] = []
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let trash: ManageTrash
    private let actor: Login

    public init(trash: ManageTrash, actor: Login) {
        self.trash = trash
        self.actor = actor
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output = Output()
        output.failure = await caught {
            switch input {
            case .delete(let numbers):
                self.output.notice = .deleted(try await self.trash.delete(numbers, actor: self.actor))
            case .restore(let numbers):
                self.output.notice = .restored(try await self.trash.restore(numbers, actor: self.actor))
            case .restoreComment(let id):
                self.output.notice = .restoredComment(try await self.trash.restoreComment(id, actor: self.actor))
            case .list: self.output.items = try await self.trash.list()
            case .purge(let age):
                self.output.notice = .purged(try await self.trash.purge(olderThan: age, actor: self.actor))
            }
        }
        return nil
    }
}
