import Postgres

/// The schema's indexes, constraints and triggers (with whether each trigger is on) as one
/// sorted text, to show that something which sets them aside puts every one of them back.
public enum SchemaSnapshot {
    public static func take(_ settings: String) throws -> String {
        try Connection(settings: settings).query(
            """
            SELECT string_agg(line, E'\\n' ORDER BY line) FROM (
                SELECT pg_get_indexdef(i.indexrelid) AS line FROM pg_index i
                  JOIN pg_class c ON c.oid = i.indrelid WHERE c.relnamespace = 'tracker'::regnamespace
                UNION ALL
                SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
                 WHERE connamespace = 'tracker'::regnamespace
                UNION ALL
                SELECT tgrelid::regclass || ' trigger ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
            ) s
            """
        ).rows[0].decode(0)
    }
}
