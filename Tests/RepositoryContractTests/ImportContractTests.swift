import Testing
import TrackerCore

/// `IssueRepository.importIssues`: numbers and times kept in an empty tracker, new numbers
/// otherwise, missing users registered, and the timeline an import implies.
@Suite struct ImportContractTests {
    static func time(_ text: String) throws -> Timestamp {
        try #require(Timestamp(iso8601: text))
    }

    static func record(
        _ number: Int64?, _ title: String, by author: String, assignees: [String] = [], created: String,
        closed: String? = nil, reason: StateReason? = nil
    ) throws -> ImportedIssue {
        let createdAt = try time(created)
        let closedAt = try closed.map(time)
        return try ImportedIssue(
            number: number, title: title, body: "Imported \(title)", state: closedAt == nil ? .open : .closed,
            stateReason: reason, author: try Login(author), assignees: try assignees.map { try Login($0) },
            createdAt: createdAt, updatedAt: closedAt ?? createdAt, closedAt: closedAt)
    }

    @Test(arguments: RepositoryKind.allCases)
    func anEmptyTrackerKeepsNumbersTimesAndStoredSpellings(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let records = [
            try Self.record(
                7, "Seven", by: "ALICE", assignees: ["bob", "newcomer"], created: "2024-01-02T03:04:05.123456Z",
                closed: "2024-02-03T04:05:06Z", reason: .notPlanned),
            try Self.record(3, "Three", by: "newcomer", created: "2024-03-01T00:00:00Z"),
            try Self.record(5, "Five", by: "carol", created: "2023-12-31T23:59:59Z", closed: "2024-01-01T00:00:00Z"),
        ]
        #expect(
            try await fixture.issues.importIssues(records, actor: fixture.alice)
                == ImportResult(count: 3, renumbered: []))
        #expect(try await fixture.listed(IssueFilter(state: .all, ascending: true, limit: nil)) == [3, 5, 7])
        let seven = try await fixture.issue(7)
        #expect(seven.title == "Seven" && seven.body == "Imported Seven")
        #expect(seven.author.value == "alice")
        #expect(seven.assignees.map(\.value) == ["Bob", "newcomer"])
        #expect(seven.state == .closed && seven.stateReason == .notPlanned)
        #expect(seven.createdAt == records[0].createdAt)
        #expect(seven.updatedAt == records[0].updatedAt)
        #expect(seven.closedAt == records[0].closedAt)
        #expect(
            try await fixture.timeline(of: 7) == [
                "created by alice", "assigned Bob by alice", "assigned newcomer by alice",
                "closed not_planned by alice",
            ])
        let times = try await fixture.issues.details(of: try fixture.number(7)).events.map(\.createdAt)
        let closedAt = try #require(records[0].closedAt)
        #expect(times == [records[0].createdAt, records[0].createdAt, records[0].createdAt, closedAt])
        #expect(try await fixture.timeline(of: 5) == ["created by carol", "closed completed by carol"])
        #expect(try await fixture.issue(5).stateReason == nil, "a closed record without a reason keeps none")
        #expect(try await fixture.timeline(of: 3) == ["created by newcomer"])
        let newcomer = try await fixture.users.find(try fixture.login("NEWCOMER"))
        #expect(newcomer.map { [$0.login.value, $0.name] } == ["newcomer", ""])
        let next = try await fixture.issues.create(try IssueDraft(title: "After import"), author: fixture.alice)
        #expect(next.number.value == 8, "creating goes on after the highest imported number")
    }

    @Test(arguments: RepositoryKind.allCases)
    func aTrackerWithIssuesNumbersImportsAnewByCreationTime(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let records = [
            try Self.record(1, "Later", by: "alice", created: "2024-05-01T00:00:00Z"),
            try Self.record(nil, "Unnumbered", by: "bob", created: "2024-04-01T00:00:00Z"),
            try Self.record(2, "Earlier", by: "alice", created: "2024-03-01T00:00:00Z"),
        ]
        let result = try await fixture.issues.importIssues(records, actor: fixture.alice)
        #expect(result == ImportResult(count: 3, renumbered: [(old: 1, new: 6), (old: 2, new: 4)]))
        #expect(try await fixture.issue(4).title == "Earlier")
        #expect(try await fixture.issue(5).title == "Unnumbered")
        #expect(try await fixture.issue(5).author.value == "Bob")
        #expect(try await fixture.issue(6).title == "Later")
        #expect(try await fixture.issue(1).title == "One", "existing issues are untouched")
        #expect(try await fixture.issues.create(try IssueDraft(title: "Next"), author: fixture.alice).number.value == 7)
    }

    @Test(arguments: RepositoryKind.allCases)
    func anEmptyTrackerNumbersAnewWhenARecordHasNoNumber(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let records = [
            try Self.record(40, "Forty", by: "alice", created: "2024-02-01T00:00:00Z"),
            try Self.record(nil, "None", by: "alice", created: "2024-01-01T00:00:00Z"),
        ]
        let result = try await fixture.issues.importIssues(records, actor: fixture.alice)
        #expect(result == ImportResult(count: 2, renumbered: [(old: 40, new: 2)]))
        #expect(try await fixture.listed(IssueFilter(state: .all, limit: nil)) == [2, 1])
    }
}
