import LineFront
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// Another project opened from the screens (issue 31): `project KEY` at any tab's prompt, or
/// `project` alone to pick one; every tab is then that project's, and a refusal leaves the screens
/// where they were.
@MainActor
@Suite struct ProjectSwitchCoordinatorTests {
    let alice: Login
    let tracker: InMemoryProjects

    init() async throws {
        alice = try Login("alice")
        tracker = await InMemoryProjects(
            users: InMemoryUserRepository([try User(login: alice)]), defaultKey: try ProjectKey("home"))
        let home = try await tracker.session(key: nil)
        _ = try await home.projects.create(Project(key: try ProjectKey("api"), name: "API"), remoteOffered: false)
        _ = try await home.issues.create(try IssueDraft(title: "Home's issue"), author: alice)
        let api = try await tracker.session(key: "api").issues
        _ = try await api.create(try IssueDraft(title: "API's issue"), author: alice)
        _ = try await InMemoryLabelRepository(issues: api).create(try Label(name: LabelName("api-only")))
    }

    func run(_ script: [String]) async throws -> ScriptedTerminal {
        let terminal = ScriptedTerminal(script: script)
        let screens = try await ScreenFactory.wiring(
            actor: alice, tracker: tracker, key: nil, drafts: InMemoryDraftRepository(),
            presenters: LinePresenters(terminal: terminal, me: alice))
        let app = screens.app()
        await app.start()
        #expect(app.childCoordinators.isEmpty)
        return terminal
    }

    @Test func projectKeyOpensThatProjectsTabsAndARefusalStaysPut() async throws {
        let terminal = try await run(["project api", "2", "project nope", "1", "q"])
        #expect(terminal.prompts == ["tracker> ", "tracker> ", "labels> ", "labels> ", "tracker> "])
        let output = terminal.output
        let api = try #require(output.range(of: "Issues in api"))
        #expect(output[..<api.lowerBound].contains("Home's issue") && output[api.upperBound...].contains("API's issue"))
        #expect(output.contains("api-only"), "the Labels tab is api's")
        #expect(output.contains("! no project 'nope': see `tracker project list`"))
        let last = try #require(output.range(of: "Issues in", options: .backwards))
        #expect(output[last.upperBound...].hasPrefix(" api"), "still api after the refusal")
    }

    @Test func projectAlonePicksOneAndLeavingThePickerChangesNothing() async throws {
        let terminal = try await run(["project api", "project", ":q", "project", "hom", "1", "done", "q"])
        #expect(terminal.output.contains("Project to open (pick one, then done): none"))
        let titles = terminal.output.components(separatedBy: "\n").filter { $0.hasPrefix("Issues in") }
        #expect(titles.map { $0.split(separator: " ")[2] } == ["home", "api", "api", "home"])
    }
}
