import TrackerCore

/// Reads what `gh issue list --json number,title,body,state,author,assignees,labels,milestone,createdAt,…`
/// or `tracker export` prints (a JSON array), or JSON Lines of the same objects. A bad record is
/// reported with its 1-based index and field.
public enum IssueImportParser {
    /// The issues of a file that holds nothing else.
    public static func parse(
        _ file: Data, progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(TrackerError)
        -> [ImportedIssue]
    {
        try parseFile(file, progress: progress).issues
    }

    /// The issues, and the labels and milestones named on their own (`kind` records, which
    /// `tracker export` writes after the issues). `progress` is called now and then with the
    /// number of records read so far.
    public static func parseFile(
        _ file: Data, progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(TrackerError)
        -> ImportFile
    {
        // A byte order mark, as some Windows editors write, is not part of the JSON.
        let data = file.starts(with: [0xEF, 0xBB, 0xBF]) ? file.dropFirst(3) : file
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .invalidInput(field: "import file", rule: "is not valid UTF-8 text")
        }
        guard !data.withUnsafeBytes({ bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false })
        else {
            throw .invalidInput(field: "import file", rule: "contains a NUL byte")
        }
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "["), let parsed = try ParallelIssueDecoding.records(in: data, progress: progress) {
            return ImportFile(parsed)
        }
        let records: [ImportRecord]
        let decoder = JSONDecoder()
        if first == UInt8(ascii: "[") {
            do {
                records = try decoder.decode([ImportRecord].self, from: data)
            } catch {
                throw .invalidInput(field: "import file", rule: "is not a JSON array of issues (\(describe(error)))")
            }
        } else {
            var decoded: [ImportRecord] = []
            for (index, line) in data.split(separator: 0x0A).enumerated()
            where line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) {
                do {
                    decoded.append(try decoder.decode(ImportRecord.self, from: line))
                } catch {
                    throw .invalidInput(
                        field: "line \(index + 1)", rule: "is not a JSON issue object (\(describe(error)))")
                }
            }
            records = decoded
        }
        var parsed: [ParsedRecord] = []
        parsed.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            parsed.append(try self.record(from: record, at: index + 1))
            if index % 10_000 == 9_999 { progress(index + 1, records.count) }
        }
        progress(records.count, records.count)
        return ImportFile(parsed)
    }

    static func record(from record: ImportRecord, at index: Int) throws(TrackerError) -> ParsedRecord {
        guard let kind = record.kind else { return .issue(try issue(from: record, at: index)) }
        switch kind.lowercased() {
        case "label":
            return .label(
                try OrganizationRecords.label(
                    from: LabelRecord(name: record.name, color: record.color, description: record.description),
                    field: "record \(index)"))
        case "milestone":
            return .milestone(
                try OrganizationRecords.milestone(
                    from: MilestoneRecord(
                        number: record.number, title: record.title, description: record.description,
                        dueOn: record.dueOn, state: record.state),
                    record: index))
        default:
            throw .invalidInput(
                field: "record \(index) kind",
                rule: "'\(kind)' is not label or milestone (an issue has no kind); nothing was imported")
        }
    }

    static func issue(from record: ImportRecord, at index: Int) throws(TrackerError) -> ImportedIssue {
        var issue = try issueWithoutComments(from: record, at: index)
        for (position, comment) in (record.comments ?? []).enumerated() {
            issue.comments.append(try self.comment(from: comment, record: index, position: position + 1))
        }
        issue.labels = try OrganizationRecords.labels(from: record.labels ?? [], record: index)
        issue.milestone = try record.milestone.map { milestone throws(TrackerError) in
            try OrganizationRecords.milestone(from: milestone, record: index)
        }
        issue.names = try names(in: record, at: index)
        issue.repository = try record.repository?.remote(record: index)
        if let source = record.url ?? record.id?.value {
            do {
                issue.source = try ImportedIssue.validSource(source)
            } catch {
                throw .invalidInput(
                    field: "record \(index) \(record.url == nil ? "id" : "url")",
                    rule: "must be one line of 1 to \(ImportedIssue.maximumSourceLength) characters without "
                        + "surrounding spaces; nothing was imported")
            }
        }
        return issue
    }

    /// The display names the record's people carry, checked as `users add --name` checks one;
    /// the first non-empty name given for a login wins.
    private static func names(in record: ImportRecord, at index: Int) throws(TrackerError) -> [String: String] {
        var people: [(String, ImportRecord.Person?)] = [("author", record.author)]
        people += (record.assignees ?? []).map { ("assignees", $0) }
        people += (record.comments ?? []).enumerated().map {
            ("comments item \($0.offset + 1) author", $0.element.author)
        }
        var names: [String: String] = [:]
        for (field, person) in people {
            guard let person, let login = person.login, let name = person.name, !name.isEmpty else { continue }
            let key = login.lowercased()
            guard names[key] == nil else { continue }
            do {
                let user = try User(login: try Login(login), name: name)
                if !user.name.isEmpty { names[key] = user.name }
            } catch {
                guard case .invalidInput(_, let rule) = error else { throw error }
                throw .invalidInput(field: "record \(index) \(field) name", rule: rule + "; nothing was imported")
            }
        }
        return names
    }

    private static func comment(
        from record: CommentRecord, record index: Int, position: Int
    ) throws(TrackerError) -> ImportedComment {
        func fail(_ field: String, _ rule: String) -> TrackerError {
            .invalidInput(
                field: "record \(index) comments item \(position) \(field)", rule: rule + "; nothing was imported")
        }
        func time(_ field: String, _ text: String?) throws(TrackerError) -> Timestamp? {
            guard let text else { return nil }
            guard let time = Timestamp(iso8601: text) else {
                throw fail(
                    field, "'\(text)' is not a real ISO-8601 time in years 0001–9999 such as 2024-01-02T03:04:05Z")
            }
            return time
        }
        let author: Login
        do {
            author = try Login(record.author?.login ?? "")
        } catch {
            throw fail("author", error.description)
        }
        guard let created = try time("createdAt", record.createdAt) else { throw fail("createdAt", "is missing") }
        let updated = try time("updatedAt", record.updatedAt) ?? created
        do {
            return try ImportedComment(
                id: record.id, author: author, body: record.body ?? "", createdAt: created, updatedAt: updated)
        } catch {
            if case .invalidInput(let field, let rule) = error { throw fail(field, rule) }
            throw error
        }
    }

    private static func issueWithoutComments(
        from record: ImportRecord, at index: Int
    ) throws(TrackerError) -> ImportedIssue {
        func fail(_ field: String, _ rule: String) -> TrackerError {
            .invalidInput(field: "record \(index) \(field)", rule: rule + "; nothing was imported")
        }
        func time(_ field: String, _ text: String?) throws(TrackerError) -> Timestamp? {
            guard let text else { return nil }
            guard let time = Timestamp(iso8601: text) else {
                throw fail(
                    field,
                    "'\(text)' is not a real ISO-8601 time in years 0001–9999 such as 2024-01-02T03:04:05Z "
                        + "(offsets up to ±15:59, at most 6 fractional digits)")
            }
            return time
        }
        func linked(_ field: String, _ other: NumberRecord) throws(TrackerError) -> Int64 {
            guard let number = other.number, (1...ImportedIssue.maximumNumber).contains(number) else {
                throw fail(field, "names an issue without a number from 1 to \(ImportedIssue.maximumNumber)")
            }
            return number
        }
        func login(_ field: String, _ text: String?) throws(TrackerError) -> Login {
            do {
                return try Login(text ?? "")
            } catch {
                throw fail(field, error.description)
            }
        }
        guard let title = record.title else { throw fail("title", "is missing") }
        let state: IssueState
        switch record.state?.lowercased() {
        case "open", nil: state = .open
        case "closed": state = .closed
        case let other?: throw fail("state", "'\(other)' is not OPEN or CLOSED")
        }
        let reason: StateReason?
        switch record.stateReason?.lowercased() {
        case nil, "": reason = nil
        case "completed": reason = .completed
        case "not_planned": reason = .notPlanned
        case "reopened": reason = .reopened
        // A duplicate names its original in the same file; gh's do not, so theirs stay closed as completed.
        case "duplicate": reason = record.duplicateOf == nil ? .completed : .duplicate
        case let other?: throw fail("stateReason", "'\(other)' is not COMPLETED, NOT_PLANNED or REOPENED")
        }
        let author = try login("author", record.author?.login)
        var assignees: [Login] = []
        for person in record.assignees ?? [] { assignees.append(try login("assignees", person.login)) }
        guard let createdAt = try time("createdAt", record.createdAt) else { throw fail("createdAt", "is missing") }
        let updatedAt = try time("updatedAt", record.updatedAt) ?? createdAt
        let closedAt = try time("closedAt", record.closedAt)
        let parent = try record.parent.map { parent throws(TrackerError) in try linked("parent", parent) }
        let subIssues = try (record.subIssues ?? []).map { child throws(TrackerError) in try linked("subIssues", child)
        }
        let blockedBy = try (record.blockedBy ?? []).map { blocker throws(TrackerError) in
            try linked("blockedBy", blocker)
        }
        var duplicateOf: Int64?
        if reason == .duplicate, let original = record.duplicateOf {
            duplicateOf = try linked("duplicateOf", original)
        }
        do {
            var issue = try ImportedIssue(
                number: record.number, title: title, body: record.body ?? "", state: state, stateReason: reason,
                author: author, assignees: assignees, createdAt: createdAt, updatedAt: updatedAt, closedAt: closedAt)
            issue.priority = try record.priority.flatMap { text throws(TrackerError) in
                try Priority.parse(text, field: "priority")
            }
            issue.dueOn = try record.dueOn.map { text throws(TrackerError) in try DueDate.parse(text) }
            (issue.parent, issue.subIssues, issue.blockedBy) = (parent, subIssues, blockedBy)
            issue.duplicateOf = duplicateOf
            return issue
        } catch {
            if case .invalidInput(let field, let rule) = error { throw fail(field, rule) }
            if case .tooManyAssignees(_, let count) = error {
                throw fail("assignees", "\(count) assignees, the limit is 10")
            }
            throw error
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.enumerated().map { depth, key in
                key.intValue.map { depth == 0 ? "record \($0 + 1)" : "item \($0 + 1)" } ?? key.stringValue
            }
            return (path.isEmpty ? "" : path.joined(separator: " ") + ": ") + context.debugDescription
        default:
            return "\(error)"
        }
    }
}

/// One record of a file: an issue, or a label or milestone on its own.
enum ParsedRecord: Sendable {
    case issue(ImportedIssue)
    case label(Label)
    case milestone(ImportedMilestone)
}

/// What an import file holds: its issues, in order, and the labels and milestones it names on
/// their own.
public struct ImportFile: Sendable {
    public var issues: [ImportedIssue] = []
    public var alone = ImportedLabelsAndMilestones()

    /// The repositories gh's `repository` fields name (`host/owner/repo`), each once, in order.
    public var repositories: [GitRemote] {
        var seen = Set<String>()
        return issues.compactMap(\.repository).filter { seen.insert($0.repository).inserted }
    }

    init(_ records: [ParsedRecord]) {
        for record in records {
            switch record {
            case .issue(let issue): issues.append(issue)
            case .label(let label): alone.labels.append(label)
            case .milestone(let milestone): alone.milestones.append(milestone)
            }
        }
    }
}
