import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The new-issue screen's labels and milestone: created with the issue, kept in the draft when
/// the issue cannot be created.
@MainActor
@Suite struct IssueCreatorOrganizationTests {
    @Test func labelsAndMilestoneAreCreatedWithTheIssueOrKeptInTheDraft() async throws {
        let users = InMemoryUserRepository([try User(login: Login("alice"))])
        let issues = InMemoryIssueRepository(users: users)
        let labels = InMemoryLabelRepository(issues: issues)
        let milestones = InMemoryMilestoneRepository(issues: issues)
        _ = try await labels.create(try Label(name: try LabelName("bug")))
        _ = try await milestones.create(title: try MilestoneTitle("v1.0"), description: "", dueOn: nil)
        let drafts = InMemoryDraftRepository()
        let viewModel = IssueCreatorViewModel(
            useCases: .init(
                create: CreateIssue(issues: issues, users: users, labels: labels, milestones: milestones),
                saveDraft: SaveDraft(drafts: drafts)),
            author: try Login("alice"))
        await viewModel.send(.title("Crash"))
        await viewModel.send(.labels([try LabelName("BUG"), try LabelName("bgu")]))
        await viewModel.send(.milestone(try MilestoneTitle("v1.0")))
        await viewModel.send(.confirm)
        #expect(viewModel.output.failure == .unknownLabel(name: "bgu", suggestions: ["bug"]))
        #expect(try drafts.load(.newIssue)?.labels == ["BUG", "bgu"])
        #expect(try drafts.load(.newIssue)?.milestone == "v1.0")

        await viewModel.send(.labels([try LabelName("bug")]))
        await viewModel.send(.confirm)
        let created = try #require(viewModel.output.created)
        #expect(created.labels.map(\.name.value) == ["bug"])
        #expect(created.milestone?.title.value == "v1.0")
    }
}
