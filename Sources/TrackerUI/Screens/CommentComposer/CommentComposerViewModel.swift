import TrackerCore

/// A new comment on one issue: the text as written, what is wrong with it, and what posting it
/// did. A comment the database could not take is kept as the issue's comment draft by
/// `CommentOnIssue`, so nothing written is lost.
@MainActor
public final class CommentComposerViewModel: ViewModel {
    public enum Step: Equatable, Sendable {
        /// The text is asked for (again, after a failure).
        case text
        /// The text keeps the rules: post it.
        case ready
    }

    public enum Input: Equatable, Sendable {
        /// The whole comment as written; checked at once.
        case text(String)
        /// Post the comment.
        case post
        case cancel
    }

    public enum Route: Equatable, Sendable {
        case cancelled
    }

    public struct Output: Equatable, ViewOutput {
        public var number: IssueNumber
        public var step = Step.text
        public var text = ""
        /// What is wrong with the text (it is asked again), or why the comment was not posted.
        public var failure: TrackerError?
        public var posted: Comment?
        /// Whether a comment that was not posted is kept in the issue's comment draft.
        public var kept = false

        public init(number: IssueNumber) {
            self.number = number
        }

        /// After `.post` without `posted`: why.
        public var whyNotPosted: TrackerError { failure ?? .storageFailure("the comment was not posted") }
    }

    public struct UseCases: Sendable {
        let comment: CommentOnIssue
        /// To tell whether a comment that was not posted is in the draft; nil: it is not known to be.
        let recoverDraft: RecoverDraft?

        public init(comment: CommentOnIssue, recoverDraft: RecoverDraft? = nil) {
            self.comment = comment
            self.recoverDraft = recoverDraft
        }
    }

    public private(set) var output: Output
    public var number: IssueNumber { output.number }
    private let author: Login
    private let useCases: UseCases

    public init(number: IssueNumber, author: Login, useCases: UseCases) {
        self.author = author
        self.useCases = useCases
        output = Output(number: number)
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        switch input {
        case .text(let text):
            output.text = text
            do {
                _ = try Comment.validBody(text)
                output.failure = nil
                output.step = .ready
            } catch {
                output.failure = error
            }
        case .post:
            await post()
        case .cancel:
            return .cancelled
        }
        return nil
    }

    private func post() async {
        do {
            output.posted = try await useCases.comment(number, body: output.text, author: author)
            output.failure = nil
        } catch {
            output.failure = TrackerError(wrapping: error)
            let draft = try? useCases.recoverDraft?(.comment(number))
            output.kept = draft?.body == output.text
        }
    }
}
