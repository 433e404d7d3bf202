import Foundation
import TrackerCore

/// Streaming and importing, as `PostgresIssueRepository+Bulk` does them.
extension InMemoryIssueRepository {
    public func stream(_ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void) async throws {
        for issue in try await list(filter) { try body(issue) }
    }

    public func streamWithOrganization(
        _ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void
    ) async throws -> (labels: [Label], milestones: [Milestone]) {
        try await stream(filter, body)
        return (
            labelStore.sorted { $0.name.value.lowercased() < $1.name.value.lowercased() },
            milestoneStore.map(counted).sorted { $0.number.value < $1.number.value }
        )
    }

    public func importIssues(
        _ all: [ImportedIssue], alone: ImportedLabelsAndMilestones, actor: Login, dryRun: Bool,
        report: @escaping ImportPhaseReport
    ) async throws -> ImportResult {
        try takeFailure()
        let keys = all.map(sourceKey)
        let fresh = try ImportSources.newRecords(keys: keys, known: keys.map(isKnown))
        let records = fresh.map { all[$0] }
        let keepNumbers = ImportNumbering.keepsNumbers(of: records, trackerIsEmpty: issues.isEmpty)
        let numbers = try ImportNumbering.numbers(for: records, keep: keepNumbers, after: lastNumber)
        let links = try ImportLinks.of(records, numbers: numbers)
        var renumbered: [(old: Int64, new: Int64)] = []
        if records.isEmpty || dryRun {
            for (record, number) in zip(records, numbers) where !keepNumbers {
                if let old = record.number { renumbered.append((old, number)) }
            }
            if records.isEmpty, !dryRun { try importing(alone) }
            return ImportResult(count: records.count, skipped: all.count - records.count, renumbered: renumbered)
        }
        let importer = try await registering(actor)
        var names: [String: String] = [:]
        for record in records { names.merge(record.names) { first, _ in first } }
        var staged: [Int64: (Issue, [IssueEvent])] = [:]
        var stagedComments: [Comment] = []
        let keptIDs = ImportNumbering.keptCommentIDs(of: records, keepNumbers: keepNumbers)
        var nextCommentID = lastCommentID
        for (record, number) in zip(records, numbers) {
            if !keepNumbers, let old = record.number { renumbered.append((old, number)) }
            let author = try await registering(record.author, names: names)
            var assignees: [Login] = []
            for login in record.assignees { assignees.append(try await registering(login, names: names)) }
            let labels = importingLabels(record.labels)
            let milestone = try record.milestone.map(importingMilestone)
            var issue = Issue(
                number: try IssueNumber(number), title: record.title, body: record.body, state: record.state,
                stateReason: record.stateReason, author: author, assignees: assignees,
                createdAt: record.createdAt, updatedAt: record.updatedAt, closedAt: record.closedAt, labels: labels,
                milestone: milestone?.summary)
            (issue.priority, issue.dueOn) = (record.priority, record.dueOn)
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
                let author = try await registering(comment.author, names: names)
                stagedComments.append(
                    Comment(
                        id: id, issue: issue.number, author: author, body: comment.body, createdAt: comment.createdAt,
                        updatedAt: comment.updatedAt))
                timeline.append(
                    IssueEvent(kind: .commented(id), actor: author, createdAt: comment.createdAt, importedBy: importer))
            }
            staged[number] = (issue, timeline)
        }
        for (child, parent) in zip(links.children, links.parents) { staged[child]?.0.parent = try IssueNumber(parent) }
        for (duplicate, original) in zip(links.duplicates, links.originals) {
            guard var (issue, timeline) = staged[duplicate] else { continue }
            let original = try IssueNumber(original)
            issue.duplicateOf = original
            if let close = timeline.lastIndex(where: { $0.kind == .closed(.duplicate) }) {
                timeline[close].kind = .closedAsDuplicate(of: original)
            }
            staged[duplicate] = (issue, timeline)
        }
        for (blocked, blocking) in zip(links.blocked, links.blocking) {
            dependencies.insert(Dependency(try IssueNumber(blocked), blockedBy: try IssueNumber(blocking)))
        }
        hasStructure = hasStructure || !links.isEmpty
        grouped {
            for (number, entry) in staged.sorted(by: { $0.key < $1.key }) {
                store(entry.0)
                record(entry.1, on: number)
            }
        }
        lastNumber = max(lastNumber, staged.keys.max() ?? 0)
        for comment in stagedComments {
            comments[comment.id.value] = comment
            lastCommentID = max(lastCommentID, comment.id.value)
            await recordMentions(issue: comment.issue.value, comment: comment.id.value, text: comment.body)
        }
        for (number, entry) in staged { await recordMentions(issue: number, comment: nil, text: entry.0.body) }
        remember(imported: zip(fresh, numbers).map { (number: $1, key: keys[$0]) }, by: importer)
        try importing(alone)
        return ImportResult(count: records.count, skipped: all.count - records.count, renumbered: renumbered)
    }

    /// Labels and milestones on their own, after the records' (whose spelling wins when both name one).
    private func importing(_ alone: ImportedLabelsAndMilestones) throws {
        _ = importingLabels(alone.labels)
        for milestone in alone.milestones { _ = try importingMilestone(milestone) }
    }

    /// The stored spelling, registering a missing login as an import does: with the name the
    /// file gives them, which also fills an existing person's empty name (migration 0017).
    private func registering(_ login: Login, names: [String: String] = [:]) async throws -> Login {
        let name = names[login.value.lowercased()] ?? ""
        return try await users.addIfMissing(User(login: login, storedName: name), fillingEmptyName: true).login
    }
}
