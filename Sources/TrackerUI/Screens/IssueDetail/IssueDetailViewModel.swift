import TrackerCore

/// One issue with its timeline, and the state changes a person can make from there.
@MainActor
public final class IssueDetailViewModel {
    public enum Input: Equatable, Sendable {
        /// Load (or load again) the issue and its timeline.
        case appear
        /// Close it for this reason; closing a closed issue changes nothing.
        case close(StateReason)
        /// Reopen it; reopening an open issue changes nothing.
        case reopen
        /// Its title or body was edited from here: load it again and say so.
        case edited
        /// A comment was posted from here: load it again and say so.
        case commented
        /// Its assignees were chosen from here: load it again and say who they are.
        case assigned([Login])
        /// Its labels were chosen (and saved) from here: load it again and say what changed.
        case labelled(ChoiceChange<LabelName>)
        /// Its milestone was chosen (and saved) from here: load it again and say what changed.
        case milestoned(ChoiceChange<MilestoneTitle>)
        /// Someone changed it elsewhere: load it again and keep what landed since it was shown.
        case changedElsewhere
    }

    /// What a reload found that the screen had not shown: the timeline's new entries and the new comments.
    public struct Landed: Equatable, Sendable {
        public var events: [IssueEvent] = []
        public var comments: [Comment] = []

        public var isEmpty: Bool { events.isEmpty && comments.isEmpty }
    }

    public struct Output: Equatable, Sendable {
        public var details: IssueDetails?
        /// What the last action did ("Closed issue #12 as completed", "… is already closed").
        public var notice: String?
        public var failure: TrackerError?
        /// After `.changedElsewhere`: what is new since the issue was last shown.
        public var landed = Landed()
    }

    public struct UseCases: Sendable {
        let show: ShowIssue
        let close: CloseIssue?
        let reopen: ReopenIssue?

        /// Without close and reopen, the screen only shows.
        public init(show: ShowIssue, close: CloseIssue? = nil, reopen: ReopenIssue? = nil) {
            self.show = show
            self.close = close
            self.reopen = reopen
        }
    }

    public private(set) var output = Output()
    public let number: IssueNumber
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
        output.landed = Landed()
        let shown = output.details
        do {
            switch input {
            case .appear, .changedElsewhere:
                break
            case .close(let reason):
                guard let actor, let close = useCases.close else { throw TrackerError.cannotChange }
                let change = try await close(number, reason: reason, actor: actor)
                output.notice = StateChangeNotice.describe(change, closing: reason)
            case .reopen:
                guard let actor, let reopen = useCases.reopen else { throw TrackerError.cannotChange }
                let change = try await reopen(number, actor: actor)
                output.notice = StateChangeNotice.describe(change, closing: nil)
            case .edited:
                output.notice = "Edited issue \(number)"
            case .commented:
                output.notice = "Commented on issue \(number)"
            case .assigned(let logins):
                output.notice =
                    logins.isEmpty
                    ? "Issue \(number) has no assignees"
                    : "Assignees of issue \(number): " + logins.map(\.value).joined(separator: ", ")
            case .labelled(let change):
                output.notice = change.describe("Labels of issue \(number)", name: \.value)
            case .milestoned(let change):
                output.notice = change.describe("Milestone of issue \(number)", name: \.value)
            }
            output.details = try await useCases.show(number)
            if input == .changedElsewhere, let shown, let details = output.details {
                let seen = Set(shown.comments.map(\.id))
                output.landed = Landed(
                    events: Array(details.events.dropFirst(shown.events.count)),
                    comments: details.comments.filter { !seen.contains($0.id) })
            }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
    }
}

extension TrackerError {
    fileprivate static let cannotChange = TrackerError.invalidInput(
        field: "user", rule: "changing an issue needs an acting user")
}
