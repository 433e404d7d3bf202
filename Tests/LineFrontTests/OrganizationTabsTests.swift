import Foundation
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@testable import LineFront

/// What the Labels, Milestones and People tabs read: their commands, a row or a name, and the
/// fields typed at their prompts; and how they draw.
@MainActor
@Suite struct OrganizationTabsTests {
    @Test func labelsCommandsAreRead() {
        #expect(LabelsCommands.parse("n") == .new)
        #expect(LabelsCommands.parse("e bug") == .act(.edit, reference: "bug"))
        #expect(LabelsCommands.parse("e 2") == .act(.edit, reference: "2"))
        #expect(LabelsCommands.parse("e \"good first issue\"") == .act(.edit, reference: "good first issue"))
        #expect(LabelsCommands.parse("d good first issue") == .act(.delete, reference: "good first issue"))
        #expect(LabelsCommands.parse("") == .refresh)
        #expect(LabelsCommands.parse("r") == .refresh)
        #expect(LabelsCommands.parse("?") == .help)
        #expect(LabelsCommands.parse("q") == .quit)
        #expect(LabelsCommands.parse("e") == .unknown("e"))
        #expect(LabelsCommands.parse("zap") == .unknown("zap"))
    }

    @Test func milestonesCommandsAreRead() {
        #expect(MilestonesCommands.parse("n") == .new)
        #expect(MilestonesCommands.parse("v 1") == .act(.issues, reference: "1"))
        #expect(MilestonesCommands.parse("v \"Sprint 3\"") == .act(.issues, reference: "Sprint 3"))
        #expect(MilestonesCommands.parse("c v1.0") == .act(.close, reference: "v1.0"))
        #expect(MilestonesCommands.parse("o v1.0") == .act(.reopen, reference: "v1.0"))
        #expect(MilestonesCommands.parse("q") == .quit)
        #expect(MilestonesCommands.parse("v") == .unknown("v"))
    }

    @Test func peopleCommandsAreRead() {
        #expect(PeopleCommands.parse("n carol") == .add(login: "carol", name: ""))
        #expect(PeopleCommands.parse("n carol Carol de Vries") == .add(login: "carol", name: "Carol de Vries"))
        #expect(PeopleCommands.parse("n") == .unknown("n"))
        #expect(PeopleCommands.parse("q") == .quit)
        #expect(PeopleCommands.parse("") == .refresh)
    }

    @Test func aRowIsFoundByNumberOrNameAndAnUnknownOneSuggestsTheClosest() throws {
        let labels = try ["bug", "good first issue"].map { try Label(name: LabelName($0)) }
        func find(_ reference: String) -> Result<Label, TrackerError> {
            ShownRows.find(reference, in: labels, name: \.name.value, unknown: TrackerError.unknownLabel)
        }
        #expect(try find("2").get().name.value == "good first issue")
        #expect(try find("BUG").get().name.value == "bug")
        #expect(find("good") == .failure(.unknownLabel(name: "good", suggestions: ["good first issue"])))
        #expect((try? find("9").get()) == nil)
    }

    @Test func fieldsTypedAtTheTabsPromptsKeepTheirRules() throws {
        #expect(throws: TrackerError.self) { try LabelsCommands.newLabel(name: "bug", color: "red", description: "") }
        #expect(
            throws: TrackerError.invalidInput(field: "label name", rule: "cannot be empty"),
            performing: { try LabelsCommands.newLabel(name: "   ", color: "", description: "") })
        let picked = try LabelsCommands.newLabel(name: "bug", color: " ", description: "")
        #expect(picked.color == LabelColor.picked(for: try LabelName("bug")), "Enter picks a colour")
        #expect(try LabelsCommands.change(name: "", color: " ", description: "") == nil, "Enter keeps every field")
        #expect(try LabelsCommands.change(name: "defect", color: "", description: "")?.name?.value == "defect")
        do {
            _ = try MilestonesCommands.create(title: "v1.0", due: "March", description: "")
            Issue.record("a due date that is not one is refused")
        } catch {
            #expect("\(error)".contains("is not a date such as 2026-12-31"))
        }
        #expect(
            throws: TrackerError.invalidInput(field: "milestone title", rule: "cannot be empty"),
            performing: { try MilestonesCommands.create(title: "", due: "", description: "") })
    }

    @Test func theMilestonesTabShowsProgressAndOverdueDates() throws {
        var output = MilestonesViewModel.Output()
        output.items = [
            Milestone(
                number: try MilestoneNumber(1), title: try MilestoneTitle("v1.0"),
                dueOn: try DueDate.parse("2026-03-01"), openIssues: 3, closedIssues: 1)
        ]
        let terminal = ScriptedTerminal()
        MilestonesView(now: { Timestamp(iso8601: "2026-04-01T00:00:00Z") ?? .minimum }).render(output, to: terminal)
        #expect(terminal.output.contains("1 Issues  2 Labels  [3 Milestones]  4 People"))
        #expect(terminal.output.contains("1  v1.0   open   3     1       25%   2026-03-01 overdue"))
    }

    @Test func thePeopleTabShowsEachUsersOpenAssignments() throws {
        var output = PeopleViewModel.Output()
        output.people = [UserWorkload(user: try User(login: Login("alice"), name: "Alice A"), openAssignments: 3)]
        let terminal = ScriptedTerminal()
        PeopleView().render(output, to: terminal)
        #expect(terminal.output.contains("1 Issues  2 Labels  3 Milestones  [4 People]"))
        #expect(terminal.output.contains("alice  Alice A  3"))
    }
}
