import TrackerCore

/// Repositories of one kind, seeded the same way through the protocols: the users alice
/// ("Alice Liddell"), Bob (stored capitalised, to show stored spellings), carol and dev1…dev12,
/// and one issue by alice per title, numbered from 1.
struct ContractFixture {
    static let people = ["alice", "Bob", "carol"] + (1...12).map { "dev\($0)" }

    let issues: any IssueRepository
    let users: any UserRepository
    let comments: any CommentRepository
    let labels: any LabelRepository
    let milestones: any MilestoneRepository
    let changes: any ChangeFeedRepository
    let history: any HistoryRepository
    /// Another session on the same issues (its own connection), for changes that race.
    let session: @Sendable () -> any IssueRepository
    let alice: Login

    static func make(
        _ kind: RepositoryKind, titles: [String] = ["One", "Two", "Three"]
    ) async throws
        -> ContractFixture
    {
        let (issues, users, comments, labels, milestones, changes, history, session) =
            try await kind.makeRepositories()
        for login in people {
            _ = try await users.add(try User(login: Login(login), name: login == "alice" ? "Alice Liddell" : ""))
        }
        let alice = try Login("alice")
        for title in titles { _ = try await issues.create(try IssueDraft(title: title), author: alice) }
        return ContractFixture(
            issues: issues, users: users, comments: comments, labels: labels, milestones: milestones, changes: changes,
            history: history, session: session, alice: alice)
    }

    /// What both implementations say about a login nobody registered.
    static func noUser(_ login: String) -> TrackerError {
        .unknownUser(login: login, suggestions: [])
    }

    static func noIssue(_ number: Int64, changing: Bool = true) -> TrackerError {
        .notFound("issue #\(number) does not exist" + (changing ? "; nothing was changed" : ""))
    }

    func login(_ name: String) throws -> Login { try Login(name) }
    func logins(_ names: String...) throws -> [Login] { try names.map { try Login($0) } }
    func number(_ value: Int64) throws -> IssueNumber { try IssueNumber(value) }
    func numbers(_ values: Int64...) throws -> [IssueNumber] { try values.map { try IssueNumber($0) } }

    func issue(_ number: Int64) async throws -> TrackerCore.Issue {
        try await issues.details(of: try IssueNumber(number)).issue
    }

    /// Assignees as stored (case matters here, unlike `Login`'s equality).
    func assignees(of number: Int64) async throws -> [String] {
        try await issue(number).assignees.map(\.value)
    }

    func listed(_ filter: IssueFilter) async throws -> [Int64] {
        try await issues.list(filter).map(\.number.value)
    }

    /// The timeline as text with logins as stored, e.g. "assigned Bob by alice".
    func timeline(of number: Int64) async throws -> [String] {
        try await issues.details(of: try IssueNumber(number)).events.map { event in
            let what =
                switch event.kind {
                case .created: "created"
                case .assigned(let login): "assigned \(login.value)"
                case .unassigned(let login): "unassigned \(login.value)"
                case .closed(let reason): "closed \(reason.rawValue)"
                case .closedAsDuplicate(let original): "closed as a duplicate of \(original)"
                case .duplicateClosed(let duplicate): "\(duplicate) closed as a duplicate"
                case .prioritized(let from, let to): "priority \(from?.name ?? "none") → \(to?.name ?? "none")"
                case .dueChanged(let from, let to):
                    "due \(from.map(DueDate.text) ?? "none") → \(to.map(DueDate.text) ?? "none")"
                case .parentChanged(let from, let to):
                    "parent \(from?.description ?? "none") → \(to?.description ?? "none")"
                case .blockerAdded(let blocker): "blocked by \(blocker)"
                case .blockerRemoved(let blocker): "unblocked by \(blocker)"
                case .reopened: "reopened"
                case .renamed(let from, let to): "renamed \(from) → \(to)"
                case .edited: "edited"
                case .commented(let id): "commented \(id)"
                case .commentEdited(let id): "edited comment \(id)"
                case .commentDeleted(let id): "deleted comment \(id)"
                case .commentRestored(let id): "restored comment \(id)"
                case .deleted: "deleted"
                case .restored: "restored"
                case .labeled(let name): "labeled \(name.value)"
                case .unlabeled(let name): "unlabeled \(name.value)"
                case .milestoned(let title): "milestoned \(title.value)"
                case .demilestoned(let title): "demilestoned \(title.value)"
                }
            return "\(what) by \(event.actor.value)" + (event.isUndo ? " (undo)" : "")
        }
    }
}
