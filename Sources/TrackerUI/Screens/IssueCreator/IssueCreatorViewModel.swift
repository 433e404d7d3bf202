import TrackerCore

/// The new-issue screen's state: the draft as typed so far, its problem if any, and the result.
@MainActor
public final class IssueCreatorViewModel {
    public enum Input: Equatable, Sendable {
        case title(String)
        case body(String)
        case assignees([Login])
        case confirm
        case cancel
    }

    public struct Output: Equatable, Sendable {
        public var title = ""
        public var body = ""
        public var assignees: [Login] = []
        /// What is wrong with the last input; the person is asked again.
        public var problem: TrackerError?
        public var created: Issue?
    }

    public enum Route: Equatable, Sendable {
        case finished(Issue?)
    }

    public private(set) var output = Output()
    public var onRoute: ((Route) -> Void)?
    private let createIssue: CreateIssue
    private let author: Login

    public init(createIssue: CreateIssue, author: Login) {
        self.createIssue = createIssue
        self.author = author
    }

    public func send(_ input: Input) async {
        switch input {
        case .title(let title):
            output.title = title
            output.problem = catching { () throws(TrackerError) in _ = try IssueDraft.validTitle(title) }
        case .body(let body):
            output.body = body
            output.problem = catching { () throws(TrackerError) in _ = try IssueDraft.validBody(body) }
        case .assignees(let assignees):
            output.assignees = assignees
            output.problem = nil
        case .confirm:
            await confirm()
        case .cancel:
            onRoute?(.finished(nil))
        }
    }

    private func confirm() async {
        do {
            let draft = try IssueDraft(title: output.title, body: output.body, assignees: output.assignees)
            output.created = try await createIssue(draft, author: author)
            output.problem = nil
            onRoute?(.finished(output.created))
        } catch {
            output.problem = error as? TrackerError ?? .storageFailure("\(error)")
        }
    }

    private func catching(_ check: () throws(TrackerError) -> Void) -> TrackerError? {
        do {
            try check()
            return nil
        } catch {
            return error
        }
    }
}
