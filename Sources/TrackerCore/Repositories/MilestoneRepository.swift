/// Holds milestones with their issue counts, kept in step with the issues in the same transaction
/// as every change. Titles match ignoring case; a missing one is `.unknownMilestone`.
public protocol MilestoneRepository: Sendable {
    /// A title already taken (in any case) is refused.
    func create(title: MilestoneTitle, description: String, dueOn: Timestamp?) async throws -> Milestone
    /// Open milestones first (soonest due first, undated last), then closed ones; `state` nil is all.
    func list(state: MilestoneState?) async throws -> [Milestone]
    func milestone(titled title: MilestoneTitle) async throws -> Milestone
    func edit(_ title: MilestoneTitle, _ change: MilestoneChange) async throws -> Milestone
    /// Closing or reopening one already in that state is no change, not an error.
    func setState(of title: MilestoneTitle, to state: MilestoneState) async throws -> Milestone
    /// Takes the milestone off its issues (a `demilestoned` event on each, as `actor`) and deletes
    /// it, in one transaction.
    func delete(_ title: MilestoneTitle, actor: Login) async throws -> Milestone
    /// Existing titles close to `text`, nearest first.
    func suggestions(for text: String, limit: Int) async throws -> [MilestoneTitle]
}
