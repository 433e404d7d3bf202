import TrackerCore

/// When something went to the trash, and who sent it there.
struct InMemoryDeletion {
    var at: Timestamp
    var by: Login
}

/// The trash, with the rules of migration 0015: a deleted issue or comment keeps everything and
/// is left out of every read until restored or purged.
extension InMemoryIssueRepository: HistoryRepository {
    public func delete(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try takeFailure()
        return try moveToTrash(numbers, deleting: true, actor: try await registered(actor))
    }

    public func restore(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try takeFailure()
        return try moveToTrash(numbers, deleting: false, actor: try await registered(actor))
    }

    /// Events in number order, as the database writes them; the changes in the order asked.
    private func moveToTrash(_ numbers: [IssueNumber], deleting: Bool, actor: Login) throws -> [StateChange] {
        let unique = numbers.reduce(into: [IssueNumber]()) { if !$0.contains($1) { $0.append($1) } }
        for number in unique.sorted() { _ = try anyExisting(number) }
        let changed = grouped {
            unique.sorted().filter { number in
                guard (trashedIssues[number.value] == nil) == deleting else { return false }
                trashedIssues[number.value] = deleting ? InMemoryDeletion(at: nextMoment(), by: actor) : nil
                record(
                    [IssueEvent(kind: deleting ? .deleted : .restored, actor: actor, createdAt: nextMoment())],
                    on: number.value)
                return true
            }
        }
        return try unique.map { number in
            let issue = try anyExisting(number)
            return changed.contains(number) ? .changed(issue) : .unchanged(issue)
        }
    }

    public func restoreComment(_ id: CommentID, actor: Login) async throws -> Comment {
        try takeFailure()
        let actor = try await registered(actor)
        guard let comment = comments[id.value] else {
            throw TrackerError.notFound("comment \(id) does not exist; nothing was changed")
        }
        let issue = try existing(comment.issue)
        guard trashedComments[id.value] != nil else { return comment }
        trashedComments[id.value] = nil
        _ = commit([change(issue, [.commentRestored(id)], actor: actor)])
        return comment
    }

    public func trash() async throws -> [TrashedItem] {
        try takeFailure()
        let trashedIssueItems = trashedIssues.compactMap { number, deletion in
            issues[number].map { TrashedItem.issue($0, deletedAt: deletion.at, deletedBy: deletion.by) }
        }
        let trashedCommentItems = trashedComments.compactMap { id, deletion in
            comments[id].map { TrashedItem.comment($0, deletedAt: deletion.at, deletedBy: deletion.by) }
        }
        return (trashedIssueItems + trashedCommentItems).sorted { $0.deletedAt > $1.deletedAt }
    }

    public func purgeTrash(deletedBefore: Timestamp, actor: Login) async throws -> PurgedTrash {
        try takeFailure()
        _ = try await registered(actor)
        let oldComments = trashedComments.filter { $0.value.at < deletedBefore }.keys
        for id in oldComments { forgetComment(id) }
        let oldIssues = Set(trashedIssues.filter { $0.value.at < deletedBefore }.keys)
        forget(oldIssues)
        return PurgedTrash(issues: oldIssues.count, comments: oldComments.count)
    }

    /// Removes issues for good, with their timelines, comments, mentions, versions and sources.
    func forget(_ numbers: Set<Int64>) {
        for number in numbers {
            for comment in comments.values where comment.issue.value == number { forgetComment(comment.id.value) }
            issues[number] = nil
            events[number] = nil
            mentions[number] = nil
            issueRevisions[number] = nil
            trashedIssues[number] = nil
            sourceKeys[number] = nil
        }
        for id in changeRecords.keys { changeRecords[id]?.entries.removeAll { numbers.contains($0.issue) } }
    }

    private func forgetComment(_ id: Int64) {
        if let comment = comments[id] { mentions[comment.issue.value]?[id] = nil }
        comments[id] = nil
        commentRevisions[id] = nil
        trashedComments[id] = nil
    }
}
