import TerminalKit
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// Every action of the issue screens with the keys: create, edit, comment, close and reopen,
/// and the pickers as checklists (arrows and Space), each saved through the same view models
/// as on the line front.
@MainActor
@Suite struct IssueActionsTests {
    @Test func nCreatesAnIssueFromATitleAndABodyTyped() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run(
            [.press("n"), .text("Crash on save"), .enter, .text("Steps:"), .enter, .text("1. save"), .ctrlD, .enter])
        #expect(screen.showed("Title: Crash on save"))
        #expect(screen.showed("Enter or y create"), "the draft is shown to confirm before it is created")
        let created = try await fixture.issue(2)
        #expect(created.title == "Crash on save")
        #expect(created.body == "Steps:\n1. save")
        #expect(screen.shown.contains("Created issue #2"), "the list says it, in the line front's words")
    }

    @Test func aRefusedTitleIsSaidAndWhatWasTypedStays() async throws {
        let fixture = try await FullScreenFixture(issues: 0)
        let screen = await fixture.run(
            [.press("n"), .text("   "), .enter, .key(.home), .text("Fixed"), .enter, .ctrlD, .escape])
        #expect(screen.showed("! invalid title"), "\(screen.everyFrame.joined(separator: "\n---\n"))")
        #expect(screen.showed("Title: Fixed   "), "the spaces typed are still there, Home went before them")
        #expect(screen.shown.contains("Cancelled: nothing was written."))
        #expect(try await fixture.issues.list(IssueFilter()).isEmpty)
    }

    @Test func theDraftIsConfirmedWithLabelsAndAMilestoneChosenOnChecklists() async throws {
        let fixture = try await FullScreenFixture(issues: 0)
        _ = try await fixture.labels.create(try Label(name: LabelName("bug"), color: LabelColor("d73a4a")))
        _ = try await fixture.labels.create(try Label(name: LabelName("ui"), color: LabelColor("1d76db")))
        _ = try await fixture.milestones.create(title: MilestoneTitle("v1.0"), description: "", dueOn: nil)
        let screen = await fixture.run(
            [
                .press("n"), .text("Menu"), .enter, .ctrlD,
                .press("l"), .down, .space, .enter,
                .press("m"), .space, .enter,
                .press("a"), .space, .enter,
                .enter,
            ])
        #expect(screen.showed("[ ] bug") && screen.showed("[x] ui"))
        #expect(screen.showed("Labels: added ui"))
        #expect(screen.showed("Milestone: added v1.0"))
        let created = try await fixture.issue(1)
        #expect(created.labels.map(\.name.value) == ["ui"])
        #expect(created.milestone?.title.value == "v1.0")
        #expect(created.assignees == [fixture.alice])
    }

    /// However many keys the level allows, the way back stays on the status line of a narrow screen.
    @Test func theIssueScreensStatusLineStartsWithTheWayBack() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run([.enter], size: TerminalSize(columns: 60, rows: 20))
        let statusLines = screen.everyFrame.compactMap { $0.split(separator: "\n").last.map(String.init) }
        let issueScreen = statusLines.filter { $0.contains("e edit") }
        #expect(
            !issueScreen.isEmpty && issueScreen.allSatisfy { $0.hasPrefix("Esc back · ↑↓ scroll") }, "\(statusLines)")
    }

    @Test func eEditsTheTitleAndBodyInPlace() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run(
            [.enter, .press("e"), .key(.home), .text("Fix: "), .enter, .text("Now with a body"), .ctrlD, .escape])
        #expect(screen.showed("Title: Issue 1"), "the title as it is, to edit")
        #expect(screen.showed("Edited issue #1"))
        let edited = try await fixture.issue(1)
        #expect(edited.title == "Fix: Issue 1")
        #expect(edited.body == "Now with a body")
    }

    @Test func theEditorOfThePersonIsRunWithTheirTerminalBack() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run(
            [.enter, .press("e"), .press("c"), .escape],
            editBody: { text in text.replacingOccurrences(of: "Issue", with: "Bug") + "more\n" })
        #expect(screen.suspensions == 2)
        #expect(try await fixture.issue(1).title == "Bug 1")
        let comments = try await fixture.issues.details(of: IssueNumber(1)).comments
        #expect(comments.map(\.body) == ["more"])
    }

    @Test func cCommentsAndAnEmptyCommentIsRefusedKeepingNothingLost() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run(
            [.enter, .press("c"), .ctrlD, .text("Looks like a race"), .enter, .text("in save()"), .ctrlD, .escape])
        #expect(screen.showed("! invalid comment"), "\(screen.everyFrame.last ?? "")")
        #expect(screen.showed("Commented on issue #1"))
        let comments = try await fixture.issues.details(of: IssueNumber(1)).comments
        #expect(comments.map(\.body) == ["Looks like a race\nin save()"])
    }

    @Test func xClosesOReopensAndXShiftClosesAsNotPlanned() async throws {
        let fixture = try await FullScreenFixture(issues: 2)
        let screen = await fixture.run(
            [
                .press("x"), .press("f"), .key(.control(0x15)), .text("state:all"), .enter, .enter, .press("o"),
                .press("X"), .escape,
            ])
        #expect(screen.showed("Closed issue #2 as completed"))
        #expect(screen.showed("Reopened issue #2"))
        #expect(screen.showed("Closed issue #2 as not planned"))
        #expect(try await fixture.issue(2).state == .closed)
        #expect(try await fixture.issue(2).stateReason == .notPlanned)
    }

    @Test func aAssignsWithTheChecklistSearchingAsLettersAreTyped() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run([.press("a"), .space, .text("bo"), .enter, .space, .enter])
        #expect(screen.showed("[x] alice"))
        #expect(screen.showed("Search: bo"))
        #expect(screen.showed("[x] bob"))
        #expect(screen.shown.contains("Assigned alice, bob to #1"), "\(screen.shown)")
        #expect(try await fixture.issue(1).assignees == [fixture.alice, fixture.bob])
    }

    @Test func escapeLeavesAPickerWithNothingChanged() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        await fixture.run([.enter, .press("a"), .space, .escape, .escape])
        #expect(try await fixture.issue(1).assignees.isEmpty)
    }
}
