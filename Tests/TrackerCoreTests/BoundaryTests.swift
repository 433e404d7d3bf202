import Testing
import TrackerCore
import TrackerTestSupport

/// Values at and past the edges of what both the core and PostgreSQL can hold.
@Suite struct BoundaryTests {
    let alice = try! Login("alice")
    let time = Timestamp(iso8601: "2024-01-02T03:04:05Z")!

    func imported(
        number: Int64? = 1, state: IssueState = .open, reason: StateReason? = nil, closedAt: Timestamp? = nil
    ) throws -> ImportedIssue {
        try ImportedIssue(
            number: number, title: "t", body: "", state: state, stateReason: reason, author: alice, assignees: [],
            createdAt: time, updatedAt: time, closedAt: closedAt)
    }

    @Test func importedNumbersStopWhereCreatingCanGoOn() throws {
        #expect(try imported(number: ImportedIssue.maximumNumber).number == 2_147_483_647)
        for number: Int64 in [0, -1, ImportedIssue.maximumNumber + 1, Int64.max, Int64.min] {
            #expect(throws: TrackerError.self) { try imported(number: number) }
        }
        #expect(IssueNumber.maximum - ImportedIssue.maximumNumber > 1_000_000_000_000)
        #expect(throws: TrackerError.self) { try IssueNumber(Int64.max) }
    }

    @Test func contradictoryStateAndReasonAreRefused() throws {
        #expect(throws: TrackerError.self) { try imported(state: .closed, reason: .reopened) }
        #expect(throws: TrackerError.self) { try imported(state: .open, reason: .completed) }
        #expect(throws: TrackerError.self) { try imported(state: .open, reason: .notPlanned) }
        #expect(try imported(state: .open, reason: .reopened).stateReason == .reopened)
        #expect(try imported(state: .closed, reason: .notPlanned).closedAt == time)
    }

    @Test func renumberingNeverWrapsPastTheCeiling() throws {
        let records = [try imported(number: 5), try imported(number: 6)]
        let near = IssueNumber.maximum - 1
        #expect(try ImportNumbering.numbers(for: records, keep: false, after: near - 1) == [near, near + 1])
        #expect(throws: TrackerError.self) {
            try ImportNumbering.numbers(for: records, keep: false, after: near)
        }
        #expect(throws: TrackerError.self) {
            try ImportNumbering.numbers(for: records, keep: false, after: Int64.max)
        }
    }

    @Test func aLimitNoTableCanReachListsEverything() async throws {
        let users = InMemoryUserRepository([try User(login: alice)])
        let issues = InMemoryIssueRepository(users: users)
        _ = try await CreateIssue(issues: issues, users: users)(try IssueDraft(title: "One"), author: alice)
        let page = try await ListIssues(issues: issues)(IssueFilter(limit: Int.max))
        #expect(page.issues.count == 1)
        #expect(page.hasMore == false)
    }

    @Test func lengthsCountCodePointsAsTheDatabaseDoes() throws {
        let decomposed = String(repeating: "e\u{301}", count: 200)
        #expect(decomposed.count == 200, "200 characters to Swift…")
        #expect(throws: TrackerError.self, "…but 400 code points to PostgreSQL's char_length") {
            try User(login: alice, name: decomposed)
        }
        #expect(
            try User(login: alice, name: String(repeating: "e\u{301}", count: 127)).name.unicodeScalars.count == 254)
        #expect(throws: TrackerError.self) { try IssueDraft(title: String(repeating: "e\u{301}", count: 129)) }
    }

    @Test func aLongLoginIsMeasuredInCodePoints() {
        #expect(throws: TrackerError.self) { try Login(String(repeating: "a", count: 38) + "e\u{301}") }
    }
}
