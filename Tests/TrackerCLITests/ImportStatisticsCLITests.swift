import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Issue 34: `tracker import` ends with ANALYZE of the tracker's tables (migration 0020's
/// `tracker_import_analyze`), so the planner has statistics for the new rows at once instead of
/// when autovacuum visits; a dry run, which writes nothing, gathers none.
@Suite struct ImportStatisticsCLITests {
    static func analyzed(_ table: String, _ settings: String) throws -> (count: Int64, rows: Int64) {
        let row = try Connection(settings: settings).query(
            """
            SELECT s.analyze_count, c.reltuples::bigint FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
             WHERE s.schemaname = 'tracker' AND s.relname = $1
            """, [table]
        ).rows[0]
        return (try row.decode(0), try row.decode(1))
    }

    @Test func anImportLeavesThePlannerStatisticsOfWhatItFilled() async throws {
        let seeded = try await EmptyTrackerImportCLITests.seededExport(600)
        defer { try? FileManager.default.removeItem(at: seeded.file) }
        let target = try await TestPostgres.shared.freshDatabase()
        let tracker = TrackerProcess(databaseSettings: target)

        let tried = try tracker.run(["import", "--dry-run", seeded.file.path])
        #expect(tried.status == 0, "\(tried.stderr)")
        #expect(try Self.analyzed("all_issues", target).count == 0, "a dry run gathers nothing")

        let imported = try tracker.run(["import", "--verbose", seeded.file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("tracker: gathered the planner's statistics in "), "\(imported.stderr)")
        for table in ["all_issues", "all_issue_assignees", "all_issue_events", "all_issue_comments", "users"] {
            let (count, rows) = try Self.analyzed(table, target)
            #expect(count >= 1, "\(table) was analyzed by the import itself, not by autovacuum")
            #expect(rows > 0, "\(table): the planner knows its rows")
        }
        #expect(try Self.analyzed("all_issues", target).rows == 600)
    }
}
