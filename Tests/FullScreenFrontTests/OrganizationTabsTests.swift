import TerminalKit
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The Labels, Milestones and People tabs on the full screen: forms checked before they are
/// sent and kept when refused, a question before a deletion, and only the keys the session's
/// level allows.
@MainActor
@Suite struct OrganizationTabsTests {
    @Test func aLabelIsCreatedEditedAndDeletedWithFormsAndAQuestion() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run(
            [
                .press("2"), .press("n"), .text("bug"), .key(.tab), .text("zz"), .key(.tab), .text("Broken"), .enter,
                .key(.backTab), .key(.control(0x15)), .text("d73a4a"), .ctrlD,
                .press("e"), .key(.control(0x15)), .text("defect"), .ctrlD,
                .press("d"), .press("n"), .press("d"), .press("y"),
            ])
        #expect(screen.showed("! invalid color"), "the colour refused in the form")
        #expect(screen.showed("Colour (RRGGBB, empty picks one)  zz"), "and the form kept")
        #expect(screen.showed("Created label 'bug' (#d73a4a)"))
        #expect(screen.showed("▸ 1  bug"))
        #expect(screen.showed("Edited label 'defect'"))
        #expect(screen.showed("Delete label 'defect'? It is removed from every issue. [y/N]"))
        #expect(screen.shown.contains("Deleted label 'defect' (removed from 0 issues)"))
        #expect(try await fixture.labels.list(search: nil).isEmpty)
    }

    @Test func aNameTakenIsSaidInTheFormWithTheTextKept() async throws {
        let fixture = try await FullScreenFixture(issues: 0)
        _ = try await fixture.labels.create(try Label(name: LabelName("bug"), color: LabelColor("d73a4a")))
        let screen = await fixture.run([.press("2"), .press("n"), .text("BUG"), .ctrlD])
        let last = screen.everyFrame.last ?? ""
        #expect(last.contains("Name                              BUG"), "\(last)")
        #expect(last.contains("! "), "the refusal is in the form:\n\(last)")
    }

    @Test func aMilestoneIsCreatedAndEnterShowsItsIssuesWithEscapeBack() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run(
            [
                .press("3"), .press("n"), .text("Sprint 1"), .key(.tab), .text("2030-13-01"), .ctrlD,
                .key(.control(0x15)), .text("2030-12-01"), .ctrlD, .enter, .escape, .press("x"),
            ])
        #expect(screen.showed("Due date (YYYY-MM-DD, empty for none)  2030-13-01"))
        #expect(screen.showed("Created milestone 'Sprint 1' (#1)"))
        #expect(screen.showed("Issues · state:all milestone:\"Sprint 1\" · page 1"))
        #expect(screen.showed("1 Issues  2 Labels  [3 Milestones]  4 People\nIssues"))
        #expect(screen.shown.contains("Closed milestone 'Sprint 1'"))
    }

    @Test func aUserIsAddedOnThePeopleTab() async throws {
        let fixture = try await FullScreenFixture(issues: 0)
        let screen = await fixture.run([
            .press("4"), .press("n"), .text("carol"), .key(.tab), .text("Carol King"), .enter,
        ])
        #expect(screen.shown.contains("Added user carol"))
        #expect(screen.shown.contains { $0.contains("carol  Carol King") })
    }

    @Test func aReaderSeesOnlyTheKeysTheLevelAllowsAndIsToldWhyOthersAreRefused() async throws {
        let fixture = try await FullScreenFixture(issues: 1)
        let screen = await fixture.run(
            [.press("x"), .enter, .press("e"), .escape, .press("2"), .press("n")], level: .read)
        let list = try #require(screen.everyFrame.first)
        #expect(list.contains("Enter open") && !list.contains("x close") && !list.contains("n new"), "\(list)")
        #expect(list.contains("(you have read; other keys need triage)"))
        #expect(screen.showed("! alice has read on this tracker; closing issues needs triage"))
        #expect(screen.showed("! alice has read on this tracker; editing an issue's title and body needs write"))
        #expect(screen.shown.contains("! alice has read on this tracker; creating a label needs maintain"))
        #expect(!screen.showed("New label"), "the form never opened")
        #expect(try await fixture.issue(1).state == .open)
    }
}
