import Foundation
import Postgres
import Testing
import TrackerTestSupport

@Suite struct ConnectionTests {
    func connect() async throws -> Connection {
        try Connection(settings: try await TestPostgres.shared.emptyDatabase())
    }

    @Test func roundTripsEveryTypeAsParameters() async throws {
        let connection = try await connect()
        let text = "quote ' double \" backslash \\ emoji 🐘 newline \n done"
        let row = try #require(
            try connection.query(
                "SELECT $1::bigint, $2::text, $3::boolean, $4::timestamptz, $5::text, $6::bigint, $7::text",
                [Int64.max, text, true, "2025-11-21T04:40:00.123456Z", String?.none, Int64.min, ""]
            ).first)
        #expect(try row.decode(0, as: Int64.self) == Int64.max)
        #expect(try row.decode(1, as: String.self) == text)
        #expect(try row.decode(2, as: Bool.self) == true)
        #expect(try row.decode(3, as: String.self) == "2025-11-21 04:40:00.123456+00", "DateStyle ISO, TimeZone UTC")
        #expect(try row.decode(4, as: String?.self) == nil)
        #expect(try row.decode(5, as: Int64.self) == Int64.min)
        #expect(try row.decode(6, as: String?.self) == "")
    }

    @Test func nullIsNeverReadAsAnEmptyString() async throws {
        let connection = try await connect()
        let row = try #require(try connection.query("SELECT NULL::text AS nothing").first)
        #expect(throws: PostgresError.self) { try row.decode("nothing", as: String.self) }
        #expect(try row.decode("nothing", as: String?.self) == nil)
    }

    @Test func valuesAreNeverSplicedIntoSQL() async throws {
        let connection = try await connect()
        try connection.execute("CREATE TABLE notes (text text)")
        let injection = "'); DROP TABLE notes; --"
        try connection.query("INSERT INTO notes VALUES ($1)", [injection])
        let stored = try connection.query("SELECT text FROM notes").rows.map { try $0.decode(0, as: String.self) }
        #expect(stored == [injection])
    }

    @Test func textArraysTravelAsOneParameter() async throws {
        let connection = try await connect()
        let elements = ["a", "with,comma", "with \"quotes\"", "back\\slash", "{braces}", "NULL"]
        let rows = try connection.query(
            "SELECT x FROM unnest($1::text[]) WITH ORDINALITY AS t (x, n) ORDER BY n",
            [PostgresTextArray(elements)]
        ).rows
        #expect(try rows.map { try $0.decode(0, as: String.self) } == elements)
    }

    @Test func aUniqueViolationCarriesItsSQLStateAndConstraint() async throws {
        let connection = try await connect()
        try connection.execute("CREATE TABLE people (login text CONSTRAINT people_login_key UNIQUE)")
        try connection.query("INSERT INTO people VALUES ($1)", ["alice"])
        #expect {
            try connection.query("INSERT INTO people VALUES ($1)", ["alice"])
        } throws: { error in
            let error = error as? PostgresError
            return error?.sqlState == SQLState.uniqueViolation && error?.constraint == "people_login_key"
                && error?.kind == .statement
        }
    }

    @Test func aThrownErrorRollsTheTransactionBack() async throws {
        struct Abort: Error {}
        let connection = try await connect()
        try connection.execute("CREATE TABLE notes (text text)")
        #expect(throws: Abort.self) {
            try connection.transaction { connection in
                try connection.query("INSERT INTO notes VALUES ($1)", ["lost"])
                throw Abort()
            }
        }
        try connection.transaction { connection in
            try connection.query("INSERT INTO notes VALUES ($1)", ["kept"])
        }
        let stored = try connection.query("SELECT text FROM notes").rows.map { try $0.decode(0, as: String.self) }
        #expect(stored == ["kept"])
    }

    @Test func malformedSettingsAreRefusedBeforeConnecting() {
        #expect {
            try Connection(settings: "postgresql://u@host/db?no_such_option=1")
        } throws: { error in
            (error as? PostgresError)?.kind == .invalidSettings
        }
    }

    @Test func anUnreachableServerIsAConnectionErrorWithoutThePassword() throws {
        let started = Date()
        #expect {
            try Connection(settings: "postgresql://alice:s3cr3t-pw@127.0.0.1:1/tracker", connectTimeout: 2)
        } throws: { error in
            guard let error = error as? PostgresError else { return false }
            return error.kind == .connection && error.message.contains("127.0.0.1")
                && !error.description.contains("s3cr3t-pw")
        }
        #expect(Date().timeIntervalSince(started) < 30, "a refused connection must not hang")
    }

    @Test func settingsCanBePointedAtAnotherDatabase() throws {
        let settings = try Connection.settings(
            "postgresql://bob:pw@db.example:6543/one?sslmode=require", database: "two")
        #expect(settings.contains("dbname='two'"))
        #expect(settings.contains("host='db.example'"))
        #expect(settings.contains("port='6543'"))
        #expect(settings.contains("sslmode='require'"))
        #expect(!settings.contains("'one'"))
    }
}
