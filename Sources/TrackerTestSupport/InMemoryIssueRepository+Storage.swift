import TrackerCore

/// How every change is stored: events recorded with it, moments that never repeat, and the one
/// failure a test asked for.
extension InMemoryIssueRepository {
    /// An issue as changed, with the events that record it; nothing is stored until `commit`.
    typealias Change = (issue: Issue, events: [IssueEvent])

    /// Moves `updatedAt` when anything happened.
    func change(_ issue: Issue, _ kinds: [IssueEvent.Kind], actor: Login) -> Change {
        guard !kinds.isEmpty else { return (issue, []) }
        var issue = issue
        let moment = nextMoment()
        issue.updatedAt = moment
        return (issue, kinds.map { IssueEvent(kind: $0, actor: actor, createdAt: moment) })
    }

    /// Stores every change at once, as one change: all-or-nothing like a transaction.
    func commit(_ changes: [Change]) -> [Issue] {
        grouped {
            changes.map { issue, new in
                record(new, on: issue.number.value)
                return store(issue)
            }
        }
    }

    /// Keeps assignees and labels in PostgreSQL's order: by login or name, ignoring case.
    @discardableResult
    func store(_ issue: Issue) -> Issue {
        var issue = issue
        issue.assignees.sort { $0.value.lowercased() < $1.value.lowercased() }
        issue.labels.sort { $0.name.value.lowercased() < $1.name.value.lowercased() }
        issues[issue.number.value] = issue
        refreshStructure()
        return issues[issue.number.value] ?? issue
    }

    /// The issue to change: refused when missing or in the trash.
    func existing(_ number: IssueNumber) throws -> Issue {
        let issue = try anyExisting(number)
        if trashedIssues[number.value] != nil {
            throw TrackerError.notFound(
                "issue #\(number.value) is in the trash (`tracker restore \(number.value)` brings it back); "
                    + "nothing was changed")
        }
        return issue
    }

    /// The issue, in the trash or not.
    func anyExisting(_ number: IssueNumber) throws -> Issue {
        try refuseMoved([number])
        guard let issue = issues[number.value] else {
            throw TrackerError.notFound("issue \(number) does not exist; nothing was changed")
        }
        return issue
    }

    /// Every issue, in the order asked, once all are known to exist; the lowest missing number
    /// is reported, as PostgreSQL's row locks (taken in number order) find it, then the lowest in
    /// the trash.
    func existing(_ numbers: [IssueNumber]) throws -> [Issue] {
        for number in numbers.sorted() { _ = try anyExisting(number) }
        for number in numbers.sorted() { _ = try existing(number) }
        return try numbers.map(existing)
    }

    /// The stored spelling; an unknown login is `.unknownUser` with no suggestions, as PostgreSQL
    /// reports it (the use cases check assignees first and add suggestions, so this is met by
    /// unchecked actors and authors).
    func registered(_ login: Login) async throws -> Login {
        guard let user = try await users.find(login) else {
            throw TrackerError.unknownUser(login: login.value, suggestions: [])
        }
        return user.login
    }

    func registeredAll(_ logins: [Login]) async throws -> [Login] {
        var found: [Login] = []
        for login in logins { found.append(try await registered(login)) }
        return found
    }

    /// The clock's time, but always after the last one handed out: PostgreSQL's separate
    /// transactions never share a microsecond, so a later change is always later.
    func nextMoment() -> Timestamp {
        var moment = now()
        if let last = lastMoment, moment <= last {
            moment = Timestamp(microseconds: last.microseconds + 1) ?? last
        }
        lastMoment = moment
        return moment
    }

    func takeFailure() throws {
        if let failure = nextFailure {
            nextFailure = nil
            throw failure
        }
    }
}
