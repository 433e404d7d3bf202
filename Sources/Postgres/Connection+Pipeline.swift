import CLibPQ

/// One SQL statement and its parameters, to be sent in a flight.
public struct Statement: Sendable {
    public let sql: String
    public let parameters: [any PostgresEncodable]

    public init(_ sql: String, _ parameters: [any PostgresEncodable] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}

/// The result of a statement sent ahead with `Connection.send`: it arrives with the flight
/// that carries the statement (the next `query`, `flush` or COMMIT).
public final class PendingResult: @unchecked Sendable {
    var value: QueryResult?

    /// The statement's result; an error when its flight has not landed.
    public func result() throws(PostgresError) -> QueryResult {
        guard let value else {
            throw PostgresError(kind: .statement, message: "a statement's result was read before it was sent")
        }
        return value
    }
}

extension Connection {
    /// Queues `sql` to travel with the next flight, so statements whose results are not needed
    /// right away cost no round trip of their own. Its error, if any, is thrown by that flight.
    @discardableResult
    public func send(_ sql: String, _ parameters: [any PostgresEncodable] = []) -> PendingResult {
        let pending = PendingResult()
        queued.append((Statement(sql, parameters), pending))
        return pending
    }

    @discardableResult
    public func send(_ statement: Statement) -> PendingResult {
        send(statement.sql, statement.parameters)
    }

    /// Sends what is queued now, in one round trip.
    public func flush() throws(PostgresError) {
        guard !queued.isEmpty else { return }
        _ = try fly(nil)
    }

    /// Drops what is queued (the caller gave up on it before it was sent).
    func discardQueued() {
        queued.removeAll()
    }

    /// Sends the queued statements and `last` in one pipeline (one round trip); returns
    /// `last`'s result. Outside a transaction the flight opens with the session settings, as
    /// settings local to its transaction: nothing relies on a session's state surviving between
    /// transactions (a transaction-pooling pgbouncer hands each one to any server connection),
    /// unless the startup packet set them for the session (`Connection+Startup`).
    func fly(_ last: Statement?) throws(PostgresError) -> QueryResult? {
        var entries = takeQueuedWithSettings()
        let lastResult = PendingResult()
        if let last { entries.append((last, lastResult)) }
        entries = withPendingProof(entries)
        let results = try pipeline(entries.map(\.statement))
        pendingProof = nil
        for (entry, result) in zip(entries, results) { entry.pending?.value = result }
        return lastResult.value
    }

    /// What is queued, taken for a flight; outside a transaction the session settings go first
    /// (after BEGIN when the flight opens one).
    private func takeQueuedWithSettings() -> [(statement: Statement, pending: PendingResult?)] {
        var entries: [(statement: Statement, pending: PendingResult?)] = queued.map { ($0.statement, $0.pending) }
        queued.removeAll()
        if let sessionSettings, PQtransactionStatus(rawHandle) == PQTRANS_IDLE {
            let opensTransaction = entries.first?.statement.sql.hasPrefix("BEGIN") == true
            entries.insert((sessionSettings, nil), at: opensTransaction ? 1 : 0)
        }
        return entries
    }

    /// libpq's pipeline mode: every statement is written, then one Sync, then every result read.
    /// The statements up to the Sync form one transaction unless they hold their own BEGIN; the
    /// first error skips the rest, and is thrown once all results are read.
    private func pipeline(_ statements: [Statement]) throws(PostgresError) -> [QueryResult] {
        guard PQenterPipelineMode(rawHandle) == 1 else { throw lost() }
        defer { PQexitPipelineMode(rawHandle) }
        try sendInPipeline(statements)
        guard PQpipelineSync(rawHandle) == 1 else { throw lost() }
        failedStatement = nil
        lastFlightSize = statements.count
        var failure: PostgresError?
        let results = try readPipelineResults(of: statements.count, failure: &failure)
        try readPipelineSync(failure: failure)
        return results
    }

    /// The queued statements (after the session settings outside a transaction), then `sql` read
    /// row by row as in `stream`, in one flight: one round trip, and the Sync that ends the flight
    /// commits its implicit transaction. `body` runs only if every earlier statement succeeded.
    public func streamInOneFlight(
        _ sql: String, _ parameters: [any PostgresEncodable] = [], _ body: (Row) throws -> Void
    ) throws {
        let flight = withPendingProof(takeQueuedWithSettings() + [(Statement(sql, parameters), nil)])
        let entries = flight.dropLast()
        guard PQenterPipelineMode(rawHandle) == 1 else { throw lost() }
        defer { PQexitPipelineMode(rawHandle) }
        try sendInPipeline(flight.map(\.statement))
        guard PQpipelineSync(rawHandle) == 1 else { throw lost() }
        failedStatement = nil
        lastFlightSize = entries.count + 1
        var failure: PostgresError?
        let results = try readPipelineResults(of: entries.count, failure: &failure)
        for (entry, result) in zip(entries, results) { entry.pending?.value = result }
        // Single-row mode is chosen per statement, just before its results are read.
        if failure == nil { PQsetSingleRowMode(rawHandle) }
        let streamed = try readStreamedRows(failure: failure, body)
        if streamed != nil { failedStatement = entries.count }
        try readPipelineSync(failure: failure ?? streamed)
        pendingProof = nil
    }

    private func sendInPipeline(_ statements: [Statement]) throws(PostgresError) {
        for statement in statements {
            let sent = Connection.withParameterValues(statement.parameters) { count, values in
                PQsendQueryParams(rawHandle, statement.sql, count, nil, values, nil, nil, 0)
            }
            guard sent == 1 else { throw lost() }
        }
    }

    private func readPipelineResults(
        of count: Int, failure: inout PostgresError?
    ) throws(PostgresError) -> [QueryResult] {
        var results: [QueryResult] = []
        for index in 0..<count {
            guard let result = PQgetResult(rawHandle) else {
                failedStatement = failedStatement ?? index
                throw failure ?? lost()
            }
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                results.append(Connection.copyRows(result))
            case PGRES_SINGLE_TUPLE:
                // libpq 15 keeps single-row mode from an earlier `stream` into a pipeline's first
                // statement: gather its rows (each in a result of its own) into one.
                results.append(gatherSingleRows(startingWith: result))
            case PGRES_PIPELINE_ABORTED:
                results.append(QueryResult(columns: [], rows: [], affectedRows: 0))
            default:
                if failure == nil {
                    failure = error(from: result)
                    failedStatement = index
                }
                results.append(QueryResult(columns: [], rows: [], affectedRows: 0))
            }
            PQclear(result)
            while let extra = PQgetResult(rawHandle) { PQclear(extra) }  // the NULL that ends each statement
            if !isOpen {
                failedStatement = failedStatement ?? index
                throw failure ?? lost()
            }
        }
        return results
    }

    private func readPipelineSync(failure: PostgresError?) throws(PostgresError) {
        guard let sync = PQgetResult(rawHandle) else { throw failure ?? lost() }
        let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        PQclear(sync)
        if let failure { throw failure }
        guard synced else { throw lost() }
    }

    private func gatherSingleRows(startingWith first: OpaquePointer) -> QueryResult {
        var gathered = Connection.copyRows(first)
        var rows = gathered.rows
        while let next = PQgetResult(rawHandle) {
            defer { PQclear(next) }
            let part = Connection.copyRows(next)
            rows += part.rows
            if PQresultStatus(next) != PGRES_SINGLE_TUPLE {
                gathered = QueryResult(columns: gathered.columns, rows: rows, affectedRows: part.affectedRows)
                break
            }
        }
        return QueryResult(columns: gathered.columns, rows: rows, affectedRows: gathered.affectedRows)
    }

    private func lost() -> PostgresError {
        PostgresError(kind: .connectionLost, message: lastErrorText)
    }
}
