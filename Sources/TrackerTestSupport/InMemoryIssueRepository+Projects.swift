import Synchronization
import TrackerCore

/// An issue as `tracker move` carries it between projects: everything kept by its number.
struct InMemoryMovedIssue: Sendable {
    var issue: Issue
    var events: [IssueEvent]
    var comments: [Comment]
    var mentions: [Int64?: Set<Login>]
    var issueRevisions: [InMemoryRevision]
    var commentRevisions: [Int64: [InMemoryRevision]]
}

/// What `InMemoryProjects` asks of each project's issues: its texts (for cross-project
/// references), an issue as another issue's line shows it, and moves in and out.
extension InMemoryIssueRepository {
    func joinProjects(_ projects: InMemoryProjects, as key: ProjectKey, commentIDs: InMemorySequence) {
        self.projects = (projects, key)
        self.commentIDs = commentIDs
    }

    /// The project's key changed (`project edit --key`).
    func renameProject(_ key: ProjectKey) {
        projects = projects.map { ($0.world, key) }
    }

    /// Every body and comment not in the trash, by issue.
    func texts() -> [(issue: Int64, text: String)] {
        issues.values.filter { trashedIssues[$0.number.value] == nil }.map { ($0.number.value, $0.body) }
            + comments.values.filter { trashedComments[$0.id.value] == nil && trashedIssues[$0.issue.value] == nil }
            .map { ($0.issue.value, $0.body) }
    }

    /// The issue as a line of another's structure shows it; nil when missing or in the trash.
    func linked(_ number: Int64, project: ProjectKey) -> LinkedIssue? {
        guard let issue = issues[number], trashedIssues[number] == nil else { return nil }
        return LinkedIssue(number: issue.number, title: issue.title, state: issue.state, project: project)
    }

    /// Takes the issue out for a move; refused as PostgreSQL refuses it (missing, moved, or linked
    /// to others of this project).
    func takeOut(_ number: IssueNumber) throws -> InMemoryMovedIssue {
        try refuseMoved([number])
        let issue = try existing(number)
        if issue.parent != nil || issue.subIssues.total > 0
            || dependencies.contains(where: { $0.blocked == number || $0.blocker == number })
        {
            throw TrackerError.notFound(
                "#\(number.value) has a parent, sub-issues or dependencies, which link issues of one project; take "
                    + "them off first (tracker edit \(number.value) --no-parent, --remove-blocked-by); nothing was changed"
            )
        }
        let moving = comments.values.filter { $0.issue == number }
        let moved = InMemoryMovedIssue(
            issue: issue, events: events[number.value] ?? [], comments: moving, mentions: mentions[number.value] ?? [:],
            issueRevisions: issueRevisions[number.value] ?? [],
            commentRevisions: moving.reduce(into: [:]) { $0[$1.id.value] = commentRevisions[$1.id.value] })
        issues[number.value] = nil
        events[number.value] = nil
        mentions[number.value] = nil
        issueRevisions[number.value] = nil
        for comment in moving {
            comments[comment.id.value] = nil
            commentRevisions[comment.id.value] = nil
        }
        refreshStructure()
        return moved
    }

    /// Takes a moved issue in under the next number; labels and the milestone kept by name where
    /// this project has them.
    func takeIn(_ moved: InMemoryMovedIssue) throws -> IssueNumber {
        lastNumber += 1
        let number = try IssueNumber(lastNumber)
        var issue = moved.issue
        issue.number = number
        issue.labels = labelStore.filter { label in
            moved.issue.labels.contains { $0.name.value.lowercased() == label.name.value.lowercased() }
        }
        issue.milestone =
            milestoneStore.first {
                $0.title.value.lowercased() == moved.issue.milestone?.title.value.lowercased()
            }?.summary
        store(issue)
        events[lastNumber] = moved.events
        mentions[lastNumber] = moved.mentions
        issueRevisions[lastNumber] = moved.issueRevisions
        for var comment in moved.comments {
            comment.issue = number
            comments[comment.id.value] = comment
            commentRevisions[comment.id.value] = moved.commentRevisions[comment.id.value]
        }
        return number
    }

    /// Leaves the pointer at a moved issue's old number.
    func pointMoved(_ number: IssueNumber, to place: String) {
        movedAway[number.value] = place
    }

    /// The lowest of `numbers` that was moved away, refused saying where it went.
    func refuseMoved(_ numbers: [IssueNumber]) throws {
        for number in numbers.sorted() {
            if let place = movedAway[number.value] {
                throw TrackerError.notFound("issue \(number) was moved to \(place); nothing was changed")
            }
        }
    }
}

/// Comment ids given out across a tracker's projects, as migration 0011's counters give them, so a
/// moved comment keeps its id.
public final class InMemorySequence: Sendable {
    private let last = Mutex<Int64>(0)

    public init() {}

    func next() -> Int64 {
        last.withLock { value in
            value += 1
            return value
        }
    }
}
