import Postgres
import TrackerCore

/// Where each record of an import came from, and whether an issue here already did (migration
/// 0016's `tracker_import_sources`): a record's own source (gh's `url` or `id`) as it is, any
/// other's fingerprint computed by the database, so the one rule that fingerprinted the issues
/// already here fingerprints the file. One statement; only records without a source send their
/// text.
enum ImportedSources {
    static func lookUp(
        _ records: [ImportedIssue], importID: Int64, on connection: Connection
    ) throws -> (keys: [String], known: [Bool]) {
        var keys: [String?] = []
        var numbers: [String?] = []
        var titles: [String?] = []
        var bodies: [String?] = []
        var authors: [String?] = []
        var created: [String?] = []
        for record in records {
            let fingerprinted = record.source == nil
            keys.append(record.source)
            numbers.append(fingerprinted ? record.number.map(String.init) : nil)
            titles.append(fingerprinted ? record.title : nil)
            bodies.append(fingerprinted ? record.body : nil)
            authors.append(fingerprinted ? record.author.value : nil)
            created.append(fingerprinted ? record.createdAt.postgresText : nil)
        }
        var found: (keys: [String], known: [Bool]) = ([], [])
        found.keys.reserveCapacity(records.count)
        found.known.reserveCapacity(records.count)
        try connection.stream(
            """
            SELECT key, known FROM tracker_import_sources($1, $2::text[], $3::bigint[], $4::text[], $5::text[],
                                                          $6::text[], $7::timestamptz[])
            """,
            [
                importID, PostgresTextArray(nullable: keys), PostgresTextArray(nullable: numbers),
                PostgresTextArray(nullable: titles), PostgresTextArray(nullable: bodies),
                PostgresTextArray(nullable: authors), PostgresTextArray(nullable: created),
            ]
        ) { row in
            found.keys.append(try row.decode(0))
            found.known.append(try row.decode(1))
        }
        guard found.keys.count == records.count else {
            throw TrackerError.storageFailure(
                "the database gave \(found.keys.count) sources for \(records.count) records")
        }
        return found
    }
}

/// An import that wrote nothing on purpose (a dry run, or every record already imported):
/// thrown out of its transaction so it rolls back, carrying what it found.
struct ImportRolledBack: Error {
    let result: ImportResult
}
