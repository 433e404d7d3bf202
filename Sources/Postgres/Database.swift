/// Serializes use of one `Connection` across tasks (libpq allows one user at a time). Opens the
/// connection lazily, checks a connection that sat idle before reusing it (so the next action
/// after a server restart reconnects instead of failing), and retries transactions the server
/// refused because of concurrent changes (serialization failures, deadlocks).
public actor Database {
    public static let transactionAttempts = 4

    public nonisolated let settings: String?
    /// Tried when `settings` cannot be reached: the private cluster's server itself, when the
    /// pooler in front of it is gone.
    public nonisolated let fallbackSettings: String?
    public nonisolated let limits: SessionLimits
    /// The search path every transaction runs with (see `Connection.init`); nil keeps the server's.
    public nonisolated let searchPath: String?
    /// What to check when this database cannot be reached, worded by whoever chose it (a flag,
    /// a variable); nil when they have nothing to add.
    public nonisolated let unreachableAdvice: String?
    /// Named in the startup packet with the session settings (`Connection+Startup`); nil sends the
    /// settings with every transaction.
    public nonisolated let applicationName: String?
    /// Carried by each new connection's first flight (e.g. the schema a client needs), costing no
    /// statement of its own; nil for none.
    public nonisolated let proof: StatementProof?
    /// The client's own settings, in every session (see `Connection.init`).
    public nonisolated let variables: [SessionVariable]
    private var connection: Connection?
    /// The last connection was made with `fallbackSettings`, `settings` being out of reach.
    public private(set) var connectedToFallback = false
    private var lastUsed = ContinuousClock.now

    public init(
        settings: String?, limits: SessionLimits = .standard, searchPath: String? = nil,
        unreachableAdvice: String? = nil, proof: StatementProof? = nil, applicationName: String? = nil,
        variables: [SessionVariable] = [], fallbackSettings: String? = nil
    ) {
        self.fallbackSettings = fallbackSettings
        self.applicationName = applicationName
        self.variables = variables
        self.settings = settings
        self.limits = limits
        self.searchPath = searchPath
        self.unreachableAdvice = unreachableAdvice
        self.proof = proof
    }

    @discardableResult
    public func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try openConnection()
        defer { lastUsed = .now }
        do {
            return try body(connection)
        } catch {
            if !connection.isOpen { self.connection = nil }
            throw connection.explain(error, by: proof)
        }
    }

    /// Runs `body` in one transaction, again (after a short, growing pause) when the server
    /// reports a serialization failure or deadlock, up to `transactionAttempts` times.
    @discardableResult
    public func transaction<T: Sendable>(_ body: (Connection) throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try withConnection { connection in try connection.transaction(body) }
            } catch let error as PostgresError where error.isRetryable && attempt < Database.transactionAttempts {
                let pause = 10 * (1 << attempt) + Int.random(in: 0...10)
                try await Task.sleep(for: .milliseconds(pause))
                attempt += 1
            }
        }
    }

    /// Opens the connection now, so a failure to connect shows before any work is queued.
    public func connect() throws(PostgresError) {
        _ = try openConnection()
    }

    /// Queues `statement` to travel with the connection's next flight.
    public func queue(_ statement: Statement) throws(PostgresError) {
        try openConnection().send(statement.sql, statement.parameters)
    }

    /// Closes the connection now (the next use opens a new one).
    public func close() {
        connection = nil
    }

    private func openConnection() throws(PostgresError) -> Connection {
        if let connection, connection.isOpen {
            guard lastUsed.duration(to: .now) > .seconds(1) else { return connection }
            if connection.ping() { return connection }
            self.connection = nil
        }
        let fresh: Connection
        do {
            fresh = try connect(with: settings)
            connectedToFallback = false
        } catch let error where error.kind == .connection && fallbackSettings != nil {
            fresh = try connect(with: fallbackSettings)
            connectedToFallback = true
        }
        fresh.pendingProof = proof
        connection = fresh
        lastUsed = .now
        return fresh
    }

    private func connect(with settings: String?) throws(PostgresError) -> Connection {
        try Connection(
            settings: settings, limits: limits, searchPath: searchPath, applicationName: applicationName,
            variables: variables)
    }
}
