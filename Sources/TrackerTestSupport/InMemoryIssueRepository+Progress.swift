import TrackerCore

/// Burndowns and weekly activity from the in-memory timelines, by the rules of `ProgressQueries`.
extension InMemoryIssueRepository: ProgressRepository {
    public func burndown(of title: MilestoneTitle, through today: Day, days: Int64) async throws -> BurndownHistory {
        try takeFailure()
        let milestone = try existingMilestone(title)
        var changes: [(day: Day, delta: Int64)] = []
        var entered: Day?
        for (number, timeline) in events where issues[number] != nil {
            let current = issues[number]?.milestone?.number == milestone.number
            let named = timeline.contains { if case .milestoned(title) = $0.kind { true } else { false } }
            guard current || named else { continue }
            var open = false
            var kept = true
            var inside = false
            var counted = false
            for (offset, event) in ordered(timeline) {
                switch event.kind {
                case .created, .reopened: open = true
                case .closed, .closedAsDuplicate: open = false
                case .deleted: kept = false
                case .restored: kept = true
                case .milestoned(let named):
                    let last = !timeline.indices.contains {
                        $0 != offset && timeline[$0].kind.milestoneMove != nil
                            && (timeline[$0].createdAt, $0) > (event.createdAt, offset)
                    }
                    inside = named == title || (current && last)
                case .demilestoned: inside = false
                default: continue
                }
                let day = Day(containing: event.createdAt)
                if inside { entered = min(entered ?? day, day) }
                let now = open && kept && inside
                if now != counted { changes.append((day, now ? 1 : -1)) }
                counted = now
            }
        }
        guard let entered else { return BurndownHistory(milestone: milestone, counts: []) }
        let first = max(entered, today.adding(1 - days))
        var counts: [BurndownHistory.Count] = []
        var day = first
        var open = changes.filter { $0.day < first }.reduce(0) { $0 + $1.delta }
        while day <= today {
            open += changes.filter { $0.day == day }.reduce(0) { $0 + $1.delta }
            counts.append(BurndownHistory.Count(day: day, open: open))
            day = day.adding(1)
        }
        return BurndownHistory(milestone: milestone, counts: counts)
    }

    public func activity(from first: Day, weeks: Int) async throws -> [ActivityReport.Week] {
        try takeFailure()
        var report = (0..<weeks).map { ActivityReport.Week(start: first.adding(Int64(7 * $0)), opened: 0, closed: 0) }
        for (number, timeline) in events where issues[number] != nil && trashedIssues[number] == nil {
            for event in timeline {
                let week = Int(Day(containing: event.createdAt).days(since: first) / 7)
                guard Day(containing: event.createdAt) >= first, week < weeks else { continue }
                switch event.kind {
                case .created: report[week].opened += 1
                case .closed, .closedAsDuplicate: report[week].closed += 1
                default: continue
                }
            }
        }
        return report
    }

    /// A timeline in time order, then the order written, with each event's place as written.
    private func ordered(_ timeline: [IssueEvent]) -> [(offset: Int, element: IssueEvent)] {
        timeline.enumerated().sorted { ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset) }
            .map { ($0.offset, $0.element) }
    }
}

extension IssueEvent.Kind {
    /// The milestone a `milestoned` or `demilestoned` event names.
    fileprivate var milestoneMove: MilestoneTitle? {
        switch self {
        case .milestoned(let title), .demilestoned(let title): title
        default: nil
        }
    }
}
