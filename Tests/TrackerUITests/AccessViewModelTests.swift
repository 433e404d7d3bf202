import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// `tracker access …` driven once: a grant says the level as the tracker names it, and the
/// database's refusal (here the in-memory session's) stops `drive`.
@MainActor
@Suite struct AccessViewModelTests {
    @Test func grantsRevokesAndListsLevels() async throws {
        let viewModel = AccessViewModel(manageAccess: ManageAccess(access: InMemoryAccessRepository()))
        #expect(
            try await drive(viewModel, inputs: [.grant(level: "Triage", to: "bob")]).change
                == .granted(.triage, to: "bob"))
        let listed = try await drive(viewModel, inputs: [.list])
        #expect(listed.entries == [AccessEntry(role: "bob", login: try Login("bob"), level: .triage)])
        #expect(listed.change == nil)
        #expect(try await drive(viewModel, inputs: [.revoke(from: "bob")]).change == .revoked(from: "bob"))
        #expect(try await drive(viewModel, inputs: [.list]).entries.isEmpty)
    }

    @Test func aRefusalOrAnUnknownLevelChangesNothing() async throws {
        let access = InMemoryAccessRepository(own: .maintain)
        let viewModel = AccessViewModel(manageAccess: ManageAccess(access: access))
        await #expect(throws: TrackerError.self) {
            try await drive(viewModel, inputs: [.grant(level: "read", to: "bob")])
        }
        #expect(viewModel.output.change == nil)
        #expect(viewModel.failure != nil)
        let admin = AccessViewModel(manageAccess: ManageAccess(access: InMemoryAccessRepository()))
        await #expect(throws: TrackerError.self) { try await drive(admin, inputs: [.grant(level: "owner", to: "bob")]) }
        #expect(try await drive(admin, inputs: [.list]).entries.isEmpty)
    }
}
