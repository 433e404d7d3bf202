/// The rows of one statement's result, copied out of libpq so the `PGresult` is already freed.
public struct QueryResult: Sendable {
    public let columns: [String]
    public let rows: [Row]
    /// Rows touched by INSERT/UPDATE/DELETE (libpq's `PQcmdTuples`), 0 when not reported.
    public let affectedRows: Int

    public var first: Row? { rows.first }
}

/// One row: each column's text, `nil` for SQL NULL (never read as "").
/// Its readers are inlinable, so a caller's module specializes them for each type it reads instead
/// of going through the protocol's witnesses for every column of every row (issue 34).
public struct Row: Sendable {
    @usableFromInline let columnIndex: [String: Int]
    public let values: [String?]

    @inlinable
    public func decode<T: PostgresDecodable>(_ column: Int, as type: T.Type = T.self) throws(PostgresError) -> T {
        guard column >= 0, column < values.count else {
            throw PostgresError(kind: .decoding, message: "no column \(column) in a row of \(values.count)")
        }
        guard let text = values[column] else {
            guard let null = T.decodedNull else {
                throw PostgresError(kind: .decoding, message: "column \(column) is NULL, expected \(T.self)")
            }
            return null
        }
        return try T(postgresText: text)
    }

    @inlinable
    public func has(_ column: String) -> Bool { columnIndex[column] != nil }

    @inlinable
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws(PostgresError) -> T {
        guard let index = columnIndex[column] else {
            throw PostgresError(kind: .decoding, message: "no column named \(column)")
        }
        return try decode(index, as: type)
    }
}
