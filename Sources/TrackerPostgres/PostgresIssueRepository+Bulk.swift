import Postgres
import TrackerCore

extension PostgresIssueRepository {
    public func stream(_ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void) async throws {
        let query = IssueListQuery(filter)
        try await database.tracked { connection in
            IssueListQuery.requireKnownNames(in: filter, on: connection)
            // A stream runs as long as its reader takes: no statement limit inside it. One flight:
            // the checks, the setting local to the flight's transaction, and the streamed SELECT.
            let names = filter.includesNames ? connection.send(IssueRowDecoding.peopleNames) : nil
            connection.send("SELECT set_config('statement_timeout', '0', true)")
            try Self.stream(query, names: names, on: connection, body)
        }
    }

    /// The streamed SELECT; the names, read ahead of its rows in the same flight, given to each.
    private static func stream(
        _ query: IssueListQuery, names: PendingResult?, on connection: Connection,
        _ body: @escaping @Sendable (Issue) throws -> Void
    ) throws {
        var people: PeopleNames?
        try connection.streamInOneFlight(query.sql, query.parameters) { row in
            var issue = try IssueRowDecoding.issue(from: row)
            if let names {
                if people == nil { people = try PeopleNames(try names.result()) }
                if let people { issue = people.named(issue) }
            }
            try body(issue)
        }
    }

    /// `stream`, with every label and milestone queued ahead of the streamed SELECT: one flight.
    public func streamWithOrganization(
        _ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void
    ) async throws -> (labels: [Label], milestones: [Milestone]) {
        let query = IssueListQuery(filter)
        return try await database.tracked { connection in
            IssueListQuery.requireKnownNames(in: filter, on: connection)
            let labels = connection.send("SELECT name, color, description FROM labels ORDER BY lower(name)")
            let milestones = connection.send(
                "SELECT \(PostgresMilestoneRepository.columns) FROM milestones ORDER BY number")
            let names = filter.includesNames ? connection.send(IssueRowDecoding.peopleNames) : nil
            connection.send("SELECT set_config('statement_timeout', '0', true)")
            try Self.stream(query, names: names, on: connection, body)
            return (
                try labels.result().rows.map(PostgresLabelRepository.label),
                try milestones.result().rows.map(PostgresMilestoneRepository.milestone)
            )
        }
    }

    /// One transaction through migration 0014's import functions (maintain): the import begun
    /// (the issue counter locked, staging tables made), the records already imported set aside
    /// (`ImportedSources`, before any number is given), people, labels and milestones registered
    /// and comment ids taken, every row sent with COPY into the staging tables (not one round trip
    /// per row), then moved in as the tables' owner, which into an empty tracker first sets aside
    /// the plain indexes and foreign keys and builds them again afterwards. The steps it times in
    /// the database come back as notices and are reported with the rest. A dry run, or a file
    /// with nothing new, is rolled back after it found what it would do.
    public func importIssues(
        _ all: [ImportedIssue], alone: ImportedLabelsAndMilestones, actor: Login, dryRun: Bool,
        report: @escaping ImportPhaseReport
    ) async throws -> ImportResult {
        let phases = ImportPhases(report: report)
        do {
            return try await database.trackedTransaction { connection in
                try Self.importing(all, alone: alone, actor: actor, dryRun: dryRun, phases: phases, on: connection)
            }
        } catch let rolledBack as ImportRolledBack {
            return rolledBack.result
        }
    }

    private static func importing(
        _ all: [ImportedIssue], alone: ImportedLabelsAndMilestones, actor: Login, dryRun: Bool, phases: ImportPhases,
        on connection: Connection
    ) throws -> ImportResult {
        // A large import may take minutes: no statement limit inside it.
        connection.send("SET LOCAL statement_timeout = 0")
        let begun = try connection.query(
            "SELECT import_id, last_number, empty FROM tracker_import_begin($1)", [actor.value]
        ).rows[0]
        let importID: Int64 = try begun.decode(0)
        let sources = try phases.run("looked up \(all.count) sources") {
            try ImportedSources.lookUp(all, importID: importID, on: connection)
        }
        let fresh = try ImportSources.newRecords(keys: sources.keys, known: sources.known)
        let records = fresh.map { all[$0] }
        let keepNumbers = ImportNumbering.keepsNumbers(of: records, trackerIsEmpty: try begun.decode(2))
        let numbers = try ImportNumbering.numbers(for: records, keep: keepNumbers, after: try begun.decode(1))
        let renumbered =
            keepNumbers
            ? []
            : zip(records, numbers).compactMap { record, new in
                record.number.map { (old: $0, new: new) }
            }
        let links = try ImportLinks.of(records, numbers: numbers)
        let result = ImportResult(count: records.count, skipped: all.count - records.count, renumbered: renumbered)
        guard !records.isEmpty else {
            // Labels and milestones on their own may still be missing here.
            guard !alone.isEmpty else { throw ImportRolledBack(result: result) }
            try phases.run("registered labels and milestones") {
                _ = try ImportedOrganization.labels(in: [], alone: alone.labels, on: connection)
                _ = try ImportedOrganization.milestones(in: [], alone: alone.milestones, on: connection)
            }
            if dryRun { throw ImportRolledBack(result: result) }
            return result
        }
        let rows = try phases.run("registered people, labels and milestones") {
            let keptCommentIDs = ImportNumbering.keptCommentIDs(of: records, keepNumbers: keepNumbers)
            return IssueImportRows(
                records: records, numbers: numbers, sourceKeys: fresh.map { sources.keys[$0] },
                userIDs: try IssueImportRows.registerUsers(in: records, on: connection),
                commentIDs: try keptCommentIDs ?? ImportedComments.newIDs(for: records, on: connection),
                keptCommentIDs: keptCommentIDs != nil,
                labelIDs: try ImportedOrganization.labels(in: records, alone: alone.labels, on: connection),
                milestoneNumbers: try ImportedOrganization.milestones(
                    in: records, alone: alone.milestones, on: connection))
        }
        try rows.copy(on: connection, phases: phases)
        _ = connection.takeNotices()
        try connection.query("SELECT tracker_import_finish($1, $2)", [importID, rows.keptCommentIDs])
        if let plan = IssueChanges.importedPlan(records, numbers: numbers, importID: importID) {
            try connection.query(plan.sql, plan.parameters)
        }
        if let structure = IssueStructureQueries.imported(links, importID: importID) {
            try connection.query(structure.sql, structure.parameters)
        }
        for notice in connection.takeNotices() where notice.message.hasPrefix("phase: ") {
            let parts = notice.message.dropFirst("phase: ".count).split(separator: "|", maxSplits: 1)
            guard parts.count == 2, let seconds = Double(parts[1]) else { continue }
            phases.report("\(parts[0]) in \(Duration.milliseconds(Int64((seconds * 1000).rounded())).secondsText)")
        }
        if dryRun { throw ImportRolledBack(result: result) }
        // The planner's statistics of the new rows now, not when autovacuum visits (migration 0020).
        try phases.run("gathered the planner's statistics") { try connection.query("SELECT tracker_import_analyze()") }
        return result
    }

    /// `tracker import --undo`: migration 0016's `tracker_import_undo`, one transaction.
    public func undoLastImport(actor: Login) async throws -> ImportUndone {
        try await database.trackedTransaction { connection in
            let row = try connection.query(
                "SELECT import_id, importer, imported_at, removed FROM tracker_import_undo($1)", [actor.value]
            ).rows[0]
            return ImportUndone(
                importID: try row.decode(0), importer: try Login(try row.decode(1)),
                importedAt: try row.timestamp("imported_at"),
                removed: Int(try row.decode(3) as Int64))
        }
    }
}

/// The COPY text rows of an import.
struct IssueImportRows {
    let records: [ImportedIssue]
    let numbers: [Int64]
    /// Where each record came from (`ImportedSources`), stored with its issue.
    let sourceKeys: [String]
    let userIDs: [String: Int64]
    /// Every comment's id, in record order then comment order.
    let commentIDs: [Int64]
    /// True when the ids are the file's own, not new ones from the comments' sequence.
    let keptCommentIDs: Bool
    /// By lowercased name / title.
    let labelIDs: [String: Int64]
    let milestoneNumbers: [String: Int64]

    /// Registers every author and assignee that is missing, with the display name the file
    /// gives them, and fills the empty name of one already registered (migration 0017's
    /// `tracker_import_users`); ids by lowercased login.
    static func registerUsers(in records: [ImportedIssue], on connection: Connection) throws -> [String: Int64] {
        var spellings: [String: String] = [:]
        var names: [String: String] = [:]
        for record in records {
            for login in [record.author] + record.assignees + record.comments.map(\.author)
            where spellings[login.value.lowercased()] == nil {
                spellings[login.value.lowercased()] = login.value
            }
            for (login, name) in record.names where names[login] == nil { names[login] = name }
        }
        let keys = Array(spellings.keys)
        var ids: [String: Int64] = [:]
        try connection.stream(
            "SELECT login, id FROM tracker_import_users($1::text[], $2::text[])",
            [PostgresTextArray(keys.map { spellings[$0] ?? $0 }), PostgresTextArray(keys.map { names[$0] ?? "" })]
        ) { row in ids[try row.decode(0)] = try row.decode(1) }
        return ids
    }

    /// Every table's rows by COPY into the import's staging tables (`tracker_import_begin`),
    /// then the mentions found in bodies and comments. The issues carry their assignee counts,
    /// which an empty tracker's import takes as they are (the trigger that keeps them is set
    /// aside then) and any other ignores.
    func copy(on connection: Connection, phases: ImportPhases) throws {
        try phases.run("copied \(records.count) issues") {
            try connection.copyIn(
                """
                COPY pg_temp.import_issues (number, title, body, state, state_reason, author_id, created_at,
                                            updated_at, closed_at, milestone_number, assignee_count, source_key)
                FROM STDIN
                """, writeIssues)
        }
        try phases.run("copied assignees and labels") {
            try connection.copyIn(
                "COPY pg_temp.import_assignees (issue_number, user_id, assigned_at) FROM STDIN", writeAssignees)
            try connection.copyIn("COPY pg_temp.import_labels (label_id, issue_number) FROM STDIN", writeLabels)
        }
        try phases.run("copied events") {
            try connection.copyIn(
                """
                COPY pg_temp.import_events (issue_number, kind, actor_id, subject_user_id, state_reason, label_name,
                                            milestone_title, created_at)
                FROM STDIN
                """, writeEvents)
        }
        if !commentIDs.isEmpty {
            try phases.run("copied \(commentIDs.count) comments") {
                try ImportedComments.copy(self, on: connection)
            }
        }
        try phases.run("recorded mentions") { try ImportedComments.recordMentions(self, on: connection) }
    }

    func id(_ login: Login) -> String { String(userIDs[login.value.lowercased()] ?? 0) }

    /// A duplicate is copied closed as completed; `tracker_import_structure` names its original.
    static func copiedReason(_ record: ImportedIssue) -> String? {
        record.stateReason == .duplicate ? StateReason.completed.rawValue : record.stateReason?.rawValue
    }

    func writeIssues(_ write: (Data) throws -> Void) throws {
        try chunked(write) { index, line in
            let record = records[index]
            line +=
                [
                    String(numbers[index]), Connection.copyField(record.title), Connection.copyField(record.body),
                    record.state.rawValue, Connection.copyField(Self.copiedReason(record)), id(record.author),
                    record.createdAt.postgresText, record.updatedAt.postgresText,
                    Connection.copyField(record.closedAt?.postgresText),
                    Connection.copyField(milestoneNumber(of: record).map(String.init)),
                ].joined(separator: "\t")
            line += "\t\(record.assignees.count)\t\(Connection.copyField(sourceKeys[index]))\n"
        }
    }

    func writeAssignees(_ write: (Data) throws -> Void) throws {
        try chunked(write) { index, line in
            let record = records[index]
            for login in record.assignees {
                line += "\(numbers[index])\t\(id(login))\t\(record.createdAt.postgresText)\n"
            }
        }
    }

    func milestoneNumber(of record: ImportedIssue) -> Int64? {
        record.milestone.flatMap { milestoneNumbers[$0.title.value.lowercased()] }
    }

    func writeLabels(_ write: (Data) throws -> Void) throws {
        try chunked(write) { index, line in
            var seen = Set<Int64>()
            for label in records[index].labels {
                guard let labelID = labelIDs[label.name.value.lowercased()], seen.insert(labelID).inserted else {
                    continue
                }
                line += "\(labelID)\t\(numbers[index])\n"
            }
        }
    }

    /// created, assigned, labeled and milestoned at the issue's creation, by its author; closed
    /// at its closing time.
    func writeEvents(_ write: (Data) throws -> Void) throws {
        try chunked(write) { index, line in
            let record = records[index]
            let number = String(numbers[index])
            let author = id(record.author)
            let created = record.createdAt.postgresText
            func event(
                _ kind: String, subject: String? = nil, reason: String? = nil, label: String? = nil,
                milestone: String? = nil, at time: String
            ) {
                line +=
                    [
                        number, kind, author, Connection.copyField(subject), Connection.copyField(reason),
                        Connection.copyField(label), Connection.copyField(milestone), time,
                    ].joined(separator: "\t") + "\n"
            }
            event("created", at: created)
            for login in record.assignees { event("assigned", subject: id(login), at: created) }
            var labeled = Set<LabelName>()
            for label in record.labels where labeled.insert(label.name).inserted {
                event("labeled", label: label.name.value, at: created)
            }
            if let milestone = record.milestone { event("milestoned", milestone: milestone.title.value, at: created) }
            if let closedAt = record.closedAt {
                let reason = record.stateReason == .notPlanned ? "not_planned" : "completed"
                event("closed", reason: reason, at: closedAt.postgresText)
            }
        }
    }

    /// Builds rows into about a megabyte of text at a time.
    func chunked(_ write: (Data) throws -> Void, _ row: (Int, inout String) -> Void) throws {
        var buffer = ""
        buffer.reserveCapacity(1 << 20 + 4096)
        for index in records.indices {
            row(index, &buffer)
            if buffer.utf8.count >= 1 << 20 {
                try write(Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty { try write(Data(buffer.utf8)) }
    }
}
