import CLibPQ

extension Connection {
    /// Runs one statement in libpq's single-row mode, handing each row to `body` as it arrives,
    /// so memory stays flat however many rows there are. When `body` throws, the connection is
    /// dropped rather than the statement cancelled: a cancel request travels on its own and can
    /// land after the statement ended, on whatever runs next (the ROLLBACK). The server rolls the
    /// transaction back when the connection goes, and `Database` opens a new one.
    public func stream(
        _ sql: String, _ parameters: [any PostgresEncodable] = [], _ body: (Row) throws -> Void
    ) throws {
        try flush()
        let sent = Connection.withParameterValues(parameters) { count, values in
            PQsendQueryParams(rawHandle, sql, count, nil, values, nil, nil, 0)
        }
        guard sent == 1 else { throw PostgresError(kind: .connectionLost, message: lastErrorText) }
        PQsetSingleRowMode(rawHandle)
        if let failure = try readStreamedRows(failure: nil, body) { throw failure }
    }

    /// The streamed statement's rows, each handed to `body` unless `earlier` is set (an earlier
    /// statement of its flight failed); returns the statement's own error. When `body` throws,
    /// the connection is dropped as in `stream`, and that error is thrown.
    func readStreamedRows(
        failure earlier: PostgresError?, _ body: (Row) throws -> Void
    ) throws
        -> PostgresError?
    {
        var failure: (any Error)?
        var statementError: PostgresError?
        while let result = PQgetResult(rawHandle) {
            defer { PQclear(result) }
            guard earlier == nil, failure == nil, statementError == nil else { continue }  // drain the rest
            switch PQresultStatus(result) {
            case PGRES_SINGLE_TUPLE:
                do {
                    try body(Connection.copyRows(result).rows[0])
                } catch {
                    failure = error
                    shutdown(PQsocket(rawHandle), Int32(SHUT_RDWR))
                }
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_PIPELINE_ABORTED:
                break
            default:
                statementError = error(from: result)
            }
        }
        if let failure { throw failure }
        return statementError
    }

    /// `COPY … FROM STDIN` (text format): `produce` hands chunks of rows to the writer it gets.
    public func copyIn(_ sql: String, _ produce: ((Data) throws -> Void) throws -> Void) throws {
        try flush()
        let started = PQexec(rawHandle, sql)
        defer { PQclear(started) }
        guard let started, PQresultStatus(started) == PGRES_COPY_IN else {
            if let started { throw error(from: started) }
            throw PostgresError(kind: .connectionLost, message: lastErrorText)
        }
        var failure: (any Error)?
        do {
            try produce { chunk in
                let sent = chunk.withUnsafeBytes { bytes in
                    PQputCopyData(rawHandle, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
                }
                guard sent == 1 else { throw PostgresError(kind: .connectionLost, message: self.lastErrorText) }
            }
        } catch {
            failure = error
        }
        PQputCopyEnd(rawHandle, failure == nil ? nil : "cancelled by the client")
        while let result = PQgetResult(rawHandle) {
            defer { PQclear(result) }
            if failure == nil, PQresultStatus(result) != PGRES_COMMAND_OK { failure = error(from: result) }
        }
        if let failure { throw failure }
    }

    /// One field of a COPY text-format row: backslash, tab, newline and carriage return escaped.
    public static func copyField(_ value: String?) -> String {
        guard let value else { return "\\N" }
        guard value.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            return value
        }
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count + 8)
        for character in value.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
