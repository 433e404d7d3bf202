import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct PeopleViewModelTests {
    let users: InMemoryUserRepository
    let viewModel: PeopleViewModel

    init() throws {
        users = InMemoryUserRepository([
            try User(login: Login("alice"), name: "Alice A"), try User(login: Login("bob")),
        ])
        viewModel = PeopleViewModel(listUsers: ListUsers(users: users), addUser: AddUser(users: users))
    }

    @Test func listsEachUserWithTheirOpenAssignments() async throws {
        await users.setOpenAssignments([try Login("alice"): 3])
        await viewModel.send(.appear)
        #expect(viewModel.output.people.map(\.user.login.value) == ["alice", "bob"])
        #expect(viewModel.output.people.map(\.openAssignments) == [3, 0])
    }

    @Test func addsAUserWithAName() async throws {
        await viewModel.send(.appear)
        let carol = try User(login: Login("carol"), name: "Carol C")
        await viewModel.send(.add(carol))
        #expect(viewModel.output.notice == .added(carol, role: nil))
        #expect(viewModel.output.people.last?.user.name == "Carol C")
    }

    @Test func aTakenLoginOrABadFieldIsAFailure() async throws {
        await viewModel.send(.add(try User(login: Login("ALICE"))))
        #expect(viewModel.output.failure != nil, "logins are unique ignoring case")
        await viewModel.send(.invalid(.invalidInput(field: "name", rule: "control characters are not allowed")))
        #expect(viewModel.output.failure?.description == "invalid name: control characters are not allowed")
    }

    /// `tracker users edit`: one's own name with any level, anyone's with admin; a refusal
    /// changes nothing, a name that breaks a rule neither.
    @Test func renamesOnesOwnWithAnyLevelAndAnyoneElsesOnlyAsAnAdmin() async throws {
        let bob = try Login("bob")
        let alice = try Login("alice")
        let reader = PeopleViewModel(
            listUsers: ListUsers(users: users), addUser: AddUser(users: users), editUser: EditUser(users: users),
            permissions: Permissions(name: "bob", actor: bob, level: .read))
        await reader.send(.rename(bob, name: " Bob B ", actor: bob))
        #expect(reader.output.notice == .renamed(try User(login: bob, name: "Bob B")))
        await reader.send(.rename(alice, name: "Mallory", actor: bob))
        #expect(
            reader.output.failure == .accessDenied("bob has read on this tracker; editing alice's name needs admin"))
        #expect(try await users.find(alice)?.name == "Alice A")
        await reader.send(.rename(bob, name: "a\u{7}b", actor: bob))
        #expect(reader.output.failure?.description == "invalid name: control characters are not allowed")
        let admin = PeopleViewModel(
            listUsers: ListUsers(users: users), addUser: AddUser(users: users), editUser: EditUser(users: users),
            permissions: Permissions(name: "root", actor: try Login("root"), level: .admin))
        await admin.send(.rename(alice, name: "", actor: try Login("root")))
        #expect(admin.output.notice == .renamed(try User(login: alice)))
        #expect(try await users.find(alice)?.name == "")
    }

    /// `tracker users list`: nobody found says whether anybody is registered at all.
    @Test func aListThatFindsNobodySaysWhy() async throws {
        await viewModel.send(.list(prefix: "b"))
        #expect(viewModel.output.users.map(\.login.value) == ["bob"])
        #expect(viewModel.output.people.isEmpty, "no assignments are counted for a list")
        await viewModel.send(.list(prefix: "zz"))
        #expect(viewModel.output.notice == .noneMatch("zz"))
        let nobody = PeopleViewModel(
            listUsers: ListUsers(users: InMemoryUserRepository([])),
            addUser: AddUser(users: InMemoryUserRepository([])))
        await nobody.send(.list(prefix: "zz"))
        #expect(nobody.output.notice == .nobodyRegistered)
    }
}
