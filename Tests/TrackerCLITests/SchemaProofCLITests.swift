import Foundation
import Postgres
import Testing
import TrackerPostgres
import TrackerTestSupport

/// Issue 34: the hot commands prove the schema inside a statement that does their work (migration
/// 0020's `tracker_schema_reads_N`/`_writes_N`, see `SchemaGuard.proof`), counted in the server's
/// log of the statements their sessions ran: no statement of theirs is a schema check, nor the
/// session settings (sent in the startup packet, `Connection+Startup`).
@Suite struct SchemaProofCLITests {
    static let hotCommands: [(arguments: [String], proof: String)] = [
        (["list"], "reads"), (["show", "1"], "reads"), (["create", "--title", "Second"], "writes"),
        (["status"], "reads"), (["list", "--assignee", "@me", "--json", "number,title"], "reads"),
    ]

    @Test func theHotCommandsRunNoSchemaCheckStatementOfTheirOwn() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["create", "--title", "First"]).status == 0)
        let settings = try #require(tracker.environment["DATABASE_URL"])
        let log = try #require(try await StatementLog(database: settings), "the server's log cannot be read from here")
        _ = try log.take()
        let version = try #require(Migrator.bundled.last).version
        for (arguments, proof) in SchemaProofCLITests.hotCommands {
            let outcome = try tracker.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            let statements = try log.take()
            #expect(Set(statements.map(\.process)).count == 1, "\(arguments): one session")
            #expect(!statements.isEmpty, "\(arguments): the log has its statements")
            // Not behind a pooler, the session settings travelled in the startup packet.
            #expect(!statements.contains { $0.sql.contains("set_config('DateStyle'") }, "\(statements)")
            let checks = statements.filter {
                $0.sql.contains("tracker_schema_guard") || $0.sql.contains("schema_migrations")
            }
            #expect(checks.isEmpty, "\(arguments) ran a schema check of its own: \(checks)")
            let call = "tracker.tracker_schema_\(proof)_\(version)()"
            let proving = statements.filter { $0.sql.contains(call) }
            #expect(proving.count == 1, "\(arguments): \(statements)")
            // Carried in front of a statement with work of its own, never as a statement alone.
            #expect(proving.allSatisfy { $0.sql.hasPrefix("WITH tracker_proof AS (SELECT \(call)) ") }, "\(proving)")
            #expect(proving.allSatisfy { $0.sql.count > "WITH tracker_proof AS (SELECT \(call)) SELECT 1".count })
        }
    }
}
