import Postgres
import TrackerCore

/// The live feed over PostgreSQL: each subscription is a session of its own (never the
/// `Database`'s shared connection) that LISTENs on the channel migration 0007's trigger
/// notifies, and reads events with the (transaction, id) cursor that trigger's comment explains.
public struct PostgresChangeFeed: ChangeFeedRepository {
    /// The channel `issue_events_notify()` notifies at every COMMIT that wrote events.
    static let channel = "tracker_events"
    /// What the listening session calls itself in `pg_stat_activity`.
    public static let applicationName = "tracker live"

    let database: Database
    /// How long the probe's notification may take before the way is judged unable to carry any.
    let probeTimeout: Duration

    public init(database: Database, probeTimeout: Duration = .seconds(2)) {
        self.database = database
        self.probeTimeout = probeTimeout
    }

    /// Connects, LISTENs, and checks with a probe that notifications reach this session: one
    /// sent from a second connection (the `Database`'s) must arrive within `probeTimeout`.
    /// Through a pooler in transaction mode the LISTEN stays behind on a server connection
    /// this session no longer holds, so the probe never arrives.
    public func subscribe(_ filter: ChangeFilter) async throws -> any ChangeSubscription {
        let subscription = try await PostgresChangeSubscription.open(beside: database, filter: filter)
        do {
            let probe = "tracker_probe_" + UUID().uuidString.replacing("-", with: "").lowercased()
            try await subscription.listen(to: [PostgresChangeFeed.channel, probe])
            try await database.tracked { connection in try connection.notify(probe, payload: "") }
            guard try await subscription.hears(probe, within: probeTimeout) else {
                throw LiveUpdatesUnavailable(
                    "live updates need a database session of their own, and notifications sent on this database "
                        + "never reached this one: a pooler in transaction mode (pgbouncer pool_mode=transaction) "
                        + "cannot carry LISTEN. Point tracker at the server itself or at a session-mode pool")
            }
            try await subscription.stopListening(to: probe)
            return subscription
        } catch {
            await subscription.close()
            throw error
        }
    }
}
