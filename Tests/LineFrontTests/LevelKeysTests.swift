import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@testable import LineFront

/// The line front offers only the keys the session's level allows, and a key it does not allow
/// is refused with why before anything is asked.
@MainActor
@Suite struct LevelKeysTests {
    let carol: Login

    init() throws {
        carol = try Login("carol")
    }

    func permissions(_ level: AccessLevel) -> Permissions {
        Permissions(name: "carol", actor: carol, level: level)
    }

    @Test func helpLinesListOnlyTheKeysTheLevelAllows() throws {
        let alice = try Login("alice")
        let reader = IssueDetailCommands.help(allowedBy: permissions(.read), author: alice)
        #expect(!reader.contains("x close") && !reader.contains("e edit") && !reader.contains("c comment"))
        #expect(reader.contains("r refresh") && reader.contains("(you have read; other keys need triage)"))
        let writer = IssueDetailCommands.help(allowedBy: permissions(.write), author: alice)
        #expect(writer.contains("x close") && writer.contains("c comment") && !writer.contains("e edit"))
        #expect(IssueDetailCommands.help(allowedBy: permissions(.write), author: carol).contains("e edit"))
        #expect(IssueDetailCommands.help == IssueDetailCommands.help(allowedBy: permissions(.admin)))

        let list = IssueListCommands.help(allowedBy: permissions(.triage))
        #expect(list.contains("c N close") && !list.contains("n new"))
        #expect(list.contains("(you have triage; other keys need write)"))
        #expect(!PeopleCommands.help(allowedBy: permissions(.maintain)).contains("add a user"))
        #expect(PeopleCommands.help(allowedBy: permissions(.admin)).contains("n LOGIN [NAME] add a user"))
    }

    @Test func theLabelsTabBelowMaintainRefusesADeleteBeforeAskingAndKeepsTheLabel() async throws {
        let users = InMemoryUserRepository([try User(login: carol)])
        let issues = InMemoryIssueRepository(users: users)
        _ = try await InMemoryLabelRepository(issues: issues).create(try Label(name: LabelName("bug")))
        let terminal = ScriptedTerminal(script: ["2", "?", "d 1", "n", "q"])
        let factory = ScreenFactory.wiring(
            actor: carol, issues: issues, users: users, drafts: InMemoryDraftRepository(), terminal: terminal,
            permissions: permissions(.triage))
        await factory.app().start()
        #expect(terminal.output.contains("carol has triage on this tracker; deleting a label needs maintain"))
        #expect(terminal.output.contains("carol has triage on this tracker; creating a label needs maintain"))
        #expect(
            terminal.output.contains(
                "r refresh · 1–4 or tab NAME switch tabs · project [KEY] opens another project · ? help · q quit · "
                    + "(you have triage; other keys need maintain)"
            ))
        #expect(!terminal.prompts.contains { $0.hasPrefix("Delete label") || $0.hasPrefix("Name:") })
        #expect(try await InMemoryLabelRepository(issues: issues).list(search: nil).map(\.name.value) == ["bug"])
    }
}
