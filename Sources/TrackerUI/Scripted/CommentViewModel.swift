import TrackerCore

/// One existing comment: `tracker comment edit ID` (read first when it opens in the person's
/// editor, and only by one who may change it) and `tracker comment delete ID`.
@MainActor
public final class CommentViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// Read it to edit it: refused to one who may not change it.
        case readToEdit
        /// Replace its text; the text it has already is no change.
        case edit(String)
        case delete
    }

    public struct Output: Equatable, ViewOutput {
        /// The comment as read, then as changed.
        public var comment: Comment?
        public var change: CommentChange?
        public var failure: TrackerError?
    }

    public struct UseCases: Sendable {
        let show: ShowComment
        let edit: EditComment
        let delete: DeleteComment

        public init(show: ShowComment, edit: EditComment, delete: DeleteComment) {
            self.show = show
            self.edit = edit
            self.delete = delete
        }
    }

    public private(set) var output = Output()
    private let id: CommentID
    private let actor: Login
    private let useCases: UseCases

    public init(id: CommentID, actor: Login, useCases: UseCases) {
        self.id = id
        self.actor = actor
        self.useCases = useCases
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = nil
        output.change = nil
        do {
            switch input {
            case .readToEdit:
                output.comment = try await useCases.show.toChange(id, actor: actor)
            case .edit(let body) where body == output.comment?.body:
                output.change = .unchanged
            case .edit(let body):
                output.comment = try await useCases.edit(id, body: body, actor: actor)
                output.change = .edited
            case .delete:
                output.comment = try await useCases.delete(id, actor: actor)
                output.change = .deleted
            }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }
}

/// What happened to a comment, for a presenter to word.
public enum CommentChange: Equatable, Sendable {
    case added, edited, unchanged, deleted
}
