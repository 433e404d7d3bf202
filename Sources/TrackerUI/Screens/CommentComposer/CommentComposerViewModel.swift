import TrackerCore

/// A new comment on one issue: the text as typed so far, what is wrong with it, and what posting
/// it did. A comment the database could not take is kept as the issue's comment draft by
/// `CommentOnIssue`, so nothing typed is lost.
@MainActor
public final class CommentComposerViewModel {
    public enum Input: Equatable, Sendable {
        /// One typed line; a lone `.` ends the comment and checks it.
        case line(String)
        /// The whole comment at once (from the person's editor); checked at once.
        case text(String)
        /// Post the comment.
        case post
    }

    public struct Output: Equatable, Sendable {
        public var text = ""
        /// The comment being typed line by line; nil when none is being typed.
        public var typed: TypedLines?
        /// What is wrong with the text; the person is asked again.
        public var problem: TrackerError?
        public var posted: Comment?
        /// Why the comment was not posted, and whether it is kept in the issue's comment draft.
        public var failure: TrackerError?
        public var kept = false
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

    public private(set) var output = Output()
    public let number: IssueNumber
    private let author: Login
    private let useCases: UseCases

    public init(number: IssueNumber, author: Login, useCases: UseCases) {
        self.number = number
        self.author = author
        self.useCases = useCases
    }

    public func send(_ input: Input) async {
        switch input {
        case .line(let line):
            var typed = output.typed ?? TypedLines()
            if let lines = typed.add(line) {
                setText(lines.joined(separator: "\n"))
            } else {
                output.typed = typed
            }
        case .text(let text):
            setText(text)
        case .post:
            await post()
        }
    }

    private func setText(_ text: String) {
        output.typed = nil
        output.text = text
        do {
            _ = try Comment.validBody(text)
            output.problem = nil
        } catch {
            output.problem = error
        }
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
