import CLibPQ

/// One libpq connection. Not thread-safe, as libpq's rule says: one task at a time
/// (share it through `Database`, an actor). `PQfinish` runs on deinit, also after a failed connect.
public final class Connection {
    private let handle: OpaquePointer
    private let settings: String?
    private let notices = NoticeCollector(limit: Connection.keptNotices)
    /// Statements waiting for the next flight (see Connection+Pipeline).
    var queued: [(statement: Statement, pending: PendingResult)] = []
    /// Timestamps as ISO text in UTC whatever the server's defaults, every statement bounded, and
    /// (when given) the schemas names are looked up in: set at the start of each transaction, in
    /// the same flight (the function is named with its schema: the search path is not set yet);
    /// nil when the startup packet set them for the whole session.
    let sessionSettings: Statement?
    /// Carried by the next flight's first statement that takes it (see `StatementProof`), until a
    /// flight carrying it succeeds.
    var pendingProof: StatementProof?
    /// Which statement of the last flight failed (its position in the flight), if one did.
    var failedStatement: Int?
    var lastFlightSize = 0
    var rawHandle: OpaquePointer { handle }
    var lastErrorText: String { Connection.redact(Connection.errorText(handle), settings: settings) }

    /// Connects with a URL or key=value string; `nil` or "" uses libpq's own `PG*` variables and defaults.
    /// `limits.connectTimeout` applies unless the settings name their own `connect_timeout`.
    /// `searchPath`, when given, replaces the session's own in every transaction, so no schema a
    /// server's defaults put on it (one other roles can write in) is looked into for names.
    /// `applicationName`, when given, lets the session settings travel in the startup packet
    /// instead of opening every transaction (see `Connection+Startup`). `variables` are the
    /// client's own settings (`name.part`), sent the same way.
    public init(
        settings: String?, limits: SessionLimits = .standard, searchPath: String? = nil,
        applicationName: String? = nil, variables: [SessionVariable] = []
    ) throws(PostgresError) {
        let given = try settings.map { text throws(PostgresError) in
            text.isEmpty ? [] : try Connection.options(of: text)
        }
        let keys = ["connect_timeout", "dbname", "client_encoding"]
        let values = [String(limits.connectTimeout), settings ?? "", "UTF8"]
        let startup = applicationName.flatMap {
            Connection.startupOptions(
                given: given ?? [], limits: limits, searchPath: searchPath, variables: variables, applicationName: $0)
        }
        let connection = Connection.connect(keys: keys, values: values, startup: startup)
        guard let connection else {
            throw PostgresError(kind: .connection, message: "out of memory while connecting")
        }
        notices.install(on: connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Connection.errorText(connection)
            PQfinish(connection)
            throw PostgresError(kind: .connection, message: Connection.redact(message, settings: settings))
        }
        handle = connection
        self.settings = settings
        let applied = applicationName != nil && startup != nil && Connection.reported(connection) == applicationName
        sessionSettings =
            applied ? nil : Connection.sessionSettings(limits: limits, searchPath: searchPath, variables: variables)
    }

    private static func sessionSettings(
        limits: SessionLimits, searchPath: String?, variables: [SessionVariable]
    ) -> Statement {
        var sql = """
            SELECT pg_catalog.set_config('DateStyle', 'ISO', true), pg_catalog.set_config('TimeZone', 'UTC', true),
                   pg_catalog.set_config('statement_timeout', $1, true)
            """
        var parameters = [String(limits.statementTimeoutMilliseconds)]
        let named = (searchPath.map { [SessionVariable(name: "search_path", value: $0)] } ?? []) + variables
        for variable in named {
            parameters += [variable.name, variable.value]
            sql += ", pg_catalog.set_config($\(parameters.count - 1), $\(parameters.count), true)"
        }
        return Statement(sql, parameters)
    }

    public convenience init(settings: String?, connectTimeout: Int) throws(PostgresError) {
        var limits = SessionLimits.standard
        limits.connectTimeout = connectTimeout
        try self.init(settings: settings, limits: limits)
    }

    deinit { PQfinish(handle) }

    /// At most this many notices are kept between two `takeNotices()`.
    public static let keptNotices = 100

    /// The notices the server sent since the last call, oldest first; libpq prints none of them.
    public func takeNotices() -> [PostgresNotice] {
        notices.take()
    }

    static func connect(keys: [String], values: [String]) -> OpaquePointer? {
        let keyPointers = keys.map { strdup($0) } + [nil]
        let valuePointers = values.map { strdup($0) } + [nil]
        defer {
            keyPointers.forEach { free($0) }
            valuePointers.forEach { free($0) }
        }
        return keyPointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { keyBuffer in
            valuePointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { valueBuffer in
                PQconnectdbParams(keyBuffer.baseAddress, valueBuffer.baseAddress, 1)
            }
        }
    }

    private static func errorText(_ handle: OpaquePointer) -> String {
        let raw = String(cString: PQerrorMessage(handle))
        return raw.split(separator: "\n").first.map(String.init) ?? "connection failed"
    }

    /// True while the server is reachable through this connection.
    public var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    public var host: String { String(cString: PQhost(handle)) }
    public var port: String { String(cString: PQport(handle)) }
    public var database: String { String(cString: PQdb(handle)) }
    public var user: String { String(cString: PQuser(handle)) }

    /// Where this connection went, for messages: host (or socket directory), port and database.
    public var endpoint: String {
        let host = String(cString: PQhost(handle))
        return "\(host):\(String(cString: PQport(handle)))/\(String(cString: PQdb(handle)))"
    }

    /// Runs one statement with its values as parameters (never spliced into the SQL text), in
    /// one round trip with whatever `send` queued before it.
    @discardableResult
    public func query(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws(PostgresError) -> QueryResult {
        guard let result = try fly(Statement(sql, parameters)) else {
            throw PostgresError(kind: .connectionLost, message: lastErrorText)
        }
        return result
    }

    /// True when the server answers an empty query; what is queued stays queued.
    func ping() -> Bool {
        return (try? consume(PQexec(handle, ""))) != nil
    }

    /// Runs SQL text that holds no values, possibly several statements (migrations, CREATE
    /// DATABASE), after sending what is queued.
    @discardableResult
    public func execute(_ sql: String) throws(PostgresError) -> QueryResult {
        try flush()
        return try consume(PQexec(handle, sql))
    }

    /// Hands libpq the parameters' text as C strings (NULL for SQL NULL), freed afterwards.
    static func withParameterValues<T>(
        _ parameters: [any PostgresEncodable], _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?) -> T
    ) -> T {
        let cStrings = parameters.map { $0.postgresText.map { strdup($0) } ?? nil }
        defer { cStrings.forEach { free($0) } }
        return cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            body(Int32(cStrings.count), buffer.baseAddress)
        }
    }

    private func consume(_ result: OpaquePointer?) throws(PostgresError) -> QueryResult {
        guard let result else {
            throw PostgresError(kind: .connectionLost, message: lastErrorText)
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return Connection.copyRows(result)
        default:
            throw error(from: result)
        }
    }

    func error(from result: OpaquePointer) -> PostgresError {
        func field(_ code: Int32) -> String? {
            guard let value = PQresultErrorField(result, code) else { return nil }
            return String(cString: value)
        }
        let sqlState = field(Int32(UInt8(ascii: "C")))
        let message =
            field(Int32(UInt8(ascii: "M")))
            ?? lastErrorText
        let kind: PostgresError.Kind = (sqlState == nil && !isOpen) ? .connectionLost : .statement
        return PostgresError(
            kind: kind,
            sqlState: sqlState,
            message: message,
            detail: field(Int32(UInt8(ascii: "D"))),
            hint: field(Int32(UInt8(ascii: "H"))),
            constraint: field(Int32(UInt8(ascii: "n")))
        )
    }

    static func copyRows(_ result: OpaquePointer) -> QueryResult {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        var columns: [String] = []
        columns.reserveCapacity(columnCount)
        var index: [String: Int] = [:]
        for column in 0..<columnCount {
            let name = String(cString: PQfname(result, Int32(column)))
            columns.append(name)
            if index[name] == nil { index[name] = column }
        }
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            var values: [String?] = []
            values.reserveCapacity(columnCount)
            for column in 0..<columnCount {
                if PQgetisnull(result, Int32(row), Int32(column)) == 1 {
                    values.append(nil)
                } else {
                    values.append(String(cString: PQgetvalue(result, Int32(row), Int32(column))))
                }
            }
            rows.append(Row(columnIndex: index, values: values))
        }
        let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
        return QueryResult(columns: columns, rows: rows, affectedRows: affected)
    }

    /// Runs `body` inside BEGIN/COMMIT; any thrown error rolls the transaction back. BEGIN
    /// travels with the body's first flight and COMMIT with what the body left queued, so a body
    /// that only `send`s costs one round trip. A connection lost in the flight that carries
    /// COMMIT is reported as `.commitOutcomeUnknown`. `begin`: the BEGIN to send (with an
    /// isolation level, say).
    @discardableResult
    public func transaction<T>(begin: String = "BEGIN", _ body: (Connection) throws -> T) throws -> T {
        send(begin)
        let value: T
        do {
            value = try body(self)
        } catch {
            discardQueued()
            rollBackIfOpen()
            throw error
        }
        do {
            _ = try fly(Statement("COMMIT"))
        } catch  where error.isConnectionFailure && error.sqlState != nil && !failedAtLastStatement {
            throw error  // the server said why before it reached COMMIT: nothing was saved
        } catch  where error.isConnectionFailure {
            throw PostgresError(
                kind: .commitOutcomeUnknown,
                message: "the connection was lost during COMMIT: the change may or may not have been saved")
        } catch {
            rollBackIfOpen()
            throw error
        }
        return value
    }

    private var failedAtLastStatement: Bool {
        guard let failedStatement else { return true }
        return failedStatement >= lastFlightSize - 1
    }

    private func rollBackIfOpen() {
        if isOpen, PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK") }
    }
}
