import Postgres
import Testing
import TrackerTestSupport

/// Migration 0027: `tracker_create_issue` runs the statements for assignees, labels, a milestone
/// and mentions only when it is given some. Each statement a new session runs is parsed and
/// planned then, and statement triggers fire even for no row, so a plain create paid for all of
/// them. Counted with `track_functions`: calls do not depend on the machine.
@Suite struct CreateSkipsEmptyPartsTests {
    static func database() async throws -> Connection {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        try connection.execute("INSERT INTO users (login) VALUES ('alice'), ('bob')")
        try connection.execute("INSERT INTO labels (name, color) VALUES ('bug', 'd73a4a')")
        try connection.execute("INSERT INTO milestones (number, title) VALUES (1, 'v1')")
        try connection.execute("SET track_functions = 'all'")
        return connection
    }

    /// The calls of each function so far in this session (pending counts included).
    static func calls(_ connection: Connection) throws -> [String: Int64] {
        var calls: [String: Int64] = [:]
        for row in try connection.query("SELECT funcname::text, calls FROM pg_stat_xact_user_functions").rows {
            calls[try row.decode(0), default: 0] += try row.decode(1)
        }
        return calls
    }

    static func callsDuring(_ sql: String, on connection: Connection) throws -> [String: Int64] {
        try connection.execute("BEGIN")
        let before = try calls(connection)
        try connection.execute(sql)
        let after = try calls(connection)
        try connection.execute("COMMIT")
        var changed: [String: Int64] = [:]
        for (name, count) in after where count != before[name, default: 0] {
            changed[name] = count - before[name, default: 0]
        }
        return changed
    }

    @Test func aPlainCreateRunsOnlyItsOwnEvent() async throws {
        let connection = try await Self.database()
        let calls = try Self.callsDuring(
            "SELECT tracker_create_issue('alice', 'Plain', 'nobody named', NULL, '{}', '{}', '{}')", on: connection)
        #expect(calls["tracker_create_issue"] == 1)
        #expect(calls["issue_events_change"] == 1, "one INSERT into issue_events: the created event")
        #expect(calls["issue_events_notify"] == 1)
        #expect(calls["issue_assignees_added"] == nil)
        #expect(calls["tracker_replace_mentions"] == nil)
        #expect(calls["tracker_label_id"] == nil)
    }

    @Test func everyPartGivenIsStillWritten() async throws {
        let connection = try await Self.database()
        let calls = try Self.callsDuring(
            "SELECT tracker_create_issue('alice', 'Whole', 'for @bob', 'v1', '{bob}', '{bug}', '{bob}')", on: connection
        )
        #expect(calls["issue_events_change"] == 4, "created, assigned, labeled, milestoned: one INSERT each")
        #expect(calls["tracker_replace_mentions"] == 1)
        let kinds = try connection.query("SELECT kind FROM issue_events WHERE issue_number = 1 ORDER BY id").rows
            .map { try $0.decode(0) as String }
        #expect(kinds == ["created", "assigned", "labeled", "milestoned"])
        let written = try connection.query(
            """
            SELECT (SELECT string_agg(u.login, ',') FROM issue_assignees a JOIN users u ON u.id = a.user_id),
                   (SELECT string_agg(l.name, ',') FROM issue_labels il JOIN labels l ON l.id = il.label_id),
                   (SELECT milestone_number FROM issues WHERE number = 1),
                   (SELECT string_agg(u.login, ',') FROM issue_mentions m JOIN users u ON u.id = m.user_id)
            """
        ).rows[0]
        #expect(try written.decode(0) as String == "bob")
        #expect(try written.decode(1) as String == "bug")
        #expect(try written.decode(2) as Int64 == 1)
        #expect(try written.decode(3) as String == "bob")
    }
}
