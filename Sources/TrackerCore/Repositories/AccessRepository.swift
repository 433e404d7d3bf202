/// Who may do what on the tracker: the levels people's database roles hold. The database decides
/// and enforces them (migration 0013); this reads and changes them. Implementations throw
/// `TrackerError`; only an admin may change them.
public protocol AccessRepository: Sendable {
    /// Who the session is in refusals, and the level it holds.
    func session() async throws -> SessionAccess
    /// Every role holding a level (with its user), then every user linked to no role.
    func list() async throws -> [AccessEntry]
    /// Gives `who` (a login, or a role) exactly `level`.
    func grant(_ level: AccessLevel, to who: String) async throws
    /// Takes every level away from `who` (a login, or a role).
    func revoke(from who: String) async throws
    /// Gives `who` exactly `level` in the session's project (`none` shuts them out of it).
    func grantInProject(_ level: ProjectLevel, to who: String) async throws
    /// Takes `who`'s level in the session's project away: the tracker's applies again.
    func revokeInProject(from who: String) async throws
}

/// A level in one project: GitHub's first four, or none; admin stays the tracker's.
public enum ProjectLevel: String, CaseIterable, Equatable, Sendable {
    case none, read, triage, write, maintain

    public init(choosing text: String) throws(TrackerError) {
        let name = try Choice.named(text, field: "project level", among: ProjectLevel.allCases.map(\.rawValue))
        self = ProjectLevel(rawValue: name) ?? .none
    }
}

/// The session's own access: its name in refusals (its user's login, else its role) and its level
/// (nil: none).
public struct SessionAccess: Equatable, Sendable {
    public var name: String
    public var level: AccessLevel?
    /// The session's project when the tracker has several; nil when it has one.
    public var project: String?

    public init(name: String, level: AccessLevel?, project: String? = nil) {
        self.name = name
        self.level = level
        self.project = project
    }
}
