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
    var lastNumber: Int64 = 0
    /// Labels and milestones (see `+Organization`); issues carry copies kept in step on change.
    var labelStore: [Label] = []
    var milestoneStore: [Milestone] = []
    var lastMilestoneNumber: Int64 = 0
    let users: InMemoryUserRepository
    let now: @Sendable () -> Timestamp
    var lastMoment: Timestamp?
    /// When set, the next call fails with it (to test how screens show failures).
    var nextFailure: TrackerError?
    /// Every change (see `+Undo`): what each public call recorded, as the database's `changes`.
    var changeRecords: [Int64: InMemoryChange] = [:]
    var lastChangeID: Int64 = 0
    /// While a call runs as one change (`asOneChange`): the change its events join.
    var grouping = false
    var openChange: Int64?
    /// While `undo` runs: its events are marked as an undo's.
    var undoing = false
    /// The trash (see `+Trash`): issues and comments deleted, by number or id.
    var trashedIssues: [Int64: InMemoryDeletion] = [:]
    var trashedComments: [Int64: InMemoryDeletion] = [:]
    /// The texts replaced (see `+History`), by issue number or comment id, oldest first.
    var issueRevisions: [Int64: [InMemoryRevision]] = [:]
    var commentRevisions: [Int64: [InMemoryRevision]] = [:]
    /// Where each imported issue came from, and the imports (see `+Imports`).
    var sourceKeys: [Int64: String] = [:]
    var importLog: [InMemoryImport] = []
    /// Which issues block which (see `+Structure`), and whether any issue has a parent or blocker.
    var dependencies: Set<Dependency> = []
    var hasStructure = false
    /// With several projects (`InMemoryProjects`): the tracker and this project's key, the comment
    /// ids shared by every project, and the numbers moved away with where they went.
    var projects: (world: InMemoryProjects, key: ProjectKey)?
    var commentIDs: InMemorySequence?
    var movedAway: [Int64: String] = [:]

    public init(users: InMemoryUserRepository, now: @escaping @Sendable () -> Timestamp = Timestamp.now) {
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
        var planned = issue
        var plan = try changeStructure(of: &planned, try IssueEdit(parent: draft.parent.map(PlanChange.set)))
        plan += planned.changePlan(
            priority: draft.priority.map(PlanChange.set), due: draft.dueOn.map(PlanChange.set))
        let stored = store(planned)
        record(
            [IssueEvent(kind: .created, actor: author, createdAt: moment)]
                + assignees.map { IssueEvent(kind: .assigned($0), actor: author, createdAt: moment) }
                + labels.sorted { $0.name.value.lowercased() < $1.name.value.lowercased() }
                .map { IssueEvent(kind: .labeled($0.name), actor: author, createdAt: moment) }
                + (milestone.map { [IssueEvent(kind: .milestoned($0.title), actor: author, createdAt: moment)] } ?? [])
                + plan.map { IssueEvent(kind: $0, actor: author, createdAt: moment) },
            on: lastNumber)
        await recordMentions(issue: lastNumber, comment: nil, text: draft.body)
        return stored
    }

    public func list(_ filter: IssueFilter) async throws -> [Issue] {
        try takeFailure()
        _ = try await registeredAll(filter.people)
        _ = try existingLabels(filter.labels)
        if case .titled(let title) = filter.milestone { _ = try existingMilestone(title) }
        let matching = issues.values.filter { trashedIssues[$0.number.value] == nil }.filter { issue in
            filter.matches(issue, mentioning: mentioned(in: issue.number.value), comments: comments(of: issue.number))
        }.sorted(by: filter.areInOrder)
        var found: [Issue] = []
        for var issue in matching.prefix(filter.limit ?? Int.max) {
            if filter.includesComments { issue.comments = comments(of: issue.number) }
            if filter.includesURL { issue.url = url(of: issue.number.value) }
            if filter.includesBlockers { issue.blockedBy = structure(of: issue.number).blockedBy.map(\.number) }
            if filter.includesNames { issue.names = try await names(of: issue, comments: filter.includesComments) }
            found.append(issue)
        }
        return found
    }

    /// The names of the issue's people that have one, as `PeopleNames` picks them.
    private func names(of issue: Issue, comments withComments: Bool) async throws -> [String: String] {
        var names: [String: String] = [:]
        let commenters = withComments ? comments(of: issue.number).map(\.author) : []
        let people = [issue.author] + issue.assignees + commenters
        for login in people {
            if let user = try await users.find(login), !user.name.isEmpty { names[user.login.value] = user.name }
        }
        return names
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
        if let place = movedAway[number.value] { throw TrackerError.moved(number, to: place) }
        guard let issue = issues[number.value] else { throw TrackerError.notFound("issue \(number) does not exist") }
        if trashedIssues[number.value] != nil { throw TrackerError.inTrash(number) }
        // In time order, as PostgreSQL reads them (created_at, then the order they were written).
        let timeline = (events[number.value] ?? []).enumerated().sorted {
            ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset)
        }.map(\.element)
        var structure = structure(of: number)
        if let projects {
            (structure.references, structure.referencedBy) = await projects.world.links(of: number, in: projects.key)
        }
        return IssueDetails(
            issue: issue, events: merged(timeline, duplicateCloses(of: number)), comments: comments(of: number),
            structure: structure)
    }

    /// The closes of issues closed as duplicates of `number`, as its timeline shows them.
    private func duplicateCloses(of number: IssueNumber) -> [IssueEvent] {
        events.flatMap { issue, timeline in
            timeline.compactMap { event -> IssueEvent? in
                guard case .closedAsDuplicate(number) = event.kind, let duplicate = try? IssueNumber(issue) else {
                    return nil
                }
                var shown = event
                shown.kind = .duplicateClosed(duplicate)
                return shown
            }
        }
    }

    /// `others` placed by time among `timeline` (PostgreSQL's order: time, then the order written).
    private func merged(_ timeline: [IssueEvent], _ others: [IssueEvent]) -> [IssueEvent] {
        guard !others.isEmpty else { return timeline }
        return (timeline + others).enumerated().sorted {
            ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset)
        }.map(\.element)
    }
}
