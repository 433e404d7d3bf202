/// A check that costs no statement of its own: a function call that rides, unreferenced, in a
/// `WITH` clause added to the first statement of a connection's first flight. PostgreSQL resolves
/// every name of a statement when it parses it, so the statement fails at once when the function
/// (or its schema) is missing, and otherwise runs as it would have: a SELECT in `WITH` that
/// nothing reads is never planned, so the function is not called and its privileges not checked.
/// When a flight fails in a way the proof may be behind (the function or its schema missing, or
/// no privilege), `explanation` runs once to say why in the database's own words (an error the
/// caller maps); if it passes, the flight's own error stands.
public struct StatementProof: Sendable {
    /// The call, its function named with its schema: the search path may not be set yet.
    public let call: String
    public let explanation: Statement

    public init(call: String, explanation: Statement) {
        self.call = call
        self.explanation = explanation
    }

    static let name = "tracker_proof"

    /// The function's own name, without its schema or arguments.
    var functionName: Substring {
        call.prefix { $0 != "(" }.split(separator: ".").last ?? ""
    }

    /// `sql` with the proof in front, or nil for a statement that takes no `WITH` (BEGIN, COPY, SET).
    public func carried(by sql: String) -> String? {
        let start = sql.drop(while: \.isWhitespace)
        let keyword = start.prefix(while: \.isLetter)
        let rest = start.dropFirst(keyword.count)
        guard let next = rest.first, next.isWhitespace else { return nil }
        let proof = "\(StatementProof.name) AS (SELECT \(call))"
        switch keyword.uppercased() {
        case "SELECT", "INSERT", "UPDATE", "DELETE": return "WITH \(proof) \(start)"
        case "WITH":
            let afterWith = rest.drop(while: \.isWhitespace)
            let recursive = afterWith.prefix(while: \.isLetter)
            let afterRecursive = afterWith.dropFirst(recursive.count)
            if recursive.uppercased() == "RECURSIVE", afterRecursive.first?.isWhitespace == true {
                return "WITH RECURSIVE \(proof), \(afterRecursive.drop(while: \.isWhitespace))"
            }
            return "WITH \(proof), \(afterWith)"
        default: return nil
        }
    }

    /// Whether `error` may come from the proof: its function or schema missing, or a role that may
    /// read nothing (which the explanation words better).
    func mayExplain(_ error: PostgresError) -> Bool {
        switch error.sqlState {
        case SQLState.undefinedFunction: error.message.contains(functionName)
        case SQLState.invalidSchemaName, SQLState.insufficientPrivilege: true
        default: false
        }
    }
}

extension Connection {
    /// The flight's statements with the pending proof carried by the first that takes it (a
    /// statement of its own, first, when none does).
    func withPendingProof(
        _ entries: [(statement: Statement, pending: PendingResult?)]
    ) -> [(statement: Statement, pending: PendingResult?)] {
        guard let proof = pendingProof else { return entries }
        var entries = entries
        for (index, entry) in entries.enumerated() {
            guard let sql = proof.carried(by: entry.statement.sql) else { continue }
            entries[index].statement = Statement(sql, entry.statement.parameters)
            return entries
        }
        let opensTransaction = entries.first?.statement.sql == "BEGIN"
        entries.insert((Statement("SELECT \(proof.call)"), nil), at: opensTransaction ? 1 : 0)
        return entries
    }

    /// After a failed flight: the proof's explanation, when the failure may be the proof's; the
    /// explanation's error if it fails, else the flight's.
    public func explain(_ error: any Error, by proof: StatementProof?) -> any Error {
        guard let proof, let failure = error as? PostgresError, proof.mayExplain(failure), isOpen else { return error }
        let pending = pendingProof
        pendingProof = nil
        defer { pendingProof = pending }
        do {
            _ = try query(proof.explanation.sql, proof.explanation.parameters)
        } catch {
            return error
        }
        return failure
    }
}
