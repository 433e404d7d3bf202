/// How many of a milestone's issues were open at the end of each UTC day, as the timeline says
/// (`ProgressRepository.burndown`): from the first day an issue was in the milestone through today.
public struct BurndownHistory: Equatable, Sendable {
    public struct Count: Equatable, Sendable {
        public var day: Day
        public var open: Int64

        public init(day: Day, open: Int64) {
            self.day = day
            self.open = open
        }
    }

    public var milestone: Milestone
    /// One per day, in order, without gaps; empty when no issue has been in the milestone by today.
    public var counts: [Count]

    public init(milestone: Milestone, counts: [Count]) {
        self.milestone = milestone
        self.counts = counts
    }
}

/// `tracker milestone show`: the open issues per day beside the ideal line, from the first day an
/// issue was in the milestone to its due date, or to today when it has none or it has passed (so an
/// overrun shows). The ideal falls straight from the first day's open issues to 0 on the due date
/// (on today without one) and stays 0 after it; days after today have no count yet.
public struct Burndown: Equatable, Sendable {
    /// At most this many days are drawn, the last ones (ten years): due dates reach year 9999.
    public static let maximumDays: Int64 = 3_660

    public struct Point: Equatable, Sendable {
        public var day: Day
        /// nil for days after today.
        public var open: Int64?
        public var ideal: Double

        public init(day: Day, open: Int64?, ideal: Double) {
            self.day = day
            self.open = open
            self.ideal = ideal
        }
    }

    public var milestone: Milestone
    public var today: Day
    /// Empty when no issue has been in the milestone by today.
    public var points: [Point]

    public init(milestone: Milestone, today: Day, points: [Point]) {
        self.milestone = milestone
        self.today = today
        self.points = points
    }

    public init(_ history: BurndownHistory, today: Day) {
        guard let first = history.counts.first else {
            self.init(milestone: history.milestone, today: today, points: [])
            return
        }
        let due = history.milestone.dueOn.map(Day.init(containing:))
        let idealEnd = due ?? today
        let end = max(due ?? today, today)
        let start = max(first.day, end.adding(1 - Burndown.maximumDays))
        let counts = Dictionary(history.counts.map { ($0.day, $0.open) }, uniquingKeysWith: { _, last in last })
        let span = Double(max(0, idealEnd.days(since: first.day)))
        let startOpen = Double(first.open)
        var points: [Point] = []
        var day = start
        while day <= end {
            let left = Double(max(0, idealEnd.days(since: day)))
            let ideal = span == 0 ? 0 : startOpen * min(left, span) / span
            points.append(Point(day: day, open: day <= today ? counts[day] ?? 0 : nil, ideal: ideal))
            guard day < Day.last else { break }
            day = day.adding(1)
        }
        self.init(milestone: history.milestone, today: today, points: points)
    }
}

/// `tracker report`: issues opened (created) and closed in each week, Monday to Sunday UTC, the
/// last `weeks` weeks through the current one. Issues in the trash are left out, as every list leaves them.
public struct ActivityReport: Equatable, Sendable {
    public static let weeks = 12

    public struct Week: Equatable, Sendable {
        /// Its Monday.
        public var start: Day
        public var opened: Int64
        public var closed: Int64

        public init(start: Day, opened: Int64, closed: Int64) {
            self.start = start
            self.opened = opened
            self.closed = closed
        }
    }

    public var weeks: [Week]

    public init(weeks: [Week]) { self.weeks = weeks }
}
