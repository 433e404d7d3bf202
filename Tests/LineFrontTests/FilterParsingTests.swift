import LineFront
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// `f label:bug milestone:"v1.0"` at the list's prompt, and what the list does with it.
@MainActor
@Suite struct FilterParsingTests {
    let me: Login

    init() throws {
        me = try Login("alice")
    }

    func filter(_ line: String) -> IssueFilter? {
        guard case .input(.filter(let filter)) = IssueListCommands.parse(line, current: IssueFilter(), me: me) else {
            return nil
        }
        return filter
    }

    @Test func labelsAndAQuotedMilestone() throws {
        let parsed = try #require(filter("f label:bug milestone:\"Sprint 3\" state:all"))
        #expect(parsed.labels == [try LabelName("bug")])
        #expect(parsed.milestone == .titled(try MilestoneTitle("Sprint 3")))
        #expect(parsed.state == .all)
        #expect(IssueListCommands.describe(parsed, me: me) == "state:all label:bug milestone:\"Sprint 3\"")
    }

    @Test func severalLabelsMeanAllOfThem() throws {
        let parsed = try #require(filter("f label:bug label:\"good first issue\" label:BUG"))
        #expect(parsed.labels == [try LabelName("bug"), try LabelName("good first issue")], "a repeat is dropped")
        #expect(
            IssueListCommands.describe(parsed, me: me) == "state:open label:bug label:\"good first issue\"")
    }

    @Test func milestoneNoneAndQuotesAroundTheWholeTerm() throws {
        #expect(filter("f milestone:none")?.milestone == MilestoneFilter.noMilestone)
        #expect(filter("f \"milestone:v1.0 beta\"")?.milestone == .titled(try MilestoneTitle("v1.0 beta")))
        #expect(filter("f assignee:@me milestone:v1.0")?.assignee == .user(me), "the older terms still work")
    }

    @Test(arguments: ["f milestone:\"v1.0", "f label:\"\"", "f milestone:\"\"", "f label:\"a\u{1B}b\""])
    func aBrokenValueIsAFailureNotAFilter(_ line: String) {
        guard case .input(.invalidFilter(let problem)) = IssueListCommands.parse(line, current: IssueFilter(), me: me)
        else {
            Issue.record("\(line) was not refused")
            return
        }
        #expect(!problem.description.isEmpty)
    }

    @Test func anUnknownLabelSaysTheSuggestionAndKeepsTheFilter() async throws {
        let users = InMemoryUserRepository([try User(login: me)])
        let issues = InMemoryIssueRepository(users: users)
        let labels = InMemoryLabelRepository(issues: issues)
        let milestones = InMemoryMilestoneRepository(issues: issues)
        _ = try await labels.create(try Label(name: LabelName("bug")))
        _ = try await milestones.create(title: try MilestoneTitle("v1.0"), description: "", dueOn: nil)
        _ = try await issues.create(try IssueDraft(title: "Crash", labels: [try LabelName("bug")]), author: me)
        _ = try await issues.create(try IssueDraft(title: "Typo"), author: me)
        let viewModel = IssueListViewModel(
            useCases: .init(list: ListIssues(issues: issues, labels: labels, milestones: milestones)), actor: me)
        await viewModel.send(.filter(try #require(filter("f label:bug"))))
        #expect(viewModel.output.issues.map(\.title) == ["Crash"])

        await viewModel.send(.filter(try #require(filter("f label:bgu"))))
        #expect(viewModel.output.failure == .unknownLabel(name: "bgu", suggestions: ["bug"]))
        #expect(viewModel.output.filter.labels == [try LabelName("bug")], "the previous filter stays")
        #expect(viewModel.output.issues.map(\.title) == ["Crash"])

        await viewModel.send(.filter(try #require(filter("f milestone:v1"))))
        #expect(viewModel.output.failure?.description.hasPrefix("no milestone 'v1': did you mean 'v1.0'?") == true)
        #expect(viewModel.output.filter.labels == [try LabelName("bug")])

        await viewModel.send(.filter(try #require(filter("f milestone:none"))))
        #expect(viewModel.output.issues.map(\.title) == ["Typo", "Crash"])
    }
}
