import TrackerCore

/// Reads what `gh issue list --json number,title,body,state,author,assignees,labels,milestone,createdAt,…`
/// or `tracker export` prints (a JSON array), or JSON Lines of the same objects. A bad record is
/// reported with its 1-based index and field.
public enum IssueImportParser {
    /// `progress` is called now and then with the number of records read so far.
    public static func parse(
        _ file: Data, progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(TrackerError)
        -> [ImportedIssue]
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
        if first == UInt8(ascii: "["), let issues = try ParallelIssueDecoding.issues(in: data, progress: progress) {
            return issues
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
        var issues: [ImportedIssue] = []
        issues.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            issues.append(try issue(from: record, at: index + 1))
            if index % 10_000 == 9_999 { progress(index + 1, records.count) }
        }
        progress(records.count, records.count)
        return issues
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
        case let other?: throw fail("stateReason", "'\(other)' is not COMPLETED, NOT_PLANNED or REOPENED")
        }
        let author = try login("author", record.author?.login)
        var assignees: [Login] = []
        for person in record.assignees ?? [] { assignees.append(try login("assignees", person.login)) }
        guard let createdAt = try time("createdAt", record.createdAt) else { throw fail("createdAt", "is missing") }
        let updatedAt = try time("updatedAt", record.updatedAt) ?? createdAt
        let closedAt = try time("closedAt", record.closedAt)
        do {
            return try ImportedIssue(
                number: record.number, title: title, body: record.body ?? "", state: state, stateReason: reason,
                author: author, assignees: assignees, createdAt: createdAt, updatedAt: updatedAt, closedAt: closedAt)
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
