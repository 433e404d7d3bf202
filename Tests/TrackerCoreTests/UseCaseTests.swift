import Testing
import TrackerCore
import TrackerTestSupport

/// What the list and user use cases decide themselves; the repositories' rules (numbering,
/// order, filters, logins ignoring case) are checked on both implementations by
/// RepositoryContractTests.
@Suite struct UseCaseTests {
    let users: InMemoryUserRepository
    let alice: Login

    init() throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice, name: "Alice")])
    }

    func makeIssues() -> InMemoryIssueRepository {
        InMemoryIssueRepository(users: users)
    }

    @Test func listStopsAtTheLimitAndSaysMoreMatch() async throws {
        let issues = makeIssues()
        for index in 1...5 { _ = try await issues.create(try IssueDraft(title: "Issue \(index)"), author: alice) }
        let page = try await ListIssues(issues: issues)(IssueFilter(limit: 2))
        #expect(page.issues.map(\.number.value) == [5, 4])
        #expect(page.hasMore)
        let exact = try await ListIssues(issues: issues)(IssueFilter(limit: 5))
        #expect(exact.issues.count == 5)
        #expect(!exact.hasMore)
        let fewer = try await ListIssues(issues: issues)(IssueFilter())
        #expect(fewer.issues.count == 5)
        #expect(!fewer.hasMore)
        let everything = try await ListIssues(issues: issues)(IssueFilter(limit: nil))
        #expect(everything.issues.count == 5)
    }

    @Test func listRefusesANegativeLimit() async {
        await #expect(throws: TrackerError.self) {
            try await ListIssues(issues: makeIssues())(IssueFilter(limit: -1))
        }
    }

    @Test func aListNamingAnUnknownPersonSaysTheClosest() async throws {
        let list = ListIssues(issues: makeIssues(), users: users)
        await #expect(throws: TrackerError.unknownUser(login: "alcie", suggestions: ["alice"])) {
            try await list(IssueFilter(assignee: .user(try Login("alcie"))))
        }
        await #expect(throws: TrackerError.unknownUser(login: "alcie", suggestions: ["alice"])) {
            try await list(IssueFilter(author: try Login("alcie")))
        }
        #expect(try await list(IssueFilter(author: try Login("Alice"))).issues.isEmpty)
    }
}

/// A name that was missing when a change ran and is there when the suggestions are looked up
/// (someone created it in between) is no "did you mean" of itself.
@Suite struct NamesMadeMeanwhileTests {
    @Test func aLabelThatAppearedMeanwhileIsAskedToRunAgainNotSuggestedToItself() async throws {
        let alice = try Login("alice")
        let users = InMemoryUserRepository([try User(login: alice)])
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One"), author: alice)
        // The label list as it is after someone created `bug`, while the issue's store ran without it.
        let later = InMemoryIssueRepository(users: users)
        _ = try await InMemoryLabelRepository(issues: later).create(try Label(name: LabelName("Bug")))
        let edit = EditIssues(issues: issues, users: users, labels: InMemoryLabelRepository(issues: later))
        await #expect {
            try await edit([try IssueNumber(1)], try IssueEdit(addLabels: [LabelName("bug")]), actor: alice)
        } throws: { error in
            guard case .changedMeanwhile(let message) = error as? TrackerError else { return false }
            return message == "label 'bug' was created or renamed by someone else while this ran; "
                + "nothing was changed: run it again"
        }
    }
}
