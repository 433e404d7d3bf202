import TrackerCore

/// The label and milestone pickers: where their choices come from, and how a change is saved on
/// an issue (through `EditIssues`, as one edit).
extension ChoiceViewModel where Item == LabelName {
    public static let shownLabels = 20

    public static func labels(_ mode: ChoiceMode<LabelName>, dependencies: ScreenDependencies) -> ChoiceViewModel {
        let labels = dependencies.organization.labels
        let (edit, show, actor) = (dependencies.editIssues, dependencies.showIssue, dependencies.actor)
        var current: (@Sendable () async throws -> [LabelName])?
        var save: (@Sendable (ChoiceChange<LabelName>) async throws -> Void)?
        var initial: [LabelName] = []
        switch mode {
        case .issue(let number):
            current = { try await show(number).issue.labels.map(\.name) }
            save = { change in
                _ = try await edit(
                    [number], try IssueEdit(addLabels: change.added, removeLabels: change.removed), actor: actor)
            }
        case .draft(let names):
            initial = names
        }
        return ChoiceViewModel(
            source: .init(
                current: current,
                search: { text in Array(try await labels.list(search: text).map(\.name).prefix(shownLabels)) },
                save: save, initial: initial, limit: Int.max, noun: "label", full: ""))
    }
}

extension ChoiceViewModel where Item == MilestoneTitle {
    public static func milestone(
        _ mode: ChoiceMode<MilestoneTitle>, dependencies: ScreenDependencies
    ) -> ChoiceViewModel {
        let milestones = dependencies.organization.milestones
        let (edit, show, actor) = (dependencies.editIssues, dependencies.showIssue, dependencies.actor)
        var current: (@Sendable () async throws -> [MilestoneTitle])?
        var save: (@Sendable (ChoiceChange<MilestoneTitle>) async throws -> Void)?
        var initial: [MilestoneTitle] = []
        switch mode {
        case .issue(let number):
            current = { try await show(number).issue.milestone.map { [$0.title] } ?? [] }
            save = { change in
                let milestone: IssueEdit.MilestoneEdit = change.chosen.first.map { .set($0) } ?? .remove
                _ = try await edit([number], try IssueEdit(milestone: milestone), actor: actor)
            }
        case .draft(let titles):
            initial = titles
        }
        return ChoiceViewModel(
            source: .init(
                current: current,
                search: { text in
                    let wanted = text.lowercased()
                    return try await milestones.list(state: .open).map(\.title).filter {
                        wanted.isEmpty || $0.value.lowercased().contains(wanted)
                    }
                },
                save: save, initial: initial, limit: 1, noun: "milestone",
                full: "An issue is in at most one milestone: untick the chosen one first, or choose none."))
    }
}
