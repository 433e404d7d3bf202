import Testing
import TrackerCore

/// `UserRepository`: logins unique ignoring case, kept as first spelled, listed and
/// suggested the same way.
@Suite struct UserContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aDuplicateLoginInAnotherCaseIsRefused(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        await #expect(
            throws: TrackerError.invalidInput(
                field: "login", rule: "'ALICE' is already registered (logins ignore case)")
        ) {
            try await fixture.users.add(try User(login: fixture.login("ALICE")))
        }
        #expect(try await fixture.users.find(try fixture.login("ALICE"))?.name == "Alice Liddell")
        #expect(try await fixture.users.find(try fixture.login("BOB"))?.login.value == "Bob")
        #expect(try await fixture.users.find(try fixture.login("zed")) == nil)
        #expect(try await fixture.users.addIfMissing(try User(login: fixture.login("bob"))).login.value == "Bob")
        let dave = try await fixture.users.addIfMissing(try User(login: fixture.login("Dave"), name: "  Dave D  "))
        #expect(dave == (try User(login: fixture.login("Dave"), name: "Dave D")))
        #expect(try await fixture.users.find(try fixture.login("dave")) == dave)
        let added = try await fixture.users.add(try User(login: fixture.login("erin"), name: "Erin"))
        #expect(added.login.value == "erin" && added.name == "Erin")
    }

    @Test(arguments: RepositoryKind.allCases)
    func listIsByLoginIgnoringCaseWithALiteralPrefix(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let everyone = try await fixture.users.list(prefix: nil, limit: nil).map(\.login.value)
        #expect(everyone == ["alice", "Bob", "carol"] + [1, 10, 11, 12, 2, 3, 4, 5, 6, 7, 8, 9].map { "dev\($0)" })
        #expect(try await fixture.users.list(prefix: "al", limit: nil).map(\.login.value) == ["alice"])
        #expect(try await fixture.users.list(prefix: "B", limit: nil).map(\.login.value) == ["Bob"])
        #expect(try await fixture.users.list(prefix: "b", limit: nil).map(\.name) == [""])
        #expect(try await fixture.users.list(prefix: "DEV1", limit: 2).map(\.login.value) == ["dev1", "dev10"])
        #expect(try await fixture.users.list(prefix: nil, limit: 2).map(\.login.value) == ["alice", "Bob"])
        #expect(try await fixture.users.list(prefix: "", limit: nil).count == everyone.count)
        #expect(try await fixture.users.list(prefix: "zed", limit: nil).isEmpty)
        for wildcard in ["%", "_", "d_v", "dev%", "\\"] {
            #expect(try await fixture.users.list(prefix: wildcard, limit: nil).isEmpty, "\(wildcard) is literal")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func suggestionsShareTheFirstLetterAndAreRankedTheSame(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        #expect(try await fixture.users.suggestions(for: "alcie", limit: 3).map(\.value) == ["alice"])
        #expect(try await fixture.users.suggestions(for: "dev1", limit: 3).map(\.value) == ["dev1", "dev10", "dev11"])
        #expect(try await fixture.users.suggestions(for: "dev", limit: 3).map(\.value) == ["dev1", "dev10", "dev11"])
        #expect(
            try await fixture.users.suggestions(for: "DEV2", limit: 5).map(\.value) == [
                "dev2", "dev1", "dev12", "dev3", "dev4",
            ])
        #expect(try await fixture.users.suggestions(for: "BOB", limit: 3).map(\.value) == ["Bob"])
        #expect(try await fixture.users.suggestions(for: "carl", limit: 3).map(\.value) == ["carol"])
        #expect(try await fixture.users.suggestions(for: "zed", limit: 3).isEmpty)
        #expect(try await fixture.users.suggestions(for: "lice", limit: 3).isEmpty, "only the first letter's logins")
        #expect(try await fixture.users.suggestions(for: "", limit: 3).isEmpty)
        #expect(try await fixture.users.suggestions(for: "dev1", limit: 0).isEmpty)
    }
}
