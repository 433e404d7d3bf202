/// The schema tracker's tables and functions live in (migration 0010), and the search path
/// every session and every function runs with: the schema only its owner may create objects
/// in, then PostgreSQL's own catalog. No schema another role can write in is ever looked into,
/// so no look-alike of a built-in planted there (`public.currval(text)`) is ever called.
public enum TrackerSchema {
    public static let name = "tracker"
    public static let searchPath = "tracker, pg_catalog, pg_temp"
}
