import Postgres
import TrackerCore

/// Times travel as text both ways: `Timestamp.iso8601` out (PostgreSQL reads it exactly), and
/// `timestamptz` in, as the connection sends it (DateStyle ISO, TimeZone UTC:
/// `2026-11-21 04:54:04.123456+00`), through the same reader that reads import files.
extension Row {
    func timestamp(_ column: String) throws -> Timestamp {
        let text: String = try decode(column)
        return try Row.timestamp(from: text)
    }

    func optionalTimestamp(_ column: String) throws -> Timestamp? {
        let text: String? = try decode(column)
        return try text.map(Row.timestamp(from:))
    }

    private static func timestamp(from text: String) throws -> Timestamp {
        guard let timestamp = Timestamp(iso8601: text) else {
            throw TrackerError.storageFailure(
                "the database holds a time tracker cannot read (\(text)); run `tracker migrate` to repair it")
        }
        return timestamp
    }
}

extension Timestamp {
    /// The text of a COPY field or a query parameter.
    var postgresText: String { iso8601 }
}
