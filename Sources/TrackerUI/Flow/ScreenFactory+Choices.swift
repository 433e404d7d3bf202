import TrackerCore

/// The label and milestone pickers: where their choices come from, and how a change is saved on
/// an issue (through `EditIssues`, as one edit).
extension ScreenFactory {
    public static let shownLabels = 20

    public func labelPicker(_ mode: ChoiceMode<LabelName>) -> ChoiceCoordinator<LabelName> {
        ChoiceCoordinator(viewModel: labelChoices(mode), presenter: presenters.labelPicker())
    }

    public func milestonePicker(_ mode: ChoiceMode<MilestoneTitle>) -> ChoiceCoordinator<MilestoneTitle> {
        ChoiceCoordinator(viewModel: milestoneChoices(mode), presenter: presenters.milestonePicker())
    }

    /// One project to open, found by a part of its key or name; nil without the projects.
    public func projectPicker() -> ChoiceCoordinator<ProjectKey>? {
        guard let projects = useCases.projects else { return nil }
        let viewModel = ChoiceViewModel<ProjectKey>(
            source: .init(
                current: nil,
                search: { text in
                    let wanted = text.lowercased()
                    return try await projects.list().filter {
                        !$0.isArchived
                            && (wanted.isEmpty || $0.key.value.contains(wanted)
                                || $0.name.lowercased().contains(wanted))
                    }.map(\.key)
                }, save: nil, initial: [], limit: 1))
        return ChoiceCoordinator(viewModel: viewModel, presenter: presenters.projectPicker())
    }

    /// Any number of labels, found by name or description.
    public func labelChoices(_ mode: ChoiceMode<LabelName>) -> ChoiceViewModel<LabelName> {
        let labels = useCases.labels
        return choices(
            mode, limit: Int.max, current: { $0.labels.map(\.name) },
            edit: { try IssueEdit(addLabels: $0.added, removeLabels: $0.removed) },
            search: { text in Array(try await labels.list(search: text).map(\.name).prefix(Self.shownLabels)) })
    }

    /// At most one open milestone, found by a part of its title; none takes the issue out of its milestone.
    public func milestoneChoices(_ mode: ChoiceMode<MilestoneTitle>) -> ChoiceViewModel<MilestoneTitle> {
        let milestones = useCases.milestones
        return choices(
            mode, limit: 1, current: { $0.milestone.map { [$0.title] } ?? [] },
            edit: { try IssueEdit(milestone: $0.chosen.first.map { .set($0) } ?? .remove) },
            search: { text in
                let wanted = text.lowercased()
                return try await milestones.list(state: .open).map(\.title).filter {
                    wanted.isEmpty || $0.value.lowercased().contains(wanted)
                }
            })
    }

    /// A picker over an issue (its current choice read from it, the change saved as `edit` says)
    /// or over a draft (starting from the draft's choice, nothing saved).
    private func choices<Item: Equatable & Sendable>(
        _ mode: ChoiceMode<Item>, limit: Int, current: @escaping @Sendable (Issue) -> [Item],
        edit: @escaping @Sendable (ChoiceChange<Item>) throws -> IssueEdit,
        search: @escaping @Sendable (String) async throws -> [Item]
    ) -> ChoiceViewModel<Item> {
        let (editIssues, show, actor) = (useCases.editIssues, useCases.showIssue, actor)
        switch mode {
        case .issue(let number):
            return ChoiceViewModel(
                source: .init(
                    current: { current(try await show(number).issue) }, search: search,
                    save: { change in _ = try await editIssues([number], try edit(change), actor: actor) },
                    initial: [], limit: limit))
        case .draft(let chosen):
            return ChoiceViewModel(
                source: .init(current: nil, search: search, save: nil, initial: chosen, limit: limit))
        }
    }
}
