import Postgres
import TrackerCore

/// What an import into an empty tracker sets aside and builds again once the rows are in, as
/// `pg_restore` does: the issue tables' plain indexes and the foreign keys from and to them.
/// Built in one pass each, they cost a fraction of keeping them row by row. The assignee-count
/// trigger is off too: the COPY of issues writes the counts, and they are checked against the
/// assignee rows once at the end (the trigger would rewrite every assigned issue). Primary keys and
/// unique indexes stay: they are the rules the rows are checked against as they arrive. All of
/// it happens inside the import's transaction, so a failure or a crash leaves the schema as it
/// was.
struct DeferredIssueStructures {
    static let tables = [
        "issues", "issue_assignees", "issue_labels", "issue_events", "issue_comments", "issue_mentions",
    ]

    struct Index {
        let name: String
        let definition: String
    }

    struct ForeignKey {
        let table: String
        let name: String
        let definition: String
    }

    let indexes: [Index]
    let foreignKeys: [ForeignKey]

    /// Drops them and says what to build again; nil (nothing dropped) when this role does not
    /// own every table involved, as on a shared database where another role ran the migrations.
    static func setAside(on connection: Connection, phases: ImportPhases) throws -> DeferredIssueStructures? {
        let started = ContinuousClock.now
        let names = PostgresTextArray(tables)
        let owned: Bool = try connection.query(
            """
            SELECT coalesce(bool_and(pg_has_role(c.relowner, 'USAGE')), false) FROM pg_class c
             WHERE c.oid IN (SELECT unnest($1::text[])::regclass
                             UNION SELECT conrelid FROM pg_constraint
                              WHERE contype = 'f' AND confrelid = ANY ($1::text[]::regclass[])
                             UNION SELECT confrelid FROM pg_constraint
                              WHERE contype = 'f' AND conrelid = ANY ($1::text[]::regclass[]))
            """, [names]
        ).rows[0].decode(0)
        guard owned else { return nil }
        let indexes = try connection.query(
            """
            SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i
             WHERE i.indrelid = ANY ($1::text[]::regclass[]) AND NOT i.indisunique
               AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
             ORDER BY i.indrelid, i.indexrelid
            """, [names]
        ).rows.map { row throws(PostgresError) in Index(name: try row.decode(0), definition: try row.decode(1)) }
        let foreignKeys = try connection.query(
            """
            SELECT c.conrelid::regclass::text, quote_ident(c.conname), pg_get_constraintdef(c.oid)
              FROM pg_constraint c
             WHERE c.contype = 'f'
               AND (c.conrelid = ANY ($1::text[]::regclass[]) OR c.confrelid = ANY ($1::text[]::regclass[]))
             ORDER BY c.conrelid, c.oid
            """, [names]
        ).rows.map { row throws(PostgresError) in
            ForeignKey(table: try row.decode(0), name: try row.decode(1), definition: try row.decode(2))
        }
        let drops =
            foreignKeys.map { "ALTER TABLE \($0.table) DROP CONSTRAINT \($0.name);" }
            + indexes.map { "DROP INDEX \($0.name);" }
            + ["ALTER TABLE issue_assignees DISABLE TRIGGER issue_assignees_added;"]
        try connection.execute(drops.joined(separator: "\n"))
        phases.say(
            "set aside \(indexes.count) indexes, \(foreignKeys.count) foreign keys and the assignee-count trigger",
            since: started)
        return DeferredIssueStructures(indexes: indexes, foreignKeys: foreignKeys)
    }

    /// Builds every index (btree builds use the server's parallel maintenance workers), then
    /// adds every foreign key back, each checked against all rows in one query, and the
    /// assignee-count trigger after checking the counts the COPY wrote.
    func rebuild(on connection: Connection, phases: ImportPhases) throws {
        try connection.query(
            """
            SELECT set_config('maintenance_work_mem', '256MB', true)
             WHERE pg_size_bytes(current_setting('maintenance_work_mem')) < pg_size_bytes('256MB')
            """)
        for index in indexes {
            try phases.run("built index \(index.name)") { try connection.execute(index.definition) }
        }
        for key in foreignKeys {
            try phases.run("checked foreign key \(key.name)") {
                try connection.execute("ALTER TABLE \(key.table) ADD CONSTRAINT \(key.name) \(key.definition)")
            }
        }
        try phases.run("checked assignee counts") {
            try connection.execute(
                """
                ALTER TABLE issue_assignees ENABLE TRIGGER issue_assignees_added;
                DO $$
                BEGIN
                    IF EXISTS (SELECT 1 FROM issues i
                                 LEFT JOIN (SELECT issue_number, count(*) AS n FROM issue_assignees GROUP BY 1) a
                                   ON a.issue_number = i.number
                                WHERE i.assignee_count <> coalesce(a.n, 0)) THEN
                        RAISE EXCEPTION 'an imported assignee count does not match its assignees';
                    END IF;
                END
                $$;
                """)
        }
    }
}
