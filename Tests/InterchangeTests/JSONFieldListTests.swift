import Interchange
import Testing
import TrackerCore

/// The field names `--json FIELDS` accepts are the keys the encoders write.
@Suite struct JSONFieldListTests {
    func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.keys.sorted()
    }

    @Test func eachListIsWhatItsObjectsHold() throws {
        let alice = try Login("alice")
        let at = try #require(Timestamp(iso8601: "2026-01-01T00:00:00Z"))
        let comment = Comment(
            id: try CommentID(1), issue: try IssueNumber(1), author: alice, body: "b", createdAt: at, updatedAt: at)
        #expect(keys(IssueJSON.comment(comment)) == JSONFieldList.comment)
        #expect(keys(IssueJSON.label(try Label(name: LabelName("bug")))) == JSONFieldList.label)
        let milestone = Milestone(
            number: try MilestoneNumber(1), title: try MilestoneTitle("v1"), description: "", dueOn: at, state: .open,
            openIssues: 1, closedIssues: 1)
        #expect(keys(IssueJSON.milestoneListing(milestone)) == JSONFieldList.milestone)
        var union = Set<String>()
        let kinds: [IssueEvent.Kind] = [
            .created, .assigned(alice), .closed(.completed), .renamed(from: "a", to: "b"), .commented(try CommentID(1)),
            .labeled(LabelName(stored: "bug")), .milestoned(MilestoneTitle(stored: "v1")),
        ]
        for (index, kind) in kinds.enumerated() {
            let event = IssueEvent(
                kind: kind, actor: alice, createdAt: at, actingUser: index == 0 ? alice : nil,
                importedBy: index == 1 ? alice : nil, isUndo: index == 2)
            var change = IssueChange(
                id: 1, issue: try IssueNumber(1), title: "t", event: event, position: ChangePosition(group: 0, event: 1)
            )
            if index == 3 { change.project = try ProjectKey("web") }
            union.formUnion(keys(IssueJSON.change(change)))
        }
        #expect(union.sorted() == JSONFieldList.change)

        let version = TextVersion(version: 1, title: "t", body: "b", author: alice, writtenAt: at)
        #expect(keys(IssueJSON.version(version)) == JSONFieldList.version)
        let issue = Issue(
            number: try IssueNumber(1), title: "t", body: "b", author: alice, createdAt: at, updatedAt: at)
        let trashed = [
            TrashedItem.issue(issue, deletedAt: at, deletedBy: alice),
            TrashedItem.comment(comment, deletedAt: at, deletedBy: alice),
        ]
        #expect(Set(trashed.flatMap { keys(IssueJSON.trashed($0)) }).sorted() == JSONFieldList.trashed)
        let undoable = UndoableChange(id: 1, madeAt: at, isUndo: false, entries: [])
        #expect(keys(IssueJSON.change(undoable)) == JSONFieldList.undoable)
    }

    @Test func unknownAndEmptyListsAreRefused() {
        #expect(throws: TrackerError.self) { try JSONFieldList(parsing: "login,nope", available: JSONFieldList.user) }
        #expect(throws: TrackerError.self) { try JSONFieldList(parsing: ",", available: JSONFieldList.user) }
        let repeated = try? JSONFieldList(parsing: "name,login,name", available: JSONFieldList.user)
        #expect(repeated?.names == ["name", "login"])
    }
}
