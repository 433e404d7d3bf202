import FullScreenFront
import LineFront
import TerminalKit
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The app on the full-screen front over in-memory repositories, keys from a script: alice and
/// bob are registered, and issues #1… are titled "Issue 1"….
@MainActor
struct FullScreenFixture {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login
    let bob: Login

    init(issues count: Int = 3) async throws {
        alice = try Login("alice")
        bob = try Login("bob")
        users = InMemoryUserRepository([try User(login: alice), try User(login: bob)])
        issues = InMemoryIssueRepository(users: users)
        for number in 0..<count {
            _ = try await issues.create(try IssueDraft(title: "Issue \(number + 1)"), author: alice)
        }
    }

    var labels: InMemoryLabelRepository { InMemoryLabelRepository(issues: issues) }
    var milestones: InMemoryMilestoneRepository { InMemoryMilestoneRepository(issues: issues) }

    /// Runs the app to the script's end (the end of input quits).
    @discardableResult
    func run(
        _ script: [ScriptedScreen.Step], size: TerminalSize = TerminalSize(columns: 100, rows: 30),
        level: AccessLevel? = nil, editBody: BodyEditing? = nil
    ) async -> ScriptedScreen {
        let screen = ScriptedScreen(script, size: size)
        let permissions = level.map { Permissions(name: alice.value, actor: alice, level: $0) } ?? .databaseDecides
        let app = ScreenFactory.wiring(
            actor: alice, issues: issues, users: users, drafts: InMemoryDraftRepository(), screen: screen,
            editBody: editBody, permissions: permissions
        ).app()
        await app.start()
        #expect(app.childCoordinators.isEmpty)
        return screen
    }

    func issue(_ number: Int64) async throws -> TrackerCore.Issue {
        try await issues.details(of: IssueNumber(number)).issue
    }
}

extension ScriptedScreen.Step {
    static let enter = Self.key(.enter)
    static let escape = Self.key(.escape)
    static let down = Self.key(.down)
    static let up = Self.key(.up)
    static let space = Self.key(.text(" "))
    static let ctrlD = Self.key(.control(0x04))
    static func press(_ character: Character) -> Self { .text(String(character)) }
}

extension ScriptedScreen {
    /// Whether some frame showed a line holding `text`.
    func showed(_ text: String) -> Bool { everyFrame.contains { $0.contains(text) } }

    /// The highlighted row of the last frame (it starts with `▸`).
    var highlighted: String? { shown.first { $0.hasPrefix("▸ ") } }
}
