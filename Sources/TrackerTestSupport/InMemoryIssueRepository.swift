import Foundation
import TrackerCore

/// Issues in memory, with the same rules as the database: numbering, the 10-assignee limit,
/// all-or-nothing bulk changes, and one event per change.
public actor InMemoryIssueRepository: IssueRepository {
    var issues: [Int64: Issue] = [:]
    /// Every issue's timeline; written through `record(_:on:)`, which also logs the change feed.
    var events: [Int64: [IssueEvent]] = [:]
    /// The change feed (see `+Changes`): every event in the order it was recorded, and the
    /// state of the feed's subscriptions.
    var changeLog: [(issue: Int64, event: IssueEvent)] = []
    var feed = InMemoryFeedState()
    var comments: [Int64: Comment] = [:]
    var lastCommentID: Int64 = 0
    /// Registered logins mentioned, by issue, then by text (nil: the body; else a comment id).
    var mentions: [Int64: [Int64?: Set<Login>]] = [:]
    private var lastNumber: Int64 = 0
    /// Labels and milestones (see `+Organization`); issues carry copies kept in step on change.
    var labelStore: [Label] = []
    var milestoneStore: [Milestone] = []
    var lastMilestoneNumber: Int64 = 0
    let users: InMemoryAssigneeRepository
    private let now: @Sendable () -> Timestamp
    private var lastMoment: Timestamp?
    /// When set, the next call fails with it (to test how screens show failures).
    private var nextFailure: TrackerError?

    public init(users: InMemoryAssigneeRepository, now: @escaping @Sendable () -> Timestamp = Timestamp.now) {
        self.users = users
        self.now = now
    }

    public func failNextCall(with error: TrackerError) {
        nextFailure = error
    }

    /// Like `failNextCall`, for the next create only (reads keep working).
    public func failNextCreate(with error: TrackerError) {
        nextCreateFailure = error
    }

    private var nextCreateFailure: TrackerError?

    public var all: [Issue] { issues.values.sorted { $0.number < $1.number } }

    public func create(_ draft: IssueDraft, author: Login) async throws -> Issue {
        try takeFailure()
        if let failure = nextCreateFailure {
            nextCreateFailure = nil
            throw failure
        }
        let author = try await registered(author)
        let assignees = try await registeredAll(draft.assignees)
        let labels = try existingLabels(draft.labels)
        let milestone = try draft.milestone.map(existingMilestone)
        lastNumber += 1
        let moment = nextMoment()
        let issue = Issue(
            number: try IssueNumber(lastNumber), title: draft.title, body: draft.body, author: author,
            assignees: assignees, createdAt: moment, updatedAt: moment, labels: labels, milestone: milestone?.summary)
        let stored = store(issue)
        record(
            [IssueEvent(kind: .created, actor: author, createdAt: moment)]
                + assignees.map { IssueEvent(kind: .assigned($0), actor: author, createdAt: moment) }
                + labels.sorted { $0.name.value.lowercased() < $1.name.value.lowercased() }
                .map { IssueEvent(kind: .labeled($0.name), actor: author, createdAt: moment) }
                + (milestone.map { [IssueEvent(kind: .milestoned($0.title), actor: author, createdAt: moment)] } ?? []),
            on: lastNumber)
        await recordMentions(issue: lastNumber, comment: nil, text: draft.body)
        return stored
    }

    public func list(_ filter: IssueFilter) async throws -> [Issue] {
        try takeFailure()
        _ = try await registeredAll(filter.people)
        _ = try existingLabels(filter.labels)
        if case .titled(let title) = filter.milestone { _ = try existingMilestone(title) }
        let matching = issues.values.filter { issue in
            filter.matches(issue, mentioning: mentioned(in: issue.number.value), comments: comments(of: issue.number))
        }.sorted(by: filter.areInOrder)
        return matching.prefix(filter.limit ?? Int.max).map { issue in
            var issue = issue
            if filter.includesComments { issue.comments = comments(of: issue.number) }
            return issue
        }
    }

    public func stream(_ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void) async throws {
        for issue in try await list(filter) { try body(issue) }
    }

    public func importIssues(
        _ records: [ImportedIssue], actor: Login, report: @escaping ImportPhaseReport
    ) async throws -> ImportResult {
        try takeFailure()
        let importer = try await registering(actor)
        let keepNumbers = ImportNumbering.keepsNumbers(of: records, trackerIsEmpty: issues.isEmpty)
        let numbers = try ImportNumbering.numbers(for: records, keep: keepNumbers, after: lastNumber)
        var renumbered: [(old: Int64, new: Int64)] = []
        var staged: [Int64: (Issue, [IssueEvent])] = [:]
        var stagedComments: [Comment] = []
        let keptIDs = ImportNumbering.keptCommentIDs(of: records, keepNumbers: keepNumbers)
        var nextCommentID = lastCommentID
        for (record, number) in zip(records, numbers) {
            if !keepNumbers, let old = record.number { renumbered.append((old, number)) }
            let author = try await registering(record.author)
            var assignees: [Login] = []
            for login in record.assignees { assignees.append(try await registering(login)) }
            let labels = importingLabels(record.labels)
            let milestone = try record.milestone.map(importingMilestone)
            let issue = Issue(
                number: try IssueNumber(number), title: record.title, body: record.body, state: record.state,
                stateReason: record.stateReason, author: author, assignees: assignees,
                createdAt: record.createdAt, updatedAt: record.updatedAt, closedAt: record.closedAt, labels: labels,
                milestone: milestone?.summary)
            var timeline = [
                IssueEvent(kind: .created, actor: author, createdAt: record.createdAt, importedBy: importer)
            ]
            timeline += assignees.map {
                IssueEvent(kind: .assigned($0), actor: author, createdAt: record.createdAt, importedBy: importer)
            }
            timeline += labels.map {
                IssueEvent(kind: .labeled($0.name), actor: author, createdAt: record.createdAt, importedBy: importer)
            }
            if let milestone {
                timeline.append(
                    IssueEvent(
                        kind: .milestoned(milestone.title), actor: author, createdAt: record.createdAt,
                        importedBy: importer))
            }
            if let closedAt = record.closedAt {
                timeline.append(
                    IssueEvent(
                        kind: .closed(record.stateReason ?? .completed), actor: author, createdAt: closedAt,
                        importedBy: importer))
            }
            for comment in record.comments {
                nextCommentID += 1
                let id = try CommentID(keptIDs?[stagedComments.count] ?? nextCommentID)
                let author = try await registering(comment.author)
                stagedComments.append(
                    Comment(
                        id: id, issue: issue.number, author: author, body: comment.body, createdAt: comment.createdAt,
                        updatedAt: comment.updatedAt))
                timeline.append(
                    IssueEvent(kind: .commented(id), actor: author, createdAt: comment.createdAt, importedBy: importer))
            }
            staged[number] = (issue, timeline)
        }
        for (number, entry) in staged.sorted(by: { $0.key < $1.key }) {
            store(entry.0)
            record(entry.1, on: number)
        }
        lastNumber = max(lastNumber, staged.keys.max() ?? 0)
        for comment in stagedComments {
            comments[comment.id.value] = comment
            lastCommentID = max(lastCommentID, comment.id.value)
            await recordMentions(issue: comment.issue.value, comment: comment.id.value, text: comment.body)
        }
        for (number, entry) in staged { await recordMentions(issue: number, comment: nil, text: entry.0.body) }
        return ImportResult(count: records.count, renumbered: renumbered)
    }

    /// An `OR` that joins nothing, and terms without a word or with one too long to index.
    public func ignoredSearchWords(in search: String) async throws -> [String] {
        try takeFailure()
        let query = SearchQuery(parsing: search)
        var seen = Set<String>()
        return (query.ignoredOperators + query.unusableTerms.map(SearchQuery.shown)).filter { seen.insert($0).inserted }
    }

    public func details(of number: IssueNumber) async throws -> IssueDetails {
        try takeFailure()
        guard let issue = issues[number.value] else { throw TrackerError.notFound("issue \(number) does not exist") }
        return IssueDetails(issue: issue, events: events[number.value] ?? [], comments: comments(of: number))
    }

    public func assign(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        try takeFailure()
        let actor = try await registered(actor)
        let logins = try await registeredAll(logins)
        var changes: [Change] = []
        for var issue in try existing(numbers) {
            let kinds = try issue.changeAssignees(adding: logins, removing: [])
            changes.append(change(issue, kinds, actor: actor))
        }
        return commit(changes)
    }

    public func unassign(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        try takeFailure()
        let actor = try await registered(actor)
        if let logins { _ = try await registeredAll(logins) }
        var changes: [Change] = []
        for var issue in try existing(numbers) {
            let kinds = try issue.changeAssignees(adding: [], removing: logins ?? issue.assignees)
            changes.append(change(issue, kinds, actor: actor))
        }
        return commit(changes)
    }

    public func changeAssignees(
        of number: IssueNumber, adding: [Login], removing: [Login], actor: Login
    )
        async throws -> Issue
    {
        try takeFailure()
        let actor = try await registered(actor)
        let adding = try await registeredAll(adding)
        _ = try await registeredAll(removing)
        var issue = try existing(number)
        let kinds = try issue.changeAssignees(adding: adding, removing: removing)
        return commit([change(issue, kinds, actor: actor)])[0]
    }

    public func close(_ numbers: [IssueNumber], reason: StateReason, actor: Login) async throws -> [StateChange] {
        try takeFailure()
        let actor = try await registered(actor)
        return try changeStates(numbers) { issue in
            guard issue.state == .open else { return nil }
            issue.state = .closed
            issue.stateReason = reason
            issue.closedAt = nextMoment()
            return change(issue, [.closed(reason)], actor: actor)
        }
    }

    public func reopen(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try takeFailure()
        let actor = try await registered(actor)
        return try changeStates(numbers) { issue in
            guard issue.state == .closed else { return nil }
            issue.state = .open
            issue.stateReason = .reopened
            issue.closedAt = nil
            return change(issue, [.reopened], actor: actor)
        }
    }

    /// Checks every issue exists, then applies `body` to each (nil: already in that state) and
    /// stores the changes at once.
    private func changeStates(_ numbers: [IssueNumber], _ body: (inout Issue) -> Change?) throws -> [StateChange] {
        let unique = numbers.reduce(into: [IssueNumber]()) { if !$0.contains($1) { $0.append($1) } }
        return try existing(unique).map { issue in
            var changed = issue
            guard let change = body(&changed) else { return .unchanged(issue) }
            return .changed(commit([change])[0])
        }
    }

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

    /// Stores every change at once: all-or-nothing like a transaction.
    func commit(_ changes: [Change]) -> [Issue] {
        changes.map { issue, new in
            record(new, on: issue.number.value)
            return store(issue)
        }
    }

    /// Keeps assignees and labels in PostgreSQL's order: by login or name, ignoring case.
    @discardableResult
    func store(_ issue: Issue) -> Issue {
        var issue = issue
        issue.assignees.sort { $0.value.lowercased() < $1.value.lowercased() }
        issue.labels.sort { $0.name.value.lowercased() < $1.name.value.lowercased() }
        issues[issue.number.value] = issue
        return issue
    }

    func existing(_ number: IssueNumber) throws -> Issue {
        guard let issue = issues[number.value] else {
            throw TrackerError.notFound("issue \(number) does not exist; nothing was changed")
        }
        return issue
    }

    /// Every issue, in the order asked, once all are known to exist; the lowest missing number
    /// is reported, as PostgreSQL's row locks (taken in number order) find it.
    func existing(_ numbers: [IssueNumber]) throws -> [Issue] {
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

    /// The stored spelling, registering a missing login as an import does.
    private func registering(_ login: Login) async throws -> Login {
        try await users.addIfMissing(try User(login: login)).login
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

extension Issue {
    /// Removes `removing`, then adds `adding` (already assigned is fine), as PostgreSQL's
    /// `IssueAssignees.change` does: the limit of 10 is checked on the result. The events, in order.
    mutating func changeAssignees(adding: [Login], removing: [Login]) throws -> [IssueEvent.Kind] {
        let removed = assignees.filter { removing.contains($0) }
        assignees.removeAll { removed.contains($0) }
        let added = adding.filter { !assignees.contains($0) }
        guard assignees.count + added.count <= IssueDraft.maximumAssignees else {
            throw TrackerError.tooManyAssignees(issue: number, count: assignees.count + added.count)
        }
        assignees += added
        return removed.map { .unassigned($0) } + added.map { .assigned($0) }
    }
}
