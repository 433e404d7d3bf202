/// What the session's level lets it do, so a front offers only those keys and refuses the rest
/// before anything is typed. The database enforces the same rules on every statement (migration
/// 0014) and words its refusals the same way: "carol has read on this tracker; closing issues
/// needs triage".
public struct Permissions: Equatable, Sendable {
    /// Something a person may be allowed to do.
    public enum Action: Equatable, Sendable {
        case createIssue
        /// Editing an issue's title and body: its author's own, or anyone's (`author` nil: not known yet).
        case editIssueText(author: Login?)
        case close, reopen
        /// Assignees, labels and milestones on issues.
        case organizeIssues
        case comment
        case createLabel, editLabel, deleteLabel
        case createMilestone, editMilestone, closeMilestone, reopenMilestone, deleteMilestone
        case addUsers
        /// Setting a person's display name: one's own with any level, anyone's with admin.
        case editUserName(Login)
    }

    private struct Holder: Equatable, Sendable {
        /// Who the session is in refusals: its user's login, else its role.
        var name: String
        /// Who acts: whose issues are "own".
        var actor: Login
        /// nil: the session holds none.
        var level: AccessLevel?
        /// The project the session works in, when the tracker has several (the screens' headers).
        var project: String?
    }

    /// nil: nothing is refused here, the database alone decides (a command run once).
    private let holder: Holder?

    public init(name: String, actor: Login, level: AccessLevel?, project: String? = nil) {
        holder = Holder(name: name, actor: actor, level: level, project: project)
    }

    private init() {
        holder = nil
    }

    /// Nothing refused before the database is asked: for the commands, which ask it anyway.
    public static let databaseDecides = Permissions()

    /// The level the session holds; nil where it holds none or where the database decides.
    public var level: AccessLevel? { holder?.level }

    /// The project the screens work in, when the tracker has several; nil otherwise.
    public var project: String? { holder?.project }

    public func allows(_ action: Action) -> Bool {
        guard let holder else { return true }
        guard let level = holder.level else { return false }
        return level >= neededLevel(for: action)
    }

    /// Why `action` is refused, in the database's words; nil when it is allowed.
    public func refusal(_ action: Action) -> TrackerError? {
        guard let holder, !allows(action) else { return nil }
        let held = holder.level?.rawValue ?? "no access"
        let needed = neededLevel(for: action).rawValue
        return .accessDenied(
            "\(holder.name) has \(held) on this tracker; \(doing(action, by: holder.actor)) needs \(needed)")
    }

    public func require(_ action: Action) throws(TrackerError) {
        if let refusal = refusal(action) { throw refusal }
    }

    /// The lowest level that allows `action`.
    public func neededLevel(for action: Action) -> AccessLevel {
        switch action {
        case .close, .reopen, .organizeIssues: .triage
        case .createIssue, .comment: .write
        case .editIssueText(let author): author == nil || author == holder?.actor ? .write : .maintain
        case .createLabel, .editLabel, .deleteLabel, .createMilestone, .editMilestone, .closeMilestone,
            .reopenMilestone, .deleteMilestone:
            .maintain
        case .addUsers: .admin
        case .editUserName(let login): login == holder?.actor ? .read : .admin
        }
    }

    private func doing(_ action: Action, by actor: Login) -> String {
        switch action {
        case .createIssue: "creating an issue"
        case .editIssueText(let author?) where author != actor: "editing \(author)'s issue"
        case .editIssueText: "editing an issue's title and body"
        case .close: "closing issues"
        case .reopen: "reopening issues"
        case .organizeIssues: "changing assignees, labels or milestones"
        case .comment: "commenting"
        case .createLabel: "creating a label"
        case .editLabel: "editing a label"
        case .deleteLabel: "deleting a label"
        case .createMilestone: "creating a milestone"
        case .editMilestone: "editing a milestone"
        case .closeMilestone: "closing a milestone"
        case .reopenMilestone: "reopening a milestone"
        case .deleteMilestone: "deleting a milestone"
        case .addUsers: "adding users"
        case .editUserName(let login): "editing \(login)'s name"
        }
    }
}
