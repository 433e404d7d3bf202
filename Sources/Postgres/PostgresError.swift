/// An error reported by libpq or the server. Carries the SQLSTATE when the server sent one.
/// libpq never puts the password into its messages, and neither does this type.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The connection settings themselves are malformed (a bad URL or key=value string).
        case invalidSettings
        /// Could not connect.
        case connection
        /// An established connection broke before the statement's answer came.
        case connectionLost
        /// The server refused or failed a statement.
        case statement
        /// A value in a row could not be read as the asked-for Swift type.
        case decoding
        /// The connection broke while COMMIT was in flight: the change may or may not be saved.
        case commitOutcomeUnknown
    }

    public var kind: Kind
    public var sqlState: String?
    public var message: String
    public var detail: String?
    public var hint: String?
    public var constraint: String?

    public init(
        kind: Kind,
        sqlState: String? = nil,
        message: String,
        detail: String? = nil,
        hint: String? = nil,
        constraint: String? = nil
    ) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.constraint = constraint
    }

    public var description: String {
        var text = message
        if let sqlState { text = "\(text) (SQLSTATE \(sqlState))" }
        if let detail { text += " — \(detail)" }
        return text
    }

    /// A serialization failure or deadlock: the same transaction may succeed if run again.
    public var isRetryable: Bool {
        sqlState == SQLState.serializationFailure || sqlState == SQLState.deadlockDetected
    }

    /// SQLSTATE class 08: connection exceptions; 57P01–57P03: the server is shutting down or starting.
    public var isConnectionFailure: Bool {
        if kind == .connection || kind == .connectionLost { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }
}

public enum SQLState {
    public static let uniqueViolation = "23505"
    public static let foreignKeyViolation = "23503"
    public static let checkViolation = "23514"
    public static let notNullViolation = "23502"
    public static let undefinedTable = "42P01"
    public static let undefinedFunction = "42883"
    public static let invalidCatalogName = "3D000"
    public static let invalidSchemaName = "3F000"
    public static let serializationFailure = "40001"
    public static let deadlockDetected = "40P01"
    public static let queryCanceled = "57014"
    public static let insufficientPrivilege = "42501"
}
