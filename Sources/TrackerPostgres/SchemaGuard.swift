import Postgres
import TrackerCore

/// The schema and user checks that ride in a command's first flight (migration 0005's
/// `tracker_schema_guard`), so checking costs no round trip of its own.
public enum SchemaGuard {
    static let olderCode = "TS001"
    static let newerCode = "TS002"
    static let functionName = "tracker_schema_guard"
    static let unknownUserCode = "TS003"
    static let unknownActorCode = "TS004"
    static let unknownLabelCode = "TS005"
    static let unknownMilestoneCode = "TS006"
    static let missingIssueCode = "TS007"
    static let missingCommentCode = "TS009"
    /// Migration 0013/0014's refusals: a level too low, acting as another without admin, a role
    /// with no level or no tracker user.
    static let refusalCodes: Set = ["TS010", "TS011", "TS012"]
    static let unknownRoleCode = "TS013"
    static let unknownLevelCode = "TS014"
    static let unlinkedUserCode = "TS015"
    /// In the trash, or nothing to undo: the message is the person's.
    static let goneCode = "TS016"
    /// An undo refused: the message says why.
    static let undoRefusedCode = "TS017"
    /// A sub-issue or dependency refused (a cycle, a limit): the message says which.
    static let structureRefusedCode = "TS018"
    /// Migration 0022: a project that does not exist; one archived; a project change or a move
    /// refused (the message says why); an issue that was moved (the message says where).
    static let unknownProjectCode = "TS019"
    static let archivedProjectCode = "TS020"
    static let projectRefusedCode = "TS021"
    static let movedIssueCode = "TS022"

    /// Check, in the next flight, that `login` is registered (else `.unknownActingUser`, with
    /// the closest logins) and that this session may act as them: its own user, or anyone when it
    /// holds admin (a superuser: whoever it names; else `.accessDenied`).
    public static func actorChecks(_ login: Login) -> [Statement] {
        [
            Statement("SELECT tracker_actor_id($1)", [login.value]),
            Statement("SELECT 1 FROM tracker_acting($1)", [login.value]),
        ]
    }

    /// The session role's own user's login, and whether the role is a superuser (whose user is
    /// whoever it names).
    public static let ownLogin = Statement(
        """
        SELECT (SELECT login FROM users WHERE role_name = session_user),
               coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = session_user), false),
               session_user::text
        """)

    /// Registers `login` unless it is (the private cluster's own user), in the next flight.
    public static func registration(_ login: Login) -> Statement {
        Statement(
            """
            INSERT INTO users (login) SELECT $1::text
             WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(login) = lower($1)) ON CONFLICT DO NOTHING
            """, [login.value])
    }

    public static let olderWording =
        "the database schema is older than this tracker: run `tracker migrate` (see `tracker migrate --status`)"
    public static let newerWording =
        "the database schema is newer than this tracker: upgrade tracker before writing to it"

    /// What proves the schema inside a command's own first statement (migration 0020): the
    /// function `tracker_schema_writes_N` exists while N, this binary's newest migration, is the
    /// database's newest, and `tracker_schema_reads_N` while N is applied at all (reads may run
    /// on a newer schema, writes may not). When it is missing, the guard's statement says why.
    public static func proof(allowNewer: Bool, migrations: [Migration] = Migrator.bundled) -> StatementProof {
        let version = migrations.last?.version ?? 0
        return StatementProof(
            call: "tracker.\(proofPrefix)\(allowNewer ? "reads" : "writes")_\(version)()",
            explanation: statement(allowNewer: allowNewer, migrations: migrations))
    }

    static let proofPrefix = "tracker_schema_"

    /// `allowNewer`: reads may run on a schema newer than this binary; writes may not.
    public static func statement(allowNewer: Bool, migrations: [Migration] = Migrator.bundled) -> Statement {
        Statement("SELECT \(functionName)($1, $2)", [migrations.last?.version ?? 0, allowNewer])
    }

    /// What a failed guard means for the person; nil for any other error.
    static func mismatch(_ error: PostgresError) -> TrackerError? {
        switch error.sqlState {
        case olderCode: .schemaMismatch(olderWording)
        case newerCode: .schemaMismatch(newerWording)
        case SQLState.undefinedFunction where error.message.contains(functionName): .schemaMismatch(olderWording)
        // The proof missing although the guard passed: only a hand-made change does that.
        case SQLState.undefinedFunction where error.message.contains(proofPrefix): .schemaMismatch(olderWording)
        case unknownUserCode: .unknownUser(login: error.detail ?? "", suggestions: [])
        case unknownActorCode:
            .unknownActingUser(
                login: error.detail ?? "",
                suggestions: NameSuggestions.rank(
                    error.detail ?? "", among: (error.hint ?? "").split(separator: " ").map(String.init),
                    limit: NameSuggestions.shownLimit))
        case unknownLabelCode: .unknownLabel(name: error.detail ?? "", suggestions: [])
        case unknownMilestoneCode: .unknownMilestone(title: error.detail ?? "", suggestions: [])
        case missingIssueCode: .notFound("issue #\(error.detail ?? "?") does not exist; nothing was changed")
        case missingCommentCode: .notFound("comment \(error.detail ?? "?") does not exist; nothing was changed")
        case let code? where refusalCodes.contains(code): .accessDenied(error.message)
        case goneCode, structureRefusedCode, projectRefusedCode, movedIssueCode: .notFound(error.message)
        case unknownProjectCode: .unknownProject(error.detail ?? "")
        case archivedProjectCode: .accessDenied(error.message)
        case undoRefusedCode: .changedMeanwhile(error.message)
        case unknownRoleCode:
            .notFound(
                "there is no user or role '\(error.detail ?? "")' on this server: create the role first "
                    + "(CREATE ROLE name LOGIN PASSWORD '…'), then `tracker users add LOGIN --role name`")
        case unlinkedUserCode:
            .invalidInput(
                field: "user",
                rule: "\(error.detail ?? "") is linked to no role: link one first (`tracker users add "
                    + "\(error.detail ?? "LOGIN") --role ROLE`)")
        case unknownLevelCode:
            .unknownChoice(
                field: "level", value: error.detail ?? "", suggestions: [],
                choices: AccessLevel.allCases.map(\.rawValue))
        default: nil
        }
    }
}
