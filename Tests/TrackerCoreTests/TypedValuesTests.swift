import Testing
import TrackerCore
import TrackerTestSupport

/// Issue 33's readers of what a person types, each the one rule for its kind of value.
@Suite struct TypedValuesTests {
    @Test func aListArgumentIsSplitAtCommasAndRepeatsAlike() {
        #expect(ListArgument.items(["bug,p1"]) == ["bug", "p1"])
        #expect(ListArgument.items(["bug", "p1"]) == ["bug", "p1"])
        #expect(ListArgument.items(["bug, p1,", " ,ui"]) == ["bug", "p1", "ui"])
        #expect(ListArgument.items([]).isEmpty)
    }

    @Test func aTypedLoginMayStartWithAt() throws {
        #expect(try Login(typed: "@alice") == Login("alice"))
        #expect(try Login(typed: "alice") == Login("alice"))
        #expect(throws: TrackerError.self) { try Login(typed: "@@alice") }
        let me = try Login("bob")
        #expect(try Login.typed("@ME", me: me) == me)
        #expect(try Login.typed("@carol", me: me) == Login("carol"))
    }

    @Test func aMilestoneIsFoundByTitleFirstThenByNumber() throws {
        let milestones = [
            Milestone(number: try MilestoneNumber(1), title: try MilestoneTitle("v1.0")),
            Milestone(number: try MilestoneNumber(2), title: try MilestoneTitle("3")),
            Milestone(number: try MilestoneNumber(3), title: try MilestoneTitle("Sprint 12")),
        ]
        #expect(MilestoneReference.find("V1.0", in: milestones)?.number.value == 1)
        #expect(MilestoneReference.find("1", in: milestones)?.title.value == "v1.0")
        #expect(MilestoneReference.find("#3", in: milestones)?.title.value == "Sprint 12")
        #expect(MilestoneReference.find("3", in: milestones)?.number.value == 2, "the title 3 wins over number 3")
        #expect(MilestoneReference.find("9", in: milestones) == nil)
        #expect(MilestoneReference.number("#0") == nil && MilestoneReference.number("1.5") == nil)
    }

    @Test func resolveNamesReadsAMilestoneNumberWithOneList() async throws {
        let users = InMemoryUserRepository([])
        let issues = InMemoryIssueRepository(users: users)
        let milestones = InMemoryMilestoneRepository(issues: issues)
        _ = try await milestones.create(title: try MilestoneTitle("v1.0"), description: "", dueOn: nil)
        _ = try await milestones.create(title: try MilestoneTitle("Sprint 12"), description: "", dueOn: nil)
        let names = ResolveNames(users: users, milestones: milestones, actor: { try Login("alice") })
        #expect(try await names.milestoneTitle("2") == MilestoneTitle("Sprint 12"))
        #expect(try await names.milestoneTitle("v1.0") == MilestoneTitle("v1.0"))
        #expect(try await names.milestone("#1") == .titled(try MilestoneTitle("v1.0")))
        await #expect(throws: TrackerError.self) { try await names.milestoneTitle("7") }
        #expect(try await names.login("@alice") == Login("alice"))
    }
}
