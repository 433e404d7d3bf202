import TrackerCore

/// The labels of an `InMemoryIssueRepository`, as a `LabelRepository`.
public struct InMemoryLabelRepository: LabelRepository {
    let issues: InMemoryIssueRepository

    public init(issues: InMemoryIssueRepository) { self.issues = issues }

    public func create(_ label: Label) async throws -> Label { try await issues.createLabel(label) }
    public func list(search: String?) async throws -> [Label] { await issues.listLabels(search: search) }
    public func label(named name: LabelName) async throws -> Label { try await issues.existingLabels([name])[0] }
    public func edit(_ name: LabelName, _ change: LabelChange) async throws -> Label {
        try await issues.editLabel(name, change)
    }
    public func delete(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int) {
        try await issues.deleteLabel(name, actor: actor)
    }
    public func suggestions(for text: String, limit: Int) async throws -> [LabelName] {
        let names = await issues.listLabels(search: nil).map(\.name)
        return NameSuggestions.rank(text, among: names, limit: limit) { $0.value }
    }
}

/// The milestones of an `InMemoryIssueRepository`, as a `MilestoneRepository`.
public struct InMemoryMilestoneRepository: MilestoneRepository {
    let issues: InMemoryIssueRepository

    public init(issues: InMemoryIssueRepository) { self.issues = issues }

    public func create(title: MilestoneTitle, description: String, dueOn: Timestamp?) async throws -> Milestone {
        try await issues.createMilestone(title: title, description: description, dueOn: dueOn)
    }
    public func list(state: MilestoneState?) async throws -> [Milestone] { await issues.listMilestones(state: state) }
    public func milestone(titled title: MilestoneTitle) async throws -> Milestone {
        try await issues.existingMilestone(title)
    }
    public func edit(_ title: MilestoneTitle, _ change: MilestoneChange) async throws -> Milestone {
        try await issues.editMilestone(title, change)
    }
    public func setState(of title: MilestoneTitle, to state: MilestoneState) async throws -> Milestone {
        try await issues.setMilestoneState(title, state)
    }
    public func delete(_ title: MilestoneTitle, actor: Login) async throws -> Milestone {
        try await issues.deleteMilestone(title, actor: actor)
    }
    public func suggestions(for text: String, limit: Int) async throws -> [MilestoneTitle] {
        let titles = await issues.listMilestones(state: nil).map(\.title)
        return NameSuggestions.rank(text, among: titles, limit: limit) { $0.value }
    }
}

extension InMemoryIssueRepository {
    func createLabel(_ label: Label) throws -> Label {
        try takeFailure()
        guard !labelStore.contains(where: { $0.name == label.name }) else {
            throw label.name.taken
        }
        labelStore.append(label)
        return label
    }

    func listLabels(search: String?) -> [Label] {
        labelStore.filter { label in
            guard let search = search?.lowercased() else { return true }
            return label.name.value.lowercased().contains(search) || label.description.lowercased().contains(search)
        }.sorted { $0.name.value.lowercased() < $1.name.value.lowercased() }
    }

    func editLabel(_ name: LabelName, _ change: LabelChange) throws -> Label {
        try takeFailure()
        var label = try existingLabels([name])[0]
        if let new = change.name, new != name, labelStore.contains(where: { $0.name == new }) {
            throw new.taken
        }
        label.name = change.name ?? label.name
        label.color = change.color ?? label.color
        label.description = change.description ?? label.description
        labelStore.removeAll { $0.name == name }
        labelStore.append(label)
        let edited = label
        updateIssues(
            where: { $0.labels.contains { $0.name == name } },
            { issue in
                issue.labels = issue.labels.map { $0.name == name ? edited : $0 }
                return []
            }, actor: nil)
        return label
    }

    func deleteLabel(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int) {
        try takeFailure()
        let actor = try await registered(actor)
        let label = try existingLabels([name])[0]
        var count = 0
        updateIssues(
            where: { $0.labels.contains { $0.name == name } },
            { issue in
                count += 1
                return issue.changeLabels(adding: [], removing: [name])
            }, actor: actor)
        labelStore.removeAll { $0.name == name }
        return (label, count)
    }

    func createMilestone(title: MilestoneTitle, description: String, dueOn: Timestamp?) throws -> Milestone {
        try takeFailure()
        guard !milestoneStore.contains(where: { $0.title == title }) else {
            throw title.taken
        }
        let milestone = Milestone(
            number: try MilestoneNumber(max(lastMilestoneNumber, milestoneStore.map(\.number.value).max() ?? 0) + 1),
            title: title, description: description, dueOn: dueOn)
        lastMilestoneNumber = milestone.number.value
        milestoneStore.append(milestone)
        return milestone
    }

    /// Open first (soonest due first, undated last), then closed, each by title.
    func listMilestones(state: MilestoneState?) -> [Milestone] {
        milestoneStore.filter { state == nil || $0.state == state }.map(counted).sorted { lhs, rhs in
            let key: (Milestone) -> (Int, Int64, String) = {
                ($0.state == .closed ? 1 : 0, $0.dueOn?.microseconds ?? .max, $0.title.value.lowercased())
            }
            return key(lhs) < key(rhs)
        }
    }

    func editMilestone(_ title: MilestoneTitle, _ change: MilestoneChange) throws -> Milestone {
        try takeFailure()
        var milestone = try existingMilestone(title)
        if let new = change.title, new != title, milestoneStore.contains(where: { $0.title == new }) {
            throw new.taken
        }
        milestone.title = change.title ?? milestone.title
        milestone.description = change.description ?? milestone.description
        switch change.due {
        case nil: break
        case .cleared: milestone.dueOn = nil
        case .on(let time): milestone.dueOn = time
        }
        return replace(milestone)
    }

    func setMilestoneState(_ title: MilestoneTitle, _ state: MilestoneState) throws -> Milestone {
        try takeFailure()
        var milestone = try existingMilestone(title)
        milestone.state = state
        return replace(milestone)
    }

    func deleteMilestone(_ title: MilestoneTitle, actor: Login) async throws -> Milestone {
        try takeFailure()
        let actor = try await registered(actor)
        let milestone = try existingMilestone(title)
        updateIssues(where: { $0.milestone?.number == milestone.number }, { $0.changeMilestone(to: nil) }, actor: actor)
        milestoneStore.removeAll { $0.number == milestone.number }
        return milestone
    }

    /// Stores the milestone and refreshes what its issues show of it.
    private func replace(_ milestone: Milestone) -> Milestone {
        milestoneStore.removeAll { $0.number == milestone.number }
        milestoneStore.append(milestone)
        updateIssues(
            where: { $0.milestone?.number == milestone.number },
            { issue in
                issue.milestone = milestone.summary
                return []
            }, actor: nil)
        return counted(milestone)
    }
}
