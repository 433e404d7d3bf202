import Testing
import TrackerCore

/// `IssueRepository.edit` touching everything at once: which refusal wins, and that a refused
/// edit of several issues leaves none of them changed.
@Suite struct EditRefusalContractTests {
    func prepared(_ kind: RepositoryKind) async throws -> ContractFixture {
        let fixture = try await ContractFixture.make(kind)
        for name in ["bug", "ui"] {
            _ = try await fixture.labels.create(try Label(name: try LabelName(name), color: nil, description: ""))
        }
        _ = try await fixture.milestones.create(title: try MilestoneTitle("v1"), description: "", dueOn: nil)
        return fixture
    }

    func everything(adding people: [Login], removing gone: [Login] = []) throws -> IssueEdit {
        try IssueEdit(
            addAssignees: people, removeAssignees: gone, addLabels: [try LabelName("bug")],
            milestone: .set(try MilestoneTitle("v1")))
    }

    @Test(arguments: RepositoryKind.allCases)
    func theAssigneeLimitOnAnyIssueRefusesTheWholeEdit(_ kind: RepositoryKind) async throws {
        let fixture = try await prepared(kind)
        let ten = try (1...10).map { try fixture.login("dev\($0)") }
        _ = try await fixture.issues.assign(ten, to: try fixture.numbers(2), actor: fixture.alice)
        let before = (try await fixture.issue(1), try await fixture.issue(2))
        await #expect(throws: TrackerError.tooManyAssignees(issue: try fixture.number(2), count: 11)) {
            try await fixture.issues.edit(
                try fixture.numbers(1, 2), try everything(adding: fixture.logins("carol")), read: nil,
                actor: fixture.alice)
        }
        #expect(try await fixture.issue(1) == before.0, "issue 1 alone was within the limit, and is unchanged")
        #expect(try await fixture.issue(2) == before.1)

        await #expect(
            throws: TrackerError.tooManyAssignees(issue: try fixture.number(2), count: 11),
            "the count is taken after the removals"
        ) {
            try await fixture.issues.edit(
                try fixture.numbers(2), try everything(adding: fixture.logins("carol", "dev11"), removing: [ten[0]]),
                read: nil, actor: fixture.alice)
        }
        let swapped = try await fixture.issues.edit(
            try fixture.numbers(1, 2), try everything(adding: fixture.logins("carol"), removing: [ten[0]]), read: nil,
            actor: fixture.alice)
        let carol = try fixture.login("carol")
        #expect(swapped[1].assignees.count == 10 && swapped[1].assignees.contains(carol))
        #expect(swapped.allSatisfy { $0.labels.map(\.name.value) == ["bug"] && $0.milestone?.title.value == "v1" })
        #expect(
            try await fixture.timeline(of: 2).suffix(4) == [
                "unassigned dev1 by alice", "assigned carol by alice", "labeled bug by alice",
                "milestoned v1 by alice",
            ])
    }

    @Test(arguments: RepositoryKind.allCases)
    func namesAreCheckedBeforeIssuesInTheOrderGiven(_ kind: RepositoryKind) async throws {
        let fixture = try await prepared(kind)
        let numbers = try fixture.numbers(1, 14)
        let cases: [(IssueEdit, TrackerError)] = [
            (try IssueEdit(removeAssignees: fixture.logins("nobody")), ContractFixture.noUser("nobody")),
            (
                try IssueEdit(removeAssignees: fixture.logins("nobody"), addLabels: [try LabelName("nope")]),
                ContractFixture.noUser("nobody")
            ),
            (
                try IssueEdit(addLabels: [try LabelName("bug")], removeLabels: [try LabelName("nope")]),
                .unknownLabel(name: "nope", suggestions: [])
            ),
            (
                try IssueEdit(removeLabels: [try LabelName("nope")], milestone: .set(try MilestoneTitle("v9"))),
                .unknownLabel(name: "nope", suggestions: [])
            ),
            (try IssueEdit(milestone: .set(try MilestoneTitle("v9"))), .unknownMilestone(title: "v9", suggestions: [])),
            (try everything(adding: fixture.logins("carol")), ContractFixture.noIssue(14)),
        ]
        for (edit, refusal) in cases {
            await #expect(throws: refusal) {
                try await fixture.issues.edit(numbers, edit, read: nil, actor: fixture.alice)
            }
        }
        #expect(try await fixture.timeline(of: 1) == ["created by alice"])
    }

    @Test(arguments: RepositoryKind.allCases)
    func aConflictRefusesTheLabelsAndMilestoneBesideTheText(_ kind: RepositoryKind) async throws {
        let fixture = try await prepared(kind)
        let read = ReadVersion(try await fixture.issue(1))
        let theirs = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(body: "Theirs"), read: nil, actor: try fixture.login("bob"))
        let mine = try IssueEdit(
            title: "Mine", addAssignees: try fixture.logins("carol"), addLabels: [try LabelName("bug")],
            milestone: .set(try MilestoneTitle("v1")))
        await #expect(throws: TrackerError.editConflict(EditConflict(read: read, current: theirs[0]))) {
            try await fixture.issues.edit(try fixture.numbers(1), mine, read: read, actor: fixture.alice)
        }
        #expect(try await fixture.issue(1) == theirs[0])
        let same = try IssueEdit(body: "Theirs", addLabels: [try LabelName("ui")])
        let edited = try await fixture.issues.edit(try fixture.numbers(1), same, read: read, actor: fixture.alice)
        #expect(edited[0].labels.map(\.name.value) == ["ui"], "their text again is no conflict")
        #expect(edited[0].version == theirs[0].version)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aBodyKeepsItsMentionsUntilItChanges(_ kind: RepositoryKind) async throws {
        let fixture = try await prepared(kind)
        let dana = try fixture.login("dana")
        _ = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(body: "cc @carol @dana"), read: nil, actor: fixture.alice)
        _ = try await fixture.users.add(try User(login: dana))
        _ = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(title: "One, renamed", body: "cc @carol @dana"), read: nil,
            actor: fixture.alice)
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("carol"))) == [1])
        #expect(try await fixture.listed(IssueFilter(mention: dana)) == [], "the same body is no change")
        _ = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(body: "cc @dana"), read: nil, actor: fixture.alice)
        #expect(try await fixture.listed(IssueFilter(mention: dana)) == [1])
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("carol"))) == [])
    }
}
