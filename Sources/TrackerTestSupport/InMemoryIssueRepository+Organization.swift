import TrackerCore

/// Labels and milestones with the rules of the PostgreSQL repositories. They live in the issue
/// repository's actor, so a label's deletion and its issues' events change together; the
/// `InMemoryLabelRepository` and `InMemoryMilestoneRepository` views reach them.
extension InMemoryIssueRepository {
    func existingLabels(_ names: [LabelName]) throws -> [Label] {
        try names.map { name in
            guard let label = labelStore.first(where: { $0.name == name }) else {
                throw TrackerError.unknownLabel(name: name.value, suggestions: [])
            }
            return label
        }
    }

    func existingMilestone(_ title: MilestoneTitle) throws -> Milestone {
        guard let milestone = milestoneStore.first(where: { $0.title == title }) else {
            throw TrackerError.unknownMilestone(title: title.value, suggestions: [])
        }
        return counted(milestone)
    }

    /// The stored label of that name, created as imported when missing.
    func importingLabels(_ labels: [Label]) -> [Label] {
        var found: [Label] = []
        for label in labels where !found.contains(where: { $0.name == label.name }) {
            if let existing = labelStore.first(where: { $0.name == label.name }) {
                found.append(existing)
            } else {
                labelStore.append(label)
                found.append(label)
            }
        }
        return found
    }

    /// The stored milestone of that title, created as imported when missing (keeping its number
    /// when free).
    func importingMilestone(_ imported: ImportedMilestone) throws -> Milestone {
        if let existing = milestoneStore.first(where: { $0.title == imported.title }) { return existing }
        let number: MilestoneNumber
        if let wanted = imported.number, !milestoneStore.contains(where: { $0.number == wanted }) {
            number = wanted
        } else {
            number = try MilestoneNumber(max(lastMilestoneNumber, milestoneStore.map(\.number.value).max() ?? 0) + 1)
        }
        lastMilestoneNumber = max(lastMilestoneNumber, number.value)
        let milestone = Milestone(
            number: number, title: imported.title, description: imported.description, dueOn: imported.dueOn,
            state: imported.state)
        milestoneStore.append(milestone)
        return milestone
    }

    /// With its open and closed counts, as the database's triggers keep them.
    func counted(_ milestone: Milestone) -> Milestone {
        var milestone = milestone
        let carrying = issues.values.filter {
            $0.milestone?.number == milestone.number && trashedIssues[$0.number.value] == nil
        }
        milestone.openIssues = Int64(carrying.count { $0.state == .open })
        milestone.closedIssues = Int64(carrying.count { $0.state == .closed })
        return milestone
    }

    /// Applies `update` to every issue carrying the label or milestone, with events when asked.
    func updateIssues(where matches: (Issue) -> Bool, _ update: (inout Issue) -> [IssueEvent.Kind], actor: Login?) {
        grouped { updateEach(where: matches, update, actor: actor) }
    }

    private func updateEach(where matches: (Issue) -> Bool, _ update: (inout Issue) -> [IssueEvent.Kind], actor: Login?)
    {
        for number in issues.keys.sorted() {
            guard var issue = issues[number], matches(issue) else { continue }
            let kinds = update(&issue)
            if let actor, !kinds.isEmpty {
                let (changed, new) = change(issue, kinds, actor: actor)
                record(new, on: number)
                store(changed)
            } else {
                store(issue)
            }
        }
    }
}

extension Issue {
    mutating func changeLabels(adding: [Label], removing: [LabelName]) -> [IssueEvent.Kind] {
        let removed = labels.filter { removing.contains($0.name) }
        labels.removeAll { removed.contains($0) }
        let added = adding.filter { label in !labels.contains { $0.name == label.name } }
        labels += added
        // As PostgreSQL records them: each kind by name.
        let byName: (Label, Label) -> Bool = { $0.name.value.lowercased() < $1.name.value.lowercased() }
        return removed.sorted(by: byName).map { .unlabeled($0.name) }
            + added.sorted(by: byName).map { .labeled($0.name) }
    }

    mutating func changeMilestone(to new: IssueMilestone?) -> [IssueEvent.Kind] {
        guard milestone?.number != new?.number else { return [] }
        let kinds =
            (milestone.map { [IssueEvent.Kind.demilestoned($0.title)] } ?? [])
            + (new.map { [.milestoned($0.title)] } ?? [])
        milestone = new
        return kinds
    }

    /// The priority, then the due date, as `tracker_plan_issues` records them (no change: no event).
    mutating func changePlan(priority: PlanChange<Priority>?, due: PlanChange<Timestamp>?) -> [IssueEvent.Kind] {
        var kinds: [IssueEvent.Kind] = []
        if let priority, priority.value != self.priority {
            kinds.append(.prioritized(from: self.priority, to: priority.value))
            self.priority = priority.value
        }
        if let due, due.value != dueOn {
            kinds.append(.dueChanged(from: dueOn, to: due.value))
            dueOn = due.value
        }
        return kinds
    }
}
