import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The label and milestone pickers over the one Picker component.
@MainActor
@Suite struct ChoiceViewModelTests {
    let issues: InMemoryIssueRepository
    let screens: ScreenFactory
    let alice: Login
    let one: IssueNumber

    init() async throws {
        alice = try Login("alice")
        let users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        screens = .wiring(
            actor: alice, issues: issues, users: users, drafts: InMemoryDraftRepository(), terminal: ScriptedTerminal())
        let labels = InMemoryLabelRepository(issues: issues)
        for name in ["bug", "docs", "ui"] { _ = try await labels.create(try Label(name: LabelName(name))) }
        let milestones = InMemoryMilestoneRepository(issues: issues)
        for title in ["v1.0", "v2.0"] {
            _ = try await milestones.create(title: MilestoneTitle(title), description: "", dueOn: nil)
        }
        one = try IssueNumber(1)
        _ = try await issues.create(try IssueDraft(title: "Crash", labels: [try LabelName("docs")]), author: alice)
    }

    func names(_ texts: String...) throws -> [LabelName] { try texts.map { try LabelName($0) } }

    @Test func labelsOfAnIssueAreToggledAndSavedAsOneEdit() async throws {
        let viewModel = screens.labelChoices(.issue(one))
        await viewModel.send(.appear)
        #expect(viewModel.output.picker.selected == (try names("docs")))
        #expect(viewModel.output.picker.choices == (try names("docs", "bug", "ui")), "the choice first")
        await viewModel.send(.pick(.toggle(2)))
        await viewModel.send(.pick(.toggle(1)))
        #expect(viewModel.output.picker.choices.count == 3, "numbers stay put while toggling")
        let route = await viewModel.send(.pick(.done))
        guard case .finished(let change?) = route else {
            Issue.record("not finished: \(String(describing: route))")
            return
        }
        #expect(change.added == (try names("bug")))
        #expect(change.removed == (try names("docs")))
        #expect(await issues.all.first?.labels.map(\.name) == (try names("bug")))
    }

    /// `none`: every choice unticked (the numbers stay), and done saves that.
    @Test func noneUnticksEveryChoiceAndDoneSavesIt() async throws {
        let viewModel = screens.labelChoices(.issue(one))
        await viewModel.send(.appear)
        await viewModel.send(.pick(.clear))
        #expect(viewModel.output.notice == .cleared && viewModel.output.picker.selected.isEmpty)
        #expect(viewModel.output.picker.choices.count == 3, "the numbers stay")
        let route = await viewModel.send(.pick(.done))
        guard case .finished(let change?) = route else {
            Testing.Issue.record("\(String(describing: route))")
            return
        }
        #expect(change.removed == (try names("docs")) && change.added.isEmpty)
        #expect(await issues.all.first?.labels.isEmpty == true)
    }

    @Test func searchingNarrowsTheCandidates() async throws {
        let viewModel = screens.labelChoices(.issue(one))
        await viewModel.send(.appear)
        await viewModel.send(.pick(.search("u")))
        #expect(viewModel.output.picker.choices == (try names("docs", "bug", "ui")))
        await viewModel.send(.pick(.search("zzz")))
        #expect(viewModel.output.notice == .noMatch("zzz"))
        await viewModel.send(.pick(.toggle(4)))
        #expect(viewModel.output.notice == .outOfRange(1))
    }

    @Test func cancellingSavesNothing() async throws {
        let viewModel = screens.labelChoices(.issue(one))
        await viewModel.send(.appear)
        await viewModel.send(.pick(.toggle(2)))
        #expect(await viewModel.send(.pick(.cancel)) == .finished(nil))
        #expect(await issues.all.first?.labels.map(\.name) == (try names("docs")))
    }

    @Test func aMilestoneIsAtMostOneAndNoneRemovesIt() async throws {
        let viewModel = screens.milestoneChoices(.issue(one))
        await viewModel.send(.appear)
        #expect(viewModel.output.picker.choices.map(\.value) == ["v1.0", "v2.0"])
        await viewModel.send(.pick(.toggle(1)))
        await viewModel.send(.pick(.toggle(2)))
        #expect(viewModel.output.notice == .full(1))
        await viewModel.send(.pick(.done))
        #expect(await issues.all.first?.milestone?.title.value == "v1.0")

        let again = screens.milestoneChoices(.issue(one))
        await again.send(.appear)
        #expect(again.output.picker.selected.map(\.value) == ["v1.0"])
        await again.send(.pick(.toggle(1)))
        let route = await again.send(.pick(.done))
        guard case .finished(let change?) = route else {
            Issue.record("not finished: \(String(describing: route))")
            return
        }
        #expect(change.removed.map(\.value) == ["v1.0"] && change.added.isEmpty)
        #expect(await issues.all.first?.milestone == nil, "choosing none removes the milestone")
    }

    @Test func aDraftsChoiceIsHandedBackNotSaved() async throws {
        let viewModel = screens.labelChoices(.draft(try names("ui")))
        await viewModel.send(.appear)
        #expect(viewModel.output.picker.choices == (try names("ui", "bug", "docs")))
        await viewModel.send(.pick(.toggle(2)))
        #expect(
            await viewModel.send(.pick(.done))
                == .finished(ChoiceChange(original: try names("ui"), chosen: try names("ui", "bug"))))
        #expect(await issues.all.first?.labels.map(\.name) == (try names("docs")))
    }

    @Test func noChangeSaysSoAndWritesNothing() async throws {
        let before = try await issues.details(of: one).events
        let viewModel = screens.labelChoices(.issue(one))
        await viewModel.send(.appear)
        let route = await viewModel.send(.pick(.done))
        #expect(route == .finished(ChoiceChange(original: try names("docs"), chosen: try names("docs"))))
        #expect(try await issues.details(of: one).events == before, "nothing was saved")
    }
}
