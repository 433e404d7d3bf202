import Synchronization
import Testing
import TrackerCore
import TrackerTestSupport

/// `@me` and `none` as every command reads them: `@me` asks for the acting user only when typed,
/// and `none` means nobody (or no milestone) unless someone (or a milestone) has that name.
@Suite struct ResolveNamesTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login
    let actorAsked = Count()

    init() throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
    }

    func names() -> ResolveNames {
        let (alice, asked) = (alice, actorAsked)
        return ResolveNames(
            users: users, milestones: InMemoryMilestoneRepository(issues: issues),
            actor: {
                asked.add()
                return alice
            })
    }

    @Test func atMeIsTheActingUserAskedForOnlyWhenTyped() async throws {
        let names = names()
        #expect(try await names.logins(["bob", "Carol"]) == [try Login("bob"), try Login("carol")])
        #expect(actorAsked.value == 0)
        #expect(try await names.login("@me") == alice)
        #expect(actorAsked.value == 1)
        await #expect(throws: TrackerError.self) { try await names.login("not a login") }
    }

    @Test func noneIsNobodyUnlessSomeoneIsCalledNone() async throws {
        #expect(try await names().assignee("NONE") == .nobody)
        #expect(try await names().assignee("@me") == .user(alice))
        _ = try await users.add(try User(login: Login("none")))
        #expect(try await names().assignee("none") == .user(try Login("none")))
    }

    @Test func noneIsNoMilestoneUnlessOneIsTitledNone() async throws {
        #expect(try await names().milestone("none") == .noMilestone)
        #expect(try await names().milestone("v1.0") == .titled(try MilestoneTitle("v1.0")))
        _ = try await InMemoryMilestoneRepository(issues: issues).create(
            title: try MilestoneTitle("None"), description: "", dueOn: nil)
        #expect(try await names().milestone("none") == .titled(try MilestoneTitle("none")))
    }
}

/// How many times the acting user was asked for.
final class Count: Sendable {
    private let count = Mutex(0)

    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// A label's name and a milestone's title: two types, one rule and one refusal of a taken name.
@Suite struct NameIgnoringCaseTests {
    @Test func namesMatchIgnoringCaseAndATakenOneIsRefusedInOneWording() throws {
        #expect(try LabelName("Bug") == LabelName("bug"))
        #expect(Set([try MilestoneTitle("v1.0"), try MilestoneTitle("V1.0")]).count == 1)
        #expect(
            try LabelName("Bug").taken
                == .invalidInput(field: "label name", rule: "'Bug' is already taken (names ignore case); pick another"))
        #expect(
            try MilestoneTitle("v1.0").taken.description
                == "invalid milestone title: 'v1.0' is already taken (titles ignore case); pick another")
        #expect(throws: TrackerError.invalidInput(field: "label name", rule: "cannot be empty")) { try LabelName(" ") }
    }
}
