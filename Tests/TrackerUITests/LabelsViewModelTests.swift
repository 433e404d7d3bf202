import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct LabelsViewModelTests {
    let users: InMemoryAssigneeRepository
    let issues: InMemoryIssueRepository
    let alice: Login
    let viewModel: LabelsViewModel

    init() throws {
        alice = try Login("alice")
        users = InMemoryAssigneeRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        let organization = OrganizationUseCases(
            labels: InMemoryLabelRepository(issues: issues), milestones: InMemoryMilestoneRepository(issues: issues),
            users: users)
        viewModel = LabelsViewModel(useCases: organization, actor: alice)
    }

    @Test func createsLabelsWithAPickedOrAGivenColour() async throws {
        await viewModel.send(.appear)
        #expect(viewModel.output.labels.isEmpty)
        await viewModel.send(.create(.init(name: "bug")))
        #expect(viewModel.output.notice == "Created label 'bug'")
        await viewModel.send(.create(.init(name: "docs", color: "#0075CA", description: "Writing")))
        #expect(viewModel.output.labels.map(\.name.value) == ["bug", "docs"])
        #expect(viewModel.output.labels[0].color == LabelColor.picked(for: try LabelName("bug")))
        #expect(viewModel.output.labels[1].color.hex == "0075ca")
        #expect(viewModel.output.labels[1].description == "Writing")
    }

    @Test func aBadFieldIsAFailureAndCreatesNothing() async throws {
        await viewModel.send(.create(.init(name: "bug", color: "red")))
        #expect(viewModel.output.failure?.description.contains("is not a colour") == true)
        await viewModel.send(.create(.init(name: "   ")))
        #expect(viewModel.output.failure?.description == "invalid label name: cannot be empty")
        await viewModel.send(.create(.init(name: "BUG")))
        await viewModel.send(.create(.init(name: "bug")))
        #expect(viewModel.output.failure != nil, "names are unique ignoring case")
        #expect(viewModel.output.labels.count == 1)
    }

    @Test func editsOnlyWhatWasTyped() async throws {
        await viewModel.send(.create(.init(name: "bug", color: "d73a4a", description: "Broken")))
        await viewModel.send(.edit(try LabelName("bug"), .init(name: "defect")))
        #expect(viewModel.output.notice == "Edited label 'defect'")
        let label = try #require(viewModel.output.labels.first)
        #expect(label.name.value == "defect")
        #expect(label.color.hex == "d73a4a")
        #expect(label.description == "Broken")
        await viewModel.send(.edit(try LabelName("defect"), .init()))
        #expect(viewModel.output.notice == "No change to label 'defect'")
        #expect(viewModel.output.failure == nil)
    }

    @Test func deletingSaysHowManyIssuesLostIt() async throws {
        await viewModel.send(.create(.init(name: "bug")))
        _ = try await issues.create(try IssueDraft(title: "Crash", labels: [try LabelName("bug")]), author: alice)
        await viewModel.send(.delete(try LabelName("BUG")))
        #expect(viewModel.output.notice == "Deleted label 'bug' (taken off 1 issue)")
        #expect(viewModel.output.labels.isEmpty)
        #expect(await issues.all.first?.labels.isEmpty == true)
    }

    @Test func aLabelIsNamedByRowOrByName() async throws {
        await viewModel.send(.create(.init(name: "bug")))
        await viewModel.send(.create(.init(name: "good first issue")))
        #expect(viewModel.label("2")?.name.value == "good first issue")
        #expect(viewModel.label("BUG")?.name.value == "bug")
        #expect(viewModel.label("good") == nil)
        #expect(
            viewModel.output.failure == .unknownLabel(name: "good", suggestions: ["good first issue"]),
            "an unknown name suggests the closest labels")
        #expect(viewModel.label("9") == nil)
    }

    @Test func namesAreEscapedInNotices() async throws {
        await viewModel.send(.create(.init(name: "ok")))
        await viewModel.send(.unknown("zz\u{1B}]0;x\u{07}"))
        #expect(viewModel.output.notice == "Unknown command 'zz^[]0;x^G'.")
    }
}

@Suite struct LabelsCommandsTests {
    @Test func parsesEveryCommand() {
        #expect(LabelsCommands.parse("n") == .new)
        #expect(LabelsCommands.parse("e bug") == .edit("bug"))
        #expect(LabelsCommands.parse("e 2") == .edit("2"))
        #expect(LabelsCommands.parse("e \"good first issue\"") == .edit("good first issue"))
        #expect(LabelsCommands.parse("d good first issue") == .delete("good first issue"))
        #expect(LabelsCommands.parse("") == .refresh)
        #expect(LabelsCommands.parse("r") == .refresh)
        #expect(LabelsCommands.parse("?") == .help)
        #expect(LabelsCommands.parse("q") == .quit)
        #expect(LabelsCommands.parse("e") == .unknown("e"))
        #expect(LabelsCommands.parse("zap") == .unknown("zap"))
    }
}
