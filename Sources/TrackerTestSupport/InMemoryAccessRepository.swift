import TrackerCore

/// Levels in memory, for view-model tests: the session holds `own`; grants are kept by name.
public actor InMemoryAccessRepository: AccessRepository {
    public var own: AccessLevel?
    private var granted: [String: AccessLevel] = [:]

    public init(own: AccessLevel? = .admin) {
        self.own = own
    }

    public func session() async throws -> SessionAccess { SessionAccess(name: "me", level: own) }

    public func list() async throws -> [AccessEntry] {
        granted.sorted { $0.key < $1.key }.map { AccessEntry(role: $0.key, login: try? Login($0.key), level: $0.value) }
    }

    public func grant(_ level: AccessLevel, to who: String) async throws {
        try requireAdmin()
        granted[who] = level
    }

    public func revoke(from who: String) async throws {
        try requireAdmin()
        granted[who] = nil
    }

    /// One tracker, one project: a project's level is the tracker's here.
    public func grantInProject(_ level: ProjectLevel, to who: String) async throws {
        try requireAdmin()
        granted[who] = AccessLevel(rawValue: level.rawValue)
    }

    public func revokeInProject(from who: String) async throws {
        try requireAdmin()
    }

    private func requireAdmin() throws {
        guard own == .admin else {
            throw TrackerError.accessDenied(
                "this session has \(own?.rawValue ?? "no access"); granting levels needs admin")
        }
    }
}
