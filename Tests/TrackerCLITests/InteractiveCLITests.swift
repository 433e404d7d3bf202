import Foundation
import Testing
import TrackerCore
import TrackerTestSupport

/// The interactive screens of the real binary, driven through its standard input.
@Suite struct InteractiveCLITests {
    @Test func createWithTwoAssigneesAssignFromTheListCloseAndQuit() async throws {
        let tracker = try await CLITests.tracker()
        for name in ["alice", "bob", "carol"] { try tracker.run(["users", "add", name]) }
        try tracker.run(["create", "--title", "Older issue"])
        let script = [
            "n", "Crash on start", "Steps:", "1. open the app", ".", "y", "alice", "1", "bob", "2", "done", "y",
            "a 1", "carol", "1", "done",
            "c 2",
            "f assignee:@me state:all",
            "q",
        ]
        let session = try tracker.run([], stdin: script.joined(separator: "\n") + "\n")
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.contains("Created issue #2\n"))
        #expect(session.stdout.contains("Closed issue #2 as completed"))
        #expect(session.stdout.contains("Issues · state:all assignee:@me · page 1"))

        let issues = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try tracker.run(["list", "--state", "all", "--json", "number,title,body,state,assignees"]).stdout
                        .utf8)
            ) as? [[String: Any]])
        #expect(issues.count == 2)
        #expect(issues[0]["title"] as? String == "Crash on start")
        #expect(issues[0]["body"] as? String == "Steps:\n1. open the app")
        #expect(issues[0]["state"] as? String == "CLOSED")
        #expect((issues[0]["assignees"] as? [[String: String]])?.compactMap { $0["login"] } == ["alice", "bob"])
        #expect((issues[1]["assignees"] as? [[String: String]])?.compactMap { $0["login"] } == ["carol"])
    }

    @Test func unknownInputIsSaidInOneLineAndEndOfInputQuits() async throws {
        let tracker = try await CLITests.tracker()
        let session = try tracker.run([], stdin: "what\n?\n")
        #expect(session.status == 0)
        let said = try #require(session.stdout.range(of: "Unknown command 'what': ? shows the commands.\n"))
        #expect(
            session.stdout[said.upperBound...].contains("tracker> n new · a N assign"), "then ? shows the help line")
    }

    @Test func aSavedDraftIsRecoveredByCreateRecover() async throws {
        let tracker = try await CLITests.tracker()
        let stateFile = URL(fileURLWithPath: tracker.environment["XDG_STATE_HOME"]!).appending(
            path: "tracker/draft.json")
        try FileManager.default.createDirectory(
            at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(SavedDraft(title: "Saved earlier", body: "typed while offline", assignees: ["tester"]))
            .write(to: stateFile)
        let recovered = try tracker.run(["create", "--recover"])
        #expect(recovered.stdout == "Created issue #1\n", "\(recovered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
        let again = try tracker.run(["create", "--recover"])
        #expect(again.status == 65)
        #expect(again.stderr.contains("no saved draft"))
    }

    @Test func aDraftTheDatabaseCouldNotTakeIsSavedAndOfferedBack() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        var tracker = TrackerProcess(databaseSettings: settings)
        try tracker.run(["users", "add", "tester"])
        // The database refuses writes for this role mid-session: the create fails after the list showed.
        try await TestDatabaseEditor(tracker).execute(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;"
                + " CREATE TRIGGER refuse BEFORE INSERT ON all_issues FOR EACH ROW EXECUTE FUNCTION refuse();")
        let session = try tracker.run([], stdin: "n\nLost? Never\nbody text\n.\nn\ny\nq\n")
        #expect(session.stdout.contains("Your draft is saved"))
        try await TestDatabaseEditor(tracker).execute("DROP TRIGGER refuse ON all_issues")
        tracker.environment["NO_COLOR"] = "1"
        let next = try tracker.run([], stdin: "y\ny\nq\n")
        #expect(next.stdout.contains("was not saved: \"Lost? Never\""))
        #expect(next.stdout.contains("Created issue #1\n"))
    }
}
