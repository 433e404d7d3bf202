import TrackerCore

/// `tracker edit N… --title/--add-label/…`: the fields given, on every issue named, as one
/// all-or-nothing change (a title or body on one issue at a time).
@MainActor
public final class IssueEditsViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case edit([IssueNumber], IssueEdit)
    }

    public struct Output: Equatable, ViewOutput {
        /// The issues as the change left them, in the order named.
        public var edited: [Issue] = []
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let editIssues: EditIssues
    private let actor: Login

    public init(editIssues: EditIssues, actor: Login) {
        self.editIssues = editIssues
        self.actor = actor
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = nil
        switch input {
        case .edit(let numbers, let edit):
            do {
                output.edited = try await editIssues(numbers, edit, actor: actor)
            } catch {
                output.failure = TrackerError(wrapping: error)
            }
        }
        return nil
    }
}
