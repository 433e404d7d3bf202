import Foundation
import Postgres

/// The benchmark seed (`scripts/seed.sql`), for tests that need many issues.
public enum SeedData {
    public static func seed(_ size: Int, settings: String) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "scripts/seed.sql")
        let sql = try String(contentsOf: script, encoding: .utf8)
        let connection = try Connection(settings: settings)
        try connection.query("SELECT set_config('tracker.seed_size', $1, false)", [String(size)])
        try connection.execute(sql)
        // What autovacuum would do before long: the GIN indexes' pending entries moved into the
        // index proper, so plans are those of a settled database.
        try connection.execute("VACUUM ANALYZE")
    }
}
