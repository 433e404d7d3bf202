import TrackerCore

/// One change in memory, as the database's `changes` row: whose it is, when, what it undid or
/// was undone by, and where its events are (issue, index in that issue's timeline).
struct InMemoryChange {
    var actor: Login
    var madeAt: Timestamp
    var imported: Bool
    var undoes: Int64?
    var undoneBy: Int64?
    var entries: [(issue: Int64, index: Int)] = []
}

/// Changes and `undo`, with the rules of migration 0015: the actor's latest change not undone is
/// taken back as one new change, newest event first, refused when anyone changed its issues since
/// or something it names is gone.
extension InMemoryIssueRepository {
    /// Runs `body` as one change: every event it records joins it (a nested call joins the outer).
    func asOneChange<T>(_ body: () async throws -> T) async rethrows -> T {
        guard !grouping else { return try await body() }
        grouping = true
        defer { endChange() }
        return try await body()
    }

    func grouped<T>(_ body: () throws -> T) rethrows -> T {
        guard !grouping else { return try body() }
        grouping = true
        defer { endChange() }
        return try body()
    }

    private func endChange() {
        grouping = false
        if let open = openChange, changeRecords[open]?.entries.isEmpty == true { changeRecords[open] = nil }
        openChange = nil
    }

    /// The change the next events join: the open one (made now if none yet), or one of their own.
    func changeToJoin(actor: Login, imported: Bool) -> Int64 {
        if grouping, let open = openChange { return open }
        lastChangeID += 1
        changeRecords[lastChangeID] = InMemoryChange(actor: actor, madeAt: nextMoment(), imported: imported)
        if grouping { openChange = lastChangeID }
        return lastChangeID
    }

    public func undoableChange(of actor: Login) async throws -> UndoableChange? {
        try takeFailure()
        let actor = try await registered(actor)
        return latestChange(of: actor).map { described($0, blocked: blockedUndo(of: $0)) }
    }

    public func undo(actor: Login) async throws -> UndoableChange {
        try takeFailure()
        let actor = try await registered(actor)
        guard let id = latestChange(of: actor) else { throw TrackerError.notFound("you have no change to undo") }
        if let blocked = blockedUndo(of: id) {
            throw TrackerError.changedMeanwhile("cannot undo your last change: \(blocked); nothing was changed")
        }
        let undone = described(id, blocked: nil)
        let undo = try await asOneChange { () async throws -> Int64? in
            undoing = true
            defer { undoing = false }
            try await reverse(undone, actor: actor)
            return openChange
        }
        guard let undo else {
            throw TrackerError.changedMeanwhile(
                "cannot undo your last change: it is already undone; nothing was changed")
        }
        changeRecords[undo]?.undoes = id
        changeRecords[id]?.undoneBy = undo
        return undone
    }

    private func latestChange(of actor: Login) -> Int64? {
        changeRecords.filter { _, change in
            change.actor == actor && change.undoneBy == nil && !change.imported && !change.entries.isEmpty
        }.keys.max()
    }

    private func described(_ id: Int64, blocked: String?) -> UndoableChange {
        let change = changeRecords[id]
        let entries = (change?.entries ?? []).compactMap { entry -> UndoableChange.Entry? in
            guard let event = events[entry.issue]?[entry.index], let number = try? IssueNumber(entry.issue) else {
                return nil
            }
            return UndoableChange.Entry(issue: number, event: event)
        }
        return UndoableChange(
            id: id, madeAt: change?.madeAt ?? .minimum, isUndo: change?.undoes != nil, entries: entries,
            blocked: blocked)
    }

    /// Why change `id` cannot be undone, worded as the database words it; nil when it can.
    private func blockedUndo(of id: Int64) -> String? {
        guard let change = changeRecords[id], !change.entries.isEmpty else {
            return "the issues it changed were purged from the trash"
        }
        let touched = Set(change.entries.map(\.issue))
        let later = changeRecords.filter { $0.key > id }.sorted { $0.key < $1.key }
            .flatMap { $0.value.entries }.first { touched.contains($0.issue) }
        if let later, let event = events[later.issue]?[later.index] {
            return "#\(later.issue) has changed since (\(event.actor) \(Self.wording(event.kind)) at "
                + "\(Self.minute(event.createdAt)) UTC)"
        }
        for entry in change.entries {
            guard let event = events[entry.issue]?[entry.index] else { continue }
            switch event.kind {
            case .labeled(let name), .unlabeled(let name):
                if !labelStore.contains(where: { $0.name == name }) {
                    return "the label '\(name.value)' no longer exists"
                }
            case .milestoned(let title), .demilestoned(let title):
                if !milestoneStore.contains(where: { $0.title == title }) {
                    return "the milestone '\(title.value)' no longer exists"
                }
            case .commented(let comment), .commentEdited(let comment), .commentDeleted(let comment),
                .commentRestored(let comment):
                if comments[comment.value] == nil { return "comment \(comment) was purged from the trash" }
            default: continue
            }
        }
        return nil
    }

    static func minute(_ moment: Timestamp) -> String {
        String(moment.iso8601.prefix(16)).replacing("T", with: " ")
    }

    /// As migration 0015's `tracker_event_wording`.
    static func wording(_ kind: IssueEvent.Kind) -> String {
        switch kind {
        case .created: "created it"
        case .assigned: "assigned someone"
        case .unassigned: "unassigned someone"
        case .closed, .closedAsDuplicate, .duplicateClosed: "closed it"
        case .reopened: "reopened it"
        case .renamed: "renamed it"
        case .edited: "edited it"
        case .commented: "commented"
        case .commentEdited: "edited a comment"
        case .commentDeleted: "deleted a comment"
        case .commentRestored: "restored a comment"
        case .labeled: "added a label"
        case .unlabeled: "removed a label"
        case .milestoned: "set a milestone"
        case .demilestoned: "removed a milestone"
        case .parentChanged: "changed the parent"
        case .blockerAdded: "added a blocker"
        case .blockerRemoved: "removed a blocker"
        case .prioritized: "changed the priority"
        case .dueChanged: "changed the due date"
        case .deleted: "deleted it"
        case .restored: "restored it"
        }
    }
}
