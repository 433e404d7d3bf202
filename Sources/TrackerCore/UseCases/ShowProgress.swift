/// `tracker milestone show` (a milestone's burndown) and `tracker report` (opened and closed per week).
public struct ShowProgress: Sendable {
    private let progress: any ProgressRepository
    private let milestones: any MilestoneRepository
    private let today: @Sendable () -> Day

    public init(
        progress: any ProgressRepository, milestones: any MilestoneRepository,
        today: @escaping @Sendable () -> Day = { Day(containing: .now()) }
    ) {
        self.progress = progress
        self.milestones = milestones
        self.today = today
    }

    /// An unknown title is `.unknownMilestone` with the closest titles.
    public func burndown(of title: MilestoneTitle) async throws -> Burndown {
        let today = today()
        let history = try await KnownNames(milestones: milestones).explaining {
            try await progress.burndown(of: title, through: today, days: Burndown.maximumDays)
        }
        return Burndown(history, today: today)
    }

    /// The last `ActivityReport.weeks` weeks through the current one.
    public func report() async throws -> ActivityReport {
        let first = today().monday.adding(Int64(-7 * (ActivityReport.weeks - 1)))
        return ActivityReport(weeks: try await progress.activity(from: first, weeks: ActivityReport.weeks))
    }
}
