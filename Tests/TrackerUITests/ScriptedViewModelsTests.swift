import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The view models the scripted commands drive once (`edit` with fields, `status`, `import`):
/// each does its use case's work, and a failure stops `drive` at the input that failed.
@MainActor
@Suite struct ScriptedViewModelsTests {
    let alice: Login
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository

    init() async throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice), try User(login: Login("bob"))])
        issues = InMemoryIssueRepository(users: users)
        for title in ["One", "Two"] { _ = try await issues.create(try IssueDraft(title: title), author: alice) }
    }

    @Test func editsTheFieldsOfEveryIssueNamedAsOneChange() async throws {
        let viewModel = IssueEditsViewModel(editIssues: EditIssues(issues: issues, users: users), actor: alice)
        let numbers = [try IssueNumber(1), try IssueNumber(2)]
        let output = try await drive(viewModel, inputs: [.edit(numbers, try IssueEdit(addAssignees: [alice]))])
        #expect(output.edited.map(\.number) == numbers)
        #expect(await issues.all.allSatisfy { $0.assignees == [alice] })
        await #expect(throws: TrackerError.self) {
            try await drive(viewModel, inputs: [.edit([try IssueNumber(9)], try IssueEdit(addAssignees: [alice]))])
        }
        #expect(viewModel.failure != nil)
    }

    @Test func statusGathersTheActingUsersIssues() async throws {
        _ = try await issues.assign([alice], to: [try IssueNumber(2)], actor: alice)
        let viewModel = StatusViewModel(showStatus: ShowStatus(issues: issues), actor: alice)
        let status = try #require(try await drive(viewModel, inputs: [.appear(limit: 5)]).status)
        #expect(status.assigned.issues.map(\.number.value) == [2])
        #expect(status.opened.total == 2)
        await #expect(throws: TrackerError.self) { try await drive(viewModel, inputs: [.appear(limit: 0)]) }
    }

    @Test func anImportIsAllOrNothingAndSaysWhatItRenumbered() async throws {
        func record(_ number: Int64) throws -> ImportedIssue {
            try ImportedIssue(
                number: number, title: "Imported \(number)", body: "", state: .open, stateReason: nil, author: alice,
                assignees: [], createdAt: .minimum, updatedAt: .minimum, closedAt: nil)
        }
        let viewModel = ImportViewModel(
            importIssues: ImportIssues(issues: issues), undoImport: UndoImport(issues: issues), actor: alice)
        await #expect(throws: TrackerError.self) {
            try await drive(viewModel, inputs: [.save([try record(1), try record(1)])])
        }
        #expect(await issues.all.count == 2, "nothing was imported")
        let result = try #require(try await drive(viewModel, inputs: [.save([try record(1)])]).result)
        #expect(result.count == 1)
        #expect(result.renumbered.map(\.new) == [3], "into a tracker with issues, numbered anew")
    }
}
