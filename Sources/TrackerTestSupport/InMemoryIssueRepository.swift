import Foundation
import TrackerCore

/// Issues in memory, with the same numbering and user rules as the database.
public actor InMemoryIssueRepository: IssueRepository {
    private var issues: [Issue] = []
    private var lastNumber: Int64 = 0
    private let users: InMemoryAssigneeRepository
    private let now: @Sendable () -> Date
    /// When set, the next call fails with it (to test how screens show failures).
    private var nextFailure: TrackerError?

    public init(users: InMemoryAssigneeRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.users = users
        self.now = now
    }

    public func failNextCall(with error: TrackerError) {
        nextFailure = error
    }

    public var all: [Issue] { issues }

    public func create(_ draft: IssueDraft, author: Login) async throws -> Issue {
        try takeFailure()
        for login in [author] + draft.assignees where try await users.find(login) == nil {
            throw TrackerError.notFound("no user '\(login)'")
        }
        lastNumber += 1
        let moment = now()
        let issue = Issue(
            number: try IssueNumber(lastNumber), title: draft.title, body: draft.body, author: author,
            assignees: draft.assignees, createdAt: moment, updatedAt: moment)
        issues.append(issue)
        return issue
    }

    public func list(_ filter: IssueFilter) async throws -> [Issue] {
        try takeFailure()
        let matching = issues.filter(filter.matches).sorted { $0.number > $1.number }
        return Array(matching.prefix(filter.limit ?? Int.max))
    }

    private func takeFailure() throws {
        if let failure = nextFailure {
            nextFailure = nil
            throw failure
        }
    }
}
