/// Something in the trash: an issue (with its comments and timeline) or a comment, who deleted it
/// and when. `tracker restore` brings it back as it was.
public enum TrashedItem: Equatable, Sendable {
    case issue(Issue, deletedAt: Timestamp, deletedBy: Login)
    case comment(Comment, deletedAt: Timestamp, deletedBy: Login)

    public var deletedAt: Timestamp {
        switch self {
        case .issue(_, let at, _), .comment(_, let at, _): at
        }
    }

    public var deletedBy: Login {
        switch self {
        case .issue(_, _, let who), .comment(_, _, let who): who
        }
    }
}

/// What `tracker trash purge` removed for good.
public struct PurgedTrash: Equatable, Sendable {
    public var issues: Int
    public var comments: Int

    public init(issues: Int, comments: Int) {
        self.issues = issues
        self.comments = comments
    }
}

extension TrackerError {
    /// Reading an issue in the trash: where it is, and how to bring it back.
    public static func inTrash(_ number: IssueNumber) -> TrackerError {
        .notFound("issue #\(number.value) is in the trash (`tracker restore \(number.value)` brings it back)")
    }
}
