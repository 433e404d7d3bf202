/// GitHub's five levels of access to a tracker, each holding everything below it: read (list,
/// show, status, watch, export), triage (labels, milestones and assignees on issues, close and
/// reopen), write (create, comment, edit one's own issues' text and comments), maintain (anyone's
/// text and comments, labels and milestones, import), admin (users, levels, acting as another).
/// The database decides who holds which (migration 0013); this names them.
public enum AccessLevel: String, CaseIterable, Comparable, Sendable {
    case read, triage, write, maintain, admin

    private var rank: Int {
        switch self {
        case .read: 1
        case .triage: 2
        case .write: 3
        case .maintain: 4
        case .admin: 5
        }
    }

    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }
}

/// One line of `tracker access list`: a role holding a level (and the user it is linked to), or a
/// user linked to no role yet.
public struct AccessEntry: Equatable, Sendable {
    public var role: String?
    public var login: Login?
    public var level: AccessLevel?

    public init(role: String?, login: Login?, level: AccessLevel?) {
        self.role = role
        self.login = login
        self.level = level
    }
}
