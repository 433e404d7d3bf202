/// A message the server sent in passing (NOTICE, WARNING, INFO…) that is not an error: e.g.
/// "relation already exists, skipping" or "text-search query contains only stop words".
public struct PostgresNotice: Sendable, Equatable {
    /// NOTICE, WARNING, INFO, LOG or DEBUG (not translated).
    public var severity: String
    public var sqlState: String?
    public var message: String

    public init(severity: String, sqlState: String?, message: String) {
        self.severity = severity
        self.sqlState = sqlState
        self.message = message
    }
}
