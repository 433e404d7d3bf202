import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@testable import LineFront

/// The words for what the view models report: one wording for one fact, wherever it is said.
@Suite struct WordingTests {
    let alice = try! Login("alice")

    func issue(_ number: Int64, state: IssueState = .open) throws -> TrackerCore.Issue {
        TrackerCore.Issue(
            number: try IssueNumber(number), title: "Crash", body: "", state: state, author: alice,
            createdAt: .minimum, updatedAt: .minimum)
    }

    @Test func theListSaysWhatItsLastActionDid() throws {
        #expect(IssueListView.describe(.noIssues(.open)) == "No open issues.")
        #expect(IssueListView.describe(.noIssues(.closed)) == "No closed issues.")
        #expect(IssueListView.describe(.noIssues(.all)) == "No issues.")
        #expect(IssueListView.describe(.lastPage) == "This is the last page.")
        #expect(IssueListView.describe(.firstPage) == "This is the first page.")
        #expect(IssueListView.describe(.pagesNeedCreatedOrder).contains("sort:created"))
        let two = try issue(2, state: .closed)
        #expect(
            IssueListView.describe(.stateChanged([.changed(two)], closing: .completed))
                == "Closed issue #2 as completed")
        #expect(
            IssueListView.describe(.stateChanged([.unchanged(two)], closing: .completed))
                == "Issue #2 is already closed")
        #expect(IssueListView.describe(.stateChanged([.changed(try issue(2))], closing: nil)) == "Reopened issue #2")
        #expect(
            IssueListView.describe(.unknownCommand("zzz\u{1B}[31m"))
                == "Unknown command 'zzz^[[31m': ? shows the commands.")
        #expect(IssueListView.searchNote([]) == nil)
        #expect(
            IssueListView.searchNote(["the", String(repeating: "x", count: 41)])
                == "search words ignored: the xxxxxxxxxxxxxxxxxxxx… (41 characters)")
    }

    @Test func theIssueScreenSaysWhatItsLastActionDid() throws {
        let one = try IssueNumber(1)
        let closed = try issue(1, state: .closed)
        func describe(_ notice: IssueDetailViewModel.Notice) -> String {
            IssueDetailView.describe(notice, of: one)
        }
        #expect(describe(.stateChanged(.changed(closed), closing: .notPlanned)) == "Closed issue #1 as not planned")
        #expect(describe(.stateChanged(.unchanged(closed), closing: .completed)) == "Issue #1 is already closed")
        #expect(describe(.stateChanged(.changed(try issue(1)), closing: nil)) == "Reopened issue #1")
        #expect(describe(.stateChanged(.unchanged(try issue(1)), closing: nil)) == "Issue #1 is already open")
        #expect(describe(.edited) == "Edited issue #1")
        let comment = Comment(
            id: try CommentID(7), issue: one, author: alice, body: "Seen", createdAt: .minimum, updatedAt: .minimum)
        #expect(describe(.commented(comment)) == "Commented on issue #1 (comment 7)", "as `tracker comment` says it")
        #expect(
            describe(.assigned([alice, try Login("bob")])) == "Issue #1: alice, bob", "as `tracker assign` says it")
        #expect(describe(.assigned([])) == "Issue #1: no assignees")
        let labels = ChoiceChange(original: [try LabelName("docs")], chosen: [try LabelName("bug")])
        #expect(describe(.labelled(labels)) == "Labels of issue #1: added bug; removed docs")
        let milestone = ChoiceChange(original: [try MilestoneTitle("v1.0")], chosen: [])
        #expect(describe(.milestoned(milestone)) == "Milestone of issue #1: removed v1.0")
        #expect(describe(.labelled(.none)) == "Labels of issue #1 unchanged")
    }

    @Test func labelsMilestonesAndPeopleAreSaidAsTheCommandsSayThem() throws {
        let bug = try Label(name: LabelName("bug"), color: LabelColor("d73a4a"))
        #expect(LabelsCommands.describe(.created(bug)) == "Created label 'bug' (#d73a4a)")
        #expect(LabelsCommands.describe(.edited(bug)) == "Edited label 'bug'")
        #expect(LabelsCommands.describe(.unchanged(bug.name)) == "No change to label 'bug'")
        #expect(LabelsCommands.describe(.deleted(bug, issues: 1)) == "Deleted label 'bug' (removed from 1 issue)")
        #expect(LabelsCommands.describe(.deleted(bug, issues: 0)) == "Deleted label 'bug' (removed from 0 issues)")
        #expect(LabelsCommands.describe(.unknownCommand("zz\u{1B}]0;x\u{07}")) == "Unknown command 'zz^[]0;x^G'.")
        let milestone = Milestone(
            number: try MilestoneNumber(1), title: try MilestoneTitle("v1.0"), openIssues: 2, closedIssues: 1)
        #expect(MilestonesCommands.describe(.created(milestone)) == "Created milestone 'v1.0' (#1)")
        #expect(MilestonesCommands.describe(.stateSet(milestone, .closed)) == "Closed milestone 'v1.0'")
        #expect(MilestonesCommands.describe(.stateSet(milestone, .open)) == "Reopened milestone 'v1.0'")
        #expect(MilestonesCommands.describe(.deleted(milestone)) == "Deleted milestone 'v1.0' (removed from 3 issues)")
        let carol = try User(login: Login("carol"))
        #expect(PeopleCommands.describe(.added(carol, role: nil)) == "Added user carol")
        #expect(PeopleCommands.describe(.added(carol, role: "carol_db")) == "Added user carol (role carol_db)")
        #expect(PeopleCommands.describe(.linked(carol, role: "carol_db")) == "Linked user carol to role carol_db")
        #expect(PeopleCommands.describe(.noneMatch("zz")) == "No users match 'zz'.")
        #expect(AccessView.describe(.granted(.triage, to: "bob")) == "bob has triage on this tracker")
        #expect(AccessView.describe(.revoked(from: "bob")) == "bob has no access to this tracker")
    }

    @Test func pickersSayWhatTheLastActionCameTo() {
        #expect(AssigneeView.describe(.outOfRange(8)) == "Pick a number from 1 to 8.")
        #expect(AssigneeView.describe(.outOfRange(0)) == "There is nobody to pick: search first.")
        #expect(AssigneeView.describe(.noMatch("zz")) == "Nobody's login starts with 'zz'.")
        #expect(AssigneeView.describe(.noMatch("\u{1B}[2J")) == "Nobody's login starts with '^[[2J'.", "escaped")
        #expect(AssigneeView.describe(.full(10)) == "An issue can have at most 10 assignees; remove someone first.")
    }

    @MainActor
    @Test func thePickersSayTheirNoticesWithTheirNoun() throws {
        func said(_ notice: PickerNotice, milestone: Bool = false) -> String {
            let terminal = ScriptedTerminal()
            var output = ChoiceViewModel<LabelName>.Output(picker: Picker(limit: 1))
            output.notice = notice
            let view =
                milestone
                ? ChoiceView<LabelName>(
                    name: \.value, noun: "milestone",
                    full: "An issue is in at most one milestone: untick the chosen one first, or choose none.")
                : ChoiceView<LabelName>(name: \.value, noun: "label", full: "")
            view.render(output, title: "Labels", to: terminal)
            return terminal.output.split(separator: "\n").map(String.init).dropLast().last ?? ""
        }
        #expect(said(.noMatch("zzz")) == "No label matches 'zzz'.")
        #expect(said(.noMatch("")) == "There is no label to choose yet.")
        #expect(said(.outOfRange(1)) == "Pick a number from 1 to 1.")
        #expect(said(.full(1), milestone: true).hasPrefix("An issue is in at most one milestone"))
    }
}
