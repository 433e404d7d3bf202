import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Live updates need a session that keeps its LISTEN (issue 15): through pgbouncer in
/// transaction mode the feed's probe never arrives, and subscribing says so in one line.
@Suite struct ChangeFeedPoolerTests {
    @Test func throughATransactionModePoolerSubscribingSaysLiveUpdatesAreUnavailable() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let bouncer = try PgBouncerProcess.start(before: settings)
        defer { bouncer.stop() }
        // Short: through the pooler the probe never comes, however long the wait.
        let pooled = PostgresChangeFeed(
            database: Database(settings: try bouncer.url(reaching: settings)), probeTimeout: .milliseconds(200))
        let refusal = await #expect(throws: LiveUpdatesUnavailable.self) {
            _ = try await pooled.subscribe(ChangeFilter())
        }
        let said = try #require(refusal).description
        #expect(!said.contains("\n"), "one line")
        #expect(said.contains("pgbouncer pool_mode=transaction"), "names the cause: \(said)")
    }

    @Test func straightToTheServerTheSameSubscribeWorks() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        // Long: success returns as soon as the probe arrives.
        let direct = PostgresChangeFeed(database: Database(settings: settings), probeTimeout: .seconds(60))
        let subscription = try await direct.subscribe(ChangeFilter())
        let start = try await subscription.position(of: .now)
        #expect(try await subscription.changes(after: start, limit: 10).changes.isEmpty)
        await subscription.close()
    }
}
