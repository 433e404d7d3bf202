import Foundation

/// One entry of an issue's timeline, written in the same transaction as the change it records.
public struct IssueEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case created
        case assigned(Login)
        case unassigned(Login)
        case closed(StateReason)
        case reopened
    }

    public var kind: Kind
    public var actor: Login
    public var createdAt: Timestamp

    public init(kind: Kind, actor: Login, createdAt: Timestamp) {
        self.kind = kind
        self.actor = actor
        self.createdAt = createdAt
    }
}

/// An issue with its timeline, oldest event first.
public struct IssueDetails: Equatable, Sendable {
    public var issue: Issue
    public var events: [IssueEvent]

    public init(issue: Issue, events: [IssueEvent]) {
        self.issue = issue
        self.events = events
    }
}

/// The outcome of closing or reopening: changed, or already in that state (not an error).
public enum StateChange: Equatable, Sendable {
    case changed(Issue)
    case unchanged(Issue)

    public var issue: Issue {
        switch self {
        case .changed(let issue), .unchanged(let issue): issue
        }
    }
}
