import TrackerCore

/// What `undo` applies: each event's reverse, newest first, through the repository's own changes,
/// as `tracker_undo` does through the change functions.
extension InMemoryIssueRepository {
    func reverse(_ change: UndoableChange, actor: Login) async throws {
        let whole = Array(Set(change.entries.filter { [.created, .restored].contains($0.event.kind) }.map(\.issue)))
            .sorted()
        if !whole.isEmpty { _ = try await delete(whole, actor: actor) }
        for (position, entry) in change.entries.enumerated().reversed() where !whole.contains(entry.issue) {
            let number = entry.issue
            switch entry.event.kind {
            case .deleted: _ = try await restore([number], actor: actor)
            case .closed, .closedAsDuplicate: _ = try await reopen([number], actor: actor)
            case .reopened:
                switch closeKind(of: number, before: change.entries[position].event) {
                case .closedAsDuplicate(let original):
                    _ = try await closeAsDuplicate(number, of: original, actor: actor)
                case .closed(let reason): _ = try await close([number], reason: reason, actor: actor)
                default: _ = try await close([number], reason: .completed, actor: actor)
                }
            case .renamed, .edited:
                guard let old = issueRevisions[number.value]?.first(where: { $0.replacedIn == change.id })?.version,
                    let current = issues[number.value], current.title != old.title || current.body != old.body
                else { continue }
                _ = try await edit([number], try IssueEdit(title: old.title, body: old.body), read: nil, actor: actor)
            case .assigned(let who): _ = try await unassign([who], from: [number], actor: actor)
            case .unassigned(let who): _ = try await assign([who], to: [number], actor: actor)
            case .labeled(let name):
                _ = try await edit([number], try IssueEdit(removeLabels: [name]), read: nil, actor: actor)
            case .unlabeled(let name):
                _ = try await edit([number], try IssueEdit(addLabels: [name]), read: nil, actor: actor)
            case .milestoned: _ = try await edit([number], try IssueEdit(milestone: .remove), read: nil, actor: actor)
            case .demilestoned(let title):
                _ = try await edit([number], try IssueEdit(milestone: .set(title)), read: nil, actor: actor)
            case .parentChanged(let from, _):
                _ = try await edit(
                    [number], try IssueEdit(parent: from.map(PlanChange.set) ?? .clear), read: nil, actor: actor)
            case .blockerAdded(let blocker):
                _ = try await edit([number], try IssueEdit(removeBlockers: [blocker]), read: nil, actor: actor)
            case .blockerRemoved(let blocker):
                _ = try await edit([number], try IssueEdit(addBlockers: [blocker]), read: nil, actor: actor)
            case .prioritized(let from, _):
                _ = try await edit(
                    [number], try IssueEdit(priority: from.map(PlanChange.set) ?? .clear), read: nil, actor: actor)
            case .dueChanged(let from, _):
                _ = try await edit(
                    [number], try IssueEdit(due: from.map(PlanChange.set) ?? .clear), read: nil, actor: actor)
            case .commented(let id), .commentRestored(let id): _ = try await delete(id, actor: actor)
            case .commentDeleted(let id): _ = try await restoreComment(id, actor: actor)
            case .commentEdited(let id):
                guard let old = commentRevisions[id.value]?.first(where: { $0.replacedIn == change.id })?.version
                else { continue }
                _ = try await edit(id, body: old.body, actor: actor)
            case .created, .restored, .duplicateClosed: continue
            }
        }
    }

    /// How the issue was last closed before `event` (its reopening): `.closed(reason)` or
    /// `.closedAsDuplicate(of:)`.
    private func closeKind(of number: IssueNumber, before event: IssueEvent) -> IssueEvent.Kind {
        let timeline = events[number.value] ?? []
        let upTo = timeline.lastIndex(of: event) ?? timeline.endIndex
        for earlier in timeline[..<upTo].reversed() {
            switch earlier.kind {
            case .closed, .closedAsDuplicate: return earlier.kind
            default: continue
            }
        }
        return .closed(.completed)
    }
}
