import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct LabelsViewModelTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login
    let viewModel: LabelsViewModel

    init() throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        viewModel = LabelsViewModel(labels: ManageLabels(labels: InMemoryLabelRepository(issues: issues)), actor: alice)
    }

    func label(_ name: String, color: String? = nil, description: String = "") throws -> Label {
        try Label(name: LabelName(name), color: color.map { try LabelColor($0) }, description: description)
    }

    @Test func createsLabelsWithAPickedOrAGivenColour() async throws {
        await viewModel.send(.appear)
        #expect(viewModel.output.items.isEmpty)
        await viewModel.send(.create(try label("bug")))
        guard case .created(let bug)? = viewModel.output.notice else {
            Issue.record("expected a created label, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(bug.name.value == "bug")
        await viewModel.send(.create(try label("docs", color: "#0075CA", description: "Writing")))
        #expect(viewModel.output.items.map(\.name.value) == ["bug", "docs"])
        #expect(viewModel.output.items[0].color == LabelColor.picked(for: try LabelName("bug")))
        #expect(viewModel.output.items[1].color.hex == "0075ca")
        #expect(viewModel.output.items[1].description == "Writing")
    }

    @Test func aTakenNameOrABadFieldIsAFailureAndCreatesNothing() async throws {
        await viewModel.send(.appear)
        await viewModel.send(.invalid(.invalidInput(field: "color", rule: "'red' is not a colour")))
        #expect(viewModel.output.failure?.description.contains("is not a colour") == true)
        await viewModel.send(.create(try label("BUG")))
        await viewModel.send(.create(try label("bug")))
        #expect(viewModel.output.failure != nil, "names are unique ignoring case")
        #expect(viewModel.output.items.count == 1)
    }

    @Test func editsOnlyWhatWasTyped() async throws {
        await viewModel.send(.appear)
        await viewModel.send(.create(try label("bug", color: "d73a4a", description: "Broken")))
        await viewModel.send(.edit(try LabelName("bug"), try LabelChange(name: LabelName("defect"))))
        guard case .edited(let edited)? = viewModel.output.notice else {
            Issue.record("expected an edited label, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(edited.name.value == "defect")
        let shown = try #require(viewModel.output.items.first)
        #expect(shown.name.value == "defect")
        #expect(shown.color.hex == "d73a4a")
        #expect(shown.description == "Broken")
        await viewModel.send(.keep(try LabelName("defect")))
        #expect(viewModel.output.notice == .unchanged(try LabelName("defect")))
        #expect(viewModel.output.failure == nil)
    }

    @Test func deletingSaysHowManyIssuesLostIt() async throws {
        await viewModel.send(.appear)
        await viewModel.send(.create(try label("bug")))
        _ = try await issues.create(try IssueDraft(title: "Crash", labels: [try LabelName("bug")]), author: alice)
        await viewModel.send(.delete(try LabelName("BUG")))
        guard case .deleted(let deleted, issues: 1)? = viewModel.output.notice else {
            Issue.record("expected a deletion from one issue, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(deleted.name.value == "bug")
        #expect(viewModel.output.items.isEmpty)
        #expect(await issues.all.first?.labels.isEmpty == true)
    }

    /// `tracker label …`: one query each; the list is loaded only when it was asked for.
    @Test func aCommandWithoutTheListLoadsNoList() async throws {
        await viewModel.send(.create(try label("bug")))
        await viewModel.send(.create(try label("docs", description: "Writing")))
        #expect(viewModel.output.items.isEmpty)
        await viewModel.send(.list(search: "writ"))
        #expect(viewModel.output.items.map(\.name.value) == ["docs"])
        #expect(viewModel.output.query == "writ")
    }

    @Test func anUnknownCommandIsSaidAsTyped() async throws {
        await viewModel.send(.unknown("zz\u{1B}]0;x\u{07}"))
        #expect(viewModel.output.notice == .unknownCommand("zz\u{1B}]0;x\u{07}"))
    }
}
