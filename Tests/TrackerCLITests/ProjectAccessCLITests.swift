import Foundation
import Testing
import TrackerTestSupport

/// Levels per project (issue 31 item 4), with real login roles through tracker and raw psql: a
/// grant in one project, a project's default level (none: private), and the all_ tables closed to
/// everyone's SQL, so a project is read only through its views, as its level allows.
@Suite struct ProjectAccessCLITests {
    @Test func levelsPerProjectHoldForTrackerAndForRawSQL() async throws {
        let team = try await TeamServer.shared.database()
        try team.prepareTeam()
        let owner = team.tracker(as: "owner")
        for arguments in [
            ["project", "create", "web", "--no-remote"], ["project", "create", "secret", "--no-remote"],
            ["-R", "web", "create", "-t", "Web one"],
            ["-R", "secret", "create", "-t", "Hidden", "-b", "Touches web#1"],
            ["create", "-t", "Default one"], ["access", "grant", "bob", "write", "-R", "web"],
            ["access", "grant", "mallory", "read", "-R", "web"],
            ["project", "edit", "secret", "--default-level", "none"],
        ] {
            let outcome = try owner.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        }

        let bob = team.tracker(as: "bob")
        #expect(try bob.run(["-R", "web", "create", "-t", "Bob's web issue"]).status == 0, "write in web")
        let intoDefault = try bob.run(["-R", "web", "move", "2", try ProjectsCLITests.defaultKey(owner)])
        #expect(
            intoDefault.status == 77
                && intoDefault.stderr.contains("bob has triage on this tracker; moving an issue into project"),
            "\(intoDefault.stderr)")
        let bobHere = try bob.run(["create", "-t", "Bob's default issue"])
        #expect(bobHere.status == 77 && bobHere.stderr.contains("bob has triage on this tracker"), "\(bobHere.stderr)")

        let linkedFrom = { (who: String) in
            try team.tracker(as: who).run(["show", "web#1", "--json", "referencedBy"]).stdout
        }
        #expect(try linkedFrom("erin").contains("\"project\":\"secret\""), "the admin sees the link")
        #expect(try linkedFrom("bob") == "{\"referencedBy\":[]}\n", "bob may not read secret, so not its links")

        let mallory = team.tracker(as: "mallory")
        #expect(try mallory.run(["-R", "web", "list"]).stdout.contains("Web one"), "read in web only")
        let malloryHere = try mallory.run(["list"])
        #expect(malloryHere.status == 77 && malloryHere.stderr.split(separator: "\n").count == 1)
        #expect(try owner.run(["project", "create", "later", "--no-remote"]).status == 0)
        #expect(try mallory.run(["-R", "later", "list"]).status == 77, "a project made after the grants is shut too")
        let viaView = try team.psql(as: "mallory", "SET tracker.project = 'web'; SELECT title FROM tracker.issues")
        #expect(viaView.status == 0 && viaView.stdout.contains("Web one"), "\(viaView.stderr)")
        let elsewhere = try team.psql(as: "mallory", "SELECT title FROM tracker.issues")
        #expect(elsewhere.status != 0 && elsewhere.stderr.contains("no access to project"), "\(elsewhere.stderr)")
        for role in ["mallory", "alice", "carol"] {
            for table in ["all_issues", "all_issue_references"] {
                let underneath = try team.psql(as: role, "SELECT * FROM tracker.\(table)")
                #expect(
                    underneath.status != 0 && underneath.stderr.contains("permission denied"),
                    "\(role), \(table): \(underneath.stderr)")
            }
        }

        let alice = team.tracker(as: "alice")
        let shut = try alice.run(["-R", "secret", "list"])
        #expect(
            shut.status == 77 && shut.stderr.contains("role alice has no access to project secret"), "\(shut.stderr)")
        let shutSQL = try team.psql(as: "alice", "SET tracker.project = 'secret'; SELECT title FROM tracker.issues")
        #expect(shutSQL.status != 0 && !shutSQL.stdout.contains("Hidden"))
        #expect(try team.tracker(as: "erin").run(["-R", "secret", "list"]).stdout.contains("Hidden"), "admin sees all")
        let status = try alice.run(["status"])
        #expect(
            status.status == 0 && status.stdout.contains("web (web)") && !status.stdout.contains("secret"), "\(status)")
        #expect(try owner.run(["access", "grant", "alice", "read", "-R", "secret"]).status == 0)
        #expect(try alice.run(["-R", "secret", "list"]).stdout.contains("Hidden"))
        let readOnly = try alice.run(["-R", "secret", "create", "-t", "Nope"])
        #expect(
            readOnly.status == 77 && readOnly.stderr.contains("alice has read on project secret"), "\(readOnly.stderr)")

        let carol = team.tracker(as: "carol")
        #expect(try carol.run(["-R", "web", "close", "1"]).status == 77)
        #expect(try owner.run(["access", "grant", "carol", "triage", "-R", "web"]).status == 0)
        #expect(try carol.run(["-R", "web", "close", "1"]).status == 0, "triage in web")
        #expect(try owner.run(["access", "revoke", "carol", "-R", "web"]).status == 0)
        #expect(try carol.run(["-R", "web", "reopen", "1"]).status == 77, "read again")
        let notAdmin = try bob.run(["access", "grant", "carol", "write", "-R", "web"])
        #expect(notAdmin.status == 77, "only an admin grants: \(notAdmin.stderr)")
    }
}
