/// Serializes use of one `Connection` across tasks (libpq allows one user at a time).
/// Opens the connection lazily and again after it was lost.
public actor Database {
    public let settings: String?
    public let connectTimeout: Int
    private var connection: Connection?

    public init(settings: String?, connectTimeout: Int = 5) {
        self.settings = settings
        self.connectTimeout = connectTimeout
    }

    @discardableResult
    public func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try openConnection()
        do {
            return try body(connection)
        } catch {
            if !connection.isOpen { self.connection = nil }
            throw error
        }
    }

    @discardableResult
    public func transaction<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction(body) }
    }

    /// Closes the connection now (the next use opens a new one).
    public func close() {
        connection = nil
    }

    private func openConnection() throws(PostgresError) -> Connection {
        if let connection, connection.isOpen { return connection }
        let fresh = try Connection(settings: settings, connectTimeout: connectTimeout)
        connection = fresh
        return fresh
    }
}
