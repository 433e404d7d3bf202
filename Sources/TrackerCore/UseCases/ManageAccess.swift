/// `tracker access grant|revoke|list`, and what a screen asks before it offers a key.
public struct ManageAccess: Sendable {
    private let access: any AccessRepository

    public init(access: any AccessRepository) {
        self.access = access
    }

    public func grant(_ level: String, to who: String) async throws {
        try await access.grant(try AccessLevel(choosing: level), to: try ManageAccess.who(who))
    }

    public func revoke(from who: String) async throws {
        try await access.revoke(from: try ManageAccess.who(who))
    }

    public func grantInProject(_ level: String, to who: String) async throws {
        try await access.grantInProject(try ProjectLevel(choosing: level), to: try ManageAccess.who(who))
    }

    public func revokeInProject(from who: String) async throws {
        try await access.revokeInProject(from: try ManageAccess.who(who))
    }

    public func list() async throws -> [AccessEntry] {
        try await access.list()
    }

    /// What `actor`, acting in this session, may do: one question, asked once per screen session.
    public func permissions(actor: Login) async throws -> Permissions {
        let session = try await access.session()
        return Permissions(name: session.name, actor: actor, level: session.level, project: session.project)
    }

    /// A login or a role name: 1–63 bytes on one line, as PostgreSQL names roles.
    static func who(_ text: String) throws(TrackerError) -> String {
        guard !text.isEmpty, text.utf8.count <= 63, !text.unicodeScalars.contains(where: TextRules.isControl) else {
            throw .invalidInput(field: "user or role", rule: "'\(text)' is not a login or a role name")
        }
        return text
    }
}

extension AccessLevel {
    /// A level typed by a person, read as every few-word value is (`Choice.named`).
    public init(choosing text: String) throws(TrackerError) {
        let name = try Choice.named(text, field: "level", among: AccessLevel.allCases.map(\.rawValue))
        self = AccessLevel(rawValue: name) ?? .read
    }
}
