import TrackerCore

/// `tracker undo`: what it would take back (`--list`), and taking it back.
@MainActor
public final class UndoViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case preview
        case undo
    }

    public struct Output: Equatable, ViewOutput {
        /// What `.preview` found (nil: nothing to undo).
        public var candidate: UndoableChange?
        /// What `.undo` took back.
        public var undone: UndoableChange?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let undoChange: UndoChange
    private let actor: Login

    public init(undoChange: UndoChange, actor: Login) {
        self.undoChange = undoChange
        self.actor = actor
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output = Output()
        output.failure = await caught {
            switch input {
            case .preview: self.output.candidate = try await self.undoChange.preview(actor: self.actor)
            case .undo: self.output.undone = try await self.undoChange(actor: self.actor)
            }
        }
        return nil
    }
}
