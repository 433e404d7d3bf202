import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The tab bar and the organization screens, driven through the root on a scripted terminal.
@MainActor
@Suite struct TabCoordinatorTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login

    init() async throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice), try User(login: Login("bob"))])
        issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "Crash on start"), author: alice)
    }

    var labels: InMemoryLabelRepository { InMemoryLabelRepository(issues: issues) }
    var milestones: InMemoryMilestoneRepository { InMemoryMilestoneRepository(issues: issues) }

    func run(_ script: [String]) async -> ScriptedTerminal {
        let terminal = ScriptedTerminal(script: script)
        let screens = ScreenFactory.wiring(
            actor: alice, issues: issues, users: users, drafts: InMemoryDraftRepository(), terminal: terminal)
        let app = screens.app()
        await app.start()
        #expect(app.childCoordinators.isEmpty, "every tab is removed from the children once it ends")
        return terminal
    }

    @Test func numbersSwitchTabsFromEveryTabsPrompt() async throws {
        let terminal = await run(["2", "3", "4", "1", "q"])
        #expect(terminal.prompts == ["tracker> ", "labels> ", "milestones> ", "people> ", "tracker> "])
        #expect(terminal.output.contains("[1 Issues]  2 Labels  3 Milestones  4 People"))
        #expect(terminal.output.contains("1 Issues  [2 Labels]  3 Milestones  4 People"))
        #expect(terminal.output.contains("1 Issues  2 Labels  [3 Milestones]  4 People"))
        #expect(terminal.output.contains("1 Issues  2 Labels  3 Milestones  [4 People]"))
    }

    @Test func tabNamesSwitchTooAndAnUnknownNameIsSaid() async throws {
        let terminal = await run(["tab people", "TAB lab", "tab zz", "tab Iss", "q"])
        #expect(terminal.prompts == ["tracker> ", "people> ", "labels> ", "labels> ", "tracker> "])
        #expect(terminal.output.contains("No tab named 'zz': 1 Issues, 2 Labels, 3 Milestones, 4 People"))
    }

    @Test(arguments: [["2", "q"], ["3", "q"], ["4", "q"], ["2"], ["3", "v nothing", "q"]])
    func quittingFromAnyTabLeavesTheApp(_ script: [String]) async throws {
        let terminal = await run(script)
        #expect(terminal.prompts.count == script.count + (script.last == "q" ? 0 : 1))
    }

    @Test func theIssueTabKeepsItsFilterAcrossASwitch() async throws {
        let terminal = await run(["f state:closed", "2", "1", "q"])
        let back = try #require(terminal.output.range(of: "1 Issues  [2 Labels]", options: .backwards))
        #expect(terminal.output[back.upperBound...].contains("Issues · state:closed · page 1"))
    }

    @Test func labelsAreCreatedEditedAndDeletedFromTheirTab() async throws {
        _ = try await labels.create(try Label(name: LabelName("docs")))
        let terminal = await run([
            "2", "n", "bug", "", "Something \u{1B}[31mbroken", "n", "bug", "d73a4a", "Something broken",
            "e 1", "defect", "", "", "d docs", "n", "d docs", "y", "q",
        ])
        #expect(terminal.output.contains("! invalid description: control characters are not allowed"))
        #expect(terminal.output.contains("Created label 'bug'"))
        #expect(terminal.prompts.contains("Name [Enter keeps 'bug']: "), "row 1 is bug: labels are sorted by name")
        #expect(terminal.output.contains("Edited label 'defect'"))
        #expect(terminal.output.contains("Cancelled: nothing was written."), "deleting asks first; N keeps it")
        #expect(terminal.output.contains("Deleted label 'docs'"))
        #expect(terminal.output.contains("1  defect  #d73a4a  Something broken"))
        #expect(try await labels.list(search: nil).map(\.name.value) == ["defect"])
    }

    @Test func anUnknownLabelIsOneLineWithASuggestion() async throws {
        _ = try await labels.create(try Label(name: LabelName("bug")))
        let terminal = await run(["2", "e bugg", "q"])
        #expect(terminal.output.contains("! no label 'bugg': did you mean 'bug'?"))
        #expect(terminal.prompts == ["tracker> ", "labels> ", "labels> "], "no field is asked")
    }

    @Test func aMilestonesIssuesOpenAndBComesBack() async throws {
        _ = try await milestones.create(title: try MilestoneTitle("Sprint 3"), description: "", dueOn: nil)
        _ = try await issues.create(
            try IssueDraft(title: "In the sprint", milestone: try MilestoneTitle("Sprint 3")), author: alice)
        let terminal = await run(["3", "v 1", "b", "q"])
        #expect(terminal.prompts == ["tracker> ", "milestones> ", "tracker> ", "milestones> "])
        let list = try #require(terminal.output.range(of: "Issues · state:all milestone:\"Sprint 3\" · page 1"))
        let shown = terminal.output[list.upperBound...]
        #expect(shown.contains("In the sprint"))
        #expect(!shown.prefix(while: { $0 != "b" }).contains("Crash on start"), "only the milestone's issues")
        #expect(shown.contains("b back to the milestones"))
        #expect(shown.contains("Sprint 3  open   1     0       0%"), "back on the Milestones tab")
    }

    @Test func aTabSwitchFromAMilestonesIssuesGoesStraightThere() async throws {
        _ = try await milestones.create(title: try MilestoneTitle("v1.0"), description: "", dueOn: nil)
        let terminal = await run(["3", "v v1.0", "4", "q"])
        #expect(terminal.prompts == ["tracker> ", "milestones> ", "tracker> ", "people> "])
    }

    @Test func milestonesAreCreatedClosedAndReopened() async throws {
        let terminal = await run(["3", "n", "v1.0", "2030-01-31", "", "c 1", "o v1.0", "q"])
        #expect(terminal.output.contains("Created milestone 'v1.0'"))
        #expect(terminal.output.contains("Closed milestone 'v1.0'"))
        #expect(terminal.output.contains("Reopened milestone 'v1.0'"))
        #expect(terminal.output.contains("2030-01-31"))
    }

    @Test func peopleAreListedAndAdded() async throws {
        await users.setOpenAssignments([alice: 2])
        let terminal = await run(["4", "n carol Carol C", "q"])
        #expect(terminal.output.contains("alice  "))
        #expect(terminal.output.contains("Added user carol"))
        #expect(terminal.output.contains("carol  Carol C  0"))
    }

    @Test func theLabelPickerOnAnIssueSavesThroughEditIssuesAndSaysWhatChanged() async throws {
        _ = try await labels.create(try Label(name: LabelName("bug")))
        _ = try await labels.create(try Label(name: LabelName("ui")))
        let terminal = await run(["v 1", "l", "2", "", "b", "q"])
        #expect(terminal.prompts.contains("pick labels> "))
        #expect(terminal.output.contains("  2. [ ] ui"))
        #expect(terminal.output.contains("Labels of issue #1: added ui"))
        #expect(terminal.output.contains("alice added the \"ui\" label"), "the timeline shows the saved edit")
        #expect(await issues.all.first?.labels.map(\.name.value) == ["ui"])
    }

    @Test func theMilestonePickerOnAnIssueSetsAndRemovesIt() async throws {
        _ = try await milestones.create(title: try MilestoneTitle("v1.0"), description: "", dueOn: nil)
        let terminal = await run(["v 1", "m", "1", "done", "m", "1", "done", "m", ":q", "b", "q"])
        #expect(terminal.output.contains("Milestone of issue #1: added v1.0"))
        #expect(terminal.output.contains("Milestone of issue #1: removed v1.0"))
        #expect(terminal.output.contains("Milestone of issue #1 unchanged"))
        #expect(await issues.all.first?.milestone == nil)
    }

    @Test func theCreatorChoosesLabelsAndAMilestoneBeforeConfirming() async throws {
        _ = try await labels.create(try Label(name: LabelName("bug")))
        _ = try await milestones.create(title: try MilestoneTitle("v1.0"), description: "", dueOn: nil)
        let terminal = await run(["n", "Second", ".", "n", "l", "1", "", "m", "1", "", "y", "q"])
        #expect(terminal.output.contains("Labels: added bug"))
        #expect(terminal.output.contains("Milestone: added v1.0"))
        #expect(terminal.output.contains("Labels:    bug\nMilestone: v1.0"))
        let created = try #require(await issues.all.last)
        #expect(created.labels.map(\.name.value) == ["bug"])
        #expect(created.milestone?.title.value == "v1.0")
    }
}
