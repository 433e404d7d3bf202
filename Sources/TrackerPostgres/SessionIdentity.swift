import Postgres
import TrackerCore

/// Who the session's role is as a tracker user, asked once: its linked user's login, or, for a
/// superuser linked to none, nothing (a superuser is whoever it names). A role that is neither
/// is refused by the database itself, with who can help (TS012).
public enum SessionIdentity {
    public enum Own: Sendable, Equatable {
        case user(Login)
        case superuser
    }

    public static func own(on database: Database) async throws -> Own {
        try await database.tracked { connection in
            let row = try connection.query(SchemaGuard.ownLogin.sql).rows[0]
            if let login: String = try row.decode(0) { return .user(try Login(login)) }
            if try row.decode(1) { return .superuser }
            try connection.query("SELECT 1 FROM tracker_acting(NULL)")
            throw TrackerError.accessDenied("role \(try row.decode(2) as String) is linked to no tracker user")
        }
    }
}
