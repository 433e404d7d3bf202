import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct PeopleViewModelTests {
    let users: InMemoryAssigneeRepository
    let viewModel: PeopleViewModel

    init() throws {
        users = InMemoryAssigneeRepository([
            try User(login: Login("alice"), name: "Alice A"), try User(login: Login("bob")),
        ])
        viewModel = PeopleViewModel(listUsers: ListUsers(users: users), addUser: AddUser(users: users))
    }

    @Test func listsEachUserWithTheirOpenAssignments() async throws {
        await users.setOpenAssignments([try Login("alice"): 3])
        await viewModel.send(.appear)
        #expect(viewModel.output.people.map(\.user.login.value) == ["alice", "bob"])
        #expect(viewModel.output.people.map(\.openAssignments) == [3, 0])

        let terminal = ScriptedTerminal()
        PeopleView().render(viewModel.output, to: terminal)
        #expect(terminal.output.contains("1 Issues  2 Labels  3 Milestones  [4 People]"))
        #expect(terminal.output.contains("alice  Alice A  3"))
    }

    @Test func addsAUserWithAName() async throws {
        await viewModel.send(.add(login: "carol", name: "Carol C"))
        #expect(viewModel.output.notice == "Added user carol")
        #expect(viewModel.output.people.last?.user.name == "Carol C")
    }

    @Test func aBadLoginOrATakenOneIsAFailure() async throws {
        await viewModel.send(.add(login: "bad_login", name: ""))
        #expect(viewModel.output.failure != nil)
        await viewModel.send(.add(login: "ALICE", name: ""))
        #expect(viewModel.output.failure != nil, "logins are unique ignoring case")
        await viewModel.send(.add(login: "dave", name: "D\u{1B}[31m"))
        #expect(viewModel.output.failure?.description == "invalid name: control characters are not allowed")
    }

    @Test func parsesEveryCommand() {
        #expect(PeopleCommands.parse("n carol") == .input(.add(login: "carol", name: "")))
        #expect(PeopleCommands.parse("n carol Carol de Vries") == .input(.add(login: "carol", name: "Carol de Vries")))
        #expect(PeopleCommands.parse("n") == .input(.unknown("n")))
        #expect(PeopleCommands.parse("q") == .quit)
        #expect(PeopleCommands.parse("") == .input(.appear))
    }
}
