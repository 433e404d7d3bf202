/// Progress over time, read from the timeline (`issue_events`), so imported history counts with
/// the times the file gave it.
public protocol ProgressRepository: Sendable {
    /// The milestone and its open issues at the end of each day, from the first day an issue was
    /// in it (at most `days` days before `today`) through `today`. An issue counts while it is open,
    /// in the milestone and not in the trash, each as its events say (created, closed, reopened,
    /// milestoned, demilestoned, deleted, restored). A missing milestone is `.unknownMilestone`.
    func burndown(of title: MilestoneTitle, through today: Day, days: Int64) async throws -> BurndownHistory
    /// Issues created and closed (each `closed` event) in each of `weeks` weeks starting on the
    /// Monday `first`; issues in the trash are left out.
    func activity(from first: Day, weeks: Int) async throws -> [ActivityReport.Week]
}
