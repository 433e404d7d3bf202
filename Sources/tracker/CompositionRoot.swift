import Postgres
import Synchronization
import TerminalKit
import TrackerCore
import TrackerPostgres
import TrackerUI

/// The one place that picks the database, makes the repositories over it, and (in
/// `CompositionRoot+UseCases`) the use cases and the screens over those; every command's output
/// goes to its `terminal`.
struct CompositionRoot: Sendable {
    let database: Database
    let target: DatabaseTarget
    let environment: [String: String]
    let actingLogin: String?
    /// The project this command works in, and why.
    let project: ProjectChoice
    /// The acting user once known, so `@me` and the command ask at most once.
    let identity = KnownIdentity()
    let terminal: StandardTerminal

    var issues: PostgresIssueRepository { PostgresIssueRepository(database: database) }
    var users: PostgresUserRepository { PostgresUserRepository(database: database) }
    var comments: PostgresCommentRepository { PostgresCommentRepository(database: database) }
    var labels: PostgresLabelRepository { PostgresLabelRepository(database: database) }
    var milestones: PostgresMilestoneRepository { PostgresMilestoneRepository(database: database) }

    /// Connects (starting the private cluster when that is the target) and arranges the schema
    /// check: the command's first statement proves the schema (`SchemaGuard.proof`), costing no
    /// statement or round trip of its own. The private cluster migrates itself once per tracker version (a stamp
    /// beside it remembers); a shared database must be migrated by hand. `schema`: `.write`
    /// refuses a schema newer than this binary; `.read` allows it; `.none` skips the check.
    /// `repository`: the imported issues' (`ProjectChoice`).
    static func open(
        _ options: GlobalOptions, schema: SchemaUse = .write, repository: GitRemote? = nil
    ) async throws -> CompositionRoot {
        let environment = ProcessEnvironment.values
        let target = try DatabaseTarget.resolve(flag: options.databaseURL, environment: environment)
        let limits = try SessionLimits.from(environment: environment)
        let proof = schema == .none ? nil : SchemaGuard.proof(allowNewer: schema == .read)
        let project = try ProjectChoice.resolve(
            flag: options.project, environment: environment, folder: FileManager.default.currentDirectoryPath,
            repository: repository)
        let chosen = try target.settingsWithoutStarting()
        let root = CompositionRoot(
            database: Database(
                settings: chosen.settings, limits: limits, searchPath: TrackerSchema.searchPath,
                unreachableAdvice: target.unreachableAdvice, proof: proof, applicationName: "tracker",
                variables: project.variables, fallbackSettings: chosen.fallback),
            target: target, environment: environment, actingLogin: options.actingLogin, project: project,
            terminal: await Console.terminal)
        let trace = Trace(enabled: options.verbose, errors: root.terminal.streamError)
        trace.say("database: \(target.description)")
        trace.say("limits: connect \(limits.connectTimeout) s, statements \(limits.statementTimeoutMilliseconds) ms")
        guard case .managed(let cluster) = target else { return root }
        try await root.connectStarting(cluster)
        // Connected through the pooler: it runs. Otherwise it may be missing, for the next command.
        let fellBack = await root.database.connectedToFallback
        if chosen.fallback == nil || fellBack { cluster.startPoolerIfMissing() }
        let stamp = SchemaStamp(cluster: cluster)
        if schema != .none, !stamp.isCurrent {
            // Without the guard: it would refuse the very schema this is about to migrate.
            let unguarded = Database(
                settings: root.database.settings, limits: limits, searchPath: TrackerSchema.searchPath,
                unreachableAdvice: target.unreachableAdvice)
            try await root.checkSchema(on: unguarded, allowNewer: schema == .read, trace: trace)
            await unguarded.close()
            stamp.record()
        }
        return root
    }

    enum SchemaUse { case read, write, none }

    /// The private cluster usually runs: connect first, start it only when that fails.
    private func connectStarting(_ cluster: LocalCluster) async throws {
        do {
            try await database.trackedConnect()
        } catch TrackerError.databaseUnavailable {
            _ = try target.connectionSettings()
            try await database.trackedConnect()
        }
    }

    private func checkSchema(on database: Database, allowNewer: Bool, trace: Trace) async throws {
        let migrator = Migrator(database: database)
        let state = try await migrator.check()
        trace.say("schema: \(state)")
        switch state {
        case .current:
            return
        case .behind where target.isManaged:
            try await migrator.migrate()
        case .behind:
            throw TrackerError.schemaMismatch(SchemaGuard.olderWording)
        case .ahead where allowNewer:
            return
        case .ahead:
            throw TrackerError.schemaMismatch(SchemaGuard.newerWording)
        }
    }

    /// Who this command acts as. Named (`--as`, else `TRACKER_USER`): no round trip, the check
    /// that the session may act as them travels with the command's next statements (its own user,
    /// or anyone for an admin; the database decides). Else, on the private cluster, the OS login
    /// (registered on first use: a typed login may be a typo, and is refused with the closest
    /// ones); else the session role's own user, asked once (a superuser linked to none is taken as
    /// the OS login, as before).
    /// `checked: false` leaves the check to the command's own statement (an import registers
    /// whoever it names, its importer too).
    func actingUser(checked: Bool = true) async throws -> User {
        if let known = identity.user { return known }
        let typed = actingLogin ?? environment["TRACKER_USER"].flatMap { $0.isEmpty ? nil : $0 }
        var own: SessionIdentity.Own = .superuser
        if typed == nil, !target.isManaged { own = try await SessionIdentity.own(on: database) }
        if case .user(let login) = own { return identity.keep(try User(login: login)) }
        let text = typed ?? osLoginName()
        let login: Login
        do {
            login = try Login(typed: text)
        } catch {
            throw TrackerError.invalidInput(
                field: "acting user",
                rule: "'\(text)' is not a valid login; pass --as LOGIN or set TRACKER_USER")
        }
        if target.isManaged, typed == nil { try await database.trackedQueue(SchemaGuard.registration(login)) }
        if checked {
            for check in SchemaGuard.actorChecks(login) { try await database.trackedQueue(check) }
        }
        return identity.keep(try User(login: login))
    }

    private func osLoginName() -> String {
        if let entry = getpwuid(geteuid()) { return String(cString: entry.pointee.pw_name) }
        return environment["USER"] ?? ""
    }
}

/// The acting user of one command, remembered once found.
final class KnownIdentity: Sendable {
    private let known = Mutex<User?>(nil)

    var user: User? { known.withLock { $0 } }

    func keep(_ user: User) -> User {
        known.withLock { $0 = $0 ?? user }
        return user
    }
}
