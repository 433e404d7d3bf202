import Testing
import TrackerCore
import TrackerTestSupport

/// Projects (issue 31) over both repositories: numbering per project, the order a session's
/// project is chosen in (key, remote, default), moves with the pointer left behind, and
/// cross-project references shown both ways.
@Suite struct ProjectContractTests {
    static func tracker(_ kind: RepositoryKind) async throws -> (ProjectSessions, Login) {
        let tracker = try await kind.makeProjects()
        let alice = try Login("alice")
        _ = try await tracker.users.add(try User(login: alice))
        let home = try await tracker.session()
        for (key, remote) in [("web", nil), ("api", "git@github.com:Acme/Api.git")] {
            _ = try await home.projects.create(
                Project(key: try ProjectKey(key), name: key.uppercased(), remote: remote), remoteOffered: false)
        }
        return (tracker, alice)
    }

    func titles(_ issues: any IssueRepository) async throws -> [String] {
        try await issues.list(IssueFilter(state: .all, sort: .created, ascending: true)).map {
            "\($0.number) \($0.title)"
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func eachProjectNumbersItsOwnIssues(_ kind: RepositoryKind) async throws {
        let (tracker, alice) = try await Self.tracker(kind)
        let (home, web) = (try await tracker.session(), try await tracker.session("WEB"))
        for title in ["Home one", "Home two"] {
            _ = try await home.issues.create(try IssueDraft(title: title), author: alice)
        }
        _ = try await web.issues.create(try IssueDraft(title: "Web one"), author: alice)
        #expect(try await titles(home.issues) == ["#1 Home one", "#2 Home two"])
        #expect(try await titles(web.issues) == ["#1 Web one"])
        let keys = try await home.projects.list().map(\.key.value)
        #expect(keys.contains("web") && keys.contains("api") && keys.count == 3)
        #expect(try await web.projects.current().key.value == "web")
    }

    @Test(arguments: RepositoryKind.allCases)
    func aKeyWinsOverARemoteWhichWinsOverTheDefaultAndAnUnknownKeyIsRefused(_ kind: RepositoryKind) async throws {
        let (tracker, _) = try await Self.tracker(kind)
        let home = try await tracker.session().projects.current()
        #expect(home.isDefault)
        #expect(try await tracker.session("web", remote: "github.com/acme/api").projects.current().key.value == "web")
        #expect(try await tracker.session(remote: "github.com/acme/api").projects.current().key.value == "api")
        #expect(try await tracker.session(remote: "github.com/acme/none").projects.current().key == home.key)
        await #expect(throws: TrackerError.unknownProject("nope")) { _ = try await tracker.session("nope") }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aMovedIssueKeepsItsTextAndCommentsAndItsOldNumberSaysWhereItWent(_ kind: RepositoryKind) async throws {
        let (tracker, alice) = try await Self.tracker(kind)
        let (home, web) = (try await tracker.session(), try await tracker.session("web"))
        _ = try await web.issues.create(try IssueDraft(title: "Web one"), author: alice)
        _ = try await home.issues.create(try IssueDraft(title: "Wrong place", body: "Details"), author: alice)
        _ = try await home.comments.add("Said before the move", to: try IssueNumber(1), author: alice)

        let moved = try await home.projects.move(try IssueNumber(1), to: try ProjectKey("web"), actor: alice)
        #expect(
            moved == MovedIssue(from: try IssueNumber(1), project: try ProjectKey("web"), number: try IssueNumber(2)))
        let there = try await web.issues.details(of: try IssueNumber(2))
        #expect(there.issue.title == "Wrong place" && there.issue.body == "Details")
        #expect(there.comments.map(\.body) == ["Said before the move"])
        #expect(there.events.map(\.kind).contains(.created))
        await #expect(throws: TrackerError.moved(try IssueNumber(1), to: "web#2")) {
            _ = try await home.issues.details(of: try IssueNumber(1))
        }
        let next = try await home.issues.create(try IssueDraft(title: "Next"), author: alice)
        #expect(next.number.value == 2, "a number is never given twice")
        await #expect(throws: TrackerError.notFound("#2 is already in project web; nothing was changed")) {
            _ = try await web.projects.move(try IssueNumber(2), to: try ProjectKey("web"), actor: alice)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aReferenceToAnotherProjectsIssueIsShownOnBoth(_ kind: RepositoryKind) async throws {
        let (tracker, alice) = try await Self.tracker(kind)
        let (home, web, api) = (
            try await tracker.session(), try await tracker.session("web"), try await tracker.session("api")
        )
        let homeKey = try await home.projects.current().key
        for (issues, title) in [(web.issues, "Web one"), (api.issues, "API one"), (api.issues, "API two")] {
            _ = try await issues.create(try IssueDraft(title: title), author: alice)
        }
        _ = try await home.issues.create(
            try IssueDraft(title: "Home one", body: "Needs web#1, not `api#1`, nor web#9"), author: alice)
        _ = try await home.comments.add("And API-2", to: try IssueNumber(1), author: alice)

        let links = try await home.issues.details(of: try IssueNumber(1)).structure
        #expect(links.references.map(\.description) == ["api#2", "web#1"])
        #expect(links.references.first?.title == "API two" && links.referencedBy.isEmpty)
        let back = try await web.issues.details(of: try IssueNumber(1)).structure.referencedBy
        #expect(back == [LinkedIssue(number: try IssueNumber(1), title: "Home one", state: .open, project: homeKey)])
        #expect(try await api.issues.details(of: try IssueNumber(1)).structure.referencedBy.isEmpty, "a code span")

        _ = try await api.projects.move(try IssueNumber(2), to: try ProjectKey("web"), actor: alice)
        #expect(
            try await home.issues.details(of: try IssueNumber(1)).structure.references.map(\.description) == [
                "web#1", "web#2",
            ], "a link follows the issue it names")
    }
}
